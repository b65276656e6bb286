/**
 * The wire encoder of the one frame call: the addon's ShowResult as it crosses the wire, the same shape (contract/
 * show.ts). The byte checks are made here and nowhere else: every picture's bytes are a view (no copy) of exactly
 * its size, a picture with fewer bytes than its size fails, and figures JSON cannot carry (NaN, Infinity) become
 * null (a distance) or 0 (a time) explicitly instead of silently.
 */
import type { PlaneThumbnail, PreviewOutcome, PreviewResult, RgbImage, ShowResult } from '../../contract/show';

/** Exactly count bytes of data, as a view; fewer fails, naming what they were meant to be. */
function exactBytes(data: Uint8Array, count: number, what: string): Uint8Array {
  if (data.byteLength < count) throw new Error(`${what} has ${data.byteLength} bytes, expected ${count}`);
  return new Uint8Array(data.buffer, data.byteOffset, count);
}

/** One plane thumbnail: width × height grey bytes. */
export function toWireThumbnail(thumb: PlaneThumbnail): PlaneThumbnail {
  const data = exactBytes(thumb.data, thumb.width * thumb.height, `thumbnail of plane ${thumb.plane}`);
  return { plane: thumb.plane, name: thumb.name, width: thumb.width, height: thumb.height, data };
}

/** One RGB picture: width × height × 3 bytes; an empty one is none. */
export function toWireRgb(picture: RgbImage | null, what: string): RgbImage | null {
  if (picture === null || picture.width <= 0 || picture.height <= 0) return null;
  const rgb = exactBytes(picture.rgb, picture.width * picture.height * 3, what);
  return { width: picture.width, height: picture.height, rgb };
}

function finite(value: number | null): number | null {
  return value !== null && Number.isFinite(value) ? value : null;
}

function milliseconds(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

/** One preview's result: its pictures checked, its figures finite. */
export function toWirePreview(result: PreviewResult): PreviewResult {
  const { op, timings } = result;
  return {
    ...result,
    thumbnail: toWireRgb(result.thumbnail, `the ${op} thumbnail`),
    timings: {
      convertMs: milliseconds(timings.convertMs),
      opMs: milliseconds(timings.opMs),
      resizeMs: milliseconds(timings.resizeMs),
      downloadMs: milliseconds(timings.downloadMs),
      totalMs: milliseconds(timings.totalMs),
    },
    reference: toWireRgb(result.reference, 'the CPU reference'),
    psnr: finite(result.psnr),
    maxAbsError: finite(result.maxAbsError),
    meanAbsError: finite(result.meanAbsError),
    wrongWrap: toWireRgb(result.wrongWrap, 'the wrong-wrap picture'),
  };
}

function toWireOutcome(outcome: PreviewOutcome): PreviewOutcome {
  return { result: outcome.result === null ? null : toWirePreview(outcome.result), error: outcome.error };
}

/** The whole answer of a show as it crosses the wire. */
export function toWireShow(result: ShowResult): ShowResult {
  return {
    ...result,
    thumbnails: result.thumbnails?.map(toWireThumbnail) ?? null,
    previews: result.previews.map(toWireOutcome),
  };
}
