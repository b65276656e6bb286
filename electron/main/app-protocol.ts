/**
 * The window loads the app from its own scheme, not file://: a page there reaches only the built renderer's files
 * (links that lead out are refused), gets the same Content Security Policy as serve mode, and no file:// privileges.
 */
import { readFile } from 'node:fs/promises';
import { appFileFor, contentType } from '../app/app-files';
import { contentSecurityPolicy } from '../../contract/csp';

/** The scheme and host of the app's pages. */
export const APP_SCHEME = 'zci-app';
const APP_HOST = 'renderer';

/** The URL of the app's page. */
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** The privileges the scheme is registered with before the app is ready: a standard, secure origin. */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
} as const;

/** Answers one request on the app's scheme from the renderer folder: the file, or 404. */
export async function appResponse(rendererDir: string, url: string): Promise<Response> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return notFound();
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return notFound();
  const file = await appFileFor(rendererDir, parsed.pathname);
  const body = file === null ? null : await readFile(file).catch(() => null);
  if (file === null || body === null) return notFound();
  return new Response(body, {
    headers: {
      'content-type': contentType(file),
      'content-security-policy': contentSecurityPolicy(),
      'x-content-type-options': 'nosniff',
    },
  });
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
