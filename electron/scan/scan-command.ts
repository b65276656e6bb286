/**
 * `zerocopy-inspector scan PATH…`: every frame of every file through the checks, in one process that holds one CUDA
 * context, with several files decoding at once on the addon's worker threads (each session its own decoder), so no
 * file pays a process start. One JSON line per file as soon as it is done, a summary grouped by cause, an HTML
 * report; a scan stopped at any point resumes where it stopped.
 */
import { writeFileSync } from 'node:fs';
import { SCAN_EXIT_CODES, SCAN_LINE_VERSION, type ScanLine } from '../../contract/scan';
import type { DecodeMode } from '../../contract/vocabulary';
import type { AddonModule } from '../addon/native';
import type { ScanCaptureOptions } from './scan-capture';
import { ComparePool } from './compare-pool';
import { compareScanned, scanFrames, type ScanFileOptions } from './scan-file';
import { scanInputs, scanKeyOf } from './scan-inputs';
import { largestFirst } from './largest-first';
import { progressLine } from './scan-progress';
import { reportHtml } from './scan-report';
import { alreadyScanned, readResults, ResultsWriter } from './scan-results';
import { summarise, summaryText, type ScanSummary } from './scan-summary';

/** What a scan is asked to do. */
export interface ScanRequest {
  paths: string[];
  /** Take every file of a folder, not only names that end like video. */
  allFiles: boolean;
  results: string;
  report: string | null;
  /** Files decoded at once. */
  decoders: number;
  /** Decoder A/Bs (the software reference, on the CPU) at once, on a pool of their own. */
  compareJobs: number;
  decode: DecodeMode | null;
  device: number | null;
  proofEvery: number;
  /** The decoder A/B on frame 0 and every compareEvery-th frame (0: never). */
  compareEvery: number;
  /** Start afresh instead of skipping files the results file already has. */
  fresh: boolean;
  /** Where one-frame captures of first failing frames go, and what signs them (null: none written). */
  captures: Omit<ScanCaptureOptions, 'environment'> | null;
  /** Progress, a line redrawn in place (absent: quiet). */
  progress?: (line: string) => void;
}

/** What a scan ends with. */
export interface ScanOutcome {
  summary: ScanSummary;
  /** Files scanned in this run (the rest were read back from an earlier one). */
  scannedNow: number;
  exitCode: number;
  elapsedMs: number;
}

/** An error line for a path that could not even be keyed (unreadable, a link loop, not a regular file). */
function problemLine(file: string, problem: string): ScanLine {
  return {
    version: SCAN_LINE_VERSION,
    key: { path: file, size: 0, mtimeMs: 0, headSha256: '0'.repeat(64) },
    status: 'error',
    error: { code: 'FILE_UNREADABLE', message: problem, remedy: 'Check that the path exists and can be read.' },
    stream: null,
    frames: 0,
    unchecked: 0,
    proofFrames: 0,
    findings: [],
    capture: null,
    elapsedMs: 0,
  };
}

