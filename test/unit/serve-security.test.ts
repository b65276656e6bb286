import { describe, expect, it } from 'vitest';
import { serialize } from '../../electron/backend/backend-server';
import type { WireResponse } from '../../contract/wire';
import { isLoopback, parseServeArgs } from '../../electron/serve/options';
import {
  allowedHosts,
  cookieName,
  hostAllowed,
  originAllowed,
  presentedToken,
  readCookie,
  tokenMatches,
} from '../../electron/serve/security';
import { refusal, sameOriginPath } from '../../electron/serve/server';
import { contentType, staticFileFor } from '../../electron/app/app-files';
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

  it("takes the defaults every client starts from, checked, and never the FFmpeg or a client's library path", () => {
    expect(parseServeArgs([]).defaults).toEqual({});
    expect(
      parseServeArgs(['--setting', 'decode=software', '--setting', 'operatorDevice=1', '--setting', 'proof=false'])
        .defaults,
    ).toEqual({ decode: 'software', operatorDevice: 1, proof: false });
    for (const bad of ['decode=fast', 'ffmpeg=7.1', 'libraryPath=/tmp/x', 'thumbnailWidth=9', 'nonsense=1', 'decode'])
      expect(() => parseServeArgs(['--setting', bad]), bad).toThrow(/--setting/);
  });
});

describe('serve mode edges', () => {
  it('folds leading slashes so a redirect cannot name another host', () => {
    expect(sameOriginPath('//evil.example/x')).toBe('/evil.example/x');
    expect(sameOriginPath('/\\evil.example')).toBe('/evil.example');
    expect(sameOriginPath('/')).toBe('/');
    expect(sameOriginPath('/index.html')).toBe('/index.html');
  });

  it('tells loopback addresses from the rest', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect(isLoopback(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '192.168.1.5', 'gpu-box', '1127.0.0.1'])
      expect(isLoopback(host)).toBe(false);
  });

  it('answers INTERNAL when a reply cannot be written as JSON', () => {
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    const text = serialize({ kind: 'response', id: 7, ok: true, result: deep } as WireResponse);
    expect(JSON.parse(text as string)).toMatchObject({ id: 7, ok: false, error: { code: 'INTERNAL' } });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(
      JSON.parse(serialize({ kind: 'response', id: 8, ok: true, result: cyclic } as WireResponse) as string),
    ).toMatchObject({
      id: 8,
      error: { code: 'INTERNAL', message: expect.stringMatching(/could not be sent/) as unknown },
    });
  });
});
