/**
 * The capture format's manifest (capture.json inside a .zci zip), its schema, and what the renderer sees
 * of an open capture. docs/capture-format.md describes the format; this file is its single definition.
 */
import { z } from 'zod';
import { boundedJson, boundedJsonObject, CAPTURE_JSON_BOUNDS, type JsonValue } from './bounded-json';
import { environmentReportSchema } from './environment';
import { lacksJudgements, RECORDER_JUDGEMENTS, recordedBlockSchema, recorderFactsSchema } from './capture-recorded';
import { frameReportSchema, streamInfoSchema, type FrameReport } from './report';
import { MEMORY_READ_CAP, memoryReadSchema, regionSpanSchema } from './memory';
import { decodeModeSchema, planeNameSchema, thumbnailWidthSchema } from './vocabulary';

/** The value of the manifest's format field. */
export const CAPTURE_FORMAT = 'zerocopy-inspector-capture';

/**
 * The format version this build writes and the newest it reads. Version 2: a recorder's frame reports leave their
 * judgements out (contract/capture-recorded.ts), for the reader to derive from the frame's facts; a reader of
 * version 1 would refuse such a report as incomplete, so it is told the capture is newer instead.
 */
export const CAPTURE_FORMAT_VERSION = 2;

/** The manifest's name inside the zip. */
export const CAPTURE_MANIFEST = 'capture.json';

/** The signature's name inside the zip (optional: captures written before signing have none). */
export const CAPTURE_SIGNATURE = 'signature.json';

/** The file extension of captures. */
export const CAPTURE_EXTENSION = '.zci';

/** True when a path names a capture (by its extension; the backend checks the contents). */
export function isCapturePath(path: string): boolean {
  return path.toLowerCase().endsWith(CAPTURE_EXTENSION);
}

/** The plane thumbnail width captures use unless asked otherwise: sharp at the presenter view's size. */
export const DEFAULT_CAPTURE_THUMBNAIL_WIDTH = 480;

/** Operator names that the presenter view shows side by side: the naive single-tensor wrap and the right one. */
export const WRONG_WRAP_OPERATOR = 'wrong-wrap';

/** See WRONG_WRAP_OPERATOR. */
export const RIGHT_WRAP_OPERATOR = 'right-wrap';

/** A PNG inside the zip: a relative path without '..'. */
const pngPathSchema = z
  .string()
  .max(256)
  .regex(/^(?!\/)(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._/-]+\.png$/, 'a relative path inside the capture ending in .png');

/** One plane's grey thumbnail. */
const thumbnailEntrySchema = z.object({
  plane: z.int().min(0).max(7),
  name: planeNameSchema,
  width: z.int().min(1).max(4096),
  height: z.int().min(1).max(4096),
  png: pngPathSchema,
});

/**
 * One operator preview (CV-CUDA on the wrapped frame); open for fields later versions add. The open parts (params
 * and fields this version does not know) are bounded JSON, and so is the whole entry.
 */
const operatorEntrySchema = boundedJson({
  maxDepth: CAPTURE_JSON_BOUNDS.maxDepth + 1,
  maxBytes: 2 * CAPTURE_JSON_BOUNDS.maxBytes,
}).pipe(
  z
    .object({
      name: z.string().min(1).max(64),
      params: boundedJsonObject(CAPTURE_JSON_BOUNDS),
      png: pngPathSchema,
      gpuTimeMs: z.number().nullable().optional(),
      psnr: z.number().nullable().optional(),
      maxAbsError: z.number().nullable().optional(),
    })
    .catchall(z.custom<JsonValue>()),
);

/** A file of a frame's memory bytes inside the zip. */
const binPathSchema = z
  .string()
  .max(256)
  .regex(/^(?!\/)(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._/-]+\.bin$/, 'a relative path inside the capture ending in .bin');

/** What a capture may keep of frames' memory: per frame (the writer's plan) and in all. */
export const CAPTURE_MEMORY_BUDGETS = { frameBytes: 1024 * 1024, totalBytes: 64 * 1024 * 1024 } as const;

/**
 * Some bytes of a frame's memory as one read took them (its rows, regions and addresses; the bytes in `bin`):
 * a plane's first rows, the rows around its end, or a tile around the picture's middle.
 */
/** The kinds of memory sample a capture keeps of each frame. */
export const MEMORY_SAMPLE_KINDS = ['first-rows', 'boundary', 'probe'] as const;

/** Which memory samples a capture keeps: some kinds, or none (an empty list). */
export const memoryKindsSchema = z.array(z.enum(MEMORY_SAMPLE_KINDS)).max(MEMORY_SAMPLE_KINDS.length);

/** Most pixels a capture keeps a probe band around. */
export const MAX_PROBE_POINTS = 8;

