/**
 * Reads what an open will cost from an H.264 or HEVC sequence parameter set, before FFmpeg sees the file: the coded
 * size, chroma format, bit depth and how many pictures the decoder keeps (the DPB). Only the fields up to those are
 * read; anything malformed is null, never an exception, and the caller falls back to the codec's maximum.
 */

/** What a sequence parameter set says the decoder will hold. */
export interface SequenceShape {
  codedWidth: number;
  codedHeight: number;
  /** 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4 (chroma_format_idc). */
  chromaFormat: 0 | 1 | 2 | 3;
  bitDepth: number;
  /** Pictures the decoder keeps for reference and reordering, at most 16. */
  dpbFrames: number;
}

/** The largest DPB either standard allows, in pictures. */
export const MAX_DPB_FRAMES = 16;

/** Reads bits of a NAL unit's payload with the emulation-prevention bytes taken out. */
class Bits {
  private bit = 0;
  private readonly bytes: Uint8Array;

  constructor(nal: Uint8Array) {
    const out: number[] = [];
    let zeros = 0;
    for (const b of nal) {
      if (zeros >= 2 && b === 3) {
        zeros = 0;
        continue;
      }
      zeros = b === 0 ? zeros + 1 : 0;
      out.push(b);
    }
    this.bytes = Uint8Array.from(out);
  }

  u(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i += 1) {
      const byte = this.bytes[this.bit >> 3];
      if (byte === undefined) throw new RangeError('past the end');
      v = v * 2 + ((byte >> (7 - (this.bit & 7))) & 1);
      this.bit += 1;
    }
    return v;
  }

  skip(n: number): void {
    this.bit += n;
    if (this.bit > this.bytes.length * 8) throw new RangeError('past the end');
  }

  /** ue(v): Exp-Golomb, refused past 31 leading zeros (no field read here is that large). */
  ue(): number {
    let zeros = 0;
    while (this.u(1) === 0) {
      zeros += 1;
      if (zeros > 31) throw new RangeError('ue(v) too long');
    }
    return 2 ** zeros - 1 + this.u(zeros);
  }

  se(): number {
    const k = this.ue();
    return k % 2 === 1 ? (k + 1) / 2 : -k / 2;
  }
}

/** H.264's high profiles: those whose SPS carries chroma_format_idc and bit depths. */
const H264_HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

/** H.264's MaxDpbMbs by level_idc (Table A-1), for streams without a bitstream restriction. */
const H264_MAX_DPB_MBS: Readonly<Record<number, number>> = {
  9: 396,
  10: 396,
  11: 900,
  12: 2376,
  13: 2376,
  20: 2376,
  21: 4752,
  22: 8100,
  30: 8100,
  31: 18000,
  32: 20480,
  40: 32768,
  41: 32768,
  42: 34816,
  50: 110400,
  51: 184320,
  52: 184320,
  60: 696320,
  61: 696320,
  62: 696320,
};

function skipScalingList(bits: Bits, size: number): void {
  let last = 8;
  let next = 8;
  for (let j = 0; j < size && next !== 0; j += 1) {
    next = (last + bits.se() + 256) % 256;
    last = next === 0 ? last : next;
  }
}

function skipHrd(bits: Bits): void {
  const count = bits.ue() + 1;
  bits.skip(8);
  for (let i = 0; i < count; i += 1) {
    bits.ue();
    bits.ue();
    bits.skip(1);
  }
  bits.skip(20);
}

/** max_dec_frame_buffering from the VUI's bitstream restriction, or null when the VUI has none. */
function h264DecFrameBuffering(bits: Bits): number | null {
  if (bits.u(1) === 1 && bits.u(8) === 255) bits.skip(32); // aspect_ratio_info, Extended_SAR
  if (bits.u(1) === 1) bits.skip(1); // overscan
  if (bits.u(1) === 1) {
    bits.skip(4);
    if (bits.u(1) === 1) bits.skip(24); // colour description
  }
  if (bits.u(1) === 1) {
    bits.ue();
    bits.ue();
  }
  if (bits.u(1) === 1) bits.skip(65); // timing info
  const nalHrd = bits.u(1) === 1;
  if (nalHrd) skipHrd(bits);
  const vclHrd = bits.u(1) === 1;
  if (vclHrd) skipHrd(bits);
  if (nalHrd || vclHrd) bits.skip(1);
  bits.skip(1); // pic_struct_present_flag
  if (bits.u(1) === 0) return null;
  bits.skip(1);
  for (let i = 0; i < 4; i += 1) bits.ue();
  bits.ue(); // max_num_reorder_frames
  return bits.ue();
}

