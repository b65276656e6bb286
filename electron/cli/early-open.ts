/**
 * The early open: the command line's video, opened on the addon's worker thread as soon as the addon is loaded, while
 * the command's own modules load and parse. The command adopts it only when its parsed, validated arguments ask for
 * the same file with the same open options; anything else closes it unseen. A wrong guess costs an open on a worker
 * thread, never a different answer: the adopted open is the call the command would have made.
 *
 * Only the plain case is opened early (inspect or capture of a video, with at most --decode and --device among the
 * options that reach the open); the rest open as before.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AddonModule, OpenOptions, Session } from '../addon/native';
import type { EnvironmentReport } from '../../contract/environment';
import { CLI_OPTIONS } from './cli-options';
import { NVDEC_THREADS, nvdecThreadsFor } from './nvdec-threads';
import { wholeOption } from '../scan/whole-option';

/** The open options the command line passes for a video (cli-input.ts), before they are validated. */
export interface VideoOpenChoices {
  /** Unchecked in the early open: a value the parser refuses ends the command before it adopts anything. */
  decode: OpenOptions['decode'] | null;
  device: number | null;
  operatorDevice: number | null;
  peerAccess: boolean;
  ledger: boolean;
  unsafeOutput: boolean;
  /** NVDEC frame threads (nvdec-threads.ts); null: the addon's default. */
  nvdecThreads: number | null;
}

/** The addon's open options for CHOICES: the one builder of both the early and the command's own open. */
export function videoOpenOptions(choices: VideoOpenChoices): OpenOptions {
  return {
    ...(choices.decode !== null ? { decode: choices.decode } : {}),
    ...(choices.device !== null ? { device: choices.device } : {}),
    ...(choices.operatorDevice !== null ? { operatorDevice: choices.operatorDevice } : {}),
    ...(choices.peerAccess ? { peerAccess: true } : {}),
    ...(choices.ledger ? { ledger: true } : {}),
    ...(choices.unsafeOutput ? { unsafeOutput: true } : {}),
    ...(choices.nvdecThreads !== null ? { nvdecThreads: choices.nvdecThreads } : {}),
  };
}

/** One open's identity: the absolute path and the options, in a fixed order. */
function keyOf(file: string, options: OpenOptions): string {
  return JSON.stringify([file, Object.entries(options).sort(([a], [b]) => a.localeCompare(b))]);
}

interface Pending {
  key: string;
  opening: Promise<Session>;
}

let pending: Pending | null = null;

/** The environment probe started beside the early open, and whether it asked for NVDEC's capability table. */
let probing: { nvdecCaps: boolean; report: Promise<EnvironmentReport> } | null = null;

/** contract/vocabulary.ts's DEVICE_ORDINAL, written here so that zod stays off the start-up path. */
const DEVICE_BOUNDS = { min: 0, max: 63 } as const;

/** The option's number as the parser reads it (wholeOption), null when absent, undefined when the parser refuses it. */
function whole(
  value: string | undefined,
  name: string,
  bounds: { min: number; max: number },
): number | null | undefined {
  try {
    return wholeOption(value, name, bounds, Error);
  } catch {
    return undefined;
  }
}

/** The file and open options ARGV asks for, when it is the plain case; else null. Never throws. */
export function earlyOpenOf(argv: readonly string[], cwd: string): { file: string; options: OpenOptions } | null {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: CLI_OPTIONS });
  } catch {
    return null;
  }
  const { values, positionals } = parsed;
  const [command, raw, ...extra] = positionals;
  if ((command !== 'inspect' && command !== 'capture') || raw === undefined || extra.length > 0) return null;
  if (raw.includes('\0') || values.help === true || values.version === true) return null;
  const others = ['operator-device', 'peer-access', 'ledger', 'unsafe-output', 'compare-decoders', 'decoders'] as const;
  if (others.some((name) => values[name] !== undefined)) return null;
  // Each whole-number option as the parser reads it; a value it refuses ends the command unadopted.
  const device = whole(values.device, 'device', DEVICE_BOUNDS);
  const threads = whole(values['nvdec-threads'], 'nvdec-threads', NVDEC_THREADS);
  if (device === undefined || threads === undefined) return null;
  const options = videoOpenOptions({
    decode: (values.decode as OpenOptions['decode'] | undefined) ?? null,
    device,
    operatorDevice: null,
    peerAccess: false,
    ledger: false,
    unsafeOutput: false,
    nvdecThreads: nvdecThreadsFor(command, values.frames !== undefined, threads),
  });
  const file = path.resolve(cwd, raw);
  // A regular file only: a pipe or a device read here would be read away from the command's own open.
  try {
    if (!statSync(file).isFile()) return null;
  } catch {
    return null;
  }
  return { file, options };
}

/** Starts the early open of what ARGV names, when it is the plain case. Never throws, never waits. */
export function openEarly(addon: AddonModule, argv: readonly string[]): void {
  if (process.env.ZCI_EARLY_OPEN === '0') return;
  const open = earlyOpenOf(argv, process.cwd());
  if (open === null) return;
  const opening = addon.Session.open(open.file, open.options);
  opening.catch(() => undefined); // adopted: the command sees the error; not adopted: nobody needs it
  pending = { key: keyOf(open.file, open.options), opening };
  // The command's environment probe (NVCV and CV-CUDA loaded, the devices listed) beside it: a capture keeps NVDEC's
  // capability table, inspect does not ask for it (cli-input.ts).
  const nvdecCaps = argv[0] === 'capture';
  const report = addon.environmentAsync({ nvdecCaps });
  report.catch(() => undefined);
  probing = { nvdecCaps, report };
}

/** The environment probe openEarly started, when it asked the same of the addon; null otherwise. Called once. */
export function adoptEarlyEnvironment(nvdecCaps: boolean): Promise<EnvironmentReport> | null {
  const early = probing;
  probing = null;
  return early !== null && early.nvdecCaps === nvdecCaps ? early.report : null;
}

/**
 * The early open of FILE with OPTIONS, when there is one for exactly these; null otherwise. An early open of anything
 * else is closed once it settles. Called once, by the command's own open.
 */
export function adoptEarlyOpen(file: string, options: OpenOptions): Promise<Session> | null {
  const early = pending;
  pending = null;
  if (early === null) return null;
  if (early.key === keyOf(file, options)) return early.opening;
  early.opening.then(
    (session) => session.close(),
    () => undefined,
  );
  return null;
}
