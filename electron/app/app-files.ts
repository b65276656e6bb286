/**
 * The built renderer's files, for serve mode's HTTP server and the desktop app's own protocol alike: a URL path
 * maps to a file inside the renderer folder, and only a file whose real path (links resolved) stays inside it.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Maps a URL path to a file inside root, or null when it would leave root. */
export function staticFileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const file = path.resolve(root, relative);
  return file.startsWith(path.resolve(root) + path.sep) ? file : null;
}

/** Content type for a file name. */
export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The file's real path when it, with every link resolved, still lies inside root's real path; else null. */
async function realFileInside(root: string, file: string): Promise<string | null> {
  const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]).catch(() => [null, null]);
  if (realRoot === null || realFile === null) return null;
  return realFile.startsWith(realRoot + path.sep) ? realFile : null;
}

/** The renderer file a URL path names, checked through links; null when there is none inside root. */
export async function appFileFor(root: string, urlPath: string): Promise<string | null> {
  const candidate = staticFileFor(root, urlPath);
  return candidate === null ? null : realFileInside(root, candidate);
}
