/**
 * The hex view's arithmetic: a plane's bytes as lines of 16 from its first byte, the reads that bring them (blocks
 * of 256 bytes, each cut at the plane's row ends, since reads are rows of the plane's pitch), the three ways a unit
 * is read (a byte; a little-endian 16-bit word; P010's 10 bits at the top of such a word), the offsets a user may
 * type (decimal, 0x hex, or an address inside the plane's memory through either side's pointer), and a selection
 * as text.
 */
import type { PlaneFacts } from '../../model/plane-facts';
import type { PlaneRange } from '../../model/tile-plan';

/** Bytes a line shows. */
export const LINE_BYTES = 16;

/** Lines the view shows at once. */
export const WINDOW_LINES = 16;

/** Bytes the view shows at once. */
export const WINDOW_BYTES = LINE_BYTES * WINDOW_LINES;

/** Bytes of one read block: reads are asked for whole blocks, so any byte's read is known from its offset. */
export const BLOCK_BYTES = 256;

/** The most bytes a selection may hold (what one copy carries). */
export const SELECTION_CAP = 64 * 1024;

/** How the units of a line are read. */
export type Interpretation = 'u8' | 'u16' | 'p010';

/** The three readings, in the order the toggle shows them, with their words. */
export const INTERPRETATIONS: readonly { id: Interpretation; label: string; text: string }[] = [
  { id: 'u8', label: 'u8', text: 'bytes, in hex' },
  { id: 'u16', label: 'u16 LE', text: 'little-endian 16-bit words, in hex' },
  { id: 'p010', label: 'P010', text: 'little-endian 16-bit words, their 10 high bits (word >> 6), in decimal' },
];

/** Bytes one unit takes. */
export function unitBytes(interpretation: Interpretation): 1 | 2 {
  return interpretation === 'u8' ? 1 : 2;
}

/** The value of the unit whose first byte is at bytes[i] (its second byte at i + 1 for words). */
export function unitValue(first: number, second: number, interpretation: Interpretation): number {
  if (interpretation === 'u8') return first;
  const word = (second << 8) | first;
  return interpretation === 'u16' ? word : word >> 6;
}

/** A unit's value as the view prints it: two or four hex digits, or P010's value in decimal (four wide). */
export function unitText(value: number, interpretation: Interpretation): string {
  if (interpretation === 'u8') return value.toString(16).padStart(2, '0');
  if (interpretation === 'u16') return value.toString(16).padStart(4, '0');
  return String(value).padStart(4, ' ');
}

/** The reading a plane's samples call for: P010's high bits, other 16-bit words, or bytes. */
export function defaultInterpretation(layout: {
  bytesPerSample: number;
  placement: string;
  shift: number;
}): Interpretation {
  if (layout.bytesPerSample === 1) return 'u8';
  return layout.placement === 'high' && layout.shift === 6 ? 'p010' : 'u16';
}

/** The bytes the view can show for a plane: from its first byte to the end of its allocation where known, else
 * to the end of its last row and the tail after it. */
export function planeExtent(plane: PlaneFacts): number {
  if (plane.allocation !== null && plane.offsetInAllocation !== null) {
    return Math.max(0, plane.allocation.size - plane.offsetInAllocation);
  }
  return plane.rows * plane.pitch + (plane.tailBytes ?? 0);
}

/** The first offset of the window that shows an offset on its fourth line, kept inside the plane. */
export function windowAround(offset: number, extent: number): number {
  const line = Math.floor(offset / LINE_BYTES) * LINE_BYTES;
  const lastStart = Math.max(0, Math.ceil(extent / LINE_BYTES) * LINE_BYTES - WINDOW_BYTES);
  return Math.min(Math.max(0, line - 3 * LINE_BYTES), lastStart);
}

