// The whole-file inspect table of docs/benchmarks.md (scripts/gpu/evidence/bench-scan.mjs): a run that also timed
// inspect with one NVDEC frame thread shows those columns and says what they are, judged on the default's column
// alone; a run from before shows the table it always had.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { writeScanBenchmarks } from '../../scripts/gpu/evidence/bench-scan.mjs';

const MACHINE = 'NVIDIA H100 80GB HBM3, 580.95.05, 81559 MiB';

/** The section rendered from a run folder (removed when the test ends) whose scan/ holds RECORDS. */
function render(t, records, files = {}) {
  const runs = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scan-'));
  t.after(() => fs.rmSync(runs, { recursive: true, force: true }));
  const dir = path.join(runs, 'abc1234');
  fs.mkdirSync(path.join(dir, 'scan'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'run.log'), `# machine\n${MACHINE}\ncommit abc1234\n`);
  fs.writeFileSync(path.join(dir, 'reports.json'), JSON.stringify({ date: '2026-12-07T08:00:00.000Z' }));
  const lines = [{ bench: 'corpus', files: 3, bytes: 1000 }, ...records];
  fs.writeFileSync(path.join(dir, 'scan', 'scan-bench.jsonl'), lines.map((r) => `${JSON.stringify(r)}\n`).join(''));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, 'scan', name), text);
  const bm = [];
  writeScanBenchmarks({ root: runs, runDir: dir, machine: MACHINE, commit: 'abc1234' }, bm);
  return bm.join('\n');
}

const rounds = (oneThread) =>
  [1, 2, 3].map((round) => ({
    bench: 'inspect-vs-ffmpeg',
    clip: 'plain-1080p-h264.mp4',
    round,
    ffmpegSeconds: 0.9,
    inspectSeconds: 0.8,
    ...(oneThread ? { inspectOneThreadSeconds: 1.0 } : {}),
  }));

test('with one-thread times: their columns, the words for them, and the verdict on the default alone', (t) => {
  const text = render(t, rounds(true));
  assert.match(text, /\| round \| ffmpeg s \| inspect s \| ffmpeg \/ inspect \| inspect, 1 thread s \| ffmpeg \/ inspect, 1 thread \|/);
  assert.match(text, /\| 1 \| 0\.900 \| 0\.800 \| \*\*1\.13\*\* \| 1\.000 \| 0\.90 \|/);
  assert.match(text, /--nvdec-threads 1/);
  assert.match(text, /median of the rounds \*\*1\.13\*\* .*\(target ≥ 1\.0: met\)/s);
});

test('without them: the table as before, and no words about one thread', (t) => {
  const text = render(t, rounds(false));
  assert.match(text, /\| round \| ffmpeg s \| inspect s \| ffmpeg \/ inspect \|\n/);
  assert.match(text, /\| 1 \| 0\.900 \| 0\.800 \| \*\*1\.13\*\* \|\n/);
  assert.doesNotMatch(text, /nvdec-threads|1 thread/);
});

const scan = (decoders, fps, by = 'given') => ({ bench: 'scan', decoders, by, exit: 1, frames: 1000, seconds: 1000 / fps, fps });
const CHOSEN = "decoders: 4 files at once: the GPU has 7 NVDEC engines (cuvidGetDecoderCaps); at most 4, the best measured (--decoders N chooses)";

test("the scan without --decoders: its own row, its own words, and its fps against the sweep's best", (t) => {
  const text = render(t, [scan(4, 1700, 'default'), scan(2, 1200), scan(4, 1720), scan(6, 1800)], {
    'scan-default.txt': `summary\nscanned 3 now\n${CHOSEN}\n`,
  });
  assert.match(text, /\| `scan`, no `--decoders` \(the engines' choice\) \| 4 \| – \| 1000 \|/);
  assert.match(text, /\| `scan --decoders` \| 6 \| – \| 1000 \| [0-9.]+ \| \*\*1800\.0\*\* \|/);
  assert.ok(text.includes(`said:\n\n> ${CHOSEN.replace('decoders: ', '')}\n\n`), text);
  assert.match(
    text,
    /It scanned at \*\*1700\.0 fps\*\*: 0\.94 × the best of the decoders swept in the same run \(--decoders 6,\s+1800\.0 fps\)\. By decoders, fps: 2: 1200\.0, 4: 1720\.0, 6: 1800\.0\. The same number given with `--decoders`: 1720\.0 fps\./,
  );
});

test('a run from before the choice has no default row and no words about it', (t) => {
  const text = render(t, [scan(4, 1720), scan(8, 1400)]);
  assert.doesNotMatch(text, /engines' choice|Without `--decoders` the scan chose/);
});
