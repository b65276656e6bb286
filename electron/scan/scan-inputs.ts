/**
 * The files a scan covers: paths named on the command line (folders recursed), a list file, or standard input.
 * Folders are walked by their real paths, so a link loop is met once and reported, never followed for ever; a path
 * that cannot be read is kept, to get its own error line.
 */
import { createHash } from 'node:crypto';
import { open, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { SCAN_HEAD_BYTES, type ScanKey } from '../../contract/scan';

/** File name endings a folder walk takes as video (a file named on its own is always scanned). */
const VIDEO_EXTENSIONS: readonly string[] = [
  '.mp4',
  '.m4v',
  '.mov',
  '.mkv',
  '.webm',
  '.avi',
  '.ts',
  '.m2ts',
  '.mts',
  '.mpg',
  '.mpeg',
  '.m2v',
  '.ivf',
  '.h264',
  '.264',
  '.avc',
  '.hevc',
  '.h265',
  '.265',
  '.obu',
  '.flv',
  '.3gp',
  '.y4m',
];

/** One input: a path to scan, or a path that could not be walked, with why. */
export type ScanInput = { path: string; problem: null } | { path: string; problem: string };

/** True when the name ends like a video file. */
const looksLikeVideo = (name: string): boolean => VIDEO_EXTENSIONS.includes(path.extname(name).toLowerCase());

/** Walks a folder depth-first in name order; visited holds real paths of folders already walked. */
async function* walk(folder: string, visited: Set<string>, allFiles: boolean): AsyncGenerator<ScanInput> {
  let real: string;
  try {
    real = await realpath(folder);
  } catch (error) {
    yield { path: folder, problem: error instanceof Error ? error.message : String(error) };
    return;
  }
  if (visited.has(real)) {
    yield { path: folder, problem: `a link loop: ${folder} leads back to ${real}, already walked` };
    return;
  }
  visited.add(real);
  let names: string[];
  try {
    names = (await readdir(folder)).sort();
  } catch (error) {
    yield { path: folder, problem: error instanceof Error ? error.message : String(error) };
    return;
  }
  for (const name of names) {
    const full = path.join(folder, name);
    const info = await stat(full).catch(() => null);
    if (info?.isDirectory() === true) yield* walk(full, visited, allFiles);
    else if (allFiles || looksLikeVideo(name)) yield { path: full, problem: null };
  }
}

/** Every input the paths name, in order; folders recursed. */
export async function* scanInputs(paths: readonly string[], allFiles: boolean): AsyncGenerator<ScanInput> {
  const visited = new Set<string>();
  for (const named of paths) {
    const absolute = path.resolve(named);
    const info = await stat(absolute).catch(() => null);
    if (info?.isDirectory() === true) yield* walk(absolute, visited, allFiles);
    else yield { path: absolute, problem: null };
  }
}

/** The paths a list file holds: one per line, blank lines and lines starting with # left out. */
export function listedPaths(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** A file's key for resuming: size, modification time and the SHA-256 of its head; null when it cannot be read. */
export async function scanKeyOf(file: string): Promise<ScanKey | { problem: string }> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return { problem: `${file} is not a regular file` };
    const handle = await open(file, 'r');
    try {
      const head = Buffer.alloc(Math.min(SCAN_HEAD_BYTES, info.size));
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const headSha256 = createHash('sha256').update(head.subarray(0, bytesRead)).digest('hex');
      return { path: file, size: info.size, mtimeMs: info.mtimeMs, headSha256 };
    } finally {
      await handle.close();
    }
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/** Two keys name the same unchanged file. */
export const sameKey = (a: ScanKey, b: ScanKey): boolean =>
  a.path === b.path && a.size === b.size && a.mtimeMs === b.mtimeMs && a.headSha256 === b.headSha256;
