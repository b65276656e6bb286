/** The command line `zerocopy-inspector` (bin/zerocopy-inspector.js calls main): inspect and capture. */
import { readAppIdentity } from '../app/app-identity';
import { appRootOf } from '../app/app-root';
import { defaultConfigDir } from '../app/config-dir';
import { removeLeftovers } from '../capture/pending-writes';
import { formatFrameList } from '../../wording/frame-list';
import { FFMPEG_CHOICE_ENV } from '../../contract/ffmpeg-choice';
import { EXIT_CODES } from '../../contract/inspect-output';
import { parseCli, usage, UsageError, type CliCommand } from './cli-args';
import { helpWidth } from './help-text';
import { runCapture } from './capture-command';
import { formatCompare, plantFromEnv, runCompare } from './compare-command';
import { CliFailure, openInput, type OpenedInput } from './cli-input';
import { formatTable } from './cli-table';
import { codeText } from './code-output';
import { runInspect } from './inspect-command';
import { terminalSafe } from './terminal-safe';
import { mark } from './phase-marks';
import { scanMain } from '../scan/scan-cli';

/** Where the command writes: stdout for results, stderr for errors and progress. Text, never sanitised yet. */
export interface CliStreams {
  out(text: string): void;
  err(text: string): void;
  /** True when progress lines may be drawn (stderr is a terminal). */
  interactive: boolean;
  /** The terminal's width when stdout is one: --help wraps to it. */
  columns?: number | undefined;
}

const defaultStreams: CliStreams = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  interactive: process.stderr.isTTY === true,
  columns: process.stdout.isTTY === true ? process.stdout.columns : undefined,
};

/** The streams with every write passed through terminalSafe: the one place output is sanitised. */
function sanitised(streams: CliStreams): CliStreams & { redraw(line: string): void } {
  return {
    out: (text) => streams.out(terminalSafe(text)),
    err: (text) => streams.err(terminalSafe(text)),
    // A progress line starts with the one CR the command itself writes: it redraws the line in place.
    redraw: (line) => streams.err(`\r${terminalSafe(line)}`),
    interactive: streams.interactive,
    columns: streams.columns,
  };
}

function progress(streams: ReturnType<typeof sanitised>, verb: string): (done: number, total: number) => void {
  return (done, total) => {
    if (streams.interactive)
      streams.redraw(`${verb} ${Math.min(done + 1, total)} of ${total}…${done + 1 >= total ? '\n' : ''}`);
  };
}

/** The frames to use: the ones asked for, else every frame (a capture: every captured one). */
function chooseFrames(input: OpenedInput, asked: number[] | null): number[] {
  const all = input.capture?.frames ?? [...Array(input.session.info.frameCount).keys()];
  if (asked === null) return all;
  const missing = input.capture !== null ? asked.filter((f) => !all.includes(f)) : asked.filter((f) => f >= all.length);
  if (missing.length > 0 && (input.capture !== null || input.session.info.frameCountExact)) {
    const has = input.capture !== null ? `it holds frames ${formatFrameList(all)}` : `it has ${all.length} frames`;
    throw new UsageError(`--frames names ${formatFrameList(missing)}, which ${input.path} does not have (${has})`);
  }
  return asked;
}

/** What the options chose that this run cannot honour, said rather than dropped: each a line for stderr. */
function choiceNotes(command: Extract<CliCommand, { file: string }>, input: OpenedInput): string[] {
  if (input.kind === 'capture') {
    const given = [
      command.decode !== null ? '--decode' : null,
      command.device !== null ? '--device' : null,
      command.ffmpeg !== null ? '--ffmpeg' : null,
      command.unsafeOutput ? '--unsafe-output' : null,
    ].filter((name) => name !== null);
    return given.length > 0 ? [`${given.join(', ')} apply to video files; a capture replays what was recorded`] : [];
  }
  const { info } = input.session;
  if (command.unsafeOutput && info.nvdecOutput !== 'unsafe-output')
    return [
      `--unsafe-output took no effect: no frame comes from NVDEC (decode ${info.decodePath}${info.decodePathReason !== '' ? `: ${info.decodePathReason}` : ''})`,
    ];
  return [];
}

