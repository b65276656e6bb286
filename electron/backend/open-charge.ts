/**
 * What opening a file costs the backend's memory, charged before the open is made: for software decoding FFmpeg's
 * reference frames (the DPB), one picture and one thread context per decoder thread, and the frames the session
 * holds; for NVDEC what its decoder was measured to hold in host memory. The constants are
 * measured, not guessed, with scripts/memory/open-cost.mjs: the fixtures in the recorded run of 2026-12-05 at 66a6fb5
 * (docs/reliability-runs/2026-12-05-66a6fb5/open-cost.jsonl), and the 8192x4352 4:4:4 H.264 stream with 16
 * reference frames (scripts/memory/make-budget-444.sh: 2,381 MiB with 3 decoder threads, 2,072 MiB with 1).
 * test/integration/open-charge.test.ts holds every fixture that grows past the noise, and that stream, to within
 * 25 % of what they really hold; scripts/reliability/run.sh records its table (open-charge.jsonl, in
 * docs/reliability.md).
 */
import os from 'node:os';
import type { DecodeMode, DecodePath } from '../../contract/vocabulary';
import { MAX_DPB_FRAMES } from './parameter-sets';
import type { StreamShape } from './stream-shape';

const MIB = 1_048_576;

/**
 * What a decoder thread holds besides its picture, in bytes per pixel: FFmpeg's per-thread slice context and its
 * macroblock or CTU tables. Fitted on 3 threads and on 1: H.264 2.2 (1920x1088 and 8192x4352 4:4:4), HEVC 2.7
 * (1280x720 10-bit). Codecs not measured at a size where it shows take HEVC's, the larger.
 */
const THREAD_BYTES_PER_PIXEL: Readonly<Record<string, number>> = { h264: 2.2, hevc: 2.7 };
const THREAD_BYTES_PER_PIXEL_OTHER = 2.7;

/** The addon's own state for a session (packet index, contexts, buffers), measured as the fixtures' smallest cost. */
const SESSION_BASE_BYTES = 4 * MIB;

/** What each decoder thread holds whatever the picture size (its stack and its allocator's arena, as touched). */
const THREAD_BASE_BYTES = 1.25 * MIB;

/**
 * Pictures a codec's decoder keeps for reference when the stream does not say: H.264 and HEVC's DPB maximum, VP9 and
 * AV1's eight reference slots, VP8's three, MPEG's two.
 */
export const CODEC_MAX_DPB: Readonly<Record<string, number>> = {
  h264: MAX_DPB_FRAMES,
  hevc: MAX_DPB_FRAMES,
  vp9: 8,
  av1: 8,
  vp8: 3,
  mpeg1video: 2,
  mpeg2video: 2,
  mpeg4: 2,
};

/** Decoder threads of an NVDEC open (the addon's kNvdecThreads) and of a cuvid one. */
const NVDEC_THREADS = 1;

/**
 * What an NVDEC or cuvid open holds in the backend's own memory (its pictures are surfaces in device memory, which the
 * budget does not count), measured on an H100 with scripts/memory/open-cost.mjs --decode nvdec, each file in a fresh
 * process whose decoder the open created (docs/gpu-runs/2026-12-06-62cfda6/gpu-memory/open-cost-nvdec.jsonl): about
 * 11 MiB whatever the stream, growing with the picture by 11.9 bytes a pixel (HEVC: 21.8 MiB at 1280x720, 105.6 MiB at
 * 3840x2160), and 73 to 75 MiB for any VP9 stream of 640x360 (8 and 10-bit), where NVDEC's VP9 decoder keeps host
 * buffers of its own. The constants are rounded up from those, so that every measured open is charged at least what
 * it held: test/unit/open-charge-gpu.test.ts holds them to the recorded file. AV1, which the H100's NVDEC does not
 * decode, is charged VP9's decoder cost, unmeasured.
 */
const NVDEC_HOST_BASE_BYTES = 14 * MIB;
const NVDEC_HOST_BYTES_PER_PIXEL = 12;
const NVDEC_HOST_DECODER_BYTES: Readonly<Record<string, number>> = { vp9: 64 * MIB, av1: 64 * MIB };

/** The decoder threads FFmpeg runs for software decoding (thread_count 0): one more than the cores, 16 at most. */
export function softwareThreads(cores: number = os.availableParallelism()): number {
  return cores > 1 ? Math.min(cores + 1, 16) : 1;
}

/** What the model needs of a stream: a StreamShape, or the facts the addon reported after the open. */
export type ChargeShape = Pick<StreamShape, 'codec' | 'codedWidth' | 'codedHeight' | 'chromaFormat' | 'bitDepth'> & {
  dpbFrames: number | null;
};

/** The parts of a charge, for the words that explain it. */
export interface OpenCharge {
  bytes: number;
  frameBytes: number;
  dpbFrames: number;
  threads: number;
  heldFrames: number;
  path: 'software' | 'hardware';
}

/** Bytes one decoded picture takes: its planes at the stream's chroma format and sample size. */
export function pictureBytes(shape: ChargeShape): number {
  const planes = shape.chromaFormat === 0 ? 1 : shape.chromaFormat === 1 ? 1.5 : shape.chromaFormat === 2 ? 2 : 3;
  const sample = shape.bitDepth === null || shape.bitDepth > 8 ? 2 : 1;
  return Math.ceil(shape.codedWidth * shape.codedHeight * planes * sample);
}

/** The DPB the charge counts: the stream's own, else its codec's maximum. */
function dpbOf(shape: ChargeShape): number {
  return shape.dpbFrames ?? CODEC_MAX_DPB[shape.codec] ?? MAX_DPB_FRAMES;
}

