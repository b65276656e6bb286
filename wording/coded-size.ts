/**
 * Why a frame's memory holds more than its picture, in words: the codec's coded size (whole blocks, cropped for
 * display) and the allocator's padding (FFmpeg's frame pool). One statement for the layout drawing, the inset, the
 * pixel probe and the boundary view.
 */

/** Which way a size is measured. */
export type SizeAxis = 'rows' | 'columns';

/** How a codec rounds the picture up: the unit it codes in, and what crops the rest for display. */
interface CodingUnit {
  /** The codec's name as people write it. */
  name: string;
  /** The unit, as a phrase ("16×16 macroblocks"). */
  unit: string;
  /** The unit's size in samples, when it is fixed; null when the stream chooses it. */
  size: number | null;
  /** One unit's name in a count ("macroblock"). */
  one: string;
  /** What hides the extra rows or columns. */
  crop: string;
}

const MACROBLOCKS = '16×16 macroblocks';

/** The coding unit of each codec FFmpeg names (AVCodecDescriptor.name). */
const CODING_UNITS: Readonly<Record<string, CodingUnit>> = {
  h264: { name: 'H.264', unit: MACROBLOCKS, size: 16, one: 'macroblock', crop: 'the stream’s frame cropping' },
  hevc: {
    name: 'HEVC',
    unit: 'coding-tree blocks, split at the picture’s edge down to its minimum coding block',
    size: null,
    one: 'block',
    crop: 'the stream’s conformance window',
  },
  mpeg2video: {
    name: 'MPEG-2',
    unit: MACROBLOCKS,
    size: 16,
    one: 'macroblock',
    crop: 'the display size in the sequence header',
  },
  mpeg1video: {
    name: 'MPEG-1',
    unit: MACROBLOCKS,
    size: 16,
    one: 'macroblock',
    crop: 'the display size in the sequence header',
  },
  mpeg4: {
    name: 'MPEG-4 Part 2',
    unit: MACROBLOCKS,
    size: 16,
    one: 'macroblock',
    crop: 'the display size in the header',
  },
  vp8: { name: 'VP8', unit: MACROBLOCKS, size: 16, one: 'macroblock', crop: 'the frame size in the header' },
  vp9: { name: 'VP9', unit: '8×8 blocks', size: 8, one: 'block', crop: 'the frame size in the header' },
  av1: { name: 'AV1', unit: '8×8 blocks', size: 8, one: 'block', crop: 'the frame size in the header' },
};

/** The plural word for a count of rows or columns. */
function count(n: number, axis: SizeAxis): string {
  return `${n} ${n === 1 ? axis.slice(0, -1) : axis}`;
}

/**
 * Why the decoder coded more rows (or columns) than are displayed: the codec codes whole blocks and crops the
 * rest. Null when nothing is coded beyond the display size.
 */
export function codedSizeReason(
  codec: string | null | undefined,
  axis: SizeAxis,
  display: number,
  coded: number,
): string | null {
  if (!(coded > display)) return null;
  const extra = coded - display;
  const known = codec !== null && codec !== undefined ? CODING_UNITS[codec] : undefined;
  if (known === undefined) {
    const who = codec !== null && codec !== undefined && codec !== '' ? codec : 'The codec';
    return `${who} codes a larger picture than it displays: ${display} ${axis} become ${coded}; the stream’s cropping hides the last ${count(extra, axis)}.`;
  }
  const blocks = known.size !== null && coded % known.size === 0 ? ` (${coded / known.size} ${known.one} ${axis})` : '';
  return `${known.name} codes whole ${known.unit}: ${display} ${axis} become ${coded}${blocks}; ${known.crop} hides the last ${count(extra, axis)}.`;
}

/** Why whole rows follow the coded rows of a plane: the allocator rounded its buffer up. Null when there are none. */
export function allocatorPaddingReason(rows: number): string | null {
  if (!(rows > 0)) return null;
  return `FFmpeg’s frame pool made the buffer ${count(rows, 'rows')} taller than the coded picture (its own alignment and room for the decoder’s edge writes); no picture is decoded there.`;
}

/** Why each row is longer than its samples: the allocator aligns the pitch. Null when there is no right padding. */
export function rightPaddingReason(bytes: number, pitch: number): string | null {
  if (!(bytes > 0)) return null;
  return `The allocator aligns every row to its pitch (${pitch} B), so ${bytes} B after the coded samples of each row hold no picture.`;
}
