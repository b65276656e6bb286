/**
 * One row of bytes as the boundary view prints it: a long row (2048 bytes) is cut to its first bytes, the bytes
 * either side of every change of region (the visible samples' end, the coded width, the pitch) and its last bytes,
 * with gap markers saying how many bytes were left out; every piece keeps the region it lies in.
 */
import type { MemoryRegion, RegionSpan } from '../../../../contract/memory';
import type { RowSpan } from '../../model/boundary-rows';

/** A piece of a printed row. */
export type HexPiece =
  | { kind: 'bytes'; start: number; end: number; region: MemoryRegion }
  | { kind: 'gap'; start: number; end: number }
  | { kind: 'edge'; at: number; from: MemoryRegion; to: MemoryRegion };

/** How much of a long row is printed. */
export interface HexWindow {
  /** Bytes printed from the row's start. */
  head: number;
  /** Bytes printed either side of every change of region. */
  edge: number;
  /** Bytes printed at the row's end. */
  tail: number;
}

/** The boundary view's default: the first 8 bytes, 4 either side of each change of region, the last 4. */
const HEX_WINDOW: HexWindow = { head: 8, edge: 4, tail: 4 };

/** The spans of row i of a read (rows of bytesPerRow bytes, packed), counted from the row's first byte. */
export function rowRegions(regions: readonly RegionSpan[], row: number, bytesPerRow: number): RowSpan[] {
  const first = row * bytesPerRow;
  const last = first + bytesPerRow;
  const spans: RowSpan[] = [];
  for (const span of regions) {
    const start = Math.max(first, span.start);
    const end = Math.min(last, span.start + span.length);
    if (end <= start) continue;
    const previous = spans[spans.length - 1];
    if (
      previous !== undefined &&
      previous.region === span.region &&
      previous.start + previous.length === start - first
    ) {
      previous.length += end - start;
    } else {
      spans.push({ region: span.region, start: start - first, length: end - start });
    }
  }
  return spans;
}

/** The pieces of a row of `length` bytes with its region spans; whole is true to print every byte; each piece
 * kept starts and ends on a multiple of `align` bytes (2 for 16-bit words) or at the row's end. */
export function hexPieces(
  spans: readonly RowSpan[],
  length: number,
  window: HexWindow = HEX_WINDOW,
  whole = false,
  align = 1,
): HexPiece[] {
  const keep: [number, number][] = whole ? [[0, length]] : [[0, Math.min(length, window.head)]];
  if (!whole) {
    for (const span of spans.slice(1)) keep.push([span.start - window.edge, span.start + window.edge]);
    keep.push([length - window.tail, length]);
  }
  const merged: [number, number][] = [];
  for (const [a, b] of keep
    .map(([a, b]): [number, number] => [
      Math.max(0, Math.floor(a / align) * align),
      Math.min(length, Math.ceil(b / align) * align),
    ])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0])) {
    const last = merged[merged.length - 1];
    if (last !== undefined && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  const regionAt = (i: number): MemoryRegion =>
    spans.find((span) => i >= span.start && i < span.start + span.length)?.region ?? 'outside-planes';
  const pieces: HexPiece[] = [];
  let cursor = 0;
  for (const [a, b] of merged) {
    if (a > cursor) pieces.push({ kind: 'gap', start: cursor, end: a });
    let start = a;
    for (let i = a; i <= b; i += 1) {
      const region = i < b ? regionAt(i) : null;
      const current = regionAt(start);
      if (i === b || region !== current) {
        pieces.push({ kind: 'bytes', start, end: i, region: current });
        if (i < b && region !== null) pieces.push({ kind: 'edge', at: i, from: current, to: region });
        start = i;
      }
    }
    cursor = b;
  }
  if (cursor < length) pieces.push({ kind: 'gap', start: cursor, end: length });
  return pieces;
}

/** The unit a row is printed in: bytes, or 16-bit words (samples of more than 8 bits) in the format's byte order. */
export interface HexUnit {
  bytes: 1 | 2;
  bigEndian: boolean;
}

/** Bytes as hex pairs separated by spaces. */
export const BYTES: HexUnit = { bytes: 1, bigEndian: false };

/**
 * Bytes as hex, separated by spaces: pairs, or, for 16-bit words, each word's value in four digits (a
 * little-endian word "c0 fe" in memory prints "fec0"); a lone last byte of a word row prints as a pair.
 */
export function hexBytes(bytes: Uint8Array, start: number, end: number, unit: HexUnit = BYTES): string {
  const out: string[] = [];
  const stop = Math.min(end, bytes.length);
  for (let i = start; i < stop; i += unit.bytes) {
    const first = bytes[i] ?? 0;
    if (unit.bytes === 1 || i + 1 >= stop) {
      out.push(first.toString(16).padStart(2, '0'));
      continue;
    }
    const second = bytes[i + 1] ?? 0;
    const word = unit.bigEndian ? (first << 8) | second : (second << 8) | first;
    out.push(word.toString(16).padStart(4, '0'));
  }
  return out.join(' ');
}
