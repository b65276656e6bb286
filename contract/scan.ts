/**
 * What `zerocopy-inspector scan` writes: one JSON line per file (the results file, append-only, resumable) and the
 * summary grouped by cause. Stated once here; the scanner validates every line it writes, and a resumed scan
 * validates every line it reads back.
 */
import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { CHECK_NAMES } from './checks';

/** The version of a results line; a resumed scan refuses lines of another. */
export const SCAN_LINE_VERSION = 1;

/** What identifies a file across runs: a file whose size, modification time or first bytes changed is scanned anew. */
const scanKeySchema = z.object({
  path: z.string(),
  size: z.int().nonnegative(),
  mtimeMs: z.number(),
  /** SHA-256 of the file's first SCAN_HEAD_BYTES bytes, hex. */
  headSha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** The bytes of a file's head that its key hashes: enough to tell two files apart, cheap for a corpus. */
export const SCAN_HEAD_BYTES = 64 * 1024;

/** One cause found in a file: the check it failed, the words that group it across files, its frames. */
const scanFindingSchema = z.object({
  /** The check that failed, or a scan-level finding: frames missing or doubled, a decode path not asked for. */
  check: z.enum([...CHECK_NAMES, 'frames', 'timestamps', 'decode-path', 'decode-error', 'compare']),
  /** The words that group this finding across files (no addresses, no frame numbers). */
  cause: z.string(),
  /** Frames that showed it, and the first of them. */
  frames: z.int().nonnegative(),
  firstFrame: z.int().nonnegative().nullable(),
  /** The first such frame's own words (addresses and distances included). */
  detail: z.string(),
});

/** One file's outcome: clean, findings, or an error that kept it from being scanned. */
export const scanLineSchema = z.object({
  version: z.literal(SCAN_LINE_VERSION),
  key: scanKeySchema,
  status: z.enum(['clean', 'findings', 'error']),
  /** Why the file could not be scanned (a stable code and a remedy), or null. */
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string(), remedy: z.string() }).nullable(),
  stream: z
    .object({
      codec: z.string(),
      profile: z.string(),
      width: z.int(),
      height: z.int(),
      codedWidth: z.int(),
      codedHeight: z.int(),
      pixelFormat: z.string(),
      bitDepth: z.int(),
      decodePath: z.string(),
      decodePathReason: z.string(),
      /** Frames the container says the stream has, and whether that count is exact (an index) or estimated. */
      containerFrames: z.int().nonnegative(),
      containerFramesExact: z.boolean(),
    })
    .nullable(),
  /** Frames decoded and checked; frames whose checks could not all run; frames with the aliasing proof. */
  frames: z.int().nonnegative(),
  unchecked: z.int().nonnegative(),
  proofFrames: z.int().nonnegative(),
  findings: z.array(scanFindingSchema),
  /** Where a one-frame capture of the first failing frame was written, or null. */
  capture: z.string().nullable(),
  /** Wall time of this file's scan, in milliseconds. */
  elapsedMs: z.number().nonnegative(),
});

/** One results line. */
export type ScanLine = z.infer<typeof scanLineSchema>;

/** One finding. */
export type ScanFinding = z.infer<typeof scanFindingSchema>;

/** A file's identity across runs. */
export type ScanKey = z.infer<typeof scanKeySchema>;

/** The exit codes of scan, for CI: clean, findings, usage, nothing could be scanned. */
export const SCAN_EXIT_CODES = { clean: 0, findings: 1, usage: 2, nothingScanned: 3 } as const;
