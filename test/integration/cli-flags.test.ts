/**
 * The built command line run as a process with each option that chooses what runs (--ffmpeg, --decode, --device,
 * --unsafe-output): the report's stream and environment say the process did what was asked, or the run is refused
 * with a code and a remedy. Never another FFmpeg, decoder or device without a word.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG_CHOICES } from '../../contract/ffmpeg-choice';
import { inspectOutputSchema, type InspectOutput } from '../../contract/inspect-output';
import { addonLoaderPath } from '../../electron/addon/addon-path';
import { loadAddon } from '../../electron/addon/load-addon';
import { CliFailure, loadCliAddon } from '../../electron/cli/cli-input';
import { main } from '../../electron/cli/zerocopy-inspector';
import { runCli, type CliRun } from '../support/cli-run';
import { ROOT, SAMPLE } from '../support/paths';

const built = existsSync(path.join(ROOT, 'out', 'cli', 'zerocopy-inspector.js'));
const addonBuilt = existsSync(path.join(ROOT, 'native', 'build', 'Release', 'zerocopy_inspector.node'));
const FFMPEG7_DIR = path.join(ROOT, 'native', 'build-ffmpeg-7.1');
const ffmpeg7Built = existsSync(path.join(FFMPEG7_DIR, 'Release', 'zerocopy_inspector.node'));
// npm test builds the 7.1 variant before the integration tests: in CI its absence is a failure, not a skip.
const inCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
const skip7 = !ffmpeg7Built && !inCi;

let dir: string;

/** Runs the CLI in dir with ZCI_FFMPEG as given (the environment's own choice, which --ffmpeg overrides). */
function cli(ffmpegEnv: string, ...args: string[]): CliRun {
  return runCli(dir, args, { ZCI_FFMPEG: ffmpegEnv });
}

/** `inspect SAMPLE --json` with ARGS; the run must succeed, and its output validates. */
function inspectJson(ffmpegEnv: string, ...args: string[]): { run: CliRun; output: InspectOutput } {
  const run = cli(ffmpegEnv, 'inspect', SAMPLE, '--json', '--frames', '0-3', ...args);
  expect(run.code, run.stderr).toBe(0);
  return { run, output: inspectOutputSchema.parse(JSON.parse(run.stdout)) };
}

/** The CUDA devices the driver lists here, as the report's environment says. */
let deviceCount = 0;

