/**
 * The bytes a capture keeps of each frame's memory, so the probe and the boundary view work where no GPU is: every
 * plane's first rows, the rows around its end (the last coded rows, the hidden rows, the first rows of what follows)
 * and a tile of rows around the picture's middle. Each is one memory read, kept as it was read (its regions, its
 * addresses) with its bytes in a file of its own; a later read is answered from them (sample-reads.ts) when it lies
 * inside one.
 */
import type { ReadMemoryParams } from '../../contract/memory';

/** A range of a frame's memory, as readMemory takes it. */
type MemoryRange = ReadMemoryParams['range'];
import { CAPTURE_MEMORY_BUDGETS, type MemorySampleEntry, type ProbePoints } from '../../contract/capture';
import { RpcFailure } from '../../contract/envelope';
import { MEMORY_READS_PER_CALL, type MemoryRead } from '../../contract/memory';
import type { FrameReport } from '../../contract/report';

/** A plane range with its kind, as a capture asks for it. */
export interface PlannedSample {
  kind: MemorySampleEntry['kind'];
  range: { plane: number; row: number; rows: number; byteStart?: number; byteCount?: number };
}

/** Hidden rows a boundary sample keeps whole; past it, the first and last RUN_KEPT of them (as the boundary view
 * lists a long run: its first and last halves of 32). */
const RUN_WHOLE = 32;
const RUN_KEPT = 16;
/** Rows of the tile kept around the middle of the picture. */
const PROBE_ROWS = 16;

/** The tail of the allocation after a plane's last whole row, when the plane is the last in it: its row and bytes. */
function tailOf(
  report: Pick<FrameReport, 'planes' | 'allocation'>,
  index: number,
): { row: number; bytes: number } | null {
  const plane = report.planes[index];
  const size = plane?.allocation?.size ?? report.allocation.rangeSize;
  if (plane === undefined || size === null || plane.offsetInAllocation === null) return null;
  const after = report.planes.some(
    (p) => p.index !== index && (p.offsetInAllocation ?? -1) > (plane.offsetInAllocation ?? 0) && !p.separateAllocation,
  );
  if (after && plane.separateAllocation !== true) return null;
  const bytes = size - plane.offsetInAllocation;
  const tail = bytes % plane.pitch;
  return tail > 0 ? { row: Math.floor(bytes / plane.pitch), bytes: tail } : null;
}

/** [first row, rows] of one run of a region as the boundary view lists it: whole up to RUN_WHOLE rows, else its
 * first and last RUN_KEPT. */
function keptOfRun(first: number, count: number): [number, number][] {
  if (count <= 0) return [];
  if (count <= RUN_WHOLE) return [[first, count]];
  return [
    [first, RUN_KEPT],
    [first + count - RUN_KEPT, RUN_KEPT],
  ];
}

/**
 * The rows of a plane's boundary the view lists, as [first row, rows] reads with touching ones joined: the last two
 * displayed rows, then each hidden region by itself (coded rows not displayed, then the allocator's padding; rows the
 * report gives to neither, as one more run), each whole or its first and last RUN_KEPT rows.
 */
function boundaryRuns(p: FrameReport['planes'][number], format: FrameReport['format']): [number, number][] {
  const before = Math.min(2, p.height);
  // Reports from before the split name no coded rows: the plane's share of the coded height, as the layout derives it.
  const down = Math.max(1, Math.round(format.height / Math.max(1, p.height)));
  const codedHeight = p.codedHeight ?? Math.ceil(format.codedHeight / down);
  const coded = Math.max(0, p.codedRowsNotDisplayed ?? codedHeight - p.height);
  const padding = Math.max(0, p.allocatorPaddingRows ?? 0);
  const rest = Math.max(0, (p.hiddenRowsAfter ?? 0) - coded - padding);
  const pieces: [number, number][] = [
    [p.height - before, before],
    ...keptOfRun(p.height, coded),
    ...keptOfRun(p.height + coded, padding),
    ...keptOfRun(p.height + coded + padding, rest),
  ];
  const joined: [number, number][] = [];
  for (const [row, rows] of pieces) {
    const last = joined.at(-1);
    if (last !== undefined && last[0] + last[1] === row) last[1] += rows;
    else if (rows > 0) joined.push([row, rows]);
  }
  return joined;
}

