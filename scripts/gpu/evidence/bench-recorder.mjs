// @ts-check
// The recorder's cost in the user's process (python/bench/overhead.py): one 1080p frame recorded without and with
// the aliasing proof, beside a plain torch copy of the same frame. Only where the run has it.
import fs from 'node:fs';
import path from 'node:path';
import { fmt, table } from './stats.mjs';
import { templates } from './template.mjs';

const t = templates('bench-recorder');

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} bm */
export function writeRecorderBenchmarks(run, bm) {
  const dir = run.benchSource ? path.join(run.root, run.benchSource.rel) : run.runDir;
  const file = path.join(dir, 'recorder-bench.json');
  if (!fs.existsSync(file)) return;
  /** @type {{ device: string, torch: string, frame: { width: number, height: number, pitch: number, codedHeight: number, bytes: number }, results: { what: string, frames: number, p50Ms: number, p99Ms: number }[] }} */
  const b = JSON.parse(fs.readFileSync(file, 'utf8'));
  const copy = b.results.find((r) => r.what.startsWith('torch copy'));
  const head = '| step | frames | p50 ms | p99 ms | p50 against the copy |';
  const rows = b.results.map(
    (r) =>
      `| ${r.what} | ${r.frames} | ${fmt(r.p50Ms, 3)} | ${fmt(r.p99Ms, 3)} | ${copy ? `${fmt(r.p50Ms / copy.p50Ms, 2)}×` : '—'} |`,
  );
  bm.push(
    ...t.lines('overhead', {
      device: b.device,
      torch: b.torch,
      width: b.frame.width,
      height: b.frame.height,
      pitch: b.frame.pitch,
      codedHeight: b.frame.codedHeight,
      bytes: b.frame.bytes.toLocaleString('en-US'),
      table: table(head, rows),
    }),
    '',
  );
}
