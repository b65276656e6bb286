/** The built command line's device options run as a process: the operators' device reaches the addon, which checks
 * it against the driver's devices; the placement of each frame is in --json. (Two devices: test/gpu.) */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectOutputSchema } from '../../contract/inspect-output';
import { runCli, type CliRun } from '../support/cli-run';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ODD = path.join(ROOT, 'test', 'fixtures', 'h264-odd-642x362.mp4');
const built = existsSync(path.join(ROOT, 'out', 'cli', 'zerocopy-inspector.js'));
const addonBuilt = existsSync(path.join(ROOT, 'native', 'build', 'Release', 'zerocopy_inspector.node'));

let dir: string;

function cli(...args: string[]): CliRun {
  return runCli(dir, args);
}

describe.skipIf(!built || !addonBuilt)(
  'zerocopy-inspector --operator-device (needs npm run build and the addon)',
  () => {
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'zci-cli-devices-'));
    });

    it('operators on a device the driver does not list: exit 3, NO_CUDA_DEVICE naming the count, and a remedy', () => {
      const { code, stderr } = cli('inspect', ODD, '--decode', 'software', '--operator-device', '63', '--frames', '0');
      expect(code).toBe(3);
      expect(stderr).toMatch(/NO_CUDA_DEVICE: Operators were asked on device 63, and the driver lists \d+ devices?/);
    });

    it('--json carries each frame placement: a software frame names no device', () => {
      const { code, stdout, stderr } = cli('inspect', ODD, '--decode', 'software', '--json', '--frames', '0,1');
      expect(code, stderr).toBe(0);
      const output = inspectOutputSchema.parse(JSON.parse(stdout));
      for (const frame of output.frames) {
        expect(frame.report?.placement).toMatchObject({ verdict: 'host-memory', decoderDevice: null, peer: null });
      }
    });

    it('--peer-access alone is a usage error (exit 2)', () => {
      const { code, stderr } = cli('inspect', ODD, '--peer-access');
      expect(code).toBe(2);
      expect(stderr).toMatch(/--peer-access needs --operator-device/);
    });
  },
);