/**
 * The reads a capture makes of one frame, within the per-frame budget (first rows first, then the boundaries, then
 * the probe tiles, until the budget is spent). The boundary reads are the rows the boundary view asks for: the last
 * two displayed rows and every hidden row after them, region by region (the first and last 16 of a region's run
 * longer than 32), and the bytes
 * after the last whole row of an allocation; the next plane's first rows are its own first-rows sample. The probe's
 * band is 16 rows of every plane around each point asked for (a pixel of the first plane), or around the middle.
 */
export function planSamples(
  report: Pick<FrameReport, 'planes' | 'allocation' | 'format'>,
  points: ProbePoints = [],
): PlannedSample[] {
  const plan: PlannedSample[] = [];
  for (const p of report.planes) {
    plan.push({ kind: 'first-rows', range: { plane: p.index, row: 0, rows: Math.min(2, p.height) } });
  }
  for (const p of report.planes) {
    for (const [row, rows] of boundaryRuns(p, report.format))
      plan.push({ kind: 'boundary', range: { plane: p.index, row, rows } });
    const tail = tailOf(report, p.index);
    if (tail !== null)
      plan.push({
        kind: 'boundary',
        range: { plane: p.index, row: tail.row, rows: 1, byteStart: 0, byteCount: tail.bytes },
      });
  }
  // The probe's band: around each point asked for (in the first plane's rows, scaled to each plane's), else the middle.
  const luma = report.planes[0];
  const centres = points.length > 0 ? points.map((point) => point.y) : [Math.floor((luma?.height ?? 0) / 2)];
  for (const y of centres) {
    for (const p of report.planes) {
      const rows = Math.min(PROBE_ROWS, p.height);
      const centre = Math.floor((y * p.height) / Math.max(1, luma?.height ?? p.height));
      const row = Math.max(0, Math.min(p.height - rows, centre - rows / 2));
      plan.push({ kind: 'probe', range: { plane: p.index, row, rows } });
    }
  }
  let spent = 0;
  return plan.filter((s) => {
    const pitch = report.planes[s.range.plane]?.pitch ?? 0;
    const bytes = s.range.rows * (s.range.byteCount ?? pitch);
    if (spent + bytes > CAPTURE_MEMORY_BUDGETS.frameBytes) return false;
    spent += bytes;
    return true;
  });
}

/**
 * Reads what planSamples asks, in order; a capture being re-saved passes on what it holds and skips what it lacks.
 * With a batch reader (a live video), the plan is read MEMORY_READS_PER_CALL ranges a call, each range read and
 * charged as one read, so a frame's samples cost one or two calls instead of one each.
 */
export async function readSamples(
  plan: readonly PlannedSample[],
  read: (range: MemoryRange) => Promise<MemoryRead>,
  readBatch?: (ranges: readonly MemoryRange[]) => Promise<MemoryRead[]>,
): Promise<{ kind: PlannedSample['kind']; read: MemoryRead }[]> {
  const taken: { kind: PlannedSample['kind']; read: MemoryRead }[] = [];
  if (readBatch !== undefined) {
    for (let at = 0; at < plan.length; at += MEMORY_READS_PER_CALL) {
      const part = plan.slice(at, at + MEMORY_READS_PER_CALL);
      const reads = await readBatch(part.map((sample) => sample.range));
      part.forEach((sample, k) => {
        const answer = reads[k];
        if (answer === undefined) throw new Error(`the batch read answered ${reads.length} of ${part.length} ranges`);
        taken.push({ kind: sample.kind, read: answer });
      });
    }
    return taken;
  }
  for (const sample of plan) {
    try {
      taken.push({ kind: sample.kind, read: await read(sample.range) });
    } catch (error) {
      if (!(error instanceof RpcFailure) || error.envelope.code !== 'MEMORY_NOT_CAPTURED') throw error;
    }
  }
  return taken;
}
