// What FFmpeg's NVDEC hwaccel hands out, in the copy ledger (CUPTI's own account): on FFmpeg 6.0 and later one
// device-to-device copy a plane in the decode stage, of the planes' bytes (FFmpeg's copy of the mapped picture), and
// none with AV_HWACCEL_FLAG_UNSAFE_OUTPUT; before 6.0 none either way (the frame is the surface). Written to
// ffmpeg-copy-<FFmpeg major>.json in the evidence folder.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';

import { addon, fixture, hasGpu } from '../native/helpers.mjs';

const env = addon.environment();
const major = Number(env.ffmpeg.libavcodec.split('.')[0]);
const copies = env.ffmpeg.nvdecOutput === 'copy';
const evidence = [];

after(() => {
  const dir = process.env.ZCI_EVIDENCE_DIR;
  if (dir && evidence.length > 0)
    fs.writeFileSync(path.join(dir, `ffmpeg-copy-ffmpeg${major}.json`), `${JSON.stringify(evidence, null, 1)}\n`);
});

const decodeCopies = (ledger) => ledger.records.filter((r) => r.stage === 'decode' && r.kind === 'dtod');

// The bundle's 4K clip, where it is there (the GPU tier), for the copy's GPU time at 2160p beside 1080p.
const clip4k = path.join(path.dirname(fixture('x')), '..', '..', 'clips', 'bench-2160p-hevc.mp4');
const files = ['h264-1080p-420.mp4', 'hevc-main10-1280x720.mp4', ...(fs.existsSync(clip4k) ? [clip4k] : [])];

for (const file of files) {
  for (const unsafeOutput of [false, true]) {
    test(`${path.basename(file)}${unsafeOutput ? ', unsafe output' : ''}: FFmpeg's copies in the decode stage (FFmpeg ${major})`, { skip: !hasGpu }, async (t) => {
      const s = await addon.Session.open(path.isAbsolute(file) ? file : fixture(file), { decode: 'nvdec', ledger: true, unsafeOutput });
      try {
        const warm = await s.show({ index: 0 }, { thumbnailWidth: 64 });
        if (warm.ledger.reason === 'CUPTI_IN_USE') return t.skip(warm.ledger.message);
        const expectCopy = copies && !unsafeOutput;
        assert.equal(s.info.nvdecOutput, !copies ? 'mapped-surface' : unsafeOutput ? 'unsafe-output' : 'copy');
        for (const n of [1, 2, 3, 4, 5, 6]) {
          const r = await s.show({ index: n }, { thumbnailWidth: 64 });
          const l = r.ledger;
          assert.equal(l.reason, 'RECORDING', l.message);
          const ds = r.report.decoderSurface;
          const got = decodeCopies(l);
          evidence.push({
            file: path.basename(file),
            unsafeOutput,
            step: n,
            ffmpegCopy: ds.ffmpegCopy,
            surface: { pointer: ds.pointer, pitch: ds.pitch },
            planes: r.report.planes.map((p) => ({ pointer: p.ffmpegPointer, pitch: p.pitch, rowBytes: p.visibleBytesPerRow, rows: p.height })),
            copiedRows: ds.planes.map((p) => p.copiedRows ?? null),
            decodeCopies: got.map((x) => ({ bytes: x.bytes, srcKind: x.srcKind, dstKind: x.dstKind, gpuNs: x.durationNs })),
          });
          assert.equal(ds.ffmpegCopy, expectCopy, ds.reason);
          if (!expectCopy) {
            assert.deepEqual(got, [], 'no device-to-device copy when the frame is the surface');
            continue;
          }
          // One copy a plane (hwcontext_cuda's 2-D copy, the narrower pitch wide), of the rows the witness says FFmpeg
          // copied: its frame's height at the copy (the coded height where the decoder crops afterwards), shifted for
          // chroma. CUPTI counts the bytes the copy moved, independently of the witness.
          assert.equal(got.length, r.report.planes.length, JSON.stringify(got));
          r.report.planes.forEach((p, i) => {
            const bytes = got[i].bytes;
            const rows = ds.planes[i].copiedRows;
            assert.ok(Number.isInteger(rows) && rows >= ds.planes[i].rowsNeeded, `plane ${i}: ${rows} rows copied`);
            assert.equal(bytes, Math.min(p.pitch, ds.pitch) * rows, `plane ${i}: ${bytes} bytes`);
            assert.ok(bytes >= p.visibleBytesPerRow * p.height, `plane ${i}: ${bytes} bytes`);
          });
        }
      } finally {
        s.close();
      }
    });
  }
}
