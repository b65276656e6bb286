/**
 * How the samples of a plane sit in its bytes: how many components a pixel of the plane holds (two for the
 * interleaved chroma of NV12 and P010), how wide each sample's word is, its byte order, and where the stream's bits
 * sit in the word (P010 keeps them high, yuv420p10le low).
 */

/** Where the bits of a sample lie in its word. */
type BitPlacement = 'byte' | 'high' | 'low' | 'word';

/** The layout of one plane's samples. */
export interface SampleLayout {
  /** Names of the components of one pixel of the plane, in byte order ("Y", or "U", "V"). */
  components: string[];
  /** Bytes of one component's word: 1 or 2. */
  bytesPerSample: number;
  /** Bits the stream codes per sample. */
  bitDepth: number;
  placement: BitPlacement;
  /** Right shift that takes the word to the value. */
  shift: number;
  /** Mask applied after the shift. */
  mask: number;
  bigEndian: boolean;
}

/** One sample as read: its word (hex, as it lies in memory), and its value. */
export interface DecodedSample {
  component: string;
  /** The bytes as they lie in memory, in hex ("c0 fe"). */
  bytes: string;
  /** The word's value, 0x-prefixed (one byte: 2 digits, two: 4). */
  word: string;
  value: number;
}

/** Formats that keep the stream's bits at the top of a 16-bit word (FFmpeg's P010/P016 family). */
const HIGH_BITS = /^p[024]1[026]/;

/** The layout of a plane's samples, from FFmpeg's format name, the stream's bit depth and the plane. */
export function sampleLayout(
  swFormat: string,
  bitDepth: number,
  plane: { name: string; bytesPerPixel: number },
): SampleLayout {
  const wide = bitDepth > 8 || /(p16|16le|16be|p010|p012|p016)/.test(swFormat);
  const bytesPerSample = wide ? 2 : 1;
  const count = Math.max(1, Math.floor(plane.bytesPerPixel / bytesPerSample));
  const letters = [...plane.name];
  const components =
    letters.length === count ? letters : Array.from({ length: count }, (_, i) => (count === 1 ? plane.name : `c${i}`));
  const bigEndian = wide && swFormat.endsWith('be');
  const depth = Math.min(16, Math.max(1, bitDepth));
  if (!wide) return { components, bytesPerSample, bitDepth: depth, placement: 'byte', shift: 0, mask: 0xff, bigEndian };
  const containerBits = 16;
  const mask = depth >= 16 ? 0xffff : (1 << depth) - 1;
  if (depth >= containerBits)
    return { components, bytesPerSample, bitDepth: 16, placement: 'word', shift: 0, mask, bigEndian };
  // P010-style formats, and 16-bit planar formats that carry fewer bits (NVDEC's 4:4:4), keep the bits high.
  const high = HIGH_BITS.test(swFormat) || /p16(le|be)?$/.test(swFormat);
  return {
    components,
    bytesPerSample,
    bitDepth: depth,
    placement: high ? 'high' : 'low',
    shift: high ? containerBits - depth : 0,
    mask,
    bigEndian,
  };
}

const hex2 = (value: number): string => value.toString(16).padStart(2, '0');

/** Decodes the samples of one pixel from bytes[at…]; missing bytes give an empty list. */
export function decodePixel(bytes: Uint8Array, at: number, layout: SampleLayout): DecodedSample[] {
  const samples: DecodedSample[] = [];
  layout.components.forEach((component, i) => {
    const start = at + i * layout.bytesPerSample;
    if (start < 0 || start + layout.bytesPerSample > bytes.length) return;
    if (layout.bytesPerSample === 1) {
      const byte = bytes[start] ?? 0;
      samples.push({ component, bytes: hex2(byte), word: `0x${hex2(byte)}`, value: byte });
      return;
    }
    const first = bytes[start] ?? 0;
    const second = bytes[start + 1] ?? 0;
    const word = layout.bigEndian ? (first << 8) | second : (second << 8) | first;
    samples.push({
      component,
      bytes: `${hex2(first)} ${hex2(second)}`,
      word: `0x${word.toString(16).padStart(4, '0')}`,
      value: (word >> layout.shift) & layout.mask,
    });
  });
  return samples;
}

/** Where the bits sit and how the value is taken from the word, in words. */
export function bitsText(layout: SampleLayout): string {
  const order = layout.bigEndian ? 'big-endian' : 'little-endian';
  switch (layout.placement) {
    case 'byte':
      return `one byte per sample: value = byte (${layout.bitDepth} bits)`;
    case 'word':
      return `${order} 16-bit word: value = word`;
    case 'high':
      return `${order} 16-bit word, ${layout.bitDepth} bits in the high bits ${15}…${layout.shift}: value = word >> ${layout.shift}`;
    case 'low':
      return `${order} 16-bit word, ${layout.bitDepth} bits in the low bits ${layout.bitDepth - 1}…0: value = word & 0x${layout.mask.toString(16)}`;
  }
}

/** A sample's value scaled to 8 bits, for drawing. */
export function to8Bit(value: number, layout: SampleLayout): number {
  return layout.bitDepth > 8 ? value >> (layout.bitDepth - 8) : value;
}