/**
 * The charge of one open on one decode path. Software (and software-upload, whose decoder is the software one): the
 * DPB and the held frames as pictures, and per thread one picture and its context. NVDEC and cuvid: what such an open
 * was measured to hold in host memory (NVDEC_HOST_*); its DPB, surfaces and held frames are device memory.
 */
export function openCharge(shape: ChargeShape, path: DecodePath, heldFrames: number, cores?: number): OpenCharge {
  const frameBytes = pictureBytes(shape);
  const dpbFrames = dpbOf(shape);
  if (path === 'software' || path === 'software-upload') {
    const threads = softwareThreads(cores);
    const perPixel = THREAD_BYTES_PER_PIXEL[shape.codec] ?? THREAD_BYTES_PER_PIXEL_OTHER;
    const threadBytes = frameBytes + Math.ceil(perPixel * shape.codedWidth * shape.codedHeight) + THREAD_BASE_BYTES;
    const bytes = frameBytes * (dpbFrames + heldFrames) + threads * threadBytes + SESSION_BASE_BYTES;
    return { bytes, frameBytes, dpbFrames, threads, heldFrames, path: 'software' };
  }
  const pixels = shape.codedWidth * shape.codedHeight;
  const bytes =
    NVDEC_HOST_BASE_BYTES +
    Math.ceil(NVDEC_HOST_BYTES_PER_PIXEL * pixels) +
    (NVDEC_HOST_DECODER_BYTES[shape.codec] ?? 0);
  return { bytes, frameBytes, dpbFrames, threads: NVDEC_THREADS, heldFrames, path: 'hardware' };
}

/**
 * Whether NVDEC decodes this stream on the GPUs this project targets (H100, H200): H.264 4:2:0 8-bit, HEVC 4:2:0 and
 * 4:4:4 to 12 bits, VP9 4:2:0 to 12 bits, AV1 4:2:0 to 10 bits, VP8 and MPEG-1/2/4 4:2:0 8-bit; null when the header
 * does not say enough. Anything else falls back to FFmpeg's software decoder.
 */
function nvdecDecodes(shape: ChargeShape): boolean | null {
  const { codec, chromaFormat: chroma, bitDepth: depth } = shape;
  if (chroma === null || depth === null) return null;
  const c420 = chroma === 1;
  switch (codec) {
    case 'h264':
      return c420 && depth === 8;
    case 'hevc':
      return (c420 || chroma === 3) && depth <= 12;
    case 'vp9':
      return c420 && depth <= 12;
    case 'av1':
      return c420 && depth <= 10;
    case 'vp8':
    case 'mpeg1video':
    case 'mpeg2video':
    case 'mpeg4':
      return c420 && depth === 8;
    default:
      return false;
  }
}

/**
 * The charge before the open, when the decode path is not known yet. Software when software was asked for, or when
 * auto has no CUDA device (the backend's warm-up found none) or a stream NVDEC does not decode; NVDEC when it was
 * asked for, or auto with a warm CUDA device and a stream NVDEC decodes; else (the warm-up not done, the header
 * unsure) the larger of the two. The reconciliation after the open charges the path really taken.
 */
export function chargeBeforeOpen(
  shape: ChargeShape,
  mode: DecodeMode,
  heldFrames: number,
  cuda: boolean | null = null,
): OpenCharge {
  const software = openCharge(shape, 'software', heldFrames);
  const hardware = openCharge(shape, 'nvdec', heldFrames);
  if (mode === 'software' || mode === 'software-upload') return software;
  if (mode === 'nvdec' || mode === 'cuvid') return hardware;
  const nvdec = nvdecDecodes(shape);
  if (cuda === false || nvdec === false) return software;
  if (cuda === true && nvdec === true) return hardware;
  return hardware.bytes > software.bytes ? hardware : software;
}

const CHROMA_WORDS = ['4:0:0', '4:2:0', '4:2:2', '4:4:4'] as const;

/** The words that say what a charge counts, for a refusal's message. */
export function chargeWords(shape: ChargeShape, charge: OpenCharge): string {
  const mib = (n: number): string => `${(n / MIB).toFixed(1)} MiB`;
  const chroma = shape.chromaFormat === null ? '4:4:4 at most' : CHROMA_WORDS[shape.chromaFormat];
  const depth = shape.bitDepth === null ? '16-bit at most' : `${shape.bitDepth}-bit`;
  if (charge.path === 'hardware')
    return (
      `what an NVDEC decoder of a ${shape.codedWidth}x${shape.codedHeight} ${shape.codec} stream holds in this ` +
      `process's memory (its ${charge.dpbFrames} reference frames and ${charge.heldFrames} held frames are device memory)`
    );
  return (
    `${charge.dpbFrames} reference frames, ${charge.threads} decoder thread(s) and ${charge.heldFrames} held frames of ` +
    `a ${shape.codedWidth}x${shape.codedHeight} ${chroma} ${depth} ${shape.codec} picture (${mib(charge.frameBytes)} each)`
  );
}

/** A stream's chroma format from the addon's pixel format name ("yuv420p10le", "nv12", "gbrp", "gray"). */
export function chromaOfPixelFormat(name: string): ChargeShape['chromaFormat'] {
  if (/^(gray|y\d)/.test(name)) return 0;
  if (/^(yuvj?420|nv12|nv21|p01[0-6])/.test(name)) return 1;
  if (/^(yuvj?422|nv16|p21[0-6]|y210)/.test(name)) return 2;
  if (/^(yuvj?444|gbr|nv24|p41[0-6]|rgb|bgr)/.test(name)) return 3;
  return null;
}
