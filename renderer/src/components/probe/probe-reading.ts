/**
 * What the probe says about one pixel: where it is (offset as row × pitch + x × bytes per pixel, FFmpeg's and NVCV's
 * address), which region it lies in, its raw samples decoded, and its colour through the stream's matrix and range
 * from the co-sited samples of the other planes.
 */
import { REGION_LABELS, type MemoryRegion } from '../../../../contract/memory';
import type { FrameReport } from '../../../../contract/report';
import { subsampling, type PlaneFacts } from '../../model/plane-facts';
import { addressAt, pixelOffset, type PixelAt } from '../../model/pixel-address';
import { bitsText, decodePixel, sampleLayout, type DecodedSample, type SampleLayout } from './sample-format';
import { yuvToRgb, type RgbSample } from './yuv-rgb';

/** Where the Y, U and V samples of a picture position lie: a plane, a pixel, and the component within it. */
export interface CositedSamples {
  y: PixelAt & { component: number };
  u: PixelAt & { component: number };
  v: PixelAt & { component: number };
  /** Words for how they were found ("chroma pixel (x/2, y/2)"). */
  note: string;
}

/** Everything the readout shows of one pixel. */
export interface PixelReading {
  at: PixelAt;
  planeName: string;
  offset: number;
  formula: string;
  ffmpegAddress: string | null;
  nvcvAddress: string | null;
  region: MemoryRegion;
  regionLabel: string;
  samples: DecodedSample[];
  bits: string;
  /** "U = 128, V = 130" for the interleaved chroma of NV12 and P010; null for one component. */
  pair: string | null;
}

/** The layout of a plane's samples in a report. */
export function layoutOf(report: Pick<FrameReport, 'format'>, plane: PlaneFacts): SampleLayout {
  return sampleLayout(report.format.swFormat, report.format.bitDepth, plane);
}

/** Reads a pixel from bytes (the pixel's own bytes first). */
export function readPixel(
  plane: PlaneFacts,
  layout: SampleLayout,
  at: PixelAt,
  bytes: Uint8Array | null,
  region: MemoryRegion,
): PixelReading {
  const { offset, formula } = pixelOffset(at.x, at.y, plane.pitch, plane.bytesPerPixel);
  const samples = bytes !== null ? decodePixel(bytes, 0, layout) : [];
  return {
    at,
    planeName: plane.name,
    offset,
    formula,
    ffmpegAddress: addressAt(plane.ffmpegPointer, offset),
    nvcvAddress: addressAt(plane.nvcvPointer, offset),
    region,
    regionLabel: REGION_LABELS[region],
    samples,
    bits: bitsText(layout),
    pair: samples.length === 2 ? samples.map((s) => `${s.component} = ${s.value}`).join(', ') : null,
  };
}

/**
 * The Y, U and V samples of the picture position a pixel of any plane stands for, or null when the frame is not
 * YUV in two or three planes. Chroma planes are sampled at the top-left luma pixel they cover.
 */
export function cositedSamples(
  report: Pick<FrameReport, 'format'>,
  planes: readonly PlaneFacts[],
  at: PixelAt,
): CositedSamples | null {
  const chroma = planes.find((p) => p.index === 1);
  if (chroma === undefined || planes.length < 2) return null;
  const { h, v } = subsampling(report.format.chromaSubsampling);
  const lumaX = at.plane === 0 ? at.x : at.x * h;
  const lumaY = at.plane === 0 ? at.y : at.y * v;
  const cx = Math.floor(lumaX / h);
  const cy = Math.floor(lumaY / v);
  const note =
    h === 1 && v === 1
      ? 'Y, U and V at the same pixel'
      : at.plane === 0
        ? `chroma pixel (${cx}, ${cy}) = (⌊x/${h}⌋, ⌊y/${v}⌋), shared by ${h * v} luma pixels`
        : `luma pixel (${lumaX}, ${lumaY}), the top-left of the ${h * v} it covers`;
  const luma = { plane: 0, x: lumaX, y: lumaY, component: 0 };
  if (planes.length === 2) {
    return { y: luma, u: { plane: 1, x: cx, y: cy, component: 0 }, v: { plane: 1, x: cx, y: cy, component: 1 }, note };
  }
  return { y: luma, u: { plane: 1, x: cx, y: cy, component: 0 }, v: { plane: 2, x: cx, y: cy, component: 0 }, note };
}

/** The colour of a picture position from its three sample values. */
function colourOf(report: Pick<FrameReport, 'format'>, y: number, u: number, v: number): RgbSample {
  const { format } = report;
  return yuvToRgb(y, u, v, format.bitDepth, format.colorMatrix, format.colorRange, format.height);
}

/**
 * The probe's colour line: the picture position's RGB through the stream's matrix and range from its co-sited
 * samples, or why there is none (not a displayed pixel, not YUV, a sample not captured or not read, still reading).
 */
export function colourLine(
  report: Pick<FrameReport, 'format'>,
  cosited: CositedSamples | null,
  region: MemoryRegion | null,
  how: {
    /** What a missing sample is called here ("not captured", "not read (see below)"). */
    missingWords: string;
    /** Whether a co-sited sample's read came back without it. */
    missed: boolean;
    valueOf(at: { plane: number; x: number; y: number; component: number }): number | null;
  },
): { rgb: RgbSample | null; note: string } {
  if (region !== null && region !== 'visible') return { rgb: null, note: 'not a displayed pixel' };
  if (cosited === null) return { rgb: null, note: 'not a YUV frame in two or three planes' };
  const [y, u, v] = [how.valueOf(cosited.y), how.valueOf(cosited.u), how.valueOf(cosited.v)];
  if (y !== null && u !== null && v !== null)
    return { rgb: colourOf(report, y, u, v), note: `Y ${y}, U ${u}, V ${v}: ${cosited.note}` };
  return { rgb: null, note: how.missed ? `${how.missingWords} at this pixel` : 'reading the co-sited samples…' };
}
