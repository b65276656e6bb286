import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CaptureSession } from '../../electron/capture/capture-session';
import { ClientSession } from '../../electron/backend/client-session';
import { dispatch } from '../../electron/backend/dispatch';
import { createHandlers } from '../../electron/backend/handlers/index';
import type { BackendDeps, HandlerContext } from '../../electron/backend/handlers/types';
import { Persistence } from '../../electron/backend/persist';
import { toWirePreview, toWireRgb } from '../../electron/backend/preview-wire';
import { METHODS } from '../../electron/common/contract';
import { passesPsnr, previewParamsSchema } from '../../electron/common/preview';
import type { InspectorError, PreviewResult, Session } from '../../native/index';
import { addon, addonStatus, fixture, hasGpu } from '../support/addon';

const rgb = (width: number, height: number, fill: number) => ({
  width,
  height,
  rgb: new Uint8Array(width * height * 3).fill(fill),
});

/** A GPU preview's fields, for the wire's own checks: pictures, figures, and values JSON cannot carry. */
function addonResult(overrides: Partial<PreviewResult> = {}): Omit<PreviewResult, 'op'> {
  return {
    gpu: true,
    gpuReason: '',
    converter: "the inspector's kernel: nv12, BT.709 limited range",
    thumbnail: rgb(4, 2, 7),
    timings: { convertMs: 0.25, opMs: 0.5, resizeMs: 0.1, downloadMs: 0.05, totalMs: 0.9 },
    bytesDownloaded: 24,
    frameBytes: 3110400,
    reference: rgb(4, 2, 8),
    referenceMethod: 'swscale nv12 -> rgb24, area scaling, BT.709 limited range',
    psnr: 44.5,
    maxAbsError: 3,
    meanAbsError: 0.5,
    wrongWrap: rgb(4, 2, 9),
    wrongWrapReason: 'a [1,1620,1920,1] tensor assumes chroma at row 1080; it starts at row 1088',
    ...overrides,
  };
}

// 642x362 H.264 4:2:0, 36 frames; its top band carries the frame index, so frames differ in their pixels.
const CLIP = fixture('h264-odd-642x362.mp4');

let dir: string;
let opened: { client: ClientSession; persistence: Persistence }[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-preview-'));
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const { client, persistence } of opened) {
    client.close();
    await persistence.flush();
  }
  opened = [];
  await rm(dir, { recursive: true, force: true });
});

function setup() {
  const persistence = new Persistence(path.join(dir, 'config'));
  const deps: BackendDeps = {
    addon,
    addonStatus,
    persistence,
    samplePath: null,
    cwd: dir,
    startedAt: new Date(0),
  };
  const client = new ClientSession();
  opened.push({ client, persistence });
  const ctx: HandlerContext = { client, emit: vi.fn() };
  return { handlers: createHandlers(deps), ctx, persistence };
}

/** The handlers with CLIP open on frame 0, and the addon Session behind them. */
async function withClip() {
  const { handlers, ctx } = setup();
  await handlers.open({ path: CLIP }, ctx);
  await handlers.frame({ index: 0 }, ctx);
  return { handlers, ctx, session: ctx.client.current() as Session };
}

describe('the preview schema', () => {
  it('mirrors the addon’s PreviewOptions and their bounds', () => {
    const ok = (params: unknown) => previewParamsSchema.safeParse(params).success;
    expect(ok({ op: 'reference' })).toBe(true);
    expect(ok({ op: 'gaussian', kernelSize: 7, sigma: 2, maxWidth: 256, reference: true })).toBe(true);
    expect(ok({ op: 'flip', flipCode: -1 })).toBe(true);
    expect(ok({ op: 'threshold', threshold: 0 })).toBe(true);
    expect(ok({ op: 'convert', matrix: 'bt2020', range: 'full' })).toBe(true);
    expect(ok({ op: 'resize' })).toBe(false);
    expect(ok({ op: 'gaussian', kernelSize: 8 })).toBe(false);
    expect(ok({ op: 'gaussian', kernelSize: 33 })).toBe(false);
    expect(ok({ op: 'gaussian', kernelSize: 1 })).toBe(false);
    expect(ok({ op: 'gaussian', sigma: 0 })).toBe(false);
    expect(ok({ op: 'gaussian', sigma: 20.5 })).toBe(false);
    expect(ok({ op: 'flip', flipCode: 2 })).toBe(false);
    expect(ok({ op: 'flip', flipCode: 0.5 })).toBe(false);
    expect(ok({ op: 'threshold', threshold: 256 })).toBe(false);
    expect(ok({ op: 'convert', maxWidth: 8 })).toBe(false);
    expect(ok({ op: 'convert', maxWidth: 2048 })).toBe(false);
    expect(ok({ op: 'convert', matrix: 'smpte240m' })).toBe(false);
    expect(ok({ op: 'convert', range: 'tv' })).toBe(false);
    expect(ok({ op: 'convert', reference: 'yes' })).toBe(false);
    expect(ok({ op: 'convert', extra: 1 })).toBe(false);
    expect(ok({})).toBe(false);
    expect(METHODS.preview.params).toBe(previewParamsSchema);
  });

  it('passes PSNR at 35 dB and above', () => {
    expect(passesPsnr(44.67)).toBe(true);
    expect(passesPsnr(35)).toBe(true);
    expect(passesPsnr(27.02)).toBe(false);
  });
});

