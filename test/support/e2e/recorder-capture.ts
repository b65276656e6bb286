/**
 * A capture written by the recorder's Python writer from facts records made without a GPU (python/tests/factsbuild.py):
 * the right wrap, then the naive 1.5×H view whose stream still had decode work pending at hand-over.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths';
import { expect } from './fixtures';

const VENV_PYTHON = path.join(ROOT, '.cache', 'recorder-venv', 'bin', 'python');

/** Writes the recorder capture of two frames to file, signed with a key kept in keyDir. */
export function recordCapture(file: string, keyDir: string): void {
  const script = [
    'import sys',
    `sys.path.insert(0, ${JSON.stringify(path.join(ROOT, 'python', 'tests'))})`,
    'import factsbuild as fb',
    'from zci import Recorder',
    `rec = Recorder(sys.argv[1], key_dir=${JSON.stringify(keyDir)})`,
    'rec.add(fb.frame("after decode", fb.image_wrap()))',
    'rec.add(fb.frame("1.5xH view", fb.naive_tensor(1620), stream_state="pending"))',
    'rec.close()',
  ].join('\n');
  const python = existsSync(VENV_PYTHON) ? VENV_PYTHON : 'python3';
  const result = spawnSync(python, ['-c', script, file], {
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: path.join(ROOT, 'python', 'src') },
  });
  expect(result.status, `${result.stderr}\n(scripts/python/test.sh installs the recorder)`).toBe(0);
}
