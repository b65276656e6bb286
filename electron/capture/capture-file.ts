/** Captures on disk: a zip holding capture.json and PNGs, written atomically and validated fully on load. */
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import {
  CAPTURE_FORMAT_VERSION,
  CAPTURE_MANIFEST,
  captureHeaderSchema,
  captureManifestSchema,
  type CaptureManifest,
} from '../common/capture';
import { RpcFailure, rpcError } from '../common/envelope';
import { decodePng, PngFormatError } from './png';
import { readZip, ZipFormatError } from './zip-read';
import { writeZip } from './zip-write';

/** A capture in memory: the manifest and the PNG files it names. */
export interface CaptureContents {
  manifest: CaptureManifest;
  files: Map<string, Uint8Array>;
}

/** Largest capture file read, in bytes. */
const MAX_CAPTURE_BYTES = 2 * 1024 * 1024 * 1024;

function invalid(message: string): RpcFailure {
  return new RpcFailure(rpcError('CAPTURE_INVALID', message));
}

/** Every PNG path the manifest names. */
function pngPaths(manifest: CaptureManifest): string[] {
  return manifest.frames.flatMap((frame) => [
    ...frame.thumbnails.map((thumb) => thumb.png),
    ...(frame.operators ?? []).map((op) => op.png),
  ]);
}

/** Builds the zip bytes; refuses a manifest that would not load again. */
export function encodeCapture(contents: CaptureContents): Buffer {
  const checked = captureManifestSchema.safeParse(contents.manifest);
  if (!checked.success) throw new Error(`refusing to write an invalid capture: ${z.prettifyError(checked.error)}`);
  const names = new Set(pngPaths(contents.manifest));
  for (const name of names) if (!contents.files.has(name)) throw new Error(`capture is missing ${name}`);
  const manifest = Buffer.from(`${JSON.stringify(contents.manifest, null, 1)}\n`, 'utf8');
  const files = [...names].sort().map((name) => ({ name, data: contents.files.get(name) ?? new Uint8Array(0) }));
  return writeZip([{ name: CAPTURE_MANIFEST, data: manifest }, ...files], new Date(contents.manifest.createdAt));
}

/** Writes a capture next to its final name, then renames it into place; resolves to its size in bytes. */
export async function writeCaptureFile(file: string, contents: CaptureContents): Promise<number> {
  const bytes = encodeCapture(contents);
  const temporary = `${file}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return bytes.length;
}

/** Parses and validates capture bytes; throws RpcFailure CAPTURE_INVALID or CAPTURE_TOO_NEW. */
export function decodeCapture(bytes: Buffer, label: string): CaptureContents {
  let entries: Map<string, Buffer>;
  try {
    entries = readZip(bytes);
  } catch (error) {
    if (error instanceof ZipFormatError) throw invalid(`${label} is not a readable capture: ${error.message}.`);
    throw error;
  }
  const raw = entries.get(CAPTURE_MANIFEST);
  if (raw === undefined) throw invalid(`${label} is a zip file without ${CAPTURE_MANIFEST}: not a capture.`);
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalid(`${label}: ${CAPTURE_MANIFEST} is not JSON.`);
  }
  const header = captureHeaderSchema.safeParse(json);
  if (!header.success) throw invalid(`${label}: ${CAPTURE_MANIFEST} does not name the capture format.`);
  if (header.data.formatVersion > CAPTURE_FORMAT_VERSION) {
    throw new RpcFailure(
      rpcError(
        'CAPTURE_TOO_NEW',
        `${label} uses capture format ${header.data.formatVersion}; this version of the inspector reads up to ${CAPTURE_FORMAT_VERSION}.`,
      ),
    );
  }
  const parsed = captureManifestSchema.safeParse(json);
  if (!parsed.success) {
    const detail = z.prettifyError(parsed.error).split('\n').slice(0, 6).join(' ');
    throw invalid(`${label}: ${CAPTURE_MANIFEST} does not match the format: ${detail}`);
  }
  const manifest = parsed.data;
  for (const frame of manifest.frames) {
    for (const thumb of frame.thumbnails) {
      const png = entries.get(thumb.png);
      if (png === undefined) throw invalid(`${label}: ${thumb.png} is named in ${CAPTURE_MANIFEST} but missing.`);
      try {
        const image = decodePng(png);
        if (image.width !== thumb.width || image.height !== thumb.height || image.channels !== 1)
          throw new PngFormatError(
            `is ${image.width}×${image.height}×${image.channels}, not ${thumb.width}×${thumb.height} grey`,
          );
      } catch (error) {
        if (error instanceof PngFormatError) throw invalid(`${label}: ${thumb.png} ${error.message}.`);
        throw error;
      }
    }
    for (const op of frame.operators ?? []) {
      if (!entries.has(op.png)) throw invalid(`${label}: ${op.png} is named in ${CAPTURE_MANIFEST} but missing.`);
    }
  }
  entries.delete(CAPTURE_MANIFEST);
  return { manifest, files: entries };
}

/** Reads and validates a capture file (the path must already be checked). */
export async function readCaptureFile(file: string): Promise<CaptureContents> {
  const info = await stat(file);
  if (info.size > MAX_CAPTURE_BYTES) throw invalid(`${file} is ${info.size} bytes, larger than any capture.`);
  return decodeCapture(await readFile(file), file);
}