/** How main is run. */
export interface MainOptions {
  /** Leave a video's session open at the end: the process ends right after, and the driver reclaims it
   * (bin/zerocopy-inspector.js, with gpu-lifecycle's endProcess). */
  sessionEndsWithProcess?: boolean;
}

/** Runs the command line; resolves to the exit code. */
export async function main(
  argv: readonly string[],
  raw: CliStreams = defaultStreams,
  options: MainOptions = {},
): Promise<number> {
  const streams = sanitised(raw);
  const root = appRootOf(import.meta.url);
  // scan has options of its own and many files; it shares the output streams only.
  if (argv[0] === 'scan')
    return scanMain(argv.slice(1), { ...streams, redraw: streams.interactive ? streams.redraw : null }, root);
  const app = readAppIdentity(root);
  // The same folder as serve mode's and the app's by default: the signing key and the record of partial writes.
  const configDir = defaultConfigDir(process.env);
  let input: OpenedInput | null = null;
  try {
    const command = parseCli(argv);
    if (command.kind === 'help') {
      streams.out(`${usage(helpWidth(streams.columns))}\n`);
      return EXIT_CODES.ok;
    }
    if (command.kind === 'version') {
      streams.out(`${app.name} ${app.version}\n`);
      return EXIT_CODES.ok;
    }
    await removeLeftovers(configDir).catch(() => []);
    // The addon's loader reads the choice when it is first loaded, which is after this point.
    if (command.ffmpeg !== null) process.env[FFMPEG_CHOICE_ENV] = command.ffmpeg;
    if (command.kind === 'inspect' && command.compareDecoders !== null) {
      const output = await runCompare({
        file: command.file,
        frames: command.frames,
        decoderA: command.compareDecoders,
        device: command.device,
        app,
        appRoot: root,
        plant: plantFromEnv(process.env),
      });
      streams.out(command.json ? `${JSON.stringify(output, null, 2)}\n` : `${formatCompare(output)}\n`);
      return output.summary.exitCode;
    }
    mark('main');
    input = await openInput(command.file, command, root, configDir);
    mark('opened');
    for (const note of choiceNotes(command, input)) streams.err(`note: ${note}\n`);
    const frames = chooseFrames(input, command.frames);
    if (command.kind === 'inspect') {
      // --json is written as the frames come; --code and the table need them all.
      const streamed = command.json && command.code === null;
      const output = await runInspect(input, {
        ...command,
        frames,
        app,
        onFrame: progress(streams, 'frame'),
        ...(streamed ? { write: (text: string) => streams.out(text) } : {}),
      });
      if (command.code !== null) streams.out(codeText(output, command.code));
      else if (!streamed) streams.out(`${formatTable(output)}\n`);
      mark('written');
      return output.summary.exitCode;
    }
    const outcome = await runCapture(input, {
      ...command,
      output: command.output ?? '',
      frames,
      selection: command.frames === null ? 'all' : 'list',
      app,
      configDir,
      onProgress: progress(streams, 'captured frame'),
    });
    streams.out(
      `wrote ${outcome.path}: ${outcome.frames.length} frames (${formatFrameList(outcome.frames)}), ${outcome.bytes} bytes\n`,
    );
    if (outcome.failed.length > 0) streams.out(`checks failed on frames ${formatFrameList(outcome.failed)}\n`);
    return outcome.exitCode;
  } catch (error) {
    if (error instanceof UsageError) {
      streams.err(
        `zerocopy-inspector: ${error.message}\nRun zerocopy-inspector --help for the commands and options.\n`,
      );
      return EXIT_CODES.usage;
    }
    if (error instanceof CliFailure) {
      streams.err(
        `zerocopy-inspector: ${error.envelope.code}: ${error.envelope.message}\n  ${error.envelope.remedy}\n`,
      );
      return error.exitCode;
    }
    streams.err(`zerocopy-inspector: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT_CODES.cannotOpen;
  } finally {
    if (options.sessionEndsWithProcess !== true || input?.kind !== 'video') {
      input?.session.close();
      mark('closed');
    }
  }
}
