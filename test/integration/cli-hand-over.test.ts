/**
 * The built command line on a recorder capture whose frames were handed over with their stream in each state: the
 * table's stream column says which, and --strict fails a frame handed over while its stream was still decoding,
 * saying why. The capture is signed by this installation, so its provenance fails nothing.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CapturedFrame } from '../../contract/capture';
import { inspectOutputSchema } from '../../contract/inspect-output';
import { defaultConfigDir } from '../../electron/app/config-dir';
import { loadOrCreateSigningKey } from '../../electron/app/signing-key';
import { encodeCapture } from '../../electron/capture/capture-write';
import { sampleCapture } from '../support/captures';
import { recorderContents } from '../support/recorder-captures';
import { runCli, type CliRun } from '../support/cli-run';
import { ROOT } from '../support/paths';

const built = existsSync(path.join(ROOT, 'out', 'cli', 'zerocopy-inspector.js'));

/** Each frame's stream at hand-over, as the recorder writes it in the frame's recorded facts. */
const STREAMS = [
  { handle: '0x5a5a00', method: 'cuStreamQuery', state: 'complete' },
  { handle: '0x5a5a00', method: 'cuStreamQuery', state: 'pending' },
  { handle: null, method: null, state: 'not-named' },
];

let dir: string;

function cli(...args: string[]): CliRun {
  return runCli(dir, args);
}

describe.skipIf(!built)('zerocopy-inspector inspect of a recorder capture (needs npm run build)', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'zci-cli-hand-over-'));
    const contents = recorderContents([0, 1, 2], (frame, i) => ({
      ...frame,
      recorded: { stream: STREAMS[i] } as CapturedFrame['recorded'],
    }));
    // The key the command line reads from its config folder (runCli's XDG_CONFIG_HOME): signed by this installation.
    const key = await loadOrCreateSigningKey(defaultConfigDir({ XDG_CONFIG_HOME: path.join(dir, 'config') }));
    await writeFile(path.join(dir, 'recorded.zci'), encodeCapture(contents, key));
  });

  it('shows each frame’s stream at hand-over in the table, and names the pending one without failing it', () => {
    const { code, stdout, stderr } = cli('inspect', 'recorded.zci');
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/^signature: signed by this installation/m);
    expect(stdout).toMatch(/^frame +type .* restored +stream +result$/m);
    expect(stdout).toMatch(/^0 .* yes +done +ok$/m);
    expect(stdout).toMatch(/^1 .* yes +PENDING +ok$/m);
    expect(stdout).toMatch(/^2 .* yes +not named +ok$/m);
    expect(stdout).toContain(
      'stream pending at hand-over on frames 1: stream 0x5a5a00 still had decode work pending when the frame was handed over',
    );
    expect(stdout).toContain('(--strict fails these)');
    expect(stdout).toContain('3 frames: 3 ok, 0 failed');
  });

  it('--strict fails the frame handed over while its stream was still decoding, saying why, and exits 1', () => {
    const { code, stdout } = cli('inspect', 'recorded.zci', '--strict');
    expect(code).toBe(1);
    expect(stdout).toMatch(/^1 .* PENDING +FAIL$/m);
    expect(stdout).toMatch(/^frame 1: stream: stream 0x5a5a00 still had decode work pending .*wait on it first/m);
    expect(stdout).not.toContain('(--strict fails these)');
    expect(stdout).toContain('3 frames: 2 ok, 1 failed — exit 1');
    const json = cli('inspect', 'recorded.zci', '--strict', '--json');
    expect(json.code).toBe(1);
    const output = inspectOutputSchema.parse(JSON.parse(json.stdout));
    expect(output.frames.map((f) => [f.index, f.handOver?.state, f.ok])).toEqual([
      [0, 'complete', true],
      [1, 'pending', false],
      [2, 'not-named', true],
    ]);
    expect(output.summary).toMatchObject({ failed: 1, provenance: null, exitCode: 1 });
    // The same capture's other frames pass --strict: the failure is the pending stream's alone.
    expect(cli('inspect', 'recorded.zci', '--strict', '--frames', '0,2').code).toBe(0);
  });

  it('a capture the inspector made has no stream at hand-over: a dash, and no key in --json', async () => {
    const key = await loadOrCreateSigningKey(defaultConfigDir({ XDG_CONFIG_HOME: path.join(dir, 'config') }));
    await writeFile(path.join(dir, 'made.zci'), encodeCapture(sampleCapture([0]), key));
    const table = cli('inspect', 'made.zci', '--strict');
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^0 .* yes +— +ok$/m);
    const { stdout } = cli('inspect', 'made.zci', '--json');
    expect(JSON.parse(stdout).frames[0]).not.toHaveProperty('handOver');
  });
});
