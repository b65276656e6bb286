/**
 * Answering a memory read of a captured frame from the samples the capture kept of it (memory-samples.ts plans
 * them, sample-checks.ts checked them against the frame's report when the capture was read). A read is checked as
 * the addon checks a live one (the plane, the columns, the cap) before any sample is looked at, and answered in
 * work that grows with its rows and the sample's spans, never with their product.
 */
import { budgetWords } from '../../contract/capture';
import { RpcFailure, rpcError } from '../../contract/envelope';
import {
  MEMORY_READ_CAP,
  memoryReadProblem,
  type MemoryRead,
  type ReadMemoryParams,
  type RegionSpan,
} from '../../contract/memory';
import type { FrameReport } from '../../contract/report';
import { planeOffset } from './sample-checks';

/** A range of a frame's memory, as readMemory takes it. */
type MemoryRange = ReadMemoryParams['range'];

/** A stored sample: its read without the bytes, and the bytes. */
interface StoredSample {
  read: Omit<MemoryRead, 'data'>;
  data: Uint8Array;
}

/** What a read needs of the frame: its planes and where they lie. */
type SampleFrame = Pick<FrameReport, 'planes' | 'allocation'>;

function invalidArgument(message: string, remedy: string): RpcFailure {
  return new RpcFailure(rpcError('INVALID_ARGUMENT', message, remedy));
}

/** MEMORY_READ_TOO_LARGE past the cap, in the words the addon uses for a live read. */
function checkCap(bytes: number, what: string): void {
  if (bytes <= MEMORY_READ_CAP) return;
  throw new RpcFailure(
    rpcError(
      'MEMORY_READ_TOO_LARGE',
      `${what} asks for ${bytes} bytes, over the cap of ${budgetWords(MEMORY_READ_CAP)} per read.`,
      `Ask for at most ${budgetWords(MEMORY_READ_CAP)} at once (fewer rows, fewer bytes a row, or a shorter byte range); read a larger region as several reads.`,
    ),
  );
}

/**
 * The regions of some columns of some rows of a stored read, as spans of the packed answer. The stored spans tile
 * the sample in order, so one cursor walks them once while the rows go down: O(rows + spans).
 */
function sliceRegions(
  regions: readonly RegionSpan[],
  bytesPerRow: number,
  firstRow: number,
  rows: number,
  column: number,
  count: number,
): RegionSpan[] {
  const spans: RegionSpan[] = [];
  let cursor = 0;
  for (let r = 0; r < rows; r += 1) {
    const from = (firstRow + r) * bytesPerRow + column;
    const to = from + count;
    // Spans that end before this row's columns end before every later row's too (count <= bytesPerRow).
    while (cursor < regions.length && (regions[cursor]?.start ?? 0) + (regions[cursor]?.length ?? 0) <= from)
      cursor += 1;
    for (let j = cursor; j < regions.length; j += 1) {
      const span = regions[j];
      if (span === undefined || span.start >= to) break;
      const start = Math.max(from, span.start);
      const end = Math.min(to, span.start + span.length);
      const at = r * count + (start - from);
      const last = spans.at(-1);
      if (
        last !== undefined &&
        last.region === span.region &&
        last.plane === span.plane &&
        last.start + last.length === at
      )
        last.length += end - start;
      else spans.push({ start: at, length: end - start, region: span.region, plane: span.plane });
    }
  }
  return spans;
}

/** Adds a byte count to a hex address. */
function addressPlus(address: string, bytes: number): string {
  return `0x${(BigInt(address) + BigInt(bytes)).toString(16)}`;
}

/** The column of its plane's rows a sample's bytes start at (sample-checks.ts made sure the report places it). */
function sampleColumn(read: StoredSample['read'], first: number): number {
  return read.offset - first - (read.row ?? 0) * read.rowPitch;
}

