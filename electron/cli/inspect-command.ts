/** `zerocopy-inspector inspect`: each frame's report and checks, as a table or as JSON; the exit code says if all passed. */
import { checksPass, frameChecks } from '../../contract/checks';
import { type CaptureSignature, provenanceShortfall } from '../../contract/capture';
import { captureDeviceLines, captureGpuText, recordedSummary, type HandOver } from '../../contract/capture-summary';
import { toRpcError } from '../../contract/envelope';
import {
  EXIT_CODES,
  inspectedFrameSchema,
  inspectHeadSchema,
  inspectSummarySchema,
  type InspectedFrame,
  type InspectHead,
  type InspectOutput,
} from '../../contract/inspect-output';
import type { AppIdentity } from '../app/app-identity';
import type { ShowResult } from '../addon/native';
import { withStepLedger } from '../../contract/ledger';
import type { FrameReport } from '../../contract/report';
import { FRAMES_PER_CALL } from '../../contract/vocabulary';
import type { OpenedInput } from './cli-input';
import { InspectJsonWriter } from './inspect-json-writer';
import { mark } from './phase-marks';

/** What inspect needs besides the opened input. */
export interface InspectRequest {
  frames: number[];
  proof: boolean;
  strict: boolean;
  app: AppIdentity;
  onFrame?: (done: number, total: number) => void;
  /** Where `--json` goes: written as it is made, each frame as soon as it is checked (InspectJsonWriter). */
  write?: (text: string) => void;
}

/** Frames shown per addon call: few enough that progress moves, enough that the hops back to JS are rare. */
const BATCH = 32;

/** A recorder capture's streams at hand-over, by frame index (empty for a video or a capture the inspector made). */
function handOvers(input: OpenedInput): Map<number, Omit<HandOver, 'index'>> {
  const manifest = input.capture?.manifest;
  const recorded = manifest === undefined ? undefined : recordedSummary(manifest);
  return new Map((recorded?.handOver ?? []).map(({ index, ...handOver }) => [index, handOver]));
}

/**
 * A frame's report or what it failed with: a decode error is kept as the frame's error and fails it. A recorded
 * frame handed over while its stream was still decoding fails with --strict: what it holds may be half written.
 */
function inspected(
  index: number,
  outcome: FrameReport | unknown,
  strict: boolean,
  handOver: Omit<HandOver, 'index'> | undefined,
): InspectedFrame {
  const stream = handOver === undefined ? {} : { handOver };
  if (outcome instanceof Error || outcome === null || typeof outcome !== 'object') {
    return { index, report: null, error: toRpcError(outcome), checks: [], ...stream, ok: false };
  }
  const report = outcome as FrameReport;
  const checks = frameChecks(report);
  const pendingFails = strict && handOver?.state === 'pending';
  return { index, report, error: null, checks, ...stream, ok: checksPass(checks, strict) && !pendingFails };
}

/**
 * Each chosen frame's report or error, in order. With the addon, frames are decoded in batches on its worker thread,
 * and the next batch is asked for before this one's reports are checked: decoding goes on while JS works. A capture
 * answers frame by frame.
 */
async function* outcomes(input: OpenedInput, request: InspectRequest): AsyncGenerator<[number, unknown]> {
  const { session } = input;
  const options = { proof: request.proof };
  const report = (shown: unknown): unknown =>
    shown instanceof Error || shown === null || typeof shown !== 'object' ? shown : withStepLedger(shown as ShowResult);
  const batchOf = session.showBatch?.bind(session);
  if (batchOf === undefined) {
    for (const index of request.frames)
      yield [index, await session.show({ index }, options).then(report, (e: unknown) => e)];
    return;
  }
  const batches: number[][] = [];
  for (let i = 0; i < request.frames.length; i += Math.min(BATCH, FRAMES_PER_CALL))
    batches.push(request.frames.slice(i, i + Math.min(BATCH, FRAMES_PER_CALL)));
  // A whole batch refused (a closed session, say) fails each of its frames with that error.
  const decode = (batch: number[]): Promise<unknown[]> =>
    batchOf(
      batch.map((index) => ({ index })),
      options,
    ).then(
      (answers) => answers.map(report),
      (error: unknown) => batch.map(() => error),
    );
  let next = batches[0] === undefined ? null : decode(batches[0]);
  for (const [b, batch] of batches.entries()) {
    const results = await (next ?? Promise.resolve([]));
    const following = batches[b + 1];
    next = following === undefined ? null : decode(following);
    for (const [i, index] of batch.entries()) yield [index, results[i]];
  }
}

/** Why a capture's signature fails the run: tampered always, any shortfall from "ours" with --strict; else null. */
function provenanceFailure(signature: CaptureSignature | null, strict: boolean): string | null {
  if (signature === null) return null;
  const shortfall = provenanceShortfall(signature);
  return shortfall !== null && (strict || signature.state === 'tampered') ? shortfall : null;
}

/** What the output says before its frames, validated. */
function headOf(input: OpenedInput, request: InspectRequest): InspectHead {
  const manifest = input.capture?.manifest ?? null;
  return inspectHeadSchema.parse({
    tool: request.app,
    input: {
      kind: input.kind,
      path: input.path,
      capture:
        manifest === null
          ? null
          : {
              createdAt: manifest.createdAt,
              hostname: manifest.machine.hostname,
              gpu: captureGpuText(manifest.environment, manifest.stream.device),
              devices: captureDeviceLines(manifest),
              signature: input.capture?.signature ?? {
                state: 'unsigned',
                fingerprint: null,
                thisInstallation: false,
                detail: '',
                madeFrom: null,
              },
            },
    },
    strict: request.strict,
    stream: input.session.info,
    environment: input.environment,
  });
}

/**
 * Runs inspect over the chosen frames. Each part of the output is validated against its schema as it is made (the
 * head, each frame while the next batch decodes, the summary), so the whole is valid when it is returned; with
 * request.write the JSON text is written as it goes.
 */
export async function runInspect(input: OpenedInput, request: InspectRequest): Promise<InspectOutput> {
  const head = headOf(input, request);
  const writer = request.write === undefined ? null : new InspectJsonWriter(request.write);
  writer?.begin(head);
  const frames: InspectedFrame[] = [];
  const streams = handOvers(input);
  for await (const [index, outcome] of outcomes(input, request)) {
    request.onFrame?.(frames.length, request.frames.length);
    const frame = inspectedFrameSchema.parse(inspected(index, outcome, request.strict, streams.get(index)));
    frames.push(frame);
    writer?.frame(frame);
    if (frames.length === 1) mark('first-frame');
  }
  mark('last-frame');
  const failed = frames.filter((frame) => !frame.ok).length;
  const provenance = provenanceFailure(input.capture?.signature ?? null, request.strict);
  const ok = failed === 0 && provenance === null;
  const summary = inspectSummarySchema.parse({
    frames: frames.length,
    failed,
    unchecked: frames.filter((frame) => frame.checks.some((check) => check.ok === null)).length,
    ok,
    provenance,
    exitCode: ok ? EXIT_CODES.ok : EXIT_CODES.checkFailed,
  });
  writer?.end(summary);
  return { ...head, frames, summary };
}
