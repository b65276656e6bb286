/** Command-line options of serve mode. */
import { parseArgs } from 'node:util';
import { BUDGET_ENV, DEFAULT_MEMORY_BUDGET, PROCESS_HEADROOM_SHARE } from '../../contract/budgets';
import { FFMPEG_CHOICES, ffmpegChoiceSchema, type FfmpegChoice } from '../../contract/ffmpeg-choice';
import { clientSettingsPatchSchema, type ClientSettingsPatch } from '../../contract/settings';
import { CANNOT_LISTEN_EXIT, DEFAULT_PORT_TRIES } from './listen-port';

/** What serve mode was asked to do. */
export interface ServeOptions {
  host: string;
  port: number;
  /** True when --port was not given: a busy default port moves on to a free one (listen-port.ts). */
  portIsDefault: boolean;
  tokenFile: string | null;
  configDir: string | null;
  allowHosts: string[];
  /** The folder the RPC may reach (open, save); null: the folder serve mode was started in. */
  root: string | null;
  /** Budgets for the backend, as the environment variables that carry them (common/budgets.ts); unset ones are
   * absent, and the backend takes their defaults. */
  budgetEnv: Record<string, string>;
  /** Which FFmpeg the backend decodes with; null: the default (the system's, or ZCI_FFMPEG). */
  ffmpeg: FfmpegChoice | null;
  /** Defaults every client starts from (--setting); each client's own choices go over them, for it alone. */
  defaults: ClientSettingsPatch;
  help: boolean;
}

/** The port serve mode listens on unless told otherwise. */
const DEFAULT_PORT = 8710;

/** The first port tried after a busy default one, and the last. */
const NEXT_PORTS = `${DEFAULT_PORT + 1}-${DEFAULT_PORT + DEFAULT_PORT_TRIES - 1}`;

const MIB = 1_048_576;

/** A size as the help text says it: whole GiB in GiB, else MiB ("4 GiB", "512 MiB"). */
function sizeWords(bytes: number): string {
  return bytes % (1024 * MIB) === 0 ? `${bytes / (1024 * MIB)} GiB` : `${bytes / MIB} MiB`;
}

/** Usage text for --help; the budget's default and headroom are read from the constants the backend uses. */
export const USAGE = `Usage: npm run serve -- [options]
  --host ADDR        address to listen on (default 127.0.0.1; prefer an SSH tunnel to exposing it)
  --port N           port (default ${DEFAULT_PORT}; 0 picks a free one). A busy default moves on to ${NEXT_PORTS}, else
                     to a free port, and says so; a port named here never changes: busy, it is PORT_IN_USE
  --token-file FILE  where to write the access token (mode 0600)
  --config-dir DIR   settings and recent files
  --allow-host NAME  an extra Host header value to accept, e.g. my-gpu-box:8710 (repeatable)
  --root DIR         the folder whose files may be opened and saved (default: the current folder)
  --memory-budget MIB  memory the backend may hold for all clients together (default: 1/${DEFAULT_MEMORY_BUDGET.share} of this
                     machine's memory, ${sizeWords(DEFAULT_MEMORY_BUDGET.minBytes)} to ${sizeWords(DEFAULT_MEMORY_BUDGET.maxBytes)}); past it requests are refused, and past it
                     plus 1/${PROCESS_HEADROOM_SHARE} of it the backend is restarted
  --max-pixels N     the largest coded picture (width x height) a file may have (default 35651584, 8192x4352)
  --hold-frames N    frames each open file holds (default 2)
  --ffmpeg WHICH     ${FFMPEG_CHOICES.join(' | ')}: the machine's FFmpeg (default), or a build of
                     the addon with its own FFmpeg beside it
  --setting NAME=VALUE  a default setting every client starts from, e.g. decode=software or operatorDevice=1
                     (repeatable); each client's own changes hold for it alone and are never saved
  --help             this text

Exit codes:
  0  stopped by SIGINT, SIGTERM or SIGHUP (the backend has ended first)
  1  the backend kept failing, or the token file could not be written
  2  usage: an unknown option or a bad value
  ${CANNOT_LISTEN_EXIT}  cannot listen: PORT_IN_USE (the --port named is busy), PORT_NOT_PERMITTED (a port below 1024),
     HOST_NOT_AVAILABLE (--host is not an address of this machine)`;

/** Parses argv (without node and the script); throws on unknown or malformed options. */
export function parseServeArgs(argv: readonly string[]): ServeOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string' },
      'token-file': { type: 'string' },
      'config-dir': { type: 'string' },
      'allow-host': { type: 'string', multiple: true, default: [] },
      root: { type: 'string' },
      'memory-budget': { type: 'string' },
      'max-pixels': { type: 'string' },
      'hold-frames': { type: 'string' },
      ffmpeg: { type: 'string' },
      setting: { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = Number(values.port ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535, not ${values.port}`);
  const ffmpeg = values.ffmpeg === undefined ? null : ffmpegChoiceSchema.safeParse(values.ffmpeg);
  if (ffmpeg !== null && !ffmpeg.success)
    throw new Error(`--ffmpeg must be one of ${FFMPEG_CHOICES.join(', ')}, not ${values.ffmpeg}`);
  return {
    host: values.host,
    port,
    portIsDefault: values.port === undefined,
    tokenFile: values['token-file'] ?? null,
    configDir: values['config-dir'] ?? null,
    allowHosts: values['allow-host'],
    root: values.root ?? null,
    budgetEnv: budgetEnvOf({
      [BUDGET_ENV.memoryMiB]: values['memory-budget'],
      [BUDGET_ENV.maxPixels]: values['max-pixels'],
      [BUDGET_ENV.holdFrames]: values['hold-frames'],
    }),
    ffmpeg: ffmpeg?.data ?? null,
    defaults: defaultSettingsOf(values.setting),
    help: values.help,
  };
}

/** The defaults named by --setting NAME=VALUE options; a value is read as JSON (7, true, null) or else as text. */
function defaultSettingsOf(given: readonly string[]): ClientSettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const item of given) {
    const at = item.indexOf('=');
    if (at <= 0) throw new Error(`--setting must be NAME=VALUE, not ${item}`);
    const text = item.slice(at + 1);
    let value: unknown = text;
    try {
      value = JSON.parse(text);
    } catch {
      // Plain text: a word such as software.
    }
    patch[item.slice(0, at)] = value;
  }
  const checked = clientSettingsPatchSchema.safeParse(patch);
  if (!checked.success)
    throw new Error(
      `--setting: ${checked.error.issues.map((issue) => `${issue.path.join('.') || 'setting'}: ${issue.message}`).join('; ')}`,
    );
  return checked.data;
}

/** The budget variables that were given. */
function budgetEnvOf(given: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) if (value !== undefined) env[name] = value;
  return env;
}

/** True for addresses only this machine can reach: 127.0.0.0/8, ::1 and localhost. */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}