describe.skipIf(!built || !addonBuilt)('zerocopy-inspector options that choose what runs (needs npm run build)', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'zci-cli-flags-'));
    const { output } = inspectJson('system', '--decode', 'software', '--frames', '0');
    deviceCount = output.environment?.cuda.deviceCount ?? 0;
  });

  it('--ffmpeg system decodes with the system FFmpeg 5.1, also when ZCI_FFMPEG names 7.1', () => {
    const { output } = inspectJson('7.1', '--ffmpeg', 'system');
    expect(output.environment?.ffmpeg).toMatchObject({ version: expect.stringMatching(/^5\.1\./), origin: 'system' });
    expect(output.environment?.ffmpeg.libraryPath).not.toContain(FFMPEG7_DIR);
    expect(output.environment?.ffmpeg.libavcodec).toMatch(/^59\./);
  });

  it.skipIf(skip7)(
    '--ffmpeg 7.1 decodes with the bundled FFmpeg 7.1, also when ZCI_FFMPEG names the system one',
    () => {
      expect(ffmpeg7Built, `${FFMPEG7_DIR} is missing: npm run build:native:ffmpeg7 builds it`).toBe(true);
      const { output } = inspectJson('system', '--ffmpeg', '7.1');
      expect(output.environment?.ffmpeg).toMatchObject({
        version: expect.stringMatching(/^7\.1\./),
        origin: 'bundled',
        libavcodec: expect.stringMatching(/^61\./),
        unsafeOutputFlag: true,
      });
      // The variant's own copy of FFmpeg, beside its binary: never the machine's libavcodec.
      expect(output.environment?.ffmpeg.libraryPath).toContain(path.join(FFMPEG7_DIR, 'Release', 'ffmpeg-lib'));
      const table = cli('system', 'inspect', SAMPLE, '--frames', '0', '--ffmpeg', '7.1');
      expect(table.stdout).toMatch(/^FFmpeg 7\.1\.\S+ \(bundled: .*libavcodec\.so\.61\)/m);
      // capture records the FFmpeg it decoded with, and a replay says so.
      const made = cli('system', 'capture', SAMPLE, '--frames', '0', '-o', 'ffmpeg7.zci', '--ffmpeg', '7.1');
      expect(made.code, made.stderr).toBe(0);
      const replay = inspectOutputSchema.parse(JSON.parse(cli('system', 'inspect', 'ffmpeg7.zci', '--json').stdout));
      expect(replay.environment?.ffmpeg).toMatchObject({
        version: expect.stringMatching(/^7\.1\./),
        origin: 'bundled',
      });
    },
  );

  it('--ffmpeg with a value the parser refuses is a usage error, and nothing is loaded for it', () => {
    const run = cli('system', 'inspect', SAMPLE, '--ffmpeg', '6.1');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--ffmpeg must be one of ${FFMPEG_CHOICES.join(', ')}, not "6.1"`);
  });

  it('--decode software decodes every frame on the CPU, and the stream says it was asked', () => {
    const { output } = inspectJson('system', '--decode', 'software');
    expect(output.stream).toMatchObject({
      decodePath: 'software',
      decodePathReason: 'software decoding was requested',
    });
    expect(output.frames).toHaveLength(4);
    for (const frame of output.frames) expect(frame.report?.decodePath).toBe('software');
  });

  it('--decode nvdec decodes every frame with NVDEC, or is refused where it cannot: never decoded otherwise', () => {
    const run = cli('system', 'inspect', SAMPLE, '--json', '--frames', '0-1', '--decode', 'nvdec');
    if (deviceCount === 0) {
      expect(run.code).toBe(3);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/NO_CUDA_DEVICE: NVDEC was requested but no CUDA device is usable/);
      expect(run.stderr).toContain('choose software decoding');
      return;
    }
    expect(run.code, run.stderr).toBe(0);
    const output = inspectOutputSchema.parse(JSON.parse(run.stdout));
    expect(output.stream).toMatchObject({ decodePath: 'nvdec', decodePathReason: 'NVDEC was requested' });
    for (const frame of output.frames) expect(frame.report?.decodePath).toBe('nvdec');
  });

  it('--device N of a device the driver does not list is NO_CUDA_DEVICE, whatever the decode mode', () => {
    const missing = String(Math.max(deviceCount, 1));
    for (const mode of [[], ['--decode', 'software']]) {
      const run = cli('system', 'inspect', SAMPLE, '--frames', '0', '--device', missing, ...mode);
      expect(run.code, run.stdout).toBe(3);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        new RegExp(
          `NO_CUDA_DEVICE: The decoder was asked on device ${missing}, and the driver lists ${deviceCount} device`,
        ),
      );
    }
    const capture = cli('system', 'capture', SAMPLE, '--frames', '0', '-o', 'device.zci', '--device', missing);
    expect(capture.code).toBe(3);
    expect(existsSync(path.join(dir, 'device.zci'))).toBe(false);
    // A device the driver lists is the one decoded on.
    if (deviceCount > 0) expect(inspectJson('system', '--device', '0').output.stream.device).toBe(0);
  });

  it('--unsafe-output on FFmpeg 5.1, which has no AV_HWACCEL_FLAG_UNSAFE_OUTPUT, is refused with a remedy', () => {
    const run = cli('system', 'inspect', SAMPLE, '--frames', '0', '--unsafe-output', '--ffmpeg', 'system');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /INVALID_ARGUMENT: --unsafe-output needs FFmpeg 6\.0 or later: FFmpeg 5\.1\.\S+ \(system\)/,
    );
    expect(run.stderr).toContain('Leave out --unsafe-output, or choose --ffmpeg 7.1.');
  });

  it.skipIf(skip7)(
    '--unsafe-output on FFmpeg 7.1 sets the flag: NVDEC frames are the surfaces, or a note says none came',
    () => {
      const { run, output } = inspectJson('system', '--ffmpeg', '7.1', '--unsafe-output');
      expect(output.environment?.ffmpeg.unsafeOutputFlag).toBe(true);
      if (output.stream.decodePath === 'nvdec') {
        expect(output.stream.nvdecOutput).toBe('unsafe-output');
        expect(run.stderr).not.toContain('--unsafe-output took no effect');
      } else {
        expect(output.stream.nvdecOutput ?? null).toBeNull();
        expect(run.stderr).toContain(
          'note: --unsafe-output took no effect: no frame comes from NVDEC (decode software',
        );
      }
    },
  );

  it('options for a video are named as unused on a capture, which replays what was recorded', () => {
    const made = cli('system', 'capture', SAMPLE, '--frames', '0', '-o', 'replay.zci', '--decode', 'software');
    expect(made.code, made.stderr).toBe(0);
    const run = cli('system', 'inspect', 'replay.zci', '--ffmpeg', '7.1', '--unsafe-output', '--decode', 'nvdec');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'note: --decode, --ffmpeg, --unsafe-output apply to video files; a capture replays what was recorded',
    );
  });
});

describe.skipIf(!addonBuilt)('the addon a command loads is built against the FFmpeg it asked for', () => {
  it('a process that already loaded another FFmpeg refuses inspect, capture and the comparison, saying why', async () => {
    const loaded = loadAddon(addonLoaderPath(ROOT)).addon;
    expect(loaded).not.toBeNull();
    const other = loaded?.ffmpegVariant === 'system' ? '7.1' : 'system';
    const work = await mkdtemp(path.join(os.tmpdir(), 'zci-cli-variant-'));
    const saved = { ffmpeg: process.env.ZCI_FFMPEG, config: process.env.XDG_CONFIG_HOME };
    process.env.XDG_CONFIG_HOME = path.join(work, 'config');
    try {
      for (const argv of [
        ['inspect', SAMPLE, '--frames', '0', '--decode', 'software'],
        ['capture', SAMPLE, '--frames', '0', '-o', path.join(work, 'a.zci')],
        ['inspect', SAMPLE, '--frames', '0', '--compare-decoders', '--decoders', 'software,software'],
      ]) {
        let out = '';
        let err = '';
        const code = await main([...argv, '--ffmpeg', other], {
          out: (text) => (out += text),
          err: (text) => (err += text),
          interactive: false,
        });
        expect(code, err).toBe(3);
        expect(out).toBe('');
        expect(err).toContain(
          `INVALID_ARGUMENT: FFmpeg ${other} was asked for, but this process already loaded the addon built against FFmpeg ${loaded?.ffmpegVariant}`,
        );
        expect(err).toContain(`Run the command in a new process with --ffmpeg ${other}`);
      }
      expect(existsSync(path.join(work, 'a.zci'))).toBe(false);
    } finally {
      if (saved.ffmpeg === undefined) delete process.env.ZCI_FFMPEG;
      else process.env.ZCI_FFMPEG = saved.ffmpeg;
      if (saved.config === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = saved.config;
    }
  });

  it('an FFmpeg whose build of the addon is missing is refused with the command that builds it', async () => {
    // An installation with the loader and no binary of either variant.
    const bare = await mkdtemp(path.join(os.tmpdir(), 'zci-cli-bare-'));
    await mkdir(path.join(bare, 'native'));
    await copyFile(path.join(ROOT, 'native', 'index.cjs'), addonLoaderPath(bare));
    const saved = process.env.ZCI_FFMPEG;
    for (const [asked, build] of [
      ['7.1', 'npm run build:native:ffmpeg7'],
      ['9.0', 'npm run build:native:ffmpeg9'],
      ['system', 'npm run build:native'],
    ] as const) {
      let failure: unknown = null;
      process.env.ZCI_FFMPEG = asked;
      try {
        loadCliAddon(bare);
      } catch (error) {
        failure = error;
      } finally {
        if (saved === undefined) delete process.env.ZCI_FFMPEG;
        else process.env.ZCI_FFMPEG = saved;
      }
      expect(failure).toBeInstanceOf(CliFailure);
      const { exitCode, envelope } = failure as CliFailure;
      expect(exitCode).toBe(3);
      expect(envelope).toMatchObject({
        code: 'INTERNAL',
        message: expect.stringContaining(`The native addon for FFmpeg ${asked} could not be loaded`),
        remedy: `Build it with ${build}; captures open without the addon.`,
      });
    }
  });
});
