/**
 * One file of a scan: opened through the addon's Session, every frame shown in batches (the aliasing proof on a
 * sample), each report checked with the same checks as `inspect`, and the frame count and timestamps held against
 * the container. Any failure to open or decode becomes the file's typed error line; nothing here throws.
 */
import { frameChecks } from '../../contract/checks';
import { toRpcError } from '../../contract/envelope';
import type { FrameReport } from '../../contract/report';
import { SCAN_LINE_VERSION, type ScanFinding, type ScanKey, type ScanLine } from '../../contract/scan';
import type { DecodeMode, DecodePath } from '../../contract/vocabulary';
import type { AddonModule, Session, ShowResult } from '../addon/native';
import { addFrameFindings } from './scan-causes';
import { captureFrame, type ScanCaptureOptions } from './scan-capture';
import { compareSampled } from './scan-compare';

/** How each file is scanned. */
export interface ScanFileOptions {
  decode: DecodeMode | null;
  device: number | null;
  /** The aliasing proof runs on frame 0 and every proofEvery-th frame after it (0: never). */
  proofEvery: number;
  /** The NVDEC path every file should take, another being a finding: 'nvdec' (asked for, or a CUDA device is there
   *  for auto), 'cuvid' (asked for), or null (software asked for, or no GPU). */
  expectNvdec: 'nvdec' | 'cuvid' | null;
  /** The decoder A/B on frame 0 and every compareEvery-th frame, at most MAX_COMPARED_FRAMES (0: never). */
  compareEvery: number;
  /** Frames shown per addon call. */
  batch: number;
  /** Where the one-frame capture of a file's first failing frame goes (null: none). */
  captures: ScanCaptureOptions | null;
}

/** A file's scan as it goes: its findings, counts, and the first failing frame (for its one-frame capture). */
interface FileTally {
  findings: Map<string, ScanFinding>;
  frames: number;
  unchecked: number;
  proofFrames: number;
  lastPts: number | null;
  seenPts: Set<number>;
}

/** The runs of frame indices to show in one call each: a proof frame alone, the frames between in batches. */
export function frameRuns(
  from: number,
  to: number,
  proofEvery: number,
  batch: number,
): { frames: number[]; proof: boolean }[] {
  const runs: { frames: number[]; proof: boolean }[] = [];
  let current: number[] = [];
  const flush = (): void => {
    if (current.length > 0) runs.push({ frames: current, proof: false });
    current = [];
  };
  for (let index = from; index < to; index += 1) {
    if (proofEvery > 0 && index % proofEvery === 0) {
      flush();
      runs.push({ frames: [index], proof: true });
      continue;
    }
    current.push(index);
    if (current.length >= batch) flush();
  }
  flush();
  return runs;
}

/** Adds a frame finding of the scan's own (frames, timestamps, decode path), counting frames under one cause. */
function note(
  tally: FileTally,
  check: ScanFinding['check'],
  cause: string,
  frame: number | null,
  detail: string,
): void {
  const key = `${check}\u0000${cause}`;
  const seen = tally.findings.get(key);
  if (seen !== undefined) seen.frames += frame === null ? 0 : 1;
  else tally.findings.set(key, { check, cause, frames: frame === null ? 0 : 1, firstFrame: frame, detail });
}

