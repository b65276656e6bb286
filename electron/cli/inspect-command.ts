/** `zerocopy-inspector inspect`: each frame's report and checks, as a table or as JSON; the exit code says if all passed. */
import { checksPass, frameChecks } from '../common/checks';
import { captureGpuText } from '../common/capture';
import { toRpcError } from '../common/envelope';
import type { z } from 'zod';
import { EXIT_CODES, inspectOutputSchema, type InspectedFrame, type InspectOutput } from '../common/inspect-output';
import type { AppIdentity } from '../app/app-identity';
import type { OpenedInput } from './cli-input';

/** What inspect needs besides the opened input. */
export interface InspectRequest {
  frames: number[];
  proof: boolean;
  strict: boolean;
  app: AppIdentity;
  onFrame?: (done: number, total: number) => void;
}

/** Inspects one frame: a decode error is kept as the frame's error and fails it. */
async function inspectFrame(input: OpenedInput, index: number, request: InspectRequest): Promise<InspectedFrame> {
  try {
    const report = await input.session.frame(index, { proof: request.proof });
    const checks = frameChecks(report);
    return { index, report, error: null, checks, ok: checksPass(checks, request.strict) };
  } catch (error) {
    return { index, report: null, error: toRpcError(error), checks: [], ok: false };
  }
}

/** Runs inspect over the chosen frames; the output is validated against its schema before it is returned. */
export async function runInspect(input: OpenedInput, request: InspectRequest): Promise<InspectOutput> {
  const frames: InspectedFrame[] = [];
  for (const [done, index] of request.frames.entries()) {
    request.onFrame?.(done, request.frames.length);
    frames.push(await inspectFrame(input, index, request));
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
