import { describe, expect, it } from 'vitest';
import { isMethodName, METHOD_NAMES, METHODS } from '../../contract/contract';
import { DEFAULT_REMEDIES, ERROR_CODES } from '../../contract/errors';
import { RpcFailure, rpcError, toRpcError } from '../../contract/envelope';
import { contentSecurityPolicy } from '../../contract/csp';
import { settingsPatchSchema } from '../../contract/settings';

describe('the RPC contract', () => {
  it('declares every method the app uses', () => {
    expect(METHOD_NAMES.sort()).toEqual(
      [
        'cancel',
        'close',
        'environment',
        'show',
        'getSettings',
        'listRecent',
        'open',
        'samplePath',
        'setSettings',
        'openCapture',
        'saveCapture',
        'captureFrame',
        'compareDecoders',
        'capturedOperators',
        'readMemory',
        'sourceHash',
      ].sort(),
    );
    expect(isMethodName('open')).toBe(true);
    expect(isMethodName('toString')).toBe(false);
    expect(isMethodName('__proto__')).toBe(false);
  });

  it('accepts well-formed open parameters and rejects extra or wrong fields', () => {
    expect(METHODS.open.params.safeParse({ path: '/a.mp4' }).success).toBe(true);
    expect(METHODS.open.params.safeParse({ path: '/a.mp4', options: { decode: 'nvdec', device: 1 } }).success).toBe(
      true,
    );
    // The frames held are a backend budget: no client sets them.
    expect(METHODS.open.params.safeParse({ path: '/a.mp4', options: { holdFrames: 4 } }).success).toBe(false);
    expect(METHODS.open.params.safeParse({ path: '' }).success).toBe(false);
    expect(METHODS.open.params.safeParse({ path: 'x'.repeat(5000) }).success).toBe(false);
    expect(METHODS.open.params.safeParse({ path: '/a', options: { decode: 'magic' } }).success).toBe(false);
    expect(METHODS.open.params.safeParse({ path: '/a', extra: 1 }).success).toBe(false);
  });

  it('accepts a capture frame list or range and rejects a backwards or huge range', () => {
    const save = METHODS.saveCapture.params;
    expect(save.safeParse({ path: '/d.zci' }).success).toBe(true);
    expect(save.safeParse({ path: '/d.zci', frames: [0, 5, 9] }).success).toBe(true);
    expect(save.safeParse({ path: '/d.zci', frames: { from: 10, to: 20 } }).success).toBe(true);
    expect(save.safeParse({ path: '/d.zci', frames: { from: 20, to: 10 } }).success).toBe(false);
    expect(save.safeParse({ path: '/d.zci', frames: { from: 0, to: 20_000 } }).success).toBe(false);
    expect(save.safeParse({ path: '/d.zci', frames: [] }).success).toBe(false);
    expect(METHODS.openCapture.params.safeParse({ path: '/d.zci', frames: [1] }).success).toBe(false);
  });

  it('takes a memory read as a plane range or a byte range of a named frame, never a mix', () => {
    const read = METHODS.readMemory.params;
    expect(read.safeParse({ index: 3, range: { plane: 0, row: 1078, rows: 12 } }).success).toBe(true);
    expect(
      read.safeParse({ index: 3, range: { plane: 1, row: 0, rows: 2, byteStart: 8, byteCount: 64 } }).success,
    ).toBe(true);
    expect(read.safeParse({ index: 3, range: { offset: 0, length: 16 } }).success).toBe(true);
    expect(read.safeParse({ range: { offset: 0, length: 16 } }).success).toBe(false);
    expect(read.safeParse({ index: 3, range: { plane: 0, row: 0, rows: 1, offset: 0 } }).success).toBe(false);
    expect(read.safeParse({ index: 3, range: { offset: 0, length: 0 } }).success).toBe(false);
    expect(read.safeParse({ index: 3, range: { plane: 8, row: 0, rows: 1 } }).success).toBe(false);
  });

  it('bounds frame indices, times and thumbnail widths', () => {
    const show = (params: unknown) => METHODS.show.params.safeParse(params).success;
    expect(show({ target: { index: 0 } })).toBe(true);
    expect(show({ target: { index: -1 } })).toBe(false);
    expect(show({ target: { index: 1.5 } })).toBe(false);
    expect(show({ target: { index: '3' } })).toBe(false);
    expect(show({ target: { seconds: 1.25 } })).toBe(true);
    expect(show({ target: { seconds: Number.NaN } })).toBe(false);
    // A target names one frame, by index or by time, never both and never none.
    expect(show({ target: { index: 0, seconds: 0 } })).toBe(false);
    expect(show({ target: {} })).toBe(false);
    expect(show({})).toBe(false);
    expect(show({ target: { index: 3 }, options: { thumbnailWidth: 8 } })).toBe(false);
    expect(show({ target: { index: 3 }, options: { thumbnailWidth: 240 } })).toBe(true);
    expect(show({ target: { index: 3 }, options: { previews: [{ op: 'convert' }], fallbackToReference: true } })).toBe(
      true,
    );
    expect(show({ target: { index: 3 }, options: { previews: [{ op: 'sharpen' }] } })).toBe(false);
    expect(show({ target: { index: 3 }, options: { previews: Array(9).fill({ op: 'reference' }) } })).toBe(false);
    expect(show({ target: { index: 3 }, options: { signal: true } })).toBe(false);
    expect(['frame', 'frameAtTime', 'preview', 'thumbnails'].filter((name) => name in METHODS)).toEqual([]);
    expect(METHODS.environment.params.safeParse({ sneaky: true }).success).toBe(false);
  });

  it('validates settings patches', () => {
    expect(settingsPatchSchema.safeParse({ theme: 'light' }).success).toBe(true);
    expect(settingsPatchSchema.safeParse({ theme: 'pink' }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ holdFrames: 99 }).success).toBe(false);
  });
});

describe('the error envelope', () => {
  it('has a remedy for every code', () => {
    for (const code of ERROR_CODES) expect(DEFAULT_REMEDIES[code].length).toBeGreaterThan(10);
  });

  it('keeps the code and remedy of an addon error', () => {
    const thrown = Object.assign(new Error('no video'), {
      code: 'NO_VIDEO_STREAM',
      remedy: 'Open a file that contains video.',
    });
    expect(toRpcError(thrown)).toEqual({
      code: 'NO_VIDEO_STREAM',
      message: 'no video',
      remedy: 'Open a file that contains video.',
    });
  });

  it('turns unknown errors into INTERNAL with the default remedy', () => {
    expect(toRpcError(new Error('boom'))).toEqual({
      code: 'INTERNAL',
      message: 'boom',
      remedy: DEFAULT_REMEDIES.INTERNAL,
    });
    expect(toRpcError(Object.assign(new Error('x'), { code: 'ENOENT' })).code).toBe('INTERNAL');
    expect(toRpcError('text').message).toBe('text');
  });

  it('round-trips through RpcFailure', () => {
    const failure = new RpcFailure(rpcError('CLOSED', 'No file is open.'));
    expect(failure.code).toBe('CLOSED');
    expect(toRpcError(failure)).toEqual(failure.envelope);
  });
});

describe('the content security policy', () => {
  it('allows only the app itself', () => {
    const csp = contentSecurityPolicy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });
});
