// The NVDEC engines a scan counts (nvdecEngines) are the driver's: the same count as every supported row of the whole
// capability table, and the scan without --decoders runs one file for each engine, at most four, and says so.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import { addon, fixture, hasGpu } from '../native/helpers.mjs';

test("nvdecEngines is the engine count of every supported row of the driver's table", { skip: !hasGpu }, async () => {
  const answer = await addon.nvdecEngines(0);
  assert.ok(Number.isInteger(answer.engines) && answer.engines >= 1, JSON.stringify(answer));
  assert.equal(answer.reason, `the driver reports ${answer.engines} NVDEC engine${answer.engines === 1 ? '' : 's'} on device 0 (cuvidGetDecoderCaps)`);
  const rows = addon.environment({ nvdecCaps: true }).nvdecCaps.rows.filter((row) => row.supported);
  assert.ok(rows.some((row) => row.codec === 'h264'), 'the table has H.264');
  for (const row of rows) assert.equal(row.nvdecs, answer.engines, `${row.codec} ${row.chroma} ${row.bitDepth}-bit`);
  const devices = addon.environment({ nvdecCaps: false }).cuda.deviceCount;
  if (devices < 2) assert.equal((await addon.nvdecEngines(1)).engines, null);
});

test('scan without --decoders decodes one file for each engine, at most four, and says so', { skip: !hasGpu }, async () => {
  const { engines } = await addon.nvdecEngines(0);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zci-engines-'));
  try {
    const bin = path.join(path.dirname(fixture('x')), '..', '..', 'bin', 'zerocopy-inspector.js');
    const results = path.join(dir, 'scan.jsonl');
    const files = ['h264-1080p-420.mp4', 'h264-odd-642x362.mp4', 'vp9-odd-641x361.webm'].map(fixture);
    const run = spawnSync(process.execPath, [bin, 'scan', ...files, '-o', results, '--no-captures'], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    assert.ok(run.status === 0 || run.status === 1, run.stderr);
    const expected = Math.min(engines, 4);
    const line = run.stdout.split('\n').find((l) => l.startsWith('decoders: '));
    assert.ok(line !== undefined, run.stdout);
    assert.ok(line.startsWith(`decoders: ${expected} file${expected === 1 ? '' : 's'} at once: `), line);
    assert.ok(line.includes(` ${engines} NVDEC engine`), line);
    assert.equal(readFileSync(results, 'utf8').trim().split('\n').length, files.length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
