// README's words about the recorded GPU runs are held to the runs themselves: the run its GPU-tier sentence names
// is the newest one recorded against both FFmpeg series, and no test failed in it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { recordedAt } from '../../scripts/gpu/evidence/run.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const runs = path.join(root, 'docs', 'gpu-runs');

/** A TAP file's failing and cancelled counts. */
function failures(file) {
  const tap = fs.readFileSync(file, 'utf8');
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tap)?.[1] ?? NaN);
  return count('fail') + count('cancelled');
}

test('every recorded run README names exists', () => {
  for (const [, dir] of readme.matchAll(/docs\/gpu-runs\/([\w.-]+)/g))
    assert.ok(fs.existsSync(path.join(runs, dir)), `README names docs/gpu-runs/${dir}, which is not there`);
});

test("README's GPU-tier sentence names the newest run against both FFmpeg series, and none of its tests failed", () => {
  const sentence = /was last recorded in\s+\[docs\/gpu-runs\/([\w.-]+)\]/.exec(readme);
  assert.ok(sentence, 'README says where the GPU tier against each FFmpeg was last recorded');
  const both = fs
    .readdirSync(runs)
    .filter((dir) => ['tests.tap', 'tests-ffmpeg7.1.tap'].every((f) => fs.existsSync(path.join(runs, dir, f))))
    // By when each run recorded (reports.json's date): folder names sort by commit hash within a day, not by time.
    .sort((a, b) => (recordedAt(path.join(runs, a)) ?? 0) - (recordedAt(path.join(runs, b)) ?? 0));
  assert.equal(sentence[1], both.at(-1), 'the newest run that holds both series');
  for (const tap of ['tests.tap', 'tests-ffmpeg7.1.tap'])
    assert.equal(failures(path.join(runs, sentence[1], tap)), 0, `${tap} of ${sentence[1]}`);
  assert.doesNotMatch(readme, /waiting for a GPU\s+run/);
});
