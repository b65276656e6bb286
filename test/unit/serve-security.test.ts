import { describe, expect, it } from 'vitest';
import { parseServeArgs } from '../../electron/serve/options';
import {
  allowedHosts,
  cookieName,
  hostAllowed,
  originAllowed,
  presentedToken,
  readCookie,
  tokenMatches,
} from '../../electron/serve/security';
import { refusal } from '../../electron/serve/server';
import { contentType, staticFileFor } from '../../electron/serve/static-files';
import { newToken } from '../../electron/serve/token';

const hosts = allowedHosts('127.0.0.1', 8710);

describe('Host and Origin checks', () => {
  it('accepts only loopback names on the right port', () => {
    expect(hostAllowed('127.0.0.1:8710', hosts)).toBe(true);
    expect(hostAllowed('localhost:8710', hosts)).toBe(true);
    expect(hostAllowed('LOCALHOST:8710', hosts)).toBe(true);
    expect(hostAllowed('evil.example:8710', hosts)).toBe(false);
    expect(hostAllowed('127.0.0.1:9999', hosts)).toBe(false);
    expect(hostAllowed(undefined, hosts)).toBe(false);
  });

  it('adds names the user allows', () => {
    expect(hostAllowed('gpu-box:8710', allowedHosts('127.0.0.1', 8710, ['gpu-box']))).toBe(true);
  });

  it('accepts a missing Origin or the server’s own, nothing else', () => {
    expect(originAllowed(undefined, hosts)).toBe(true);
    expect(originAllowed('http://127.0.0.1:8710', hosts)).toBe(true);
    expect(originAllowed('http://evil.example', hosts)).toBe(false);
    expect(originAllowed('null', hosts)).toBe(false);
    expect(originAllowed('http://127.0.0.1:8710.evil.example', hosts)).toBe(false);
  });
});

describe('tokens', () => {
  it('are long, random and compared exactly', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newToken()).not.toBe(token);
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(`${token}x`, token)).toBe(false);
    expect(tokenMatches(null, token)).toBe(false);
  });

  it('are read from the query, a Bearer header or the per-port cookie', () => {
    const url = (text: string): URL => new URL(text, 'http://localhost');
    expect(presentedToken(url('/?token=abc'), {}, 1)).toBe('abc');
    expect(presentedToken(url('/'), { authorization: 'Bearer def' }, 1)).toBe('def');
    expect(presentedToken(url('/'), { cookie: `a=b; ${cookieName(1)}=ghi` }, 1)).toBe('ghi');
    expect(presentedToken(url('/'), { cookie: `${cookieName(2)}=ghi` }, 1)).toBeNull();
    expect(readCookie('x=1=2', 'x')).toBe('1=2');
  });
});

describe('refusal', () => {
  const token = 'secret-token';
  const req = (headers: Record<string, string>, url = '/') => ({ headers, url });
  it('refuses a foreign Host, a foreign Origin, and a missing token', () => {
    expect(refusal(req({ host: 'evil:8710' }, '/?token=secret-token'), hosts, token, 8710)?.status).toBe(403);
    expect(
      refusal(req({ host: '127.0.0.1:8710', origin: 'http://evil' }, '/?token=secret-token'), hosts, token, 8710)
        ?.status,
    ).toBe(403);
    expect(refusal(req({ host: '127.0.0.1:8710' }), hosts, token, 8710)?.status).toBe(401);
    expect(refusal(req({ host: '127.0.0.1:8710' }, '/?token=secret-token'), hosts, token, 8710)).toBeNull();
  });
});

describe('static files', () => {
  it('never leave the renderer folder', () => {
    expect(staticFileFor('/srv/app', '/')).toBe('/srv/app/index.html');
    expect(staticFileFor('/srv/app', '/assets/x.js')).toBe('/srv/app/assets/x.js');
    expect(staticFileFor('/srv/app', '/../secret')).toBeNull();
    expect(staticFileFor('/srv/app', '/%2e%2e/secret')).toBeNull();
    expect(staticFileFor('/srv/app', '/a%00b')).toBeNull();
    expect(staticFileFor('/srv/app', '/%E0%A4%A')).toBeNull();
    expect(contentType('x.js')).toContain('javascript');
  });
});

describe('serve options', () => {
  it('defaults to loopback and a fixed port', () => {
    expect(parseServeArgs([])).toMatchObject({ host: '127.0.0.1', port: 8710, tokenFile: null });
    expect(parseServeArgs(['--port', '0', '--allow-host', 'a', '--allow-host', 'b']).allowHosts).toEqual(['a', 'b']);
    expect(() => parseServeArgs(['--port', '70000'])).toThrow();
    expect(() => parseServeArgs(['--bogus'])).toThrow();
  });
});
