/**
 * The first thing the command line does, before its own modules load: when the command will decode a video on a
 * CUDA device, the device's context starts being made on a worker thread. Creating it is most of an open's cost
 * (about 200 ms); the rest of the start (loading the command's modules, parsing, probing the file, loading NVCV)
 * then happens meanwhile instead of before it. The Session's open finds the context made, or waits for it.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { addonLoaderPath } from '../addon/addon-path';
import { loadAddon } from '../addon/load-addon';
import { appRootOf } from '../app/app-root';
import { mark, printMarksAtExit } from './phase-marks';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** True when PATH is a file that starts like a zip (a capture), which replays without a GPU. */
function isCapture(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    const fd = openSync(path, 'r');
    try {
      const head = Buffer.alloc(4);
      return readSync(fd, head, 0, 4, 0) === 4 && ZIP_MAGIC.every((b, i) => head[i] === b);
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

/** Starts making the CUDA context when the command will need it; never throws, never waits. */
export function warmEarly(argv: readonly string[]): void {
  printMarksAtExit(process.env);
  const wanted = wantsCudaContext(argv);
  if (wanted === null) return;
  const { addon } = loadAddon(addonLoaderPath(appRootOf(import.meta.url)));
  mark('addon-loaded');
  void addon
    ?.warmUp(wanted.device, { libraries: false })
    .then((result) => mark(result.cuda ? 'context-made' : 'context-not-made'))
    .catch(() => undefined);
}
