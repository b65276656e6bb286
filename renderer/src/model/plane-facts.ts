/**
 * The facts of each plane's memory the views draw: coded size, the two kinds of hidden rows, the coded columns,
 * the right padding and the plane's own allocation. Reports from the addon carry them per plane; captures made
 * before carry only the older fields, from which the same facts are derived (and marked as derived).
 */
import type { FrameReport, PlaneReport } from '../../../contract/report';

/** The per-plane fields of the memory report, all optional (absent in captures made before them). */
interface PlaneMemoryFields {
  codedWidth?: number;
  codedHeight?: number;
  codedRowsNotDisplayed?: number | null;
  allocatorPaddingRows?: number | null;
  codedColumnsNotDisplayed?: number;
  separateAllocation?: boolean;
  allocation?: { start: string; size: number } | null;
}

/** A plane as any report states it: the older fields, the newer optional ones, an offset that may be null. */
type AnyPlane = Omit<PlaneReport, 'offsetFromPlane0'> & { offsetFromPlane0: number | null } & PlaneMemoryFields;

/** What the views need to know about one plane's memory. */
export interface PlaneFacts {
  index: number;
  name: string;
  /** Displayed samples across and down. */
  width: number;
  height: number;
  /** Samples the decoder coded across and down (display plus what the codec's blocks add). */
  codedWidth: number;
  codedHeight: number;
  bytesPerPixel: number;
  pitch: number;
  /** Bytes of the displayed samples of a row, and of the coded ones. */
  visibleBytes: number;
  codedBytes: number;
  /** Bytes after the coded samples of each row, up to the pitch. */
  rightPaddingBytes: number;
  /** Rows below the display height that the decoder coded. */
  codedRowsNotDisplayed: number;
  /** Whole rows the allocator added below the coded rows. */
  allocatorPaddingRows: number;
  /** Columns right of the display width that the decoder coded. */
  codedColumnsNotDisplayed: number;
  /** Rows of this plane's pitch from its first byte to the next plane or the end of its allocation. */
  rows: number;
  /** Whether the plane lies in an allocation of its own (planes apart). */
  separateAllocation: boolean;
  /** The plane's allocation (its first byte and size), where known: its own when separate, else the frame's. */
  allocation: { start: bigint; size: number } | null;
  /** Offset of the plane's first byte in its allocation, where known. */
  offsetInAllocation: number | null;
  /** Offset from plane 0's first byte; null when the plane lies in another allocation. */
  offsetFromPlane0: number | null;
  /** Bytes of the allocation after the plane's last whole row, when this plane ends its allocation. */
  tailBytes: number | null;
  ffmpegPointer: bigint;
  nvcvPointer: bigint | null;
  /** True when the split of hidden rows was derived from older fields (a capture made before the split). */
  derived: boolean;
}

/** Horizontal and vertical subsampling of a chroma plane, from "4:2:0"-style text. */
export function subsampling(text: string): { h: number; v: number } {
  const parts = text.split(':').map(Number);
  const [, b, c] = parts;
  if (parts.length !== 3 || b === undefined || c === undefined || !(b > 0)) return { h: 1, v: 1 };
  const h = Math.max(1, Math.round(4 / b));
  const v = c === 0 ? 2 : 1;
  return { h, v };
}

/** Whether a plane holds chroma (scaled by subsampling): planes 1 and 2 of a YUV frame. */
function isChroma(index: number, planeCount: number): boolean {
  return planeCount > 1 && (index === 1 || index === 2);
}

function bigOrNull(hex: string | null): bigint | null {
  if (hex === null) return null;
  try {
    return BigInt(hex);
  } catch {
    return null;
  }
}

