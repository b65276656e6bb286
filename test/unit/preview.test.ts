/** Operator previews without the addon: the request schema against the addon's bounds, and the result on the wire. */
import { describe, expect, it } from 'vitest';
import type { PreviewResult } from '../../electron/addon/native';
import { toWirePreview, toWireRgb } from '../../electron/backend/show-wire';
import { METHODS } from '../../contract/contract';
import { passesPsnr, previewParamsSchema } from '../../contract/preview';

const rgb = (width: number, height: number, fill: number) => ({
  width,
  height,
  rgb: new Uint8Array(width * height * 3).fill(fill),
});

/** A GPU preview's fields, for the wire's own checks: pictures, figures, and values JSON cannot carry. */
function addonResult(op: PreviewResult['op'], overrides: Partial<PreviewResult> = {}): PreviewResult {
  return {
    op,
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
    // The RPC's show asks for previews with the same schema.
    expect(
      METHODS.show.params.safeParse({ target: { index: 0 }, options: { previews: [{ op: 'flip', flipCode: 0.5 }] } })
        .success,
    ).toBe(false);
    expect(
      METHODS.show.params.safeParse({ target: { index: 0 }, options: { previews: [{ op: 'flip', flipCode: 0 }] } })
        .success,
    ).toBe(true);
  });

  it('passes PSNR at 35 dB and above', () => {
    expect(passesPsnr(44.67)).toBe(true);
    expect(passesPsnr(35)).toBe(true);
    expect(passesPsnr(27.02)).toBe(false);
  });
});

describe('preview on the wire', () => {
  it('sends every picture as its RGB bytes only', () => {
    const wire = toWirePreview(addonResult('convert'));
    expect(wire.thumbnail).toEqual({ width: 4, height: 2, rgb: new Uint8Array(24).fill(7) });
    expect(wire.reference?.rgb).toEqual(new Uint8Array(24).fill(8));
    expect(wire.wrongWrap?.rgb).toEqual(new Uint8Array(24).fill(9));
    expect(wire).toMatchObject({ op: 'convert', gpu: true, psnr: 44.5, bytesDownloaded: 24, frameBytes: 3110400 });
  });

  it('reads only the picture’s bytes from a larger buffer, and refuses a short one', () => {
    const backing = new Uint8Array(40).fill(1);
    backing.fill(5, 8, 14);
    const view = toWireRgb({ width: 2, height: 1, rgb: backing.subarray(8) }, 'x')?.rgb;
    expect(view).toEqual(new Uint8Array(6).fill(5));
    // A view, not a copy: the encoder copies the bytes once, into the frame.
    expect(view?.buffer).toBe(backing.buffer);
    expect(() => toWireRgb({ width: 4, height: 4, rgb: new Uint8Array(10) }, 'the thumbnail')).toThrow(
      /the thumbnail has 10 bytes, expected 48/,
    );
    expect(toWireRgb(null, 'x')).toBeNull();
    expect(toWireRgb({ width: 0, height: 0, rgb: new Uint8Array() }, 'x')).toBeNull();
  });

  it('keeps figures finite: what JSON would silently turn into null is null on purpose', () => {
    const wire = toWirePreview(
      addonResult('gaussian', {
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
