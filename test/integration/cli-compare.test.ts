/** The built command line's --compare-decoders run as a process, software against software (NVDEC: test/gpu). */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareOutputSchema } from '../../contract/inspect-output';
import { runCli, type CliRun } from '../support/cli-run';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ODD = path.join(ROOT, 'test', 'fixtures', 'h264-odd-642x362.mp4');
const MAIN10 = path.join(ROOT, 'test', 'fixtures', 'hevc-main10-1280x720.mp4');
const built = existsSync(path.join(ROOT, 'out', 'cli', 'zerocopy-inspector.js'));
const addonBuilt = existsSync(path.join(ROOT, 'native', 'build', 'Release', 'zerocopy_inspector.node'));
const SOFT = ['--compare-decoders', '--decoders', 'software,software'];

let dir: string;

/** Runs the CLI in dir with extra environment; returns its exit code and output. */
function cli(env: Record<string, string>, ...args: string[]): CliRun {
  return runCli(dir, args, env);
}

describe.skipIf(!built || !addonBuilt)(
  'zerocopy-inspector inspect --compare-decoders (needs npm run build and the addon)',
  () => {
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'zci-cli-compare-'));
    });

    it('prints per frame and plane "identical" and the RGB line with its matrices, and exits 0', () => {
      const { code, stdout, stderr } = cli({}, 'inspect', ODD, ...SOFT, '--frames', '0-2');
      expect(code, stderr).toBe(0);
      expect(stdout).toMatch(/^decoders: A software .* against B software$/m);
      expect(stdout).toMatch(/^bit-exact: required/m);
      for (const frame of [0, 1, 2])
        expect(stdout).toMatch(new RegExp(`^frame ${frame}: yuv420p vs yuv420p; as stored`, 'm'));
      expect(stdout.match(/^ {2}[YUV] identical$/gm)).toHaveLength(9);
      expect(stdout).toMatch(/^ {2}RGB .*A BT\.601 limited .* vs B BT\.601 limited \(swscale yuv420p -> rgb24/m);
      expect(stdout).toMatch(/^3 frames compared: 3 identical, 0 differing$/m);
    });

    it('--json validates against the schema and carries the normalisation', () => {
      const { code, stdout, stderr } = cli({}, 'inspect', MAIN10, ...SOFT, '--frames', '4', '--json');
      expect(code, stderr).toBe(0);
      const output = compareOutputSchema.parse(JSON.parse(stdout));
      expect(output.compare.frames[0]).toMatchObject({
        index: 4,
        normalisation: 'yuv420p10le vs yuv420p10le; as stored',
        bitDepth: 10,
        identical: true,
        where: 'host',
      });
      expect(output.summary).toEqual({
        frames: 1,
        identical: 1,
        differing: 0,
        rgbDiffering: 0,
        rgbMaxAbsDiff: output.compare.frames[0]?.rgb?.maxAbsDiff ?? 0,
        explained: 0,
        bitExactMismatch: false,
        exitCode: 0,
      });
    });

    it('a planted sample (test hook ZCI_TEST_HOOK_PLANT) is reported at its place with both values, and exits 1', () => {
      // Sample (10, 5) of frame 0's luma is 16 in this fixture; 200 makes it differ.
      const hook = { ZCI_TEST_HOOK_PLANT: '0,10,5,200' };
      const text = cli(hook, 'inspect', ODD, ...SOFT, '--frames', '0-1');
      expect(text.code, text.stderr).toBe(1);
      expect(text.stdout).toMatch(/^planted in frame 0: Y \(10, 5\) = 200 \(was 16\)/m);
      expect(text.stdout).toMatch(/^ {2}Y 1 differing sample\(s\), max 184, first at \(10, 5\): A 200 vs B 16$/m);
      expect(text.stdout).toMatch(/^ {2}MISMATCH: a bit-exact codec decoded differently$/m);
      const json = cli(hook, 'inspect', ODD, ...SOFT, '--frames', '0', '--json');
      expect(json.code).toBe(1);
      const output = compareOutputSchema.parse(JSON.parse(json.stdout));
      expect(output.compare.frames[0]?.planes[0]?.firstDifference).toEqual({ x: 10, y: 5, valueA: 200, valueB: 16 });
      expect(output.summary).toMatchObject({ bitExactMismatch: true, exitCode: 1 });
    });

    it('samples identical but RGB beyond rounding (a colour matrix planted in A) is counted in the summary and exits 1', () => {
      const text = cli({ ZCI_PLANT_FRAME: 'matrix' }, 'inspect', ODD, ...SOFT, '--frames', '0-1');
      expect(text.code, text.stderr).toBe(1);
      expect(text.stdout.match(/^ {2}RGB cause: RGB within 2 of B's when A is converted as BT\.601/gm)).toHaveLength(2);
      expect(text.stdout).toMatch(
        /^2 frames compared: 2 identical, 0 differing; RGB differs beyond the converters' rounding \(2\) in 2 of 2, by up to \d+$/m,
      );
      const json = cli({ ZCI_PLANT_FRAME: 'matrix' }, 'inspect', ODD, ...SOFT, '--frames', '0', '--json');
      expect(json.code).toBe(1);
      const output = compareOutputSchema.parse(JSON.parse(json.stdout));
      expect(output.summary).toMatchObject({ identical: 1, differing: 0, rgbDiffering: 1, exitCode: 1 });
      expect(output.summary.rgbMaxAbsDiff).toBeGreaterThan(2);
    });

    it('a chroma row planted in MPEG-2, which is not bit-exact, is still a fault once a mistake explains it: exit 1', () => {
      const mpeg2 = path.join(ROOT, 'test', 'fixtures', 'mpeg2-odd-640x361.mkv');
      const text = cli({ ZCI_PLANT_FRAME: 'chroma-row' }, 'inspect', mpeg2, ...SOFT, '--frames', '3');
      expect(text.code, text.stderr).toBe(1);
      expect(text.stdout).toMatch(/^bit-exact: not required/m);
      expect(text.stdout).toMatch(
        /^ {2}cause: U identical when read 1 row before FFmpeg's pointer: a plane-offset mistake/m,
      );
      expect(text.stdout).toMatch(/; a mistake explains the difference in 1;/);
      expect(text.stdout).not.toMatch(/MISMATCH/);
    });

    it('frames the file does not have and a malformed hook exit 2; NVDEC without a GPU exits 3 with its code', () => {
      const range = cli({}, 'inspect', ODD, ...SOFT, '--frames', '500');
      expect(range.code).toBe(2);
      expect(range.stderr).toMatch(/FRAME_OUT_OF_RANGE: Frame 500 does not exist; the stream has 36 frames/);
      const hook = cli({ ZCI_TEST_HOOK_PLANT: '3,0,0,1' }, 'inspect', ODD, ...SOFT, '--frames', '0');
      expect(hook.code).toBe(2);
      expect(hook.stderr).toMatch(/INVALID_ARGUMENT: ZCI_TEST_HOOK_PLANT/);
      const outside = cli({ ZCI_TEST_HOOK_PLANT: '0,642,0,1' }, 'inspect', ODD, ...SOFT, '--frames', '0');
      expect(outside.code).toBe(2);
      expect(outside.stderr).toMatch(/INVALID_ARGUMENT: The planted sample must lie/);
    });

    it('without a GPU the default NVDEC side is DECODER_COMPARE_UNAVAILABLE (exit 4)', () => {
      const { code, stderr } = cli({}, 'inspect', ODD, '--compare-decoders', '--frames', '0');
      if (!/NO_CUDA_DEVICE/.test(stderr)) return; // a machine with a GPU compares instead
      expect(code).toBe(4);
      expect(stderr).toMatch(/DECODER_COMPARE_UNAVAILABLE: .*\n {2}.*software,software/);
    });
  },
);
