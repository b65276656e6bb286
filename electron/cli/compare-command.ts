/** `zerocopy-inspector inspect FILE --compare-decoders`: each frame through two decoders, compared on sample values. */
import type { AppIdentity } from '../app/app-identity';
import { resolveUserPath } from '../app/user-path';
import {
  parsePlantHook,
  PLANT_HOOK_ENV,
  type CompareDecoderA,
  type ComparePlant,
  type DecoderCompareResult,
} from '../../contract/decoder-compare';
import { compareCounts, RGB_ROUNDING, withinTolerance } from '../../contract/compare-summary';
import { toRpcError } from '../../contract/envelope';
import { compareOutputSchema, EXIT_CODES, type CompareOutput } from '../../contract/inspect-output';
import { CliFailure, loadCliAddon } from './cli-input';

/** What the comparison needs from the command line. */
export interface CompareRequest {
  file: string;
  frames: number[] | null;
  decoderA: CompareDecoderA;
  device: number | null;
  app: AppIdentity;
  appRoot: string;
  /** A test hook: one planted sample (ZCI_TEST_HOOK_PLANT="plane,x,y,value"), so a difference can be shown. */
  plant: ComparePlant | null;
}

/** The planted sample a test asks for through ZCI_TEST_HOOK_PLANT ("plane,x,y,value"), or null. */
export function plantFromEnv(env: NodeJS.ProcessEnv): ComparePlant | null {
  try {
    return parsePlantHook(env[PLANT_HOOK_ENV]);
  } catch (error) {
    throw new CliFailure(EXIT_CODES.usage, {
      code: 'INVALID_ARGUMENT',
      message: error instanceof Error ? error.message : String(error),
      remedy: `Fix or unset ${PLANT_HOOK_ENV}.`,
    });
  }
}

/** Errors that are the caller's to fix exit 2 (usage), a decoder that cannot run here 4 (the file opened, the
 * comparison could not run), the rest 3 (the file could not be opened). */
function failure(error: unknown): CliFailure {
  const envelope = toRpcError(error);
  if (envelope.code === 'FRAME_OUT_OF_RANGE' || envelope.code === 'INVALID_ARGUMENT')
    return new CliFailure(EXIT_CODES.usage, envelope);
  if (envelope.code === 'DECODER_COMPARE_UNAVAILABLE') return new CliFailure(EXIT_CODES.compareUnavailable, envelope);
  return new CliFailure(EXIT_CODES.cannotOpen, envelope);
}

/** Runs the comparison; the output is validated against its schema before it is returned. */
export async function runCompare(request: CompareRequest): Promise<CompareOutput> {
  const addon = loadCliAddon(request.appRoot);
  let result: DecoderCompareResult;
  let file: string;
  try {
    file = await resolveUserPath(request.file, process.cwd());
    result = await addon.compareDecoders(file, {
      ...(request.frames !== null ? { frames: request.frames } : {}),
      decoderA: request.decoderA,
      ...(request.device !== null ? { device: request.device } : {}),
      ...(request.plant !== null ? { plant: request.plant } : {}),
    });
  } catch (error) {
    throw failure(error);
  }
  const counts = compareCounts(result);
  return compareOutputSchema.parse({
    tool: request.app,
    input: { kind: 'video', path: file },
    compare: result,
    summary: {
      frames: counts.frames,
      identical: counts.identical,
      differing: counts.differing,
      rgbDiffering: counts.rgbDiffering,
      rgbMaxAbsDiff: counts.rgbMaxAbsDiff,
      explained: counts.explained,
      bitExactMismatch: counts.bitExactMismatch,
      exitCode: counts.failed ? EXIT_CODES.checkFailed : EXIT_CODES.ok,
    },
  });
}

/** The comparison as text: per frame and plane "identical" or the difference figures, and the RGB line. */
export function formatCompare(output: CompareOutput): string {
  const c = output.compare;
  const lines = [
    `${c.path}: ${c.codec} (${c.profile})`,
    `decoders: A ${c.decoderA} (${c.decoderAReason}) against B ${c.decoderB}`,
    `bit-exact: ${c.bitExactCodec ? 'required' : 'not required'} (${c.bitExactReason})`,
  ];
  if (c.plant !== null)
    lines.push(
      `planted in frame ${c.plant.frame}: ${c.plant.plane} (${c.plant.x}, ${c.plant.y}) = ${c.plant.value} (was ${c.plant.original}), ${c.plant.how}`,
    );
  for (const f of c.frames) {
    lines.push(
      `frame ${f.index}: ${f.normalisation}; ${f.comparedArea}; on the ${f.where} in ${f.compareMs.toFixed(2)} ms` +
        (f.rawWordsDiffer && f.identical ? '; stored words differ, values identical' : ''),
    );
    if (!f.identical)
      lines.push(
        f.cause !== null
          ? `  cause: ${f.cause}`
          : withinTolerance(f)
            ? `  within the codec's tolerance: every plane within ${f.tolerance} of B's, as ${c.codec} decoders may differ`
            : `  cause: none of ${f.explanationsTried.length} explanations makes the planes ${f.tolerance > 0 ? `come within ${f.tolerance} of B's` : 'identical'} (${[...new Set(f.explanationsTried)].join('; ')})`,
      );
    for (const p of f.planes) {
      const first = p.firstDifference;
      lines.push(
        first === null
          ? `  ${p.plane} identical`
          : `  ${p.plane} ${p.differing} differing sample(s), max ${p.maxAbsDiff}, first at (${first.x}, ${first.y}): A ${first.valueA} vs B ${first.valueB}`,
      );
    }
    if (f.rgb !== null) {
      const r = f.rgb;
      const sides = `A ${r.a.matrix} ${r.a.range} (${r.a.converter}) vs B ${r.b.matrix} ${r.b.range} (${r.b.converter})`;
      const first = r.firstDifference;
      lines.push(
        first === null
          ? `  RGB identical: ${sides}`
          : `  RGB ${r.differing} differing byte(s), max ${r.maxAbsDiff}, first at (${first.x}, ${first.y}) ${first.channel}: A ${first.valueA} vs B ${first.valueB}; ${sides}`,
      );
      if (r.cause !== null) lines.push(`  RGB cause: ${r.cause}`);
      else if (r.explanationsTried.length > 0)
        lines.push(
          `  RGB cause: no other matrix or range brings A within ${RGB_ROUNDING} of B (${r.explanationsTried.length} tried)`,
        );
    }
    if (f.bitExactRequired && !f.matched) lines.push('  MISMATCH: a bit-exact codec decoded differently');
  }
  const s = output.summary;
  lines.push(
    `${s.frames} frames compared: ${s.identical} identical, ${s.differing} differing` +
      (s.explained > 0 ? `; a mistake explains the difference in ${s.explained}` : '') +
      (s.rgbDiffering > 0
        ? `; RGB differs beyond the converters' rounding (${RGB_ROUNDING}) in ${s.rgbDiffering} of ${s.frames}, by up to ${s.rgbMaxAbsDiff}`
        : '') +
      (s.bitExactMismatch ? '; a bit-exact codec decoded differently' : ''),
  );
  return lines.join('\n');
}