/** Pixels (in the first plane's coordinates) a capture keeps a band of rows around, in every plane. */
export const probePointsSchema = z
  .array(z.object({ x: z.int().min(0).max(65_535), y: z.int().min(0).max(65_535) }).strict())
  .max(MAX_PROBE_POINTS);

/** Pixels a capture keeps a probe band around. */
export type ProbePoints = z.infer<typeof probePointsSchema>;

/**
 * What one memory sample may hold, checked when a capture is read. A sample is one memory read, so it holds at most
 * what one read copies (MEMORY_READ_CAP). The planner (electron/capture/memory-samples.ts) reads at most 98 rows in
 * one sample (two displayed rows and three hidden regions of at most 32 rows), and a row crosses at most a few
 * regions (visible, coded but not displayed, right padding, or the next plane's rows where it runs into them), so
 * its samples hold a few hundred spans: 1,024 rows and 4,096 spans leave room for planners to come while a read of a
 * capture stays a small walk over its sample.
 */
export const MEMORY_SAMPLE_LIMITS = { bytes: MEMORY_READ_CAP, rows: 1_024, spans: 4_096 } as const;

const memorySampleSchema = z.object({
  kind: z.enum(MEMORY_SAMPLE_KINDS),
  bin: binPathSchema,
  read: memoryReadSchema.omit({ data: true }).extend({
    rows: z
      .int()
      .min(1)
      .max(MEMORY_SAMPLE_LIMITS.rows, `a memory sample holds at most ${MEMORY_SAMPLE_LIMITS.rows} rows`),
    regions: z
      .array(regionSpanSchema)
      .max(MEMORY_SAMPLE_LIMITS.spans, `a memory sample holds at most ${MEMORY_SAMPLE_LIMITS.spans} region spans`),
  }),
});

/** One kept memory read of a captured frame. */
export type MemorySampleEntry = z.infer<typeof memorySampleSchema>;

/**
 * A captured frame's report as stored: the inspector's states every field; a recorder's leaves out the judgements
 * (RECORDER_JUDGEMENTS), which the inspector derives from the frame's recorded facts when it reads the capture.
 */
const storedReportSchema = frameReportSchema.extend({
  planes: z.array(frameReportSchema.shape.planes.element.partial(RECORDER_JUDGEMENTS.plane)),
  wrap: frameReportSchema.shape.wrap.partial(RECORDER_JUDGEMENTS.wrap),
  context: frameReportSchema.shape.context.partial(RECORDER_JUDGEMENTS.context),
});

/** One captured frame: its report, its plane thumbnails, and optional operator previews. */
const capturedFrameSchema = z.object({
  index: z.int().min(0),
  report: storedReportSchema,
  thumbnails: z.array(thumbnailEntrySchema).max(8),
  operators: z.array(operatorEntrySchema).max(64).optional(),
  /** Bytes of the frame's memory (captures saved before they were kept have none). */
  memory: z.array(memorySampleSchema).max(32).optional(),
  /** The label the user's code gave the frame (recorder captures only). */
  label: z.string().max(200).optional(),
  /** The recorder's facts (contract/capture-recorded.ts) and what else it took (plane boundaries, …): bounded. */
  recorded: recordedBlockSchema(CAPTURE_JSON_BOUNDS).optional(),
});

/** A fact a panel needs that the recorder could not take, and why. */
const notTakenSchema = z.object({ fact: z.string().min(1).max(64), reason: z.string().max(500) });

/**
 * Set when the capture was recorded in the user's own process by the recorder (python/, include/zci_recorder.h),
 * not by the inspector: which recorder, which process, the versions it found there, and the facts it could not take.
 */
const recordedBySchema = z.object({
  origin: z.literal('your-process'),
  recorder: z.object({ name: z.string().max(64), version: z.string().max(64), language: z.enum(['python', 'c']) }),
  process: z.object({ name: z.string().max(256), pid: z.int().min(0) }),
  /** Versions found in that process (python, torch, cvcuda, ffmpeg, cudaDriver …); null where absent. */
  versions: z.record(z.string().max(32), z.string().max(128).nullable()),
  notTaken: z.array(notTakenSchema).max(64),
});

/** Who recorded a recorder capture. */
export type RecordedBy = z.infer<typeof recordedBySchema>;

/** A signature state, as verified. */
export const signatureStateSchema = z.enum(['signed', 'tampered', 'unsigned']);

/**
 * What a re-saved capture was made from, recorded in capture.json and so under its signature: the source capture's
 * signature state and signer as verified when it was replayed, and the SHA-256 of its file.
 */
