/**
 * A pixel's colour from its Y, U and V samples, through the stream's matrix and range: the BT.601, BT.709 and
 * BT.2020 equations with limited (tv) or full (pc) range scaled to the bit depth. Where the stream leaves the
 * matrix or range unspecified, the inspector's convention is assumed (BT.709 from 720 rows up, BT.601 below;
 * limited range, FFmpeg's default) and the assumption is said.
 */

/** A matrix by its luma weights. */
interface Matrix {
  name: string;
  kr: number;
  kb: number;
}

const BT601: Matrix = { name: 'BT.601', kr: 0.299, kb: 0.114 };
const BT709: Matrix = { name: 'BT.709', kr: 0.2126, kb: 0.0722 };
const BT2020: Matrix = { name: 'BT.2020', kr: 0.2627, kb: 0.0593 };

/** FFmpeg's names of colour spaces (av_color_space_name) that the probe knows. */
const MATRICES: Readonly<Record<string, Matrix>> = {
  bt709: BT709,
  bt470bg: BT601,
  smpte170m: BT601,
  bt2020nc: BT2020,
  bt2020c: BT2020,
  smpte240m: { name: 'SMPTE 240M', kr: 0.212, kb: 0.087 },
  fcc: { name: 'FCC', kr: 0.3, kb: 0.11 },
};

/** A colour with the matrix and range it was made with, and what was assumed. */
export interface RgbSample {
  r: number;
  g: number;
  b: number;
  matrix: string;
  range: 'limited' | 'full';
  assumptions: string[];
}

/** The matrix and range a frame is converted with, and the words for any assumption. */
export function colourRules(
  colorMatrix: string,
  colorRange: string,
  height: number,
): { matrix: Matrix; full: boolean; assumptions: string[] } {
  const assumptions: string[] = [];
  let matrix = MATRICES[colorMatrix];
  if (matrix === undefined) {
    matrix = height >= 720 ? BT709 : BT601;
    const why = height >= 720 ? '720 rows or more' : 'under 720 rows';
    assumptions.push(`matrix ${colorMatrix || 'unspecified'} → ${matrix.name} assumed (${why})`);
  }
  const full = colorRange === 'pc' || colorRange === 'jpeg';
  if (!full && colorRange !== 'tv' && colorRange !== 'mpeg') {
    assumptions.push(`range ${colorRange || 'unspecified'} → limited assumed`);
  }
  return { matrix, full, assumptions };
}

const clamp8 = (v: number): number => Math.min(255, Math.max(0, Math.round(v * 255)));

/** Converts one pixel's samples (at bitDepth bits) to 8-bit RGB. */
export function yuvToRgb(
  y: number,
  u: number,
  v: number,
  bitDepth: number,
  colorMatrix: string,
  colorRange: string,
  height: number,
): RgbSample {
  const { matrix, full, assumptions } = colourRules(colorMatrix, colorRange, height);
  const scale = 2 ** (bitDepth - 8);
  const max = 2 ** bitDepth - 1;
  const luma = full ? y / max : (y - 16 * scale) / (219 * scale);
  const cb = full ? (u - 2 ** (bitDepth - 1)) / max : (u - 128 * scale) / (224 * scale);
  const cr = full ? (v - 2 ** (bitDepth - 1)) / max : (v - 128 * scale) / (224 * scale);
  const r = luma + 2 * (1 - matrix.kr) * cr;
  const b = luma + 2 * (1 - matrix.kb) * cb;
  const g = (luma - matrix.kr * r - matrix.kb * b) / (1 - matrix.kr - matrix.kb);
  return {
    r: clamp8(r),
    g: clamp8(g),
    b: clamp8(b),
    matrix: matrix.name,
    range: full ? 'full' : 'limited',
    assumptions,
  };
}
