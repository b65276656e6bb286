/** Parses `zerocopy-inspector scan`'s arguments (node:util's parseArgs, as the other commands do). */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DECODE_MODES, decodeModeSchema, DEVICE_ORDINAL, type DecodeMode } from '../../contract/vocabulary';
import { wholeOption } from './whole-option';
import { MAX_COMPARED_FRAMES } from './scan-compare';
import { MAX_COMPARE_JOBS } from './compare-pool';
import { SCAN_DECODERS_CAP } from './scan-decoders';

/** The most decoders at once: the addon's worker threads (one per call in flight) are sized to this. */
const MAX_SCAN_DECODERS = 32;

/** The aliasing proof's default sample: frame 0 and every 100th. */
export const DEFAULT_PROOF_EVERY = 100;

/** The usage text of scan. */
export const SCAN_USAGE = `Usage: zerocopy-inspector scan <path>... [options]

Every frame of every video through the checks (pointers, strides, format, the decoder's surface, frame count and
timestamps, the decode path); the aliasing proof on a sample. Folders are walked; --list names a file of paths
(one a line; - reads standard input).

Options:
  -o, --output FILE    the results, one JSON line per file (default scan.jsonl); a scan resumes from it
  --report FILE        also write an HTML report
  --captures DIR       where the one-frame capture of each file's first failing frame goes
                       (default: beside the results, RESULTS.captures/)
  --no-captures        write no captures
  --list FILE          scan the paths listed in FILE (- for standard input)
  --all-files          walk every file of a folder, not only names that end like video
  --decoders N         files decoded at once (1-${MAX_SCAN_DECODERS}; default: one for each NVDEC engine the
                       driver reports, at most ${SCAN_DECODERS_CAP}; ${SCAN_DECODERS_CAP} where none are counted)
  --decode MODE        ${DECODE_MODES.join(' | ')} (default auto)
  --device N           CUDA device ordinal
  --proof-every N      the aliasing proof on frame 0 and every N-th frame (0: never; default ${DEFAULT_PROOF_EVERY})
  --compare-every N    the decoder A/B (the file's decoder against software decoding) on frame 0 and every
                       N-th frame, at most ${MAX_COMPARED_FRAMES} frames a file (0: never; default 0)
  --compare-jobs N     decoder A/Bs at once, on the CPU beside the decoders (1-${MAX_COMPARE_JOBS}; default: the
                       cores less one for each decoder, at least 1)
  --fresh              scan every file again instead of resuming

Exit codes:
  0  every file scanned, nothing found
  1  a file has findings, or could not be scanned
  2  usage
  3  nothing could be scanned`;

/** What scan is asked to do. */
export interface ScanArgs {
  paths: string[];
  list: string | null;
  output: string;
  report: string | null;
  /** Where captures of first failing frames go; null: none. */
  captures: string | null;
  allFiles: boolean;
  /** Files decoded at once; null: chosen from the GPU's NVDEC engines (scan-decoders.ts). */
  decoders: number | null;
  decode: DecodeMode | null;
  device: number | null;
  proofEvery: number;
  compareEvery: number;
  /** Decoder A/Bs at once; null: sized from the cores. */
  compareJobs: number | null;
  fresh: boolean;
  help: boolean;
}

/** A usage error of scan. */
export class ScanUsageError extends Error {
  override readonly name = 'ScanUsageError';
}

/** A whole-number option within bounds, or fallback when absent; a ScanUsageError otherwise. */
function whole(value: string | undefined, name: string, min: number, max: number, fallback: number): number {
  return wholeOption(value, name, { min, max }, ScanUsageError) ?? fallback;
}

/** Parses the arguments after `scan`; throws ScanUsageError. */
export function parseScanArgs(argv: readonly string[]): ScanArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        output: { type: 'string', short: 'o' },
        report: { type: 'string' },
        captures: { type: 'string' },
        'no-captures': { type: 'boolean' },
        list: { type: 'string' },
        'all-files': { type: 'boolean' },
        decoders: { type: 'string' },
        decode: { type: 'string' },
        device: { type: 'string' },
        'proof-every': { type: 'string' },
        'compare-every': { type: 'string' },
        'compare-jobs': { type: 'string' },
        fresh: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new ScanUsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const decode = values.decode === undefined ? null : decodeModeSchema.safeParse(values.decode);
  if (decode !== null && !decode.success)
    throw new ScanUsageError(`--decode must be one of ${DECODE_MODES.join(', ')}, not "${values.decode}"`);
  const output = path.resolve(values.output ?? 'scan.jsonl');
  const args: ScanArgs = {
    paths: positionals,
    list: values.list ?? null,
    output,
    report: values.report ?? null,
    captures:
      values['no-captures'] === true ? null : path.resolve(values.captures ?? output.replace(/\.jsonl$/, '.captures')),
    allFiles: values['all-files'] === true,
    decoders: wholeOption(values.decoders, 'decoders', { min: 1, max: MAX_SCAN_DECODERS }, ScanUsageError),
    decode: decode?.data ?? null,
    device:
      values.device === undefined ? null : whole(values.device, 'device', DEVICE_ORDINAL.min, DEVICE_ORDINAL.max, 0),
    proofEvery: whole(values['proof-every'], 'proof-every', 0, 1_000_000, DEFAULT_PROOF_EVERY),
    compareEvery: whole(values['compare-every'], 'compare-every', 0, 1_000_000, 0),
    compareJobs: wholeOption(values['compare-jobs'], 'compare-jobs', { min: 1, max: MAX_COMPARE_JOBS }, ScanUsageError),
    fresh: values.fresh === true,
    help: values.help === true,
  };
  if (!args.help && args.paths.length === 0 && args.list === null)
    throw new ScanUsageError('scan needs a path (a file or a folder) or --list FILE');
  if (!args.output.endsWith('.jsonl')) throw new ScanUsageError(`--output must end in .jsonl, not "${args.output}"`);
  return args;
}