/** Reads an H.264 SPS NAL unit (its one-byte header included). */
export function parseH264Sps(nal: Uint8Array): SequenceShape | null {
  try {
    if ((nal[0] ?? 0) % 32 !== 7) return null;
    const bits = new Bits(nal.subarray(1));
    const profile = bits.u(8);
    bits.skip(8);
    const level = bits.u(8);
    bits.ue();
    let chromaFormat = 1;
    let bitDepth = 8;
    if (H264_HIGH_PROFILES.has(profile)) {
      chromaFormat = bits.ue();
      if (chromaFormat === 3) bits.skip(1);
      bitDepth = bits.ue() + 8;
      bits.ue();
      bits.skip(1);
      if (bits.u(1) === 1) {
        for (let i = 0; i < (chromaFormat === 3 ? 12 : 8); i += 1)
          if (bits.u(1) === 1) skipScalingList(bits, i < 6 ? 16 : 64);
      }
    }
    bits.ue(); // log2_max_frame_num_minus4
    const pocType = bits.ue();
    if (pocType === 0) bits.ue();
    else if (pocType === 1) {
      bits.skip(1);
      bits.se();
      bits.se();
      const cycle = bits.ue();
      for (let i = 0; i < cycle; i += 1) bits.se();
    }
    const refs = bits.ue();
    bits.skip(1);
    const widthMbs = bits.ue() + 1;
    const heightUnits = bits.ue() + 1;
    const frameMbsOnly = bits.u(1);
    if (frameMbsOnly === 0) bits.skip(1);
    bits.skip(1); // direct_8x8_inference_flag
    if (bits.u(1) === 1) for (let i = 0; i < 4; i += 1) bits.ue(); // cropping
    const frameMbs = widthMbs * heightUnits * (2 - frameMbsOnly);
    // Without a bitstream restriction, a decoder may reorder as deep as the level's DPB allows.
    const buffering = bits.u(1) === 1 ? h264DecFrameBuffering(bits) : null;
    const levelDpb = Math.floor((H264_MAX_DPB_MBS[level] ?? frameMbs * MAX_DPB_FRAMES) / frameMbs);
    const dpbFrames = Math.min(MAX_DPB_FRAMES, Math.max(refs, buffering ?? Math.max(refs, levelDpb)));
    if (chromaFormat > 3 || bitDepth > 14) return null;
    return {
      codedWidth: widthMbs * 16,
      codedHeight: heightUnits * 16 * (2 - frameMbsOnly),
      chromaFormat: chromaFormat as SequenceShape['chromaFormat'],
      bitDepth,
      dpbFrames: Math.max(1, dpbFrames),
    };
  } catch {
    return null;
  }
}

function skipProfileTierLevel(bits: Bits, subLayers: number): void {
  bits.skip(96); // general profile (88 bits) and level (8 bits)
  const present: [boolean, boolean][] = [];
  for (let i = 0; i < subLayers; i += 1) present.push([bits.u(1) === 1, bits.u(1) === 1]);
  if (subLayers > 0) bits.skip(2 * (8 - subLayers));
  for (const [profile, level] of present) bits.skip((profile ? 88 : 0) + (level ? 8 : 0));
}

/** Reads an HEVC SPS NAL unit (its two-byte header included). */
export function parseHevcSps(nal: Uint8Array): SequenceShape | null {
  try {
    if (((nal[0] ?? 0) >> 1) % 64 !== 33) return null;
    const bits = new Bits(nal.subarray(2));
    bits.skip(4);
    const subLayers = bits.u(3);
    bits.skip(1);
    skipProfileTierLevel(bits, subLayers);
    bits.ue();
    const chromaFormat = bits.ue();
    if (chromaFormat === 3) bits.skip(1);
    const codedWidth = bits.ue();
    const codedHeight = bits.ue();
    if (bits.u(1) === 1) for (let i = 0; i < 4; i += 1) bits.ue();
    const bitDepth = bits.ue() + 8;
    bits.ue();
    bits.ue();
    const orderingAll = bits.u(1) === 1;
    let buffering = 1;
    for (let i = orderingAll ? 0 : subLayers; i <= subLayers; i += 1) {
      buffering = Math.max(buffering, bits.ue() + 1);
      bits.ue();
      bits.ue();
    }
    if (chromaFormat > 3 || bitDepth > 16 || codedWidth < 1 || codedHeight < 1) return null;
    return {
      codedWidth,
      codedHeight,
      chromaFormat: chromaFormat as SequenceShape['chromaFormat'],
      bitDepth,
      dpbFrames: Math.min(MAX_DPB_FRAMES, buffering),
    };
  } catch {
    return null;
  }
}