/** Runs the scan. */
export async function runScan(addon: AddonModule, request: ScanRequest): Promise<ScanOutcome> {
  const started = performance.now();
  const done = request.fresh ? [] : readResults(request.results);
  const environment = addon.environment({ nvdecCaps: false });
  // The NVDEC path a scan expects every file on: cuvid when asked for, else the hwaccel wherever a GPU is.
  const expectNvdec =
    request.decode === 'cuvid'
      ? 'cuvid'
      : request.decode === 'nvdec' || (request.decode !== 'software' && environment.cuda.devices.length > 0)
        ? 'nvdec'
        : null;
  const writer = new ResultsWriter(request.results);
  const lines: ScanLine[] = [];
  // The decoder A/Bs run on a pool of their own: a file's decoder takes the next file once its frames are scanned,
  // and its line is written when its A/B is done too (a scan stopped before that scans the file again).
  const pool = new ComparePool(Math.max(1, request.compareJobs));
  const comparing = new Set<Promise<void>>();
  const failures: unknown[] = [];
  let scannedNow = 0;
  let frames = 0;
  let total = 0;
  // A second walk only counts the inputs (directory listings, no decoding), so that the line can say what is left.
  let expected: number | null = null;
  const counting = (async () => {
    let n = 0;
    for await (const input of scanInputs(request.paths, request.allFiles)) if (input !== undefined) n += 1;
    expected = n;
  })().catch(() => undefined);
  const report = (): void => {
    request.progress?.(
      progressLine({
        done: lines.length,
        taken: total,
        expected,
        frames,
        seconds: (performance.now() - started) / 1000,
        scannedNow,
        comparing: comparing.size,
      }),
    );
  };
  const record = (line: ScanLine): void => {
    writer.append(line);
    lines.push(line);
    scannedNow += 1;
    report();
  };
  // The largest file first among those the walk has found (largest-first.ts): the order of a Ray shard.
  const inputs = largestFirst(scanInputs(request.paths, request.allFiles));
  // The workers take the next input as each finishes: the walk runs ahead of the scan by at most the order's window.
  const next = async (): Promise<{ path: string; problem: string | null } | null> => {
    const item = await inputs.next();
    if (item.done === true) return null;
    total += 1;
    return item.value;
  };
  const fileOptions: ScanFileOptions = {
    decode: request.decode,
    device: request.device,
    proofEvery: request.proofEvery,
    compareEvery: request.compareEvery,
    expectNvdec,
    batch: 32,
    captures: request.captures === null ? null : { ...request.captures, environment },
  };
  // Files scanned and waiting for their A/B are held to the pool's size plus the decoders': a decoder that runs
  // ahead of the pool waits before it takes another file.
  const mostPending = pool.size + Math.max(1, request.decoders);
  const worker = async (): Promise<void> => {
    for (let input = await next(); input !== null; input = await next()) {
      const key = input.problem === null ? await scanKeyOf(input.path) : { problem: input.problem };
      if ('problem' in key) {
        // A path that could not be keyed (a link loop, say) was written with its problem: the same problem again is
        // the same line, not a new one.
        const line = problemLine(input.path, key.problem);
        const earlier = done.find((d) => d.key.path === line.key.path && d.error?.message === line.error?.message);
        if (earlier !== undefined) lines.push(earlier);
        else record(line);
        continue;
      }
      const earlier = alreadyScanned(done, key);
      if (earlier !== undefined) {
        lines.push(earlier);
        continue;
      }
      const scanned = await scanFrames(addon, key, fileOptions);
      frames += scanned.frames;
      const compare = scanned.compare;
      if (compare === null) {
        record(scanned.finish([], 0));
        continue;
      }
      const pending: Promise<void> = pool
        .run(() => compareScanned(addon, compare, fileOptions))
        .then((compared) => record(scanned.finish(compared.findings, compared.ms)))
        .catch((error: unknown) => {
          failures.push(error);
        })
        .finally(() => comparing.delete(pending));
      comparing.add(pending);
      report();
      await pool.room(mostPending);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, request.decoders) }, worker));
  } finally {
    // Every A/B given to the pool ends before the results file closes, whatever stopped the workers.
    while (comparing.size > 0) await Promise.all(comparing);
    writer.close();
    await counting;
  }
  if (failures.length > 0) throw failures[0];
  const summary = summarise(lines);
  if (request.report !== null) writeFileSync(request.report, reportHtml(summary, lines, request.report));
  const exitCode =
    summary.files === 0 || summary.errors === summary.files
      ? SCAN_EXIT_CODES.nothingScanned
      : summary.withFindings > 0 || summary.errors > 0
        ? SCAN_EXIT_CODES.findings
        : SCAN_EXIT_CODES.clean;
  return { summary, scannedNow, exitCode, elapsedMs: performance.now() - started };
}

export { summaryText };
