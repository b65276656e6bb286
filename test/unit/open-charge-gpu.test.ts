// The NVDEC charge against what NVDEC opens were measured to hold on a GPU: the newest recorded GPU run that has
// gpu-memory/open-cost-nvdec.jsonl (scripts/memory/open-cost.mjs --decode nvdec, one fresh process a file). Every
// open whose decoder it created itself is charged at least what it held, and not more than a quarter or 8 MiB (the
// noise of a resident-memory reading at small sizes) above it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromaOfPixelFormat, openCharge } from '../../electron/backend/open-charge';
import { TEARDOWN_MS } from '../../electron/backend/resident-growth';
import type { OpenCostLine } from '../support/open-cost';

const MIB = 1_048_576;
const runs = path.join(__dirname, '..', '..', 'docs', 'gpu-runs');

/** An NVDEC open's line. */
type OpenCost = OpenCostLine & { gpuOpenBytes: number };

/** The JSON lines of a file. */
function jsonLines<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

/** The newest recorded run (by its reports' date) that has gpu-memory/NAME. */
function newestWith(name: string): string {
  const measured = readdirSync(runs)
    .filter((dir) => existsSync(path.join(runs, dir, 'gpu-memory', name)))
    .map((dir) => ({
      dir,
      at: Date.parse(JSON.parse(readFileSync(path.join(runs, dir, 'reports.json'), 'utf8')).date),
    }))
    .sort((a, b) => a.at - b.at);
  const run = measured.at(-1)?.dir;
  if (run === undefined) throw new Error(`no recorded GPU run has gpu-memory/${name}`);
  return run;
}

describe('the NVDEC charge against a GPU run', () => {
  const run = newestWith('open-cost-nvdec.jsonl');
  const rows = jsonLines<OpenCost>(path.join(runs, run, 'gpu-memory', 'open-cost-nvdec.jsonl'));
  // A decoder the decoder pool handed back was made by the warm-up's open, not this one: nothing to hold it to.
  const created = rows.filter((r) => r.decodePath === 'nvdec' && r.gpuOpenBytes > 0);

  it(`has NVDEC opens of several codecs to hold the model to (${run})`, () => {
    expect(new Set(created.map((r) => r.codec)).size).toBeGreaterThanOrEqual(4);
  });

  it.each(created.map((r) => [r.file, r] as const))('%s: charged at least what it held, and not far more', (_, r) => {
    const shape = {
      codec: r.codec,
      codedWidth: r.codedWidth,
      codedHeight: r.codedHeight,
      chromaFormat: chromaOfPixelFormat(r.pixelFormat),
      bitDepth: r.bitDepth,
      dpbFrames: null,
    };
    const charged = openCharge(shape, 'nvdec', 2).bytes;
    expect(charged).toBeGreaterThanOrEqual(r.rssBytes);
    expect(charged).toBeLessThanOrEqual(Math.max(1.25 * r.rssBytes, r.rssBytes + 8 * MIB));
  });
});

describe("a device decoder's teardown window against a GPU run", () => {
  const run = newestWith('close-teardown-pool-off.jsonl');
  const rows = jsonLines<{ releasedByMs: number; afterMiB: number; heldMiB: number }>(
    path.join(runs, run, 'gpu-memory', 'close-teardown-pool-off.jsonl'),
  );

  it(`is at least four times the slowest release of a closed NVDEC decoder's memory (${run})`, () => {
    expect(rows.length).toBeGreaterThanOrEqual(3);
    // Every close gave memory back within the reading's 5 s: a release that never came would be no measure at all.
    for (const r of rows) expect(r.afterMiB).toBeLessThan(r.heldMiB);
    expect(TEARDOWN_MS.device).toBeGreaterThanOrEqual(4 * Math.max(...rows.map((r) => r.releasedByMs)));
  });
});
