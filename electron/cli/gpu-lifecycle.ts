/**
 * How the command line process starts and ends around the GPU.
 *
 * Start: when the command will decode a video on a CUDA device, the device's context starts being made on a worker
 * thread before the command's own modules load. Creating it is most of an open's cost; loading the
 * command, parsing, probing the file and loading NVCV then happen meanwhile instead of before it. The Session's
 * open finds the context made, or waits for it.
 *
 * End: such a command, and a scan that may decode on a GPU, ends the process at once when its output is written (the
 * addon's exitProcess, _exit), without taking the GPU state down piece by piece: the driver reclaims an ending
 * process's contexts, decoders and memory anyway, and the orderly teardown (decoder, surfaces, context, libraries)
 * costs more than the driver's (measured in docs/benchmarks.md, "where the inspect process's time goes"); a scan's
 * results are written and synced file by file before it returns, and its parked decoders took seconds to tear down.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { addonLoaderPath } from '../addon/addon-path';
import { loadAddon } from '../addon/load-addon';
import { appRootOf } from '../app/app-root';
import type { AddonModule } from '../addon/native';
import { FFMPEG_VARIANT_ENV, ffmpegVariantNamed } from '../addon/ffmpeg-variants';
import type { FfmpegChoice } from '../../contract/ffmpeg-choice';
import { endWhenReaderGoes } from './closed-output';
import { openEarly } from './early-open';
import { mark, markPrestartWith, printMarks, printMarksAtExit } from './phase-marks';
import { readAsCapture, ZIP_HEAD_BYTES } from './zip-head';

/** The addon, when warmEarly loaded it for a command that decodes on the GPU. */
let gpuAddon: AddonModule | null = null;

/** True when PATH is a file that starts like a zip (a capture), which replays without a GPU. */
function isCapture(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    const fd = openSync(path, 'r');
    try {
      const head = Buffer.alloc(ZIP_HEAD_BYTES);
      return readAsCapture(path, head, readSync(fd, head, 0, ZIP_HEAD_BYTES, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

/** The value of --NAME VALUE or --NAME=VALUE in ARGV, or null. */
function optionValue(argv: readonly string[], name: string): string | null {
  for (const [i, arg] of argv.entries()) {
    if (arg === `--${name}`) return argv[i + 1] ?? null;
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return null;
}

/**
 * Whether ARGV asks for a command that decodes a video with CUDA: inspect or capture of a file that is not a
 * capture, not forced to software decoding. The command line's own parser checks the arguments afterwards; a wrong
 * guess here costs a context made for nothing, never a wrong answer.
 */
export function wantsCudaContext(argv: readonly string[]): { device: number } | null {
  const [command, ...rest] = argv;
  if (command !== 'inspect' && command !== 'capture') return null;
  if (optionValue(rest, 'decode') === 'software') return null;
  if (rest.some((arg) => !arg.startsWith('-') && isCapture(arg))) return null;
  const device = Number(optionValue(rest, 'device') ?? '0');
  return Number.isInteger(device) && device >= 0 && device <= 63 ? { device } : null;
}

/** Whether ARGV asks for a scan not forced to software decoding: it may decode on a GPU, and then ends at once. */
export function scanMayUseGpu(argv: readonly string[]): boolean {
  const [command, ...rest] = argv;
  return command === 'scan' && optionValue(rest, 'decode') !== 'software';
}

/**
 * The FFmpeg ARGV's --ffmpeg chooses: null when not given, 'invalid' for a value FFMPEG_CHOICES lacks (or none).
 * The last one given counts, as the parser's does. Checked without the contract's schema: this module loads before
 * zod, and loading zod first would delay the CUDA context it starts.
 */
export function ffmpegChoiceOf(argv: readonly string[]): FfmpegChoice | null | 'invalid' {
  let given: string | null | undefined = null;
  for (const [i, arg] of argv.entries()) {
    if (arg === '--ffmpeg') given = argv[i + 1];
    else if (arg.startsWith('--ffmpeg=')) given = arg.slice('--ffmpeg='.length);
  }
  if (given === null) return null;
  return ffmpegVariantNamed(given) ?? 'invalid';
}

/**
 * Starts making the CUDA context when the command will need it; never throws, never waits. The addon picks its FFmpeg
 * when it loads, which is here: --ffmpeg is applied first, and a value the parser will refuse loads nothing.
 */
export function warmEarly(argv: readonly string[]): void {
  printMarksAtExit(process.env);
  const ffmpeg = ffmpegChoiceOf(argv);
  if (ffmpeg === 'invalid') return;
  const wanted = wantsCudaContext(argv);
  const scan = scanMayUseGpu(argv);
  if (wanted === null && !scan) return;
  // The loader reads this process's environment; main sets the same value again after parsing.
  if (ffmpeg !== null) process.env[FFMPEG_VARIANT_ENV] = ffmpeg;
  const { addon } = loadAddon(addonLoaderPath(appRootOf(import.meta.url)));
  gpuAddon = addon;
  mark('addon-loaded');
  if (addon) markPrestartWith(() => addon.prestart());
  // A scan makes its decoders' contexts itself, on the device it is told; only its end is at once.
  if (wanted === null) return;
  void addon
    ?.warmUp(wanted.device, { libraries: false })
    .then((result) => mark(result.cuda ? 'context-made' : 'context-not-made'))
    .catch(() => undefined);
  // The file itself, opened on a worker thread while the command's modules load (the command adopts it or not).
  if (addon) openEarly(addon, argv);
}

/** Whether the process will end at once after the command (endProcess): a GPU command, unless ZCI_ORDERLY_EXIT is
 * set (the benchmark's side-by-side measure of the orderly teardown). */
export function endsAtOnce(): boolean {
  return gpuAddon !== null && !process.env.ZCI_ORDERLY_EXIT;
}

/**
 * Ends the process with CODE. After a command that warmEarly prepared the GPU for, at once, once stdout and stderr
 * hold nothing unwritten (on Linux, writes to files and pipes are synchronous); otherwise as Node ends any process.
 */
export function endProcess(code: number): void {
  printMarks(process.env);
  process.exitCode = code;
  const addon = gpuAddon;
  if (addon === null || !endsAtOnce()) return;
  const end = (): void => {
    if (process.stdout.writableLength + process.stderr.writableLength > 0) setImmediate(end);
    else addon.exitProcess(code);
  };
  end();
}

/**
 * From now on, a reader of stdout or stderr that goes away (`… | head`) ends the process at once and quietly
 * (closed-output.ts): after a GPU command as endProcess would, else as Node's exit does.
 */
export function endQuietlyWhenReaderGoes(): void {
  endWhenReaderGoes([process.stdout, process.stderr], (code) => {
    process.exitCode = code;
    if (gpuAddon !== null && endsAtOnce()) gpuAddon.exitProcess(code);
    else process.exit(code);
  });
}
