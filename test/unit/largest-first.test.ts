/** The scan's input order (electron/scan/largest-first.ts): the largest first within the window, problems last. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { largestFirst } from '../../electron/scan/largest-first';
import type { ScanInput } from '../../electron/scan/scan-inputs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'zci-order-'));
/** A file of SIZE bytes named NAME in the test's folder. */
function file(name: string, size: number): ScanInput {
  const full = path.join(dir, name);
  writeFileSync(full, Buffer.alloc(size));
  return { path: full, problem: null };
}

async function* from(inputs: ScanInput[]): AsyncGenerator<ScanInput> {
  for (const input of inputs) yield input;
}

async function order(inputs: ScanInput[], window?: number): Promise<string[]> {
  const out: string[] = [];
  for await (const input of largestFirst(from(inputs), window)) out.push(path.basename(input.path));
  return out;
}

describe('largestFirst', () => {
  const a = file('a.mp4', 10);
  const b = file('b.mp4', 300);
  const c = file('c.mp4', 20);
  const d = file('d.mp4', 300);
  const e = file('e.mp4', 5);
  const broken: ScanInput = { path: path.join(dir, 'loop'), problem: 'a link loop' };
  const missing: ScanInput = { path: path.join(dir, 'gone.mp4'), problem: null };

  it('takes the largest first, equal sizes by path, and every input once', async () => {
    expect(await order([a, b, c, d, e])).toEqual(['b.mp4', 'd.mp4', 'c.mp4', 'a.mp4', 'e.mp4']);
  });

  it('puts inputs with a problem and files that cannot be read last, and keeps them', async () => {
    expect(await order([broken, a, missing, b])).toEqual(['b.mp4', 'a.mp4', 'gone.mp4', 'loop']);
  });

  it('chooses only among the inputs within its window of the walk', async () => {
    // Window 2: {a, b} -> b; {a, c} -> c; {a, d} -> d; {a, e} -> a; {e} -> e.
    expect(await order([a, b, c, d, e], 2)).toEqual(['b.mp4', 'c.mp4', 'd.mp4', 'a.mp4', 'e.mp4']);
    expect(await order([a, b, c], 1)).toEqual(['a.mp4', 'b.mp4', 'c.mp4']);
  });

  it('gives nothing for nothing', async () => {
    expect(await order([])).toEqual([]);
  });
});
