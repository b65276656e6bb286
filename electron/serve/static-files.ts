/** Serves the built renderer's files, and nothing outside its folder. */
import { readFile, realpath, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
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

/** Sends a file, or 404 (also for a link that leads out of root). */
export async function sendStatic(root: string, urlPath: string, res: ServerResponse, headOnly: boolean): Promise<void> {
  const candidate = staticFileFor(root, urlPath);
  const file = candidate === null ? null : await realFileInside(root, candidate);
  const info = file === null ? null : await stat(file).catch(() => null);
  if (file === null || info === null || !info.isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const body = await readFile(file);
  res.writeHead(200, {
    'content-type': contentType(file),
    'content-length': body.length,
    'cache-control': file.endsWith('.html') ? 'no-store' : 'private, max-age=3600',
  });
  res.end(headOnly ? undefined : body);
}
