/**
 * `inspect … | head`: a reader that goes away ends the command quietly with exit 0 (closed-output.ts), never with
 * Node's EPIPE stack trace and exit 1. Run through a real shell pipeline with pipefail, so the command's own exit
 * code is the pipeline's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLOSED_OUTPUT_EXIT } from '../../electron/cli/closed-output';
import { fixture, ROOT } from '../support/paths';

const BIN = path.join(ROOT, 'bin', 'zerocopy-inspector.js');
const built = existsSync(path.join(ROOT, 'out', 'cli', 'zerocopy-inspector.js'));
const addonBuilt = existsSync(path.join(ROOT, 'native', 'build', 'Release', 'zerocopy_inspector.node'));
// 36 frames of JSON: about 300 KB, far past a pipe's 64 KiB, so the command writes after head has gone.
const CLIP = fixture('h264-odd-642x362.mp4');

/** Runs `zerocopy-inspector ARGS | READER` in bash with pipefail; the command's stderr is kept apart. */
function piped(args: readonly string[], reader: string, stderrToo = false): { status: number | null; stderr: string } {
  const command = `set -o pipefail; "$0" "$1" ${args.map((_, i) => `"\${${i + 2}}"`).join(' ')} ${stderrToo ? '2>&1 ' : ''}| ${reader} > /dev/null`;
  const result = spawnSync('bash', ['-c', command, process.execPath, BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, stderr: result.stderr };
}

describe.skipIf(!built || !addonBuilt)('zerocopy-inspector with a reader that goes away (needs npm run build)', () => {
  it('inspect --json | head -c 100 ends quietly with exit 0', () => {
    expect(piped(['inspect', CLIP, '--json'], 'head -c 100')).toEqual({ status: CLOSED_OUTPUT_EXIT, stderr: '' });
  });

  it('the same with the software decoder (no CUDA context made early) and with stderr in the pipe too', () => {
    expect(piped(['inspect', CLIP, '--json', '--decode', 'software'], 'head -c 100')).toEqual({
      status: CLOSED_OUTPUT_EXIT,
      stderr: '',
    });
    expect(piped(['inspect', CLIP, '--json'], 'head -c 100', true)).toEqual({ status: CLOSED_OUTPUT_EXIT, stderr: '' });
  });

  it('the table and --help cut short by head -1 end quietly too', () => {
    expect(piped(['inspect', CLIP], 'head -1')).toEqual({ status: CLOSED_OUTPUT_EXIT, stderr: '' });
    expect(piped(['--help'], 'head -1')).toEqual({ status: 0, stderr: '' });
  });
});