export const madeFromSchema = z.object({
  state: signatureStateSchema,
  fingerprint: z.string().max(128).nullable(),
  thisInstallation: z.boolean(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** What a re-saved capture was made from. */
type MadeFrom = z.infer<typeof madeFromSchema>;

/** How the frames of a capture were chosen. */
const captureSelectionSchema = z.enum(['visited', 'list', 'range', 'all']);

/** The part of the manifest read before anything else, to tell a newer format from a damaged one. */
export const captureHeaderSchema = z.object({
  format: z.literal(CAPTURE_FORMAT),
  formatVersion: z.int().min(1),
});

/** capture.json, version 1. */
export const captureManifestSchema = z
  .object({
    format: z.literal(CAPTURE_FORMAT),
    formatVersion: z.int().min(1).max(CAPTURE_FORMAT_VERSION),
    createdAt: z.iso.datetime({ offset: true }),
    app: z.object({ name: z.string(), version: z.string() }),
    machine: z.object({ hostname: z.string(), platform: z.string(), arch: z.string() }),
    source: z.object({
      fileName: z.string().min(1),
      size: z.int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
    options: z.object({
      decode: decodeModeSchema.nullable(),
      device: z.int().min(0).nullable(),
      /** Where operator previews ran, when not on the decoder's device (absent: there, or an older capture). */
      operatorDevice: z.int().min(0).nullable().optional(),
      peerAccess: z.boolean().optional(),
      proof: z.boolean(),
      thumbnailWidth: thumbnailWidthSchema,
    }),
    selection: captureSelectionSchema,
    stream: streamInfoSchema,
    environment: environmentReportSchema.nullable(),
    /**
     * The writer's word that signature.json accompanies this file (absent in captures made before it was said): a
     * capture that says so and has none had its signature removed, and is tampered, not unsigned.
     */
    signed: z.boolean().optional(),
    /** Set when the capture was re-saved from another capture (absent: made from a video). */
    madeFrom: madeFromSchema.optional(),
    /** Set when the recorder wrote the capture in the user's own process (absent: the inspector wrote it). */
    recordedBy: recordedBySchema.optional(),
    frames: z.array(capturedFrameSchema).min(1).max(100_000),
  })
  .superRefine((manifest, ctx) => {
    const seen = new Set<number>();
    manifest.frames.forEach((frame, i) => {
      if (seen.has(frame.index)) ctx.addIssue({ code: 'custom', path: ['frames', i], message: 'frame listed twice' });
      seen.add(frame.index);
      if (frame.report.frameIndex !== frame.index)
        ctx.addIssue({ code: 'custom', path: ['frames', i], message: 'report.frameIndex differs from index' });
      const derivable = manifest.recordedBy !== undefined && recorderFactsSchema.safeParse(frame.recorded).success;
      if (lacksJudgements(frame.report) && !derivable)
        ctx.addIssue({
          code: 'custom',
          path: ['frames', i, 'recorded'],
          message: "the report leaves out its judgements, and the frame holds no recorder's facts to derive them from",
        });
    });
  });

/** The manifest as stored: a recorder's frames may leave their judgements out. */
export type StoredCaptureManifest = z.infer<typeof captureManifestSchema>;

/** One captured frame as stored. */
export type StoredCapturedFrame = z.infer<typeof capturedFrameSchema>;

/** One captured frame as read: its report whole, the judgements of a recorder's frame derived from its facts. */
export type CapturedFrame = Omit<StoredCapturedFrame, 'report'> & { report: FrameReport };

/** The manifest as read (electron/capture/capture-file.ts): every frame's report whole. */
export type CaptureManifest = Omit<StoredCaptureManifest, 'frames'> & { frames: CapturedFrame[] };

/** One operator preview entry, as in the manifest. */
export type OperatorEntry = z.infer<typeof operatorEntrySchema>;

/** How the frames were chosen. */
export type CaptureSelection = z.infer<typeof captureSelectionSchema>;

/** Which frames saveCapture writes: a list, an inclusive range, or (absent) the frames the user visited. */
export const captureFramesSchema = z.union([
  z.array(z.int().min(0).max(100_000_000)).min(1).max(10_000),
  z
    .object({ from: z.int().min(0).max(100_000_000), to: z.int().min(0).max(100_000_000) })
    .strict()
    .refine((range) => range.to >= range.from && range.to - range.from < 10_000, {
      message: 'from must not exceed to, and a range holds at most 10000 frames',
    }),
]);

/** A frame selection for saveCapture. */
export type CaptureFrames = z.infer<typeof captureFramesSchema>;

/**
 * What opening a capture may cost. Everything but the deadline and the parser's heap is checked from sizes the
 * zip and the PNG headers declare, before anything is inflated or decoded; a capture over a budget is refused
 * with CAPTURE_INVALID naming it. The writer checks the same budgets, so it never writes what will not open.
 */
export const CAPTURE_BUDGETS = {
  /** The capture file itself. */
  fileBytes: 512 * 1024 * 1024,
  /** Entries in the zip (a zip without zip64 holds at most 65,535). */
  entries: 65_535,
  /** Each entry's declared (inflated) size. */
  entryBytes: 64 * 1024 * 1024,
  /** The declared sizes of all entries together. */
  totalBytes: 384 * 1024 * 1024,
  /** capture.json's declared size. */
  manifestBytes: 32 * 1024 * 1024,
  /** The pixels of every distinct PNG the manifest names (width × height × channels), decoded once each. */
  decodedBytes: 256 * 1024 * 1024,
  /** Time to read the zip's directory, parse and validate the manifest and check every PNG header. */
  parseMs: 5_000,
  /** The heap of the worker that does it. */
  parseHeapBytes: 256 * 1024 * 1024,
} as const;

/** A byte count in the words budget messages use ("256 MiB"). */
export function budgetWords(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** The largest operator preview a capture holds: as wide as the widest thumbnail, at most 4096 rows. */
export const OPERATOR_PREVIEW_MAX = { width: 1024, height: 4096 } as const;

/** signature.json: an Ed25519 signature over capture.json's bytes and every other entry's SHA-256. */
export const captureSignatureSchema = z.object({
  algorithm: z.literal('ed25519'),
  /** The signer's public key, SPKI DER, base64. */
  publicKey: z
    .string()
    .max(256)
    .regex(/^[A-Za-z0-9+/]+=*$/),
  /** SHA-256 of the public key's DER bytes, in groups of four hex digits. */
  fingerprint: z.string().max(128),
  /** The signature of the signed statement (docs/capture-format.md), base64. */
  signature: z
    .string()
    .max(256)
    .regex(/^[A-Za-z0-9+/]+=*$/),
});

/** signature.json, parsed. */
export type CaptureSignatureFile = z.infer<typeof captureSignatureSchema>;

/** Whether a capture is signed, by whom, and whether its evidence is as signed. */
export interface CaptureSignature {
  /** 'signed': the signature verifies; 'tampered': it does not (the evidence changed after signing); 'unsigned'. */
  state: z.infer<typeof signatureStateSchema>;
  /** The signer's key fingerprint (SHA-256 of its public key, hex groups), or null when unsigned. */
  fingerprint: string | null;
  /** True when this installation's own key signed it. */
  thisInstallation: boolean;
  /** In words: what was checked, or what did not verify. */
  detail: string;
  /** What the capture was re-saved from, as its manifest records it (null: made from a video). */
  madeFrom: MadeFrom | null;
}

/** True when a signature state is 'signed' by this installation. */
const ownSigned = (s: { state: string; thisInstallation: boolean }): boolean =>
  s.state === 'signed' && s.thisInstallation;

/**
 * Why a capture's provenance falls short of "signed by this installation, from a video or from a capture it
 * signed" (null when it does not): what `inspect --strict` fails on. Tampered is always a failure.
 */
export function provenanceShortfall(signature: CaptureSignature): string | null {
  if (signature.state === 'tampered') return `tampered: ${signature.detail}`;
  if (signature.state === 'unsigned') return 'unsigned';
  if (!signature.thisInstallation) return `signed by another installation (key ${signature.fingerprint ?? '?'})`;
  const from = signature.madeFrom;
  if (from !== null && !ownSigned(from)) return `re-saved from a capture that was ${madeFromWords(from)}`;
  return null;
}

/** A source capture's state in words ("unsigned", "signed by another installation · key …"). */
function madeFromWords(from: MadeFrom): string {
  if (from.state === 'unsigned') return 'unsigned';
  const who = from.thisInstallation ? 'this installation' : 'another installation';
  return `${from.state === 'signed' ? 'signed' : 'TAMPERED, signed'} by ${who} · key ${from.fingerprint ?? '?'}`;
}

/** The capture banner's and the command line's words for a signature state. */
export function signatureWords(signature: CaptureSignature): string {
  const from = signature.madeFrom;
  const origin =
    from === null
      ? ''
      : ` · re-saved from a capture that was ${madeFromWords(from)} (sha256 ${from.sha256.slice(0, 12)}…)`;
  if (signature.state === 'unsigned') return `unsigned${origin}`;
  const who = signature.thisInstallation ? 'this installation' : 'another installation';
  if (signature.state === 'signed') return `signed by ${who} · key ${signature.fingerprint ?? '?'}${origin}`;
  return `TAMPERED: ${signature.detail} · key ${signature.fingerprint ?? '?'}${origin}`;
}
