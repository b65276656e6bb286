/**
 * The decoder A/B of a scan on its own pool, with the real addon decoding in software over real fixtures: the lines
 * are those of the path that runs each file's A/B in place, whatever the pool's size; the pool never runs more A/Bs
 * at once than its size (counted on the addon the scan is given); a file's decoder goes on to the next file while its
 * A/B waits; and a scan stopped while a file's A/B is in flight has no line for that file, so a resumed scan scans it
 * again and ends with the same lines.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanLineSchema, type ScanLine } from '../../contract/scan';
import { addonLoaderPath } from '../../electron/addon/addon-path';
import { loadAddon } from '../../electron/addon/load-addon';
import type { AddonModule } from '../../electron/addon/native';
import { runScan, type ScanRequest } from '../../electron/scan/scan-command';
import { scanFile } from '../../electron/scan/scan-file';
import { scanKeyOf } from '../../electron/scan/scan-inputs';
import { ROOT } from '../support/paths';

const FIXTURES = path.join(ROOT, 'test', 'fixtures');
const addonBuilt = existsSync(path.join(ROOT, 'native', 'build', 'Release', 'zerocopy_inspector.node'));
const NAMES = [
  'mpeg2-odd-640x361.mkv',
  'vp9-odd-641x361.webm',
  'h264-odd-642x362.mp4',
  'mpeg2-640x360.mkv',
  'vp8-640x360.webm',
  'mpeg4-640x360.mkv',
];
const COMPARE_EVERY = 6;

let dir: string;
let files: string[];
let addon: AddonModule;

/** A line without its wall time, which no two runs share. */
const timeless = ({ elapsedMs: _elapsed, ...rest }: ScanLine): Omit<ScanLine, 'elapsedMs'> => rest;

/** The lines of a results file, checked against the schema, by path. */
async function linesOf(file: string): Promise<Omit<ScanLine, 'elapsedMs'>[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => timeless(scanLineSchema.parse(JSON.parse(line))))
    .sort((a, b) => a.key.path.localeCompare(b.key.path));
}

/** The addon the scan is given, counting the A/Bs in flight on the real compareDecoders; gate may hold one back. */
function counting(gate?: (file: string) => Promise<void>): {
  addon: AddonModule;
  most: () => number;
  calls: string[];
} {
  let inFlight = 0;
  let most = 0;
  const calls: string[] = [];
  const compareDecoders: AddonModule['compareDecoders'] = async (file, options) => {
    calls.push(file);
    inFlight += 1;
    most = Math.max(most, inFlight);
    try {
      await gate?.(file);
      return await addon.compareDecoders(file, options);
    } finally {
      inFlight -= 1;
    }
  };
  return { addon: { ...addon, compareDecoders }, most: () => most, calls };
}

const request = (results: string, decoders: number, compareJobs: number): ScanRequest => ({
  paths: files,
  allFiles: false,
  results,
  report: null,
  decoders,
  compareJobs,
  decode: 'software',
  device: null,
  proofEvery: 10,
  compareEvery: COMPARE_EVERY,
  fresh: false,
  captures: null,
});

/** Today's path: each file scanned whole in turn, its A/B run in place after its frames. */
async function inPlace(): Promise<Omit<ScanLine, 'elapsedMs'>[]> {
  const lines: ScanLine[] = [];
  for (const file of files) {
    const key = await scanKeyOf(file);
    if ('problem' in key) throw new Error(key.problem);
    lines.push(
      await scanFile(addon, key, {
        decode: 'software',
        device: null,
        proofEvery: 10,
        compareEvery: COMPARE_EVERY,
        expectNvdec: null,
        batch: 32,
        captures: null,
      }),
    );
  }
  return lines.map(timeless).sort((a, b) => a.key.path.localeCompare(b.key.path));
}

describe.skipIf(!addonBuilt)('the decoder A/B pool of a scan (real addon, software decoding)', () => {
  let reference: Omit<ScanLine, 'elapsedMs'>[];

  beforeAll(async () => {
    const loaded = loadAddon(addonLoaderPath(ROOT));
    if (loaded.addon === null) throw new Error(`the addon did not load: ${loaded.status.error ?? '?'}`);
    addon = loaded.addon;
    dir = await mkdtemp(path.join(os.tmpdir(), 'zci-scan-pool-'));
    files = [];
    for (const name of NAMES) {
      await copyFile(path.join(FIXTURES, name), path.join(dir, name));
      files.push(path.join(dir, name));
    }
    // Bad input gets its error line through the pool's path too.
    await writeFile(path.join(dir, 'notes.mp4'), 'these are not video bytes\n');
    files.push(path.join(dir, 'notes.mp4'));
    reference = await inPlace();
    expect(reference.filter((line) => line.status !== 'error')).toHaveLength(NAMES.length);
  }, 240_000);

  it.each([1, 3])(
    'a pool of %i gives the lines of the A/B run in place, never more A/Bs at once than its size',
    async (size) => {
      const counted = counting();
      const results = path.join(dir, `pool-${size}.jsonl`);
      const outcome = await runScan(counted.addon, request(results, 3, size));
      expect(await linesOf(results)).toEqual(reference);
      expect(outcome.scannedNow).toBe(files.length);
      expect(counted.calls.sort()).toEqual(files.filter((f) => !f.endsWith('notes.mp4')).sort());
      expect(counted.most()).toBeGreaterThanOrEqual(1);
      expect(counted.most()).toBeLessThanOrEqual(size);
    },
    240_000,
  );

  it('frees the decoder while an A/B waits, and a scan stopped then scans that file again on resume', async () => {
    const held = files[0]!;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heldStarted = false;
    const gated = counting(async (file) => {
      if (file !== held) return;
      heldStarted = true;
      await released;
    });
    const results = path.join(dir, 'stopped.jsonl');
    // One decoder: the other files can only be scanned if the held file's A/B does not keep the decoder.
    const running = runScan(gated.addon, request(results, 1, 2));
    const others = files.length - 1;
    const deadline = Date.now() + 180_000;
    let snapshot = '';
    while (Date.now() < deadline) {
      snapshot = existsSync(results) ? await readFile(results, 'utf8') : '';
      if (snapshot.split('\n').filter((l) => l !== '').length >= others) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // What a stop at this moment leaves on the disk: every line written is whole and flushed.
    expect(heldStarted).toBe(true);
    const lines = snapshot.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(others);
    expect(lines.map((l) => scanLineSchema.parse(JSON.parse(l)).key.path)).not.toContain(held);
    const stopped = path.join(dir, 'resumed.jsonl');
    await writeFile(stopped, snapshot);
    release();
    await running;
    expect(await linesOf(results)).toEqual(reference);

    const again = counting();
    const outcome = await runScan(again.addon, request(stopped, 2, 2));
    expect(outcome.scannedNow).toBe(1);
    expect(again.calls).toEqual([held]);
    expect(await linesOf(stopped)).toEqual(reference);
  }, 360_000);
});