describe('preview on the wire', () => {
  it('sends every picture as base64 of its RGB bytes only', () => {
    const wire = toWirePreview('convert', addonResult());
    expect(wire.thumbnail).toEqual({ width: 4, height: 2, rgb: Buffer.alloc(24, 7).toString('base64') });
    expect(wire.reference?.rgb).toBe(Buffer.alloc(24, 8).toString('base64'));
    expect(wire.wrongWrap?.rgb).toBe(Buffer.alloc(24, 9).toString('base64'));
    expect(wire).toMatchObject({ op: 'convert', gpu: true, psnr: 44.5, bytesDownloaded: 24, frameBytes: 3110400 });
  });

  it('reads only the picture’s bytes from a larger buffer, and refuses a short one', () => {
    const backing = new Uint8Array(40).fill(1);
    backing.fill(5, 8, 14);
    expect(toWireRgb({ width: 2, height: 1, rgb: backing.subarray(8) }, 'x')?.rgb).toBe(
      Buffer.alloc(6, 5).toString('base64'),
    );
    expect(() => toWireRgb({ width: 4, height: 4, rgb: new Uint8Array(10) }, 'the thumbnail')).toThrow(
      /the thumbnail has 10 bytes, expected 48/,
    );
    expect(toWireRgb(null, 'x')).toBeNull();
    expect(toWireRgb({ width: 0, height: 0, rgb: new Uint8Array() }, 'x')).toBeNull();
  });

  it('keeps figures finite: what JSON would silently turn into null is null on purpose', () => {
    const wire = toWirePreview(
      'gaussian',
      addonResult({
        psnr: Number.POSITIVE_INFINITY,
        maxAbsError: Number.NaN,
        meanAbsError: null,
        timings: { convertMs: Number.NaN, opMs: 1, resizeMs: 1, downloadMs: 1, totalMs: 3 },
      }),
    );
    expect(wire.psnr).toBeNull();
    expect(wire.maxAbsError).toBeNull();
    expect(wire.timings.convertMs).toBe(0);
  });
});

describe('the preview handler', () => {
  it('runs the operator on the current frame with the validated options', async () => {
    const { handlers, ctx, session } = await withClip();
    const preview = vi.spyOn(session, 'preview');
    const first = await handlers.preview({ op: 'reference', maxWidth: 96 }, ctx);
    expect(preview.mock.calls).toEqual([[{ op: 'reference', maxWidth: 96 }]]);
    expect(first).toMatchObject({ op: 'reference', gpu: false, thumbnail: null, reference: { width: 96 } });
    const { width, height, rgb } = first.reference!;
    expect(Buffer.from(rgb, 'base64')).toHaveLength(width * height * 3);
    await handlers.frame({ index: 12 }, ctx);
    const later = await handlers.preview({ op: 'reference', maxWidth: 96 }, ctx);
    expect(later.reference?.rgb).not.toBe(first.reference?.rgb);
  });

  it('answers CLOSED before a file is open', async () => {
    const { handlers, ctx } = setup();
    await expect(handlers.preview({ op: 'reference' }, ctx)).rejects.toMatchObject({ code: 'CLOSED' });
  });

  it.skipIf(hasGpu)('passes the addon’s error code and remedy through (no GPU here)', async () => {
    const { handlers, ctx, session } = await withClip();
    const refused = (await session.preview({ op: 'convert' }).catch((error: unknown) => error)) as InspectorError;
    expect(refused.code).toBe('NO_CUDA_DEVICE');
    const raw = JSON.stringify({ kind: 'request', id: 3, method: 'preview', params: { op: 'convert' } });
    expect(await dispatch(handlers, raw, ctx)).toEqual({
      kind: 'response',
      id: 3,
      ok: false,
      error: { code: 'NO_CUDA_DEVICE', message: refused.message, remedy: refused.remedy },
    });
    expect(refused.remedy).toContain('CPU reference');
  });

  it('refuses bad parameters before the addon sees them', async () => {
    const { handlers, ctx, session } = await withClip();
    const preview = vi.spyOn(session, 'preview');
    const raw = JSON.stringify({
      kind: 'request',
      id: 4,
      method: 'preview',
      params: { op: 'gaussian', kernelSize: 4 },
    });
    expect(await dispatch(handlers, raw, ctx)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(preview).not.toHaveBeenCalled();
  });

  it('says operators need the video itself when the session cannot run them (a replayed capture)', async () => {
    const { handlers, ctx } = await withClip();
    await handlers.saveCapture({ path: path.join(dir, 'frame0.zci') }, ctx);
    await handlers.openCapture({ path: path.join(dir, 'frame0.zci') }, ctx);
    expect(ctx.client.current()).toBeInstanceOf(CaptureSession);
    await handlers.frame({ index: 0 }, ctx);
    await expect(handlers.preview({ op: 'convert' }, ctx)).rejects.toMatchObject({ code: 'OPERATOR_UNSUPPORTED' });
  });
});
