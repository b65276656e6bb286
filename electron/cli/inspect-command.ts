/** `zerocopy-inspector inspect`: each frame's report and checks, as a table or as JSON; the exit code says if all passed. */
import { checksPass, frameChecks } from '../common/checks';
import { captureGpuText } from '../common/capture';
import { toRpcError } from '../common/envelope';
import type { z } from 'zod';
import { EXIT_CODES, inspectOutputSchema, type InspectedFrame, type InspectOutput } from '../common/inspect-output';
import type { AppIdentity } from '../app/app-identity';
import type { FrameReport } from '../common/report';
import { FRAMES_PER_CALL } from '../common/vocabulary';
import type { OpenedInput } from './cli-input';

/** What inspect needs besides the opened input. */
export interface InspectRequest {
  frames: number[];
  proof: boolean;
  strict: boolean;
  app: AppIdentity;
  onFrame?: (done: number, total: number) => void;
}

/** Frames decoded per addon call: few enough that progress moves, enough that the hops back to JS are rare. */
const BATCH = 32;

/** A frame's report or what it failed with: a decode error is kept as the frame's error and fails it. */
function inspected(index: number, outcome: FrameReport | unknown, strict: boolean): InspectedFrame {
  if (outcome instanceof Error || outcome === null || typeof outcome !== 'object') {
    return { index, report: null, error: toRpcError(outcome), checks: [], ok: false };
  }
  const report = outcome as FrameReport;
  const checks = frameChecks(report);
  return { index, report, error: null, checks, ok: checksPass(checks, strict) };
}

/**
 * Each chosen frame's report or error, in order. With the addon, frames are decoded in batches on its worker thread,
 * and the next batch is asked for before this one's reports are checked: decoding goes on while JS works. A capture
 * answers frame by frame.
 */
async function* outcomes(input: OpenedInput, request: InspectRequest): AsyncGenerator<[number, unknown]> {
  const { session } = input;
  const options = { proof: request.proof };
  const frames = session.frameBatch?.bind(session);
  if (frames === undefined) {
    for (const index of request.frames) yield [index, await session.frame(index, options).catch((e: unknown) => e)];
    return;
  }
  const batches: number[][] = [];
  for (let i = 0; i < request.frames.length; i += Math.min(BATCH, FRAMES_PER_CALL))
    batches.push(request.frames.slice(i, i + Math.min(BATCH, FRAMES_PER_CALL)));
  // A whole batch refused (a closed session, say) fails each of its frames with that error.
  const decode = (batch: number[]): Promise<unknown[]> =>
    frames(batch, options).catch((error: unknown) => batch.map(() => error));
  let next = batches[0] === undefined ? null : decode(batches[0]);
  for (const [b, batch] of batches.entries()) {
    const results = await (next ?? Promise.resolve([]));
    const following = batches[b + 1];
    next = following === undefined ? null : decode(following);
    for (const [i, index] of batch.entries()) yield [index, results[i]];
  }
}

/** Runs inspect over the chosen frames; the output is validated against its schema before it is returned. */
export async function runInspect(input: OpenedInput, request: InspectRequest): Promise<InspectOutput> {
  const frames: InspectedFrame[] = [];
  for await (const [index, outcome] of outcomes(input, request)) {
    request.onFrame?.(frames.length, request.frames.length);
    frames.push(inspected(index, outcome, request.strict));
  }
  const failed = frames.filter((frame) => !frame.ok).length;
  const manifest = input.capture?.manifest ?? null;
  const output: z.input<typeof inspectOutputSchema> = {
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
              signature: input.capture?.signature ?? {
                state: 'unsigned',
                fingerprint: null,
                thisInstallation: false,
                detail: '',
              },
            },
    },
    strict: request.strict,
    stream: input.session.info,
    environment: input.environment,
    frames,
    summary: {
      frames: frames.length,
      failed,
      unchecked: frames.filter((frame) => frame.checks.some((check) => check.ok === null)).length,
      ok: failed === 0,
      exitCode: failed === 0 ? EXIT_CODES.ok : EXIT_CODES.checkFailed,
    },
  };
  return inspectOutputSchema.parse(output);
}