/** Rows [firstRow, firstRow + rows) and columns [column, column + count) of one sample, as readMemory answers. */
function answer(
  sample: StoredSample,
  firstRow: number,
  rows: number,
  column: number,
  count: number,
  frameIndex: number,
): MemoryRead {
  const s = sample.read;
  const data = new Uint8Array(rows * count);
  for (let r = 0; r < rows; r += 1) {
    const from = (firstRow + r) * s.bytesPerRow + column;
    data.set(sample.data.subarray(from, from + count), r * count);
  }
  const skip = firstRow * s.rowPitch + column;
  const read: MemoryRead = {
    ...s,
    frameIndex,
    row: (s.row ?? 0) + firstRow,
    offset: s.offset + skip,
    rows,
    bytesPerRow: count,
    data,
    regions: sliceRegions(s.regions, s.bytesPerRow, firstRow, rows, column, count),
    address: addressPlus(s.address, skip),
    bytesRead: 0,
    totalBytesRead: 0,
    cap: MEMORY_READ_CAP,
  };
  // Checked as every answer is: a capture whose samples passed the checks on reading never fails here.
  const problem = memoryReadProblem(read);
  if (problem !== null)
    throw new RpcFailure(
      rpcError(
        'CAPTURE_INVALID',
        `The capture's sample of plane ${s.plane} of frame ${frameIndex} gives an answer that is not a memory read (${problem}).`,
      ),
    );
  return read;
}

function notCaptured(samples: readonly StoredSample[], range: MemoryRange, frameIndex: number): RpcFailure {
  const held = samples
    .filter((x) => x.read.plane !== null && x.read.row !== null)
    .map((x) => `plane ${x.read.plane} rows ${x.read.row}–${(x.read.row ?? 0) + x.read.rows - 1}`);
  const asked =
    'plane' in range
      ? `rows ${range.row}–${range.row + range.rows - 1} of plane ${range.plane}`
      : `${range.length} bytes at offset ${range.offset}`;
  return new RpcFailure(
    rpcError(
      'MEMORY_NOT_CAPTURED',
      `The capture holds no bytes for ${asked} of frame ${frameIndex}${held.length > 0 ? `; it holds ${held.join(', ')}` : '; it holds none of this frame'}.`,
      `Capture frame ${frameIndex} again from the video with these rows (capture --memory, or Save capture), or open the video.`,
    ),
  );
}

/**
 * Answers a memory read of a captured frame from its samples, when the rows and columns asked lie inside one of
 * them. As for a live read: a plane the frame lacks, or columns past its pitch, is INVALID_ARGUMENT; more than
 * MEMORY_READ_CAP bytes is MEMORY_READ_TOO_LARGE. Otherwise MEMORY_NOT_CAPTURED, naming the frame, the rows asked
 * and the rows the capture holds.
 */
export function readFromSamples(
  samples: readonly StoredSample[],
  range: MemoryRange,
  frameIndex: number,
  frame: SampleFrame,
): MemoryRead {
  const planes = frame.planes;
  if (!('plane' in range)) {
    checkCap(range.length, `Reading bytes from offset ${range.offset}`);
    throw notCaptured(samples, range, frameIndex);
  }
  const plane = planes.find((p) => p.index === range.plane);
  if (plane === undefined)
    throw invalidArgument(
      `Frame ${frameIndex} has no plane ${range.plane}; it has ${planes.length}.`,
      `Name a plane from 0 to ${planes.length - 1}.`,
    );
  const byteStart = range.byteStart ?? 0;
  if (byteStart >= plane.pitch)
    throw invalidArgument(
      `byteStart ${byteStart} lies past the end of a row of plane ${plane.index}, whose pitch is ${plane.pitch} bytes.`,
      "Ask for byteStart + byteCount of at most the pitch; read further rows to go past a row's end.",
    );
  const byteCount = range.byteCount ?? plane.pitch - byteStart;
  if (byteStart + byteCount > plane.pitch)
    throw invalidArgument(
      `Bytes ${byteStart}..${byteStart + byteCount - 1} of a row of plane ${plane.index} are not inside its pitch of ${plane.pitch} bytes.`,
      "Ask for byteStart + byteCount of at most the pitch; read further rows to go past a row's end.",
    );
  checkCap(range.rows * byteCount, `Reading ${range.rows} rows of ${byteCount} bytes of plane ${plane.index}`);
  const first = planeOffset(frame, plane) ?? 0;
  for (const sample of samples) {
    const s = sample.read;
    if (s.plane !== range.plane || s.row === null) continue;
    if (range.row < s.row || range.row + range.rows > s.row + s.rows) continue;
    const column = byteStart - sampleColumn(s, first);
    if (column < 0 || column + byteCount > s.bytesPerRow) continue;
    return answer(sample, range.row - s.row, range.rows, column, byteCount, frameIndex);
  }
  throw notCaptured(samples, range, frameIndex);
}
