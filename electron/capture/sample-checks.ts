/**
 * A capture's memory samples checked against the frame reports they belong to, when the capture is read: each names
 * a plane its frame has, in that plane's pitch, inside the plane's allocation where the report puts it, within
 * what one read may copy, with region spans that tile its bytes in order. A sample that says otherwise could make
 * a later read answer bytes the frame never had, or cost far more than one read; its capture is refused with
 * CAPTURE_INVALID naming the sample and what is wrong.
 */
import {
  budgetWords,
  MEMORY_SAMPLE_LIMITS,
  type CaptureManifest,
  type MemorySampleEntry,
} from '../../contract/capture';
import type { FrameReport } from '../../contract/report';
import { invalid } from './capture-pngs';

/** The largest address a 64-bit pointer can hold, plus one. */
const ADDRESS_END = 2n ** 64n;

/** The allocation a plane lies in, as the report gives it (its own, or the frame's); null where it does not say. */
function allocationOf(
  report: Pick<FrameReport, 'allocation'>,
  plane: FrameReport['planes'][number],
): { start: string | null; size: number | null } {
  if (plane.allocation !== undefined && plane.allocation !== null) return plane.allocation;
  return { start: report.allocation.rangeStart, size: report.allocation.rangeSize };
}

/**
 * Where a plane's first byte lies in its allocation, as the report gives it: its offset there, or (planes apart,
 * where the report gives none) its pointer less the allocation's start; null when the report does not say.
 */
export function planeOffset(
  report: Pick<FrameReport, 'allocation'>,
  plane: FrameReport['planes'][number],
): number | null {
  if (plane.offsetInAllocation !== null) return plane.offsetInAllocation;
  const start = plane.allocation?.start ?? report.allocation.rangeStart;
  if (start === null || start === undefined) return null;
  const offset = BigInt(plane.ffmpegPointer) - BigInt(start);
  return offset >= 0n && offset <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(offset) : null;
}

/** Why one sample does not fit its frame's report, or null when it does. */
function sampleProblem(report: FrameReport, frameIndex: number, sample: MemorySampleEntry): string | null {
  const read = sample.read;
  if (read.frameIndex !== frameIndex) return `it is a read of frame ${read.frameIndex}, not of frame ${frameIndex}`;
  if (read.plane === null || read.row === null) return 'it names no plane and row (a capture keeps plane reads only)';
  const plane = report.planes.find((p) => p.index === read.plane);
  if (plane === undefined)
    return `it names plane ${read.plane}; the frame's report has ${report.planes.length} plane(s), ${report.planes.map((p) => p.index).join(', ')}`;
  const bytes = read.rows * read.bytesPerRow;
  if (bytes > MEMORY_SAMPLE_LIMITS.bytes)
    return `it holds ${bytes} bytes (${read.rows} rows × ${read.bytesPerRow}), over the ${budgetWords(MEMORY_SAMPLE_LIMITS.bytes)} one sample may hold (one read's cap)`;
  if (read.rowPitch !== plane.pitch)
    return `it reads plane ${plane.index} in a pitch of ${read.rowPitch} bytes; the report gives the plane a pitch of ${plane.pitch}`;
  if (read.bytesPerRow > plane.pitch)
    return `it holds ${read.bytesPerRow} bytes a row, more than plane ${plane.index}'s pitch of ${plane.pitch}`;
  // The report may be the one the user was shown, the sample a later decode of the same frame: the layout (offsets,
  // pitch, sizes) is the same, the addresses need not be.
  const { size } = allocationOf(report, plane);
  const first = planeOffset(report, plane);
  if (first === null || size === null)
    return `the report does not place plane ${plane.index} in an allocation, so no read of it could have been made`;
  const column = read.offset - first - read.row * plane.pitch;
  if (column < 0 || column + read.bytesPerRow > plane.pitch)
    return `its offset ${read.offset} is not row ${read.row} of plane ${plane.index} (which starts at ${first} in a pitch of ${plane.pitch})`;
  const end = read.offset + (read.rows - 1) * read.rowPitch + read.bytesPerRow;
  if (end > Math.min(size, read.allocation.size)) {
    const held = Math.ceil((size - first) / plane.pitch);
    return `its rows ${read.row}–${read.row + read.rows - 1} of plane ${plane.index} end at byte ${end}, past the allocation of ${Math.min(size, read.allocation.size)} bytes (the plane's memory holds ${held} rows)`;
  }
  const start = BigInt(read.allocation.start);
  // An allocation past the top of the address space would make the addresses of reads inside it 17 digits long.
  if (start + BigInt(read.allocation.size) > ADDRESS_END)
    return `its allocation at ${read.allocation.start} of ${read.allocation.size} bytes runs past the end of the 64-bit address space`;
  if (BigInt(read.address) !== start + BigInt(read.offset))
    return `its address ${read.address} is not its offset ${read.offset} into the allocation at ${read.allocation.start}`;
  return spansProblem(report, read);
}

/** Why a sample's region spans do not tile its bytes in order, each naming a plane of the frame, or null. */
function spansProblem(report: FrameReport, read: MemorySampleEntry['read']): string | null {
  let at = 0;
  for (const [i, span] of read.regions.entries()) {
    if (span.start !== at)
      return `its region span ${i} starts at byte ${span.start}, not at ${at} where span ${i - 1} ends`;
    if (span.plane !== null && !report.planes.some((p) => p.index === span.plane))
      return `its region span ${i} names plane ${span.plane}, which the frame's report lacks`;
    at += span.length;
  }
  const bytes = read.rows * read.bytesPerRow;
  if (at !== bytes) return `its region spans cover ${at} bytes; it holds ${bytes}`;
  return null;
}

/**
 * Checks every memory sample of a manifest against its frame's report; throws CAPTURE_INVALID naming the first that
 * does not fit, and why. Only the manifest is looked at: it runs before any sample's bytes are inflated.
 */
export function checkMemorySamples(manifest: CaptureManifest, label: string): void {
  for (const frame of manifest.frames) {
    for (const sample of frame.memory ?? []) {
      const problem = sampleProblem(frame.report, frame.index, sample);
      if (problem !== null)
        throw invalid(
          `${label}: the memory sample ${sample.bin} of frame ${frame.index} does not fit the frame: ${problem}.`,
        );
    }
  }
}
