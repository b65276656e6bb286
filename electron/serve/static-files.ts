/** Serves the built renderer's files over HTTP, and nothing outside its folder. */
import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { appFileFor, contentType } from '../app/app-files';

/** Sends a file, or 404 (also for a link that leads out of root). */
export async function sendStatic(root: string, urlPath: string, res: ServerResponse, headOnly: boolean): Promise<void> {
  const file = await appFileFor(root, urlPath);
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
