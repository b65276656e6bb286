/** The checks every HTTP request and WebSocket upgrade of serve mode passes: Host, Origin, token. */
import { timingSafeEqual } from 'node:crypto';

/** Host header values the server answers to, for the address and port it listens on. */
export function allowedHosts(host: string, port: number, extra: readonly string[] = []): string[] {
  const names = new Set<string>([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  if (host !== '127.0.0.1' && host !== '0.0.0.0' && host !== '::')
    names.add(host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);
  for (const name of extra) names.add(name.includes(':') ? name : `${name}:${port}`);
  return [...names].map((name) => name.toLowerCase());
}

/** True when the Host header names this server (guards against DNS rebinding). */
export function hostAllowed(header: string | undefined, allowed: readonly string[]): boolean {
  return header !== undefined && allowed.includes(header.toLowerCase());
}

/** True when there is no Origin (not a browser page), or it is this server's own origin. */
export function originAllowed(header: string | undefined, allowed: readonly string[]): boolean {
  if (header === undefined) return true;
  return allowed.some((host) => header.toLowerCase() === `http://${host}`);
}

/** Compares a presented token with the real one in constant time. */
export function tokenMatches(presented: string | null | undefined, token: string): boolean {
  if (presented === null || presented === undefined) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Name of the cookie that carries the token after the first visit (per port, as cookies ignore ports). */
export function cookieName(port: number): string {
  return `zci_token_${port}`;
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (header === undefined) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/** The token a request presents: ?token=, a Bearer header, or the cookie. */
export function presentedToken(
  url: URL,
  headers: { authorization?: string | undefined; cookie?: string | undefined },
  port: number,
): string | null {
  const query = url.searchParams.get('token');
  if (query !== null) return query;
  const auth = headers.authorization;
  if (auth?.startsWith('Bearer ') === true) return auth.slice('Bearer '.length);
  return readCookie(headers.cookie, cookieName(port));
}
