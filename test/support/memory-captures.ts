/**
 * Captures that keep memory samples, made without a GPU: the padded NV12 frames of captures.ts with samples written
 * as a live read of those frames would answer them (bytes, regions, offsets and addresses), so tests can break one
 * thing at a time and read the rest back.
 */
import type { CaptureContents } from '../../electron/capture/capture-file';
import { encodeCapture } from '../../electron/capture/capture-write';
import type { MemorySampleEntry } from '../../contract/capture';
import { MEMORY_READ_CAP, type MemoryRegion, type RegionSpan } from '../../contract/memory';
import type { FrameReport } from '../../contract/report';
import { sampleCapture } from './captures';

/** The region a byte of a plane's row lies in, in the padded NV12 frame: visible, coded rows hidden, padding. */
function regionOf(plane: FrameReport['planes'][number], row: number, column: number): MemoryRegion {
  if (column >= plane.visibleBytesPerRow) return 'right-padding';
  return row < plane.height ? 'visible' : 'coded-not-displayed';
}

/** The byte a made-up frame holds at a row and column of a plane: a pattern each sample can be checked against. */
export function patternByte(plane: number, row: number, column: number): number {
  return (plane * 101 + row * 7 + column * 3) & 0xff;
}

/** Rows of a plane as a read of the frame answers them: its manifest entry and its bytes. */
export function planeSample(
  report: FrameReport,
  kind: MemorySampleEntry['kind'],
  bin: string,
  range: { plane: number; row: number; rows: number; byteStart?: number; byteCount?: number },
): { entry: MemorySampleEntry; bytes: Uint8Array } {
  const plane = report.planes.find((p) => p.index === range.plane);
  if (plane === undefined || plane.offsetInAllocation === null) throw new Error(`no plane ${range.plane}`);
  const byteStart = range.byteStart ?? 0;
  const count = range.byteCount ?? plane.pitch - byteStart;
  const bytes = new Uint8Array(range.rows * count);
  const regions: RegionSpan[] = [];
  for (let r = 0; r < range.rows; r += 1) {
    for (let c = 0; c < count; c += 1) {
      const at = r * count + c;
      bytes[at] = patternByte(range.plane, range.row + r, byteStart + c);
      const region = regionOf(plane, range.row + r, byteStart + c);
      const last = regions.at(-1);
      if (last !== undefined && last.region === region) last.length += 1;
      else regions.push({ start: at, length: 1, region, plane: range.plane });
    }
  }
  const start = report.allocation.rangeStart ?? '0x0';
  const offset = plane.offsetInAllocation + range.row * plane.pitch + byteStart;
  return {
    entry: {
      kind,
      bin,
      read: {
        frameIndex: report.frameIndex,
        source: 'device-2d-copy',
        plane: range.plane,
        row: range.row,
        offset,
        rows: range.rows,
        bytesPerRow: count,
        rowPitch: plane.pitch,
        regions,
        allocation: { start, size: report.allocation.rangeSize ?? 0, separate: false },
        address: `0x${(BigInt(start) + BigInt(offset)).toString(16)}`,
        bytesRead: bytes.length,
        totalBytesRead: bytes.length,
        cap: MEMORY_READ_CAP,
      },
    },
    bytes,
  };
}

/**
 * The sample capture (frames 0, 3 and 7) with frame 0's memory kept: the first rows of both planes, luma's
 * boundary (rows 1078 to 1087: two shown, eight coded and hidden), and a half-row band of chroma (columns 0 to 1023
 * of rows 260 to 279).
 */
export function captureWithMemory(): CaptureContents {
  const contents = sampleCapture();
  const frame = contents.manifest.frames[0];
  if (frame === undefined) throw new Error('no frame 0');
  const prefix = 'frames/000000';
  const samples = [
    planeSample(frame.report, 'first-rows', `${prefix}/memory-0-first-rows-plane-0.bin`, { plane: 0, row: 0, rows: 2 }),
    planeSample(frame.report, 'first-rows', `${prefix}/memory-1-first-rows-plane-1.bin`, { plane: 1, row: 0, rows: 2 }),
    planeSample(frame.report, 'boundary', `${prefix}/memory-2-boundary-plane-0.bin`, { plane: 0, row: 1078, rows: 10 }),
    planeSample(frame.report, 'probe', `${prefix}/memory-3-probe-plane-1.bin`, {
      plane: 1,
      row: 260,
      rows: 20,
      byteCount: 1024,
    }),
  ];
  frame.memory = samples.map((s) => s.entry);
  for (const s of samples) contents.files.set(s.entry.bin, s.bytes);
  return contents;
}

/** The zip bytes of captureWithMemory(). */
export function captureWithMemoryBytes(): Buffer {
  return Buffer.from(encodeCapture(captureWithMemory()));
}
