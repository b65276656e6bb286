/** `zerocopy-inspector scan` on the command line: arguments, the addon, progress on a terminal, the summary. */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { addonLoaderPath } from '../addon/addon-path';
import { loadAddon } from '../addon/load-addon';
import type { AddonModule } from '../addon/native';
import { readAppIdentity } from '../app/app-identity';
import { defaultConfigDir } from '../app/config-dir';
import { SCAN_EXIT_CODES } from '../../contract/scan';
import { defaultCompareJobs } from './compare-pool';
import { parseScanArgs, SCAN_USAGE, ScanUsageError, type ScanArgs } from './scan-args';
import { runScan, summaryText } from './scan-command';
import { chosenDecoders, decodersFromEngines, softwareOnly, type DecoderChoice } from './scan-decoders';
import { listedPaths } from './scan-inputs';

/** Where scan writes: results on stdout, progress and errors on stderr. */
export interface ScanStreams {
  out(text: string): void;
  err(text: string): void;
  /** A progress line redrawn in place; only where stderr is a terminal. */
  redraw: ((line: string) => void) | null;
}

/** The files decoded at once: the user's --decoders, else one for each NVDEC engine of the scan's GPU (capped). */
async function decoderChoice(addon: AddonModule, args: ScanArgs): Promise<DecoderChoice> {
  if (args.decoders !== null) return chosenDecoders(args.decoders);
  if (softwareOnly(args.decode)) return decodersFromEngines(null, args.decode);
  try {
    return decodersFromEngines(await addon.nvdecEngines(args.device ?? 0), args.decode);
  } catch (error) {
    return decodersFromEngines(
      { engines: null, reason: `the NVDEC engines could not be counted: ${String(error)}` },
      args.decode,
    );
  }
}

/** Runs scan; resolves to its exit code. */
export async function scanMain(argv: readonly string[], streams: ScanStreams, appRoot: string): Promise<number> {
  let args;
  try {
    args = parseScanArgs(argv);
  } catch (error) {
    if (!(error instanceof ScanUsageError)) throw error;
    streams.err(`zerocopy-inspector scan: ${error.message}\nRun zerocopy-inspector scan --help for the options.\n`);
    return SCAN_EXIT_CODES.usage;
  }
  if (args.help) {
    streams.out(`${SCAN_USAGE}\n`);
    return SCAN_EXIT_CODES.clean;
  }
  let paths = args.paths;
  if (args.list !== null) {
    try {
      paths = [...paths, ...listedPaths(readFileSync(args.list === '-' ? 0 : args.list, 'utf8'))];
    } catch (error) {
      streams.err(`zerocopy-inspector scan: the list ${args.list} cannot be read: ${String(error)}\n`);
      return SCAN_EXIT_CODES.usage;
    }
  }
  const { addon, status } = loadAddon(addonLoaderPath(appRoot));
  if (addon === null) {
    streams.err(`zerocopy-inspector scan: INTERNAL: the native addon could not be loaded: ${status.error ?? '?'}\n`);
    return SCAN_EXIT_CODES.nothingScanned;
  }
  const choice = await decoderChoice(addon, args);
  const outcome = await runScan(addon, {
    paths,
    allFiles: args.allFiles,
    results: args.output,
    report: args.report,
    decoders: choice.decoders,
    decode: args.decode,
    device: args.device,
    proofEvery: args.proofEvery,
    compareEvery: args.compareEvery,
    compareJobs: args.compareJobs ?? defaultCompareJobs(availableParallelism(), choice.decoders),
    fresh: args.fresh,
    captures:
      args.captures === null
        ? null
        : { dir: args.captures, app: readAppIdentity(appRoot), configDir: defaultConfigDir(process.env) },
    ...(streams.redraw !== null ? { progress: streams.redraw } : {}),
  });
  if (streams.redraw !== null) streams.err('\n');
  const seconds = outcome.elapsedMs / 1000;
  streams.out(`${summaryText(outcome.summary)}\n`);
  streams.out(
    `scanned ${outcome.scannedNow} now (${outcome.summary.files - outcome.scannedNow} from ${args.output}) in ` +
      `${seconds.toFixed(1)} s · results in ${args.output}${args.report !== null ? ` · report ${args.report}` : ''}\n`,
  );
  streams.out(`decoders: ${choice.words}\n`);
  return outcome.exitCode;
}