/** Checks one frame's report and adds what it shows to the tally. */
function tallyFrame(tally: FileTally, report: FrameReport, proof: boolean, options: ScanFileOptions): void {
  const checks = frameChecks(report);
  tally.frames += 1;
  if (proof) tally.proofFrames += 1;
  // Checks that could not run on a frame without the proof (aliasing, restored) are not "unchecked" here: the scan
  // samples the proof on purpose.
  const judged = proof ? checks : checks.filter((c) => c.name !== 'aliasing' && c.name !== 'restored');
  if (judged.some((c) => c.ok === null)) tally.unchecked += 1;
  addFrameFindings(tally.findings, report.frameIndex, report, judged);
  if (options.expectNvdec !== null && report.decodePath !== options.expectNvdec) {
    note(
      tally,
      'decode-path',
      `decoded by ${report.decodePath}, not ${options.expectNvdec === 'cuvid' ? "FFmpeg's cuvid decoder" : 'NVDEC'}`,
      report.frameIndex,
      report.decodePath,
    );
  }
  if (report.damage?.concealed === true) {
    note(
      tally,
      'decode-error',
      'FFmpeg concealed damage in the frame',
      report.frameIndex,
      // Frame-threaded decoders report no flags (contract/report.ts): their first message for the frame says it.
      report.damage.flags.length > 0 ? report.damage.flags.join(', ') : (report.damage.messages[0] ?? ''),
    );
  }
  if (tally.seenPts.has(report.pts)) {
    note(tally, 'timestamps', 'a timestamp repeats (a frame doubled)', report.frameIndex, `pts ${report.pts}`);
  } else if (tally.lastPts !== null && report.pts < tally.lastPts) {
    note(tally, 'timestamps', 'timestamps go backwards', report.frameIndex, `pts ${report.pts} after ${tally.lastPts}`);
  }
  tally.seenPts.add(report.pts);
  tally.lastPts = report.pts;
}

/** True for the error a frame past the stream's end gets: the end of a stream whose count was only estimated. */
const pastTheEnd = (value: unknown): boolean =>
  value instanceof Error && (value as { code?: unknown }).code === 'FRAME_OUT_OF_RANGE';

/** Shows every frame of an open session, run by run; the first frame error ends the file's scan with that error. */
async function showAll(session: Session, tally: FileTally, options: ScanFileOptions): Promise<unknown> {
  const info = session.info;
  // An estimated count may be short: frames past it are asked for until the decoder says there are no more.
  const limit = info.frameCountExact ? info.frameCount : Number.MAX_SAFE_INTEGER;
  let from = 0;
  for (;;) {
    const to = Math.min(limit, from + Math.max(info.frameCount, options.batch));
    for (const run of frameRuns(from, to, options.proofEvery, options.batch)) {
      const answers = await session.showBatch(
        run.frames.map((index) => ({ index })),
        { proof: run.proof },
      );
      for (const answer of answers) {
        if (pastTheEnd(answer) && !info.frameCountExact) return null;
        if (answer instanceof Error) return answer;
        tallyFrame(tally, (answer as ShowResult).report, run.proof, options);
      }
    }
    if (to >= limit) return null;
    from = to;
  }
}

/** A file whose frames are scanned and whose session is closed: the decoder A/B it still needs, and its line once
 *  that is done. */
export interface ScannedFrames {
  /** The sampled A/B still to run (null: none asked for, or no frame to compare). */
  compare: { path: string; decodePath: DecodePath; frames: number } | null;
  /** Frames the file's decoder gave. */
  frames: number;
  /** The file's line, with the A/B's findings and the milliseconds it took. */
  finish(compared: readonly ScanFinding[], compareMs: number): ScanLine;
}