/** The facts of one plane of a report. */
export function planeFacts(report: Pick<FrameReport, 'format' | 'planes' | 'allocation'>, index: number): PlaneFacts {
  const planes = report.planes as readonly AnyPlane[];
  const plane = planes.find((p) => p.index === index);
  if (plane === undefined) throw new Error(`the report has no plane ${index}`);
  const together = report.allocation.planesInOneAllocation;
  const { h, v } = isChroma(index, planes.length) ? subsampling(report.format.chromaSubsampling) : { h: 1, v: 1 };
  const bpp = Math.max(1, plane.bytesPerPixel);
  // Planes apart: each lies in a buffer of its own, plane 0 included (its own is the frame's reported range).
  const separate = !together || plane.separateAllocation === true;
  const rangeStart = bigOrNull(report.allocation.rangeStart);
  const ffmpegPointer = BigInt(plane.ffmpegPointer);
  // A plane's own allocation is reported when it is separate; otherwise it lies in the frame's reported range (plane
  // 0's). Older reports name no allocation per plane: only plane 0 (or every plane, when together) lies in that range.
  const inReportedRange = together || index === 0 || plane.separateAllocation === false;
  const allocation =
    plane.allocation !== undefined && plane.allocation !== null
      ? { start: BigInt(plane.allocation.start), size: plane.allocation.size }
      : inReportedRange && rangeStart !== null && report.allocation.rangeSize !== null
        ? { start: rangeStart, size: report.allocation.rangeSize }
        : null;
  const offsetInAllocation =
    allocation !== null ? Number(ffmpegPointer - allocation.start) : (plane.offsetInAllocation ?? null);
  const myOffset = plane.offsetFromPlane0 ?? 0;
  const lastInAllocation = separate || planes.every((p) => p.index === index || (p.offsetFromPlane0 ?? 0) <= myOffset);
  const bytesAfterPicture =
    allocation !== null && offsetInAllocation !== null && lastInAllocation
      ? allocation.size - offsetInAllocation - plane.height * plane.pitch
      : null;
  const hidden = Math.max(
    0,
    plane.hiddenRowsAfter ?? (bytesAfterPicture !== null ? Math.floor(bytesAfterPicture / plane.pitch) : 0),
  );
  const codedHeight =
    plane.codedHeight ??
    Math.min(plane.height + hidden, Math.max(plane.height, Math.ceil(report.format.codedHeight / v)));
  const codedWidth =
    plane.codedWidth ??
    Math.min(Math.floor(plane.pitch / bpp), Math.max(plane.width, Math.ceil(report.format.codedWidth / h)));
  // Older reports, or rows the report could not split (null): derived from the coded size.
  const codedRows = plane.codedRowsNotDisplayed ?? Math.max(0, codedHeight - plane.height);
  const allocatorRows = plane.allocatorPaddingRows ?? Math.max(0, hidden - codedRows);
  const codedColumns = plane.codedColumnsNotDisplayed ?? Math.max(0, codedWidth - plane.width);
  const derived =
    plane.codedRowsNotDisplayed == null || plane.allocatorPaddingRows == null || plane.codedColumnsNotDisplayed == null;
  const rows = plane.height + codedRows + allocatorRows;
  const visibleBytes = plane.width * bpp;
  const codedBytes = Math.max(visibleBytes, Math.min(plane.pitch, (plane.width + codedColumns) * bpp));
  const tailBytes =
    bytesAfterPicture !== null ? Math.max(0, bytesAfterPicture - (rows - plane.height) * plane.pitch) : null;
  return {
    index,
    name: plane.name,
    width: plane.width,
    height: plane.height,
    codedWidth: plane.width + codedColumns,
    codedHeight: plane.height + codedRows,
    bytesPerPixel: bpp,
    pitch: plane.pitch,
    visibleBytes,
    codedBytes,
    rightPaddingBytes: Math.max(0, plane.pitch - codedBytes),
    codedRowsNotDisplayed: codedRows,
    allocatorPaddingRows: allocatorRows,
    codedColumnsNotDisplayed: codedColumns,
    rows,
    separateAllocation: separate,
    allocation,
    offsetInAllocation,
    offsetFromPlane0: separate && index !== 0 ? null : plane.offsetFromPlane0,
    tailBytes,
    ffmpegPointer,
    nvcvPointer: bigOrNull(plane.nvcvPointer),
    derived,
  };
}

/** The facts of every plane, in the report's order. */
export function allPlaneFacts(report: Pick<FrameReport, 'format' | 'planes' | 'allocation'>): PlaneFacts[] {
  return report.planes.map((plane) => planeFacts(report, plane.index));
}
