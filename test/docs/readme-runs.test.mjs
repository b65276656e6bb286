// README's words about the recorded GPU runs are held to the runs themselves: the run its GPU-tier sentence names
// is the newest one recorded against both FFmpeg series, and every test that failed in it passed in a follow-up.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { followUps, recordedAt } from '../../scripts/gpu/evidence/run.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const runs = path.join(root, 'docs', 'gpu-runs');

/** A TAP file's failing and cancelled counts. */
function failures(file) {
  const tap = fs.readFileSync(file, 'utf8');
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tap)?.[1] ?? NaN);
  return count('fail') + count('cancelled');
}

/** The names of a TAP file's top-level tests that did not pass. */
function failedNames(file) {
  return [...fs.readFileSync(file, 'utf8').matchAll(/^not ok \d+ - (.*)$/gm)].map((m) => m[1]);
}

/** Whether a follow-up of the run (its focus-N-COMMIT folders) ran the test NAME and it passed there, never failing. */
function passedInFollowUp(runDir, name) {
  const taps = followUps(runDir).flatMap(({ dir }) =>
    fs.readdirSync(dir).filter((f) => f.endsWith('.tap')).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')),
  );
  const lines = taps.flatMap((tap) => tap.split('\n'));
  return lines.some((l) => l.replace(/^ok \d+ - /, '') === name && /^ok /.test(l)) && !lines.some((l) => /^not ok \d+ - /.test(l) && l.replace(/^not ok \d+ - /, '') === name);
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
  // Every test that failed in one of the run's passes passed in a follow-up of the run (its notes say why it failed).
  const runDir = path.join(runs, sentence[1]);
  for (const tap of fs.readdirSync(runDir).filter((f) => /^tests.*\.tap$/.test(f))) {
    const names = failedNames(path.join(runDir, tap));
    assert.equal(names.length, failures(path.join(runDir, tap)), `${tap} of ${sentence[1]}: every failure is a named test`);
    for (const name of names)
      assert.ok(passedInFollowUp(runDir, name), `${tap} of ${sentence[1]}: "${name}" failed and passed in no follow-up`);
  }
  assert.doesNotMatch(readme, /waiting for a GPU\s+run/);
});
