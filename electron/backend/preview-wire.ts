/** Turns the addon's preview result into what crosses the wire: pictures as bytes, figures as finite numbers. */
import type { PreviewResult, RgbImage } from '../addon/native';
import type { PreviewWire, RgbWire } from '../../contract/preview';
import type { PreviewOp } from '../../contract/vocabulary';

/** One RGB picture's bytes as a view (no copy), checking its byte count against its size; null stays null. */
export function toWireRgb(picture: RgbImage | null, what: string): RgbWire | null {
  if (picture === null || picture.width <= 0 || picture.height <= 0) return null;
  const expected = picture.width * picture.height * 3;
  if (picture.rgb.byteLength < expected) {
    throw new Error(`${what} has ${picture.rgb.byteLength} bytes, expected ${expected}`);
  }
  const rgb = new Uint8Array(picture.rgb.buffer, picture.rgb.byteOffset, expected);
  return { width: picture.width, height: picture.height, rgb };
}

// JSON turns NaN and Infinity into null silently; say so explicitly instead.
function finite(value: number | null): number | null {
  return value !== null && Number.isFinite(value) ? value : null;
}

function milliseconds(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

/** The whole result as it crosses the wire, labelled with the operator that was asked for. */
export function toWirePreview(op: PreviewOp, result: Omit<PreviewResult, 'op'>): PreviewWire {
  const { timings } = result;
  return {
    op,
    gpu: result.gpu,
    gpuReason: result.gpuReason,
    converter: result.converter,
    thumbnail: toWireRgb(result.thumbnail, `the ${op} thumbnail`),
    timings: {
      convertMs: milliseconds(timings.convertMs),
      opMs: milliseconds(timings.opMs),
      resizeMs: milliseconds(timings.resizeMs),
      downloadMs: milliseconds(timings.downloadMs),
      totalMs: milliseconds(timings.totalMs),
    },
    bytesDownloaded: result.bytesDownloaded,
    frameBytes: result.frameBytes,
    reference: toWireRgb(result.reference, 'the CPU reference'),
    referenceMethod: result.referenceMethod,
    psnr: finite(result.psnr),
    maxAbsError: finite(result.maxAbsError),
    meanAbsError: finite(result.meanAbsError),
    wrongWrap: toWireRgb(result.wrongWrap, 'the wrong-wrap picture'),
    wrongWrapReason: result.wrongWrapReason,
  };
}
