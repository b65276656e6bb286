// @ts-check
// What an open holds on each decode path, host and device, and what a close takes to give a device decoder's memory
// back (the run's gpu-memory/: scripts/memory/open-cost.mjs and scripts/gpu/close-teardown.cjs). The backend's charge
// for an NVDEC open (electron/backend/open-charge.ts) is held to the first by test/unit/open-charge-gpu.test.ts, its
// teardown window (electron/backend/resident-growth.ts) to the second. Only where the run, or a recorded run, has them.
import fs from 'node:fs';
import path from 'node:path';
import { fmt, range, table } from './stats.mjs';
import { jsonLines, newestHolding, otherRun } from './run.mjs';
import { templates } from './template.mjs';

const t = templates('evidence-memory');
const MIB = 1_048_576;

/** The JSON lines of a file, none where it is missing. @param {string} file @returns {any[]} */
const linesIfAny = (file) => (fs.existsSync(file) ? jsonLines(file) : []);

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} ev */
export function writeMemoryEvidence(run, ev) {
  const dir = newestHolding(run.runDir, ['gpu-memory/open-cost-nvdec.jsonl']);
  if (dir === null) return;
  const memory = path.join(dir, 'gpu-memory');
  const source = dir === run.runDir ? t.text('here') : t.text('elsewhere', otherRun(run.root, dir));
  const nvdec = linesIfAny(path.join(memory, 'open-cost-nvdec.jsonl'));
  const software = linesIfAny(path.join(memory, 'open-cost-software.jsonl'));
  const mib = (/** @type {number} */ b) => fmt(b / MIB);
  const rows = nvdec.map((r) => {
    const sw = software.find((s) => s.file === r.file);
    return (
      `| ${r.file} | ${r.codec} ${r.pixelFormat} ${r.codedWidth}x${r.codedHeight} | ${mib(r.rssBytes)} | ` +
      `${r.gpuOpenBytes > 0 ? mib(r.gpuBytes) : t.text('pooled')} | ${sw ? mib(sw.rssBytes) : '–'} |`
    );
  });
  const refused = software.filter((s) => !nvdec.some((r) => r.file === s.file)).map((s) => s.file);
  ev.push(
    ...t.lines('opens', {
      source,
      frames: nvdec[0]?.frames ?? '–',
      cores: software[0]?.cpuThreads ?? '–',
      table: table('| file | stream | NVDEC: host MiB | NVDEC: device MiB | software: host MiB |', rows),
      refused: refused.length ? t.text('refused', { files: refused.join(', ') }) : '',
    }),
    '',
  );
  const off = linesIfAny(path.join(memory, 'close-teardown-pool-off.jsonl'));
  const on = linesIfAny(path.join(memory, 'close-teardown.jsonl'));
  if (off.length === 0) return;
  const released = off.filter((r) => r.afterMiB < r.heldMiB);
  ev.push(
    ...t.lines('teardown', {
      files: [...new Set(off.map((r) => r.file))].join(', '),
      rounds: off.length,
      closeMs: range(off.map((r) => r.closeMs)),
      releasedMs: released.length ? range(released.map((r) => r.releasedByMs)) : '–',
      released: released.length,
      pooled: on.length ? t.text('pooled-close', {
            closeMs: range(on.map((r) => r.closeMs)),
            kept: on.filter((r) => r.afterMiB >= r.heldMiB).length,
            rounds: on.length,
          }) : '',
    }),
    '',
  );
}
