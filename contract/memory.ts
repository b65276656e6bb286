/**
 * Reading a frame's memory: the bounded byte ranges the pixel probe and the boundary view ask for, and the names of
 * the regions every byte of an allocation belongs to. The addon states its own copy of the region names and the cap
 * in its C++ tables (checked by test/integration/addon-drift.test.ts).
 */
import { z } from 'zod';

/**
 * Where a byte lies, relative to the plane it is read through:
 * - visible: a displayed sample;
 * - right-padding: past the coded width, up to the pitch (the allocator's row alignment);
 * - coded-not-displayed: decoded but cropped away (H.264 codes whole 16×16 macroblocks, HEVC whole coding-tree
 *   blocks: 1080 rows become 1088), rows below the display height and columns right of the display width;
 * - allocator-padding: whole rows the allocator (FFmpeg's frame pool) left between the coded rows and the next plane
 *   or the end of the allocation;
 * - next-plane: a byte of a later plane, reached by reading past this one;
 * - outside-planes: inside the allocation but in no plane's rows (for example a tail shorter than one row).
 */
export const MEMORY_REGIONS = [
  'visible',
  'right-padding',
  'coded-not-displayed',
  'allocator-padding',
  'next-plane',
  'outside-planes',
] as const;

/** One of MEMORY_REGIONS. */
export type MemoryRegion = (typeof MEMORY_REGIONS)[number];

/** The one name each region is shown under, in the report, the panels, the command line and captures. */
export const REGION_LABELS: Readonly<Record<MemoryRegion, string>> = {
  visible: 'visible',
  'right-padding': 'right padding',
  'coded-not-displayed': 'coded but not displayed',
  'allocator-padding': 'allocator padding',
  'next-plane': 'next plane',
  'outside-planes': 'outside any plane',
};

/** The most bytes one read may copy to the host (1 MiB); more answers MEMORY_READ_TOO_LARGE before any copy. */
export const MEMORY_READ_CAP = 1_048_576;

/** The most ranges one batch read takes (the addon's Session.readMemoryBatch; more: INVALID_ARGUMENT). */
export const MEMORY_READS_PER_CALL = 16;

const MAX_INDEX = 100_000_000;
const MAX_BYTES = 2 ** 40;

/**
 * The most rows one read may name. No decoder the inspector opens hands out a plane taller than 65,536 rows (AV1
 * and VP9 stop there, H.264 and HEVC far below), so no honest read needs more; the bound keeps the work a read
 * costs per row (a capture answers row by row) small, where the old bound of 1,000,000 let one read ask for
 * 20,000 one-byte rows of a capture and spend seconds on them.
 */
export const MAX_READ_ROWS = 65_536;

/** Rows of one plane, in that plane's pitch from its first byte; rows may run past the plane (hidden rows, the next
 * plane, the tail). Columns are bytes inside the row: byteStart..byteStart+byteCount (default: the whole pitch). */
const planeRangeSchema = z
  .object({
    plane: z.int().min(0).max(7),
    row: z.int().min(0).max(1_000_000),
    rows: z.int().min(1).max(MAX_READ_ROWS),
    byteStart: z.int().min(0).max(1_000_000).optional(),
    byteCount: z.int().min(1).max(1_000_000).optional(),
  })
  .strict();

/** A byte offset and length from the first byte of the frame's allocation (plane 0's, when planes lie apart). */
const byteRangeSchema = z
  .object({
    offset: z.int().min(0).max(MAX_BYTES),
    length: z.int().min(1).max(MAX_BYTES),
  })
  .strict();

/** What readMemory takes: the frame it reads (named, never implied) and one range. */
export const readMemoryParamsSchema = z
  .object({
    index: z.int().min(0).max(MAX_INDEX),
    range: z.union([planeRangeSchema, byteRangeSchema]),
  })
  .strict();

/** The parameters of readMemory. */
export type ReadMemoryParams = z.infer<typeof readMemoryParamsSchema>;

/** A 64-bit address as a hex string with a 0x prefix. */
const addressSchema = z.string().regex(/^0x[0-9a-fA-F]{1,16}$/);

/** A run of bytes of the answer that lie in one region (of one plane, where they lie in one). */
export const regionSpanSchema = z.object({
  /** Index of the span's first byte in data. */
  start: z.int().min(0),
  length: z.int().min(1),
  region: z.enum(MEMORY_REGIONS),
  /** The plane whose rows hold these bytes; null for outside-planes. */
  plane: z.int().min(0).nullable(),
});

/** One span of labelled bytes. */
export type RegionSpan = z.infer<typeof regionSpanSchema>;

/** What readMemory answers: the bytes (rows × bytesPerRow, packed), where they came from, and their regions. */
export const memoryReadSchema = z.object({
  frameIndex: z.int().min(0),
  /** How the bytes reached the host: one 2-D copy from the device, or read directly from host memory. */
  source: z.enum(['device-2d-copy', 'host']),
  /** The plane the range was given in; null for a byte range. */
  plane: z.int().min(0).nullable(),
  /** The first row read, in the plane's pitch (plane ranges); null for a byte range. */
  row: z.int().min(0).nullable(),
  /** Offset of the first byte from the first byte of the allocation read. */
  offset: z.int().min(0),
  rows: z.int().min(1),
  bytesPerRow: z.int().min(1),
  /** Distance between the starts of consecutive rows read, in the allocation (the plane's pitch; bytesPerRow for a
   * byte range). */
  rowPitch: z.int().min(1),
  /** The bytes (a binary frame carries them as they are: wire-frame.ts). */
  data: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'bytes'),
  /** Every byte of data, in order, in exactly one span. */
  regions: z.array(regionSpanSchema),
  /** The allocation read: its first byte, its size, and whether it holds only this plane (planes apart). */
  allocation: z.object({ start: addressSchema, size: z.int().min(0), separate: z.boolean() }),
  /** FFmpeg's address of the first byte read. */
  address: addressSchema,
  /** Bytes copied to the host by this call: rows × bytesPerRow. */
  bytesRead: z.int().min(0),
  /** Bytes copied to the host by every read of this open file so far. */
  totalBytesRead: z.int().min(0),
  /** The cap of one read (MEMORY_READ_CAP). */
  cap: z.int().min(1),
});

/** The result of readMemory. */
export type MemoryRead = z.infer<typeof memoryReadSchema>;

/**
 * Why an answer of readMemory is not one (outside memoryReadSchema, its bytes not rows × bytesPerRow, or its spans
 * not every byte in order), or null when it is: checked before any answer leaves the backend.
 */
export function memoryReadProblem(read: MemoryRead): string | null {
  const parsed = memoryReadSchema.safeParse(read);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'not a memory read'}`;
  }
  const bytes = read.rows * read.bytesPerRow;
  if (read.data.byteLength !== bytes)
    return `data holds ${read.data.byteLength} bytes, not ${read.rows} × ${read.bytesPerRow}`;
  let at = 0;
  for (const span of read.regions) {
    if (span.start !== at) return `a region span starts at byte ${span.start}, not at ${at}`;
    at += span.length;
  }
  return at === bytes ? null : `the region spans cover ${at} bytes of ${bytes}`;
}
