// The command line's batches on NVDEC frames: decoding frames one after another on the worker thread changes no
// report. Same layouts, same verdicts, same reuse of the decoder's surfaces, frame by frame, as one frame a call.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { addon, comparableReports, fixture, hasGpu } from '../native/helpers.mjs';

const files = ['h264-1080p-420.mp4', 'hevc-main10-1280x720.mp4', 'h264-odd-642x362.mp4'];
const record = [];

/** The paths at which two JSON values differ (every one, not the first). */
function differences(a, b, at = '') {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return a === b ? [] : [`${at}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`];
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((k) => differences(a[k], b[k], `${at}.${k}`));
}

for (const name of files) {
  test(`${name}: batches give the reports of one frame a call (NVDEC, proof on every frame)`, { skip: !hasGpu }, async () => {
    const decode = async (body) => {
      const s = await addon.Session.open(fixture(name), { decode: 'nvdec' });
      try {
        return await body(s);
      } finally {
        s.close();
      }
    };
    const one = await decode(async (s) => {
      const out = [];
      for (let i = 0; i < s.info.frameCount; i += 1) out.push((await s.show({ index: i }, { proof: true })).report);
      return out;
    });
    const batch = await decode(async (s) => {
      const out = [];
      for (let i = 0; i < s.info.frameCount; i += 32) {
        const targets = [...Array(Math.min(32, s.info.frameCount - i)).keys()].map((k) => ({ index: i + k }));
        out.push(...(await s.showBatch(targets, { proof: true })).map((answer) => answer.report));
      }
      return out;
    });
    assert.equal(batch.length, one.length);
    assert.ok(batch.every((r) => r.decodePath === 'nvdec' && r.aliasing.passed === true));
    const [a, b] = [comparableReports(batch), comparableReports(one)];
    assert.deepEqual(differences(a, b).slice(0, 20), [], 'fields that differ between batches and one frame a call');
    assert.deepEqual(a, b);
    const samePointers = batch.every((r, i) => r.planes[0].ffmpegPointer === one[i].planes[0].ffmpegPointer);
    record.push({ file: name, frames: batch.length, reportsEqual: true, samePlane0Addresses: samePointers });
  });
}

test.after(() => {
  if (process.env.ZCI_EVIDENCE_DIR && record.length > 0) {
    fs.writeFileSync(path.join(process.env.ZCI_EVIDENCE_DIR, 'frame-batch.json'), `${JSON.stringify(record, null, 2)}\n`);
  }
});
