/**
 * NVCV's image format names in words. NVCV names predefined formats (NVCV_IMAGE_FORMAT_NV12) and composes the rest:
 * NVCVImageFormat(model,colour spec,subsampling,layout,data kind,swizzle,alpha,packing of each plane).
 */

/** A format in words: a line per plane (U and V share one when alike), the colour, and the two joined. */
export interface FormatWords {
  /** How many planes the format has. */
  planeCount: number;
  planes: string[];
  colour: string;
  text: string;
}

interface ParsedFormat {
  spec: string;
  subsampling: string;
  swizzle: string;
  packings: string[];
}

/** NVCV's predefined YCbCr formats, as the composed names would spell them. */
const PREDEFINED: Readonly<Record<string, ParsedFormat>> = {
  NVCV_IMAGE_FORMAT_NV12: { spec: 'BT601', subsampling: '4:2:0', swizzle: 'XYZ0', packings: ['X8', 'X8_Y8'] },
  NVCV_IMAGE_FORMAT_NV12_ER: { spec: 'BT601_ER', subsampling: '4:2:0', swizzle: 'XYZ0', packings: ['X8', 'X8_Y8'] },
  NVCV_IMAGE_FORMAT_NV21: { spec: 'BT601', subsampling: '4:2:0', swizzle: 'XZY0', packings: ['X8', 'X8_Y8'] },
  NVCV_IMAGE_FORMAT_NV21_ER: { spec: 'BT601_ER', subsampling: '4:2:0', swizzle: 'XZY0', packings: ['X8', 'X8_Y8'] },
  NVCV_IMAGE_FORMAT_NV24: { spec: 'BT601', subsampling: '4:4:4', swizzle: 'XYZ0', packings: ['X8', 'X8_Y8'] },
  NVCV_IMAGE_FORMAT_NV24_ER: { spec: 'BT601_ER', subsampling: '4:4:4', swizzle: 'XYZ0', packings: ['X8', 'X8_Y8'] },
};

const STANDARDS: Readonly<Record<string, string>> = { BT601: 'BT.601', BT709: 'BT.709', BT2020: 'BT.2020' };

const RESOLUTION: Readonly<Record<string, string>> = {
  '4:2:0': 'half resolution',
  '4:2:2': 'half width',
  '4:1:1': 'quarter width',
  '4:4:4': 'full resolution',
};

const GROUPS = ['', 'samples', 'pairs', 'triples', 'quads'];

/** The composed name's fields, or null when it is not a YCbCr format of NVCV's spelling. */
function parse(name: string): ParsedFormat | null {
  const predefined = PREDEFINED[name];
  if (predefined !== undefined) return predefined;
  const match = /^NVCVImageFormat\((.*)\)$/.exec(name);
  if (match === null) return null;
  const [model, spec, subsampling, , , swizzle, , ...packings] = (match[1] ?? '').split(',');
  if (model !== 'YCbCr' || spec === undefined || subsampling === undefined || swizzle === undefined) return null;
  if (packings.length === 0) return null;
  return { spec, subsampling, swizzle, packings };
}

/** One channel of a packing, e.g. "X10b6": its data bits and where the padding lies, or null. */
function channel(text: string): { bits: number; padHigh: number; padLow: number } | null {
  const match = /^(?:b(\d+))?[XYZW](\d+)(?:b(\d+))?$/.exec(text);
  if (match === null) return null;
  return { bits: Number(match[2]), padHigh: Number(match[1] ?? 0), padLow: Number(match[3] ?? 0) };
}

/** A plane's packing in words, e.g. "interleaved 8-bit pairs", or null when it cannot be read. */
function packingWords(packing: string): { words: string; count: number } | null {
  const channels = packing.split('_').map(channel);
  if (channels.length === 0 || channels.length >= GROUPS.length) return null;
  const first = channels[0];
  if (first === null || first === undefined) return null;
  if (channels.some((c) => c === null || c.bits !== first.bits || c.padHigh !== first.padHigh)) return null;
  const word = first.bits + first.padHigh + first.padLow;
  const group = GROUPS[channels.length] ?? 'samples';
  const interleaved = channels.length > 1 ? 'interleaved ' : '';
  if (first.padHigh === 0 && first.padLow === 0) {
    return { words: `${interleaved}${first.bits}-bit ${group}`, count: channels.length };
  }
  const where = first.padLow > 0 ? 'high' : 'low';
  const words = `${first.bits} bits in the ${where} bits of ${word}-bit words`;
  return { words: channels.length > 1 ? `${interleaved}${group}, ${words}` : words, count: channels.length };
}

/** "BT.709 limited" from "BT709", "BT.601 full" from "BT601_ER". */
function colourWords(spec: string): string {
  const full = spec.endsWith('_ER');
  const base = full ? spec.slice(0, -3) : spec;
  return `${STANDARDS[base] ?? base} ${full ? 'full' : 'limited'}`;
}

/** The chroma planes' names: U and V, or UV (VU when the swizzle swaps Cb and Cr) for one interleaved plane. */
function chromaNames(swizzle: string, planes: number): string[] {
  if (planes === 2) return [swizzle === 'XZY0' ? 'VU' : 'UV'];
  return swizzle === 'XZY0' ? ['V', 'U'] : ['U', 'V'];
}

/**
 * NVCV's name of an image format in words, e.g. "Y: 8-bit luma; UV: interleaved 8-bit pairs, half resolution;
 * BT.709 limited"; null for a name it cannot read (the name alone is then shown).
 */
export function describeNvcvFormat(name: string | null): FormatWords | null {
  if (name === null) return null;
  const format = parse(name);
  if (format === null || format.packings.length > 3) return null;
  const words = format.packings.map(packingWords);
  const [luma, ...chroma] = words;
  if (luma === null || luma === undefined || luma.count !== 1 || chroma.some((w) => w === null)) return null;
  const resolution = RESOLUTION[format.subsampling] ?? `${format.subsampling} subsampling`;
  const lumaText = luma.words.endsWith('samples') ? luma.words.replace(/samples$/, 'luma') : `luma, ${luma.words}`;
  const planes = [`Y: ${lumaText}`];
  const names = chromaNames(format.swizzle, format.packings.length);
  const chromaTexts = chroma.map((w) => `${w?.words ?? ''}, ${resolution}`);
  if (chromaTexts.length === 2 && chromaTexts[0] === chromaTexts[1]) {
    planes.push(`${names.join(', ')}: ${chromaTexts[0] ?? ''}`);
  } else {
    chromaTexts.forEach((text, i) => planes.push(`${names[i] ?? '?'}: ${text}`));
  }
  const colour = colourWords(format.spec);
  return { planeCount: format.packings.length, planes, colour, text: `${planes.join('; ')}; ${colour}` };
}