/** A window start moved by delta bytes, kept line-aligned and inside the plane. */
export function moveWindow(start: number, delta: number, extent: number): number {
  const lastStart = Math.max(0, Math.ceil(extent / LINE_BYTES) * LINE_BYTES - WINDOW_BYTES);
  return Math.min(Math.max(0, start + delta), lastStart);
}

/** The reads of one block: a read of each row of the plane's pitch the block's bytes lie in, cut to them. */
export function blockReads(plane: Pick<PlaneFacts, 'index' | 'pitch'>, block: number, extent: number): PlaneRange[] {
  const from = block * BLOCK_BYTES;
  const to = Math.min(extent, from + BLOCK_BYTES);
  const reads: PlaneRange[] = [];
  for (let row = Math.floor(from / plane.pitch); row * plane.pitch < to; row += 1) {
    const start = Math.max(from, row * plane.pitch) - row * plane.pitch;
    const end = Math.min(to, (row + 1) * plane.pitch) - row * plane.pitch;
    if (end > start) reads.push({ plane: plane.index, row, rows: 1, byteStart: start, byteCount: end - start });
  }
  return reads;
}

/** The blocks that hold the bytes from..to − 1. */
export function blocksOf(from: number, to: number): number[] {
  const blocks: number[] = [];
  for (let b = Math.floor(from / BLOCK_BYTES); b * BLOCK_BYTES < to; b += 1) blocks.push(b);
  return blocks;
}

/** What a typed offset came to: the offset, or why it is not one. */
export type ParsedOffset = { offset: number } | { error: string };

/**
 * An offset typed by the user: decimal ("4096") or hex ("0x1000"), from the plane's first byte; or an address
 * through FFmpeg's or NVCV's pointer of the plane ("0x7f0020001000") that lies inside the bytes the view shows.
 */
export function parseOffset(
  text: string,
  plane: Pick<PlaneFacts, 'ffmpegPointer' | 'nvcvPointer' | 'name'>,
  extent: number,
): ParsedOffset {
  const trimmed = text.trim().replace(/[_\s]/g, '');
  let value: bigint;
  if (/^0x[0-9a-f]+$/i.test(trimmed)) value = BigInt(trimmed);
  else if (/^\d+$/.test(trimmed)) value = BigInt(trimmed);
  else return { error: `“${text.trim()}” is not an offset: type one in decimal (4096) or in hex (0x1000)` };
  if (value < BigInt(extent)) return { offset: Number(value) };
  for (const pointer of [plane.ffmpegPointer, plane.nvcvPointer]) {
    if (pointer !== null && value >= pointer && value < pointer + BigInt(extent)) {
      return { offset: Number(value - pointer) };
    }
  }
  return {
    error: `${trimmed} lies past plane ${plane.name}: its offsets run 0 to ${extent - 1} (0x${(extent - 1).toString(16)}), or type an address inside it`,
  };
}

/** Bytes as hex pairs, 16 to a line, in memory order. */
export function hexText(bytes: readonly number[]): string {
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += LINE_BYTES) {
    lines.push(
      bytes
        .slice(i, i + LINE_BYTES)
        .map((b) => b.toString(16).padStart(2, '0'))
        .join(' '),
    );
  }
  return lines.join('\n');
}

/** The units of bytes (the first at an offset aligned to the unit) as decimal values, a line's worth to a line. */
export function valuesText(bytes: readonly number[], interpretation: Interpretation): string {
  const size = unitBytes(interpretation);
  const values: number[] = [];
  for (let i = 0; i + size <= bytes.length; i += size) {
    values.push(unitValue(bytes[i] ?? 0, bytes[i + 1] ?? 0, interpretation));
  }
  const perLine = LINE_BYTES / size;
  const lines: string[] = [];
  for (let i = 0; i < values.length; i += perLine) lines.push(values.slice(i, i + perLine).join(' '));
  return lines.join('\n');
}

/** An offset as the view prints it: 0x and at least 8 hex digits. */
export function offsetText(offset: number): string {
  return `0x${offset.toString(16).padStart(8, '0')}`;
}