/** Scans one file's frames through the checks; nothing here throws, a failure to open being the file's error line. */
export async function scanFrames(addon: AddonModule, key: ScanKey, options: ScanFileOptions): Promise<ScannedFrames> {
  const started = performance.now();
  const tally: FileTally = {
    findings: new Map(),
    frames: 0,
    unchecked: 0,
    proofFrames: 0,
    lastPts: null,
    seenPts: new Set(),
  };
  const base = { version: SCAN_LINE_VERSION, key } as const;
  const opened = await addon.Session.open(key.path, {
    ...(options.decode !== null ? { decode: options.decode } : {}),
    ...(options.device !== null ? { device: options.device } : {}),
  }).then(
    (session) => ({ session, error: null }),
    (error: unknown) => ({ session: null, error: toRpcError(error) }),
  );
  const session = opened.session;
  if (session === null) {
    const envelope = opened.error;
    const line: ScanLine = {
      ...base,
      status: 'error',
      error: envelope,
      stream: null,
      frames: 0,
      unchecked: 0,
      proofFrames: 0,
      findings: [],
      capture: null,
      elapsedMs: performance.now() - started,
    };
    return { compare: null, frames: 0, finish: () => line };
  }
  const info = session.info;
  const stream = {
    codec: info.codec,
    profile: info.profile,
    width: info.width,
    height: info.height,
    codedWidth: info.codedWidth,
    codedHeight: info.codedHeight,
    pixelFormat: info.pixelFormat,
    bitDepth: info.bitDepth,
    decodePath: info.decodePath,
    decodePathReason: info.decodePathReason,
    containerFrames: info.frameCount,
    containerFramesExact: info.frameCountExact,
  };
  const stopped: unknown = await showAll(session, tally, options).catch((error: unknown) => error);
  const first = firstFinding(tally.findings);
  const written =
    first === null || options.captures === null
      ? { capture: null, error: null }
      : await captureFrame(session, key.path, first, options, options.captures).then(
          (capture) => ({ capture, error: null }),
          (error: unknown) => ({ capture: null, error: toRpcError(error).message }),
        );
  session.close();
  // What the line needs once the A/B is done; the timestamps seen are not kept while it waits.
  tally.seenPts.clear();
  const scanMs = performance.now() - started;
  const finish = (compared: readonly ScanFinding[], compareMs: number): ScanLine => {
    for (const finding of compared) tally.findings.set(`${finding.check}\u0000${finding.cause}`, finding);
    if (stopped === null && info.frameCountExact && tally.frames !== info.frameCount)
      note(
        tally,
        'frames',
        'the decoder gave another number of frames than the container lists',
        null,
        `${tally.frames} decoded, the container lists ${info.frameCount}`,
      );
    const findings = [...tally.findings.values()];
    const error = stopped === null ? null : toRpcError(stopped);
    if (error !== null)
      findings.push({
        check: 'decode-error',
        cause: `decoding stopped: ${error.code}`,
        frames: 0,
        firstFrame: tally.frames,
        detail: error.message,
      });
    if (written.error !== null)
      findings.push({
        check: 'decode-error',
        cause: 'the capture of the first failing frame could not be written',
        frames: 0,
        firstFrame: first,
        detail: written.error,
      });
    return {
      ...base,
      capture: written.capture,
      status: findings.length > 0 ? 'findings' : 'clean',
      error,
      stream,
      frames: tally.frames,
      unchecked: tally.unchecked,
      proofFrames: tally.proofFrames,
      findings,
      elapsedMs: scanMs + compareMs,
    };
  };
  return {
    compare:
      options.compareEvery > 0 && tally.frames > 0
        ? { path: key.path, decodePath: info.decodePath, frames: tally.frames }
        : null,
    frames: tally.frames,
    finish,
  };
}

/** The decoder A/B of a scanned file, timed: its findings and the milliseconds it took. */
export async function compareScanned(
  addon: AddonModule,
  compare: NonNullable<ScannedFrames['compare']>,
  options: Pick<ScanFileOptions, 'compareEvery' | 'device'>,
): Promise<{ findings: ScanFinding[]; ms: number }> {
  const started = performance.now();
  const findings = await compareSampled(addon, compare.path, compare.decodePath, compare.frames, options);
  return { findings, ms: performance.now() - started };
}

/** Scans one file whole, its decoder A/B run in place after its frames; resolves to its results line. */
export async function scanFile(addon: AddonModule, key: ScanKey, options: ScanFileOptions): Promise<ScanLine> {
  const scanned = await scanFrames(addon, key, options);
  if (scanned.compare === null) return scanned.finish([], 0);
  const compared = await compareScanned(addon, scanned.compare, options);
  return scanned.finish(compared.findings, compared.ms);
}

/** The first frame any finding was seen in (null when none names a frame). */
function firstFinding(findings: ReadonlyMap<string, ScanFinding>): number | null {
  const frames = [...findings.values()].map((f) => f.firstFrame).filter((f): f is number => f !== null);
  return frames.length === 0 ? null : Math.min(...frames);
}
