// Every fixture through the decoder's witness, every frame, on the FFmpeg this pass loads (the GPU tier runs it once
// against FFmpeg 5.1 and once against 7.1): the path the driver's capability table allows, and for NVDEC frames the
// witness's account of where FFmpeg's pointers are against where NVDEC wrote each plane. Written to
// witness-<FFmpeg major>.json in the evidence folder.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';

import { addon, fixture, hasGpu } from '../native/helpers.mjs';

const FIXTURES = [
  'h264-1080p-420.mp4',
  'h264-odd-642x362.mp4',
  'h264-444-640x360.mp4',
  'hevc-main10-1280x720.mp4',
  'hevc-444-640x360.mp4',
  'vp9-640x360.webm',
  'vp9-odd-641x361.webm',
  'vp9p2-odd-640x361.webm',
  'av1-odd-640x361.mkv',
  'vp8-640x360.webm',
  'mpeg2-640x360.mkv',
  'mpeg2-odd-640x361.mkv',
  'mpeg1-640x360.mpg',
  'mpeg1-odd-640x361.mpg',
  'mpeg4-640x360.mkv',
];
const env = addon.environment();
const major = Number(env.ffmpeg.libavcodec.split('.')[0]);
const copies = env.ffmpeg.nvdecOutput === 'copy';
// An FFmpeg with the project's odd-height fix (docs/upstream) names itself so: its copy is made from where NVDEC wrote
// each plane, every row of it, so no frame may be shifted and the A/B must find the planes the software decoder's.
const fixed = /-nvdec-odd-height/.test(env.ffmpeg.version);
const seen = [];

after(() => {
  const dir = process.env.ZCI_EVIDENCE_DIR;
  if (dir && seen.length > 0)
    fs.writeFileSync(
      path.join(dir, `witness-ffmpeg${major}.json`),
      `${JSON.stringify({ ffmpeg: env.ffmpeg, nvdecCaps: env.nvdecCaps, fixtures: seen }, null, 1)}\n`,
    );
});

test('the driver answered the capability query, and H.264 4:2:0 8-bit is in it', { skip: !hasGpu }, () => {
  assert.equal(env.nvdecCaps.error, null);
  const h264 = env.nvdecCaps.rows.find((r) => r.codec === 'h264' && r.chroma === '4:2:0' && r.bitDepth === 8);
  assert.equal(h264.supported, true);
  assert.ok(h264.maxWidth >= 4096 && h264.outputFormats.includes('nv12'), JSON.stringify(h264));
});

for (const name of FIXTURES) {
  test(`${name}: every frame through the witness (FFmpeg ${major})`, { skip: !hasGpu }, async () => {
    const s = await addon.Session.open(fixture(name));
    const entry = { file: name, codec: s.info.codec, width: s.info.width, height: s.info.height, path: s.info.decodePath };
    entry.reason = s.info.decodePathReason;
    entry.nvdecOutput = s.info.nvdecOutput;
    entry.frames = [];
    seen.push(entry); // recorded as far as it got, also when an assertion below fails
    try {
      const chroma = s.info.pixelFormat.startsWith('yuv444') ? '4:4:4' : '4:2:0';
      const cap = env.nvdecCaps.rows.find(
        (r) => r.codec === s.info.codec && r.chroma === chroma && r.bitDepth === s.info.bitDepth,
      );
      entry.capability = cap ?? null;
      if (cap === undefined || !cap.supported) {
        // The driver says no: software + upload, and the reason is the driver's answer.
        assert.equal(s.info.decodePath, 'software-upload');
        assert.match(s.info.decodePathReason, /cuvidGetDecoderCaps/);
      } else {
        assert.equal(s.info.decodePath, 'nvdec', s.info.decodePathReason);
        assert.equal(s.info.nvdecOutput, copies ? 'copy' : 'mapped-surface');
      }
      for (let i = 0; i < s.info.frameCount; i += 1) {
        const { report: r } = await s.show({ index: i }, { proof: i === 0 });
        const ds = r.decoderSurface;
        const row = { frame: i, witnessed: ds.witnessed, ffmpegCopy: ds.ffmpegCopy, reason: ds.reason };
        row.planes = ds.planes.map((p) => [p.verdict, p.deltaBytes, p.deltaRows]);
        entry.frames.push(row);
        if (r.decodePath !== 'nvdec') {
          assert.equal(ds.witnessed, false);
          continue;
        }
        assert.equal(ds.witnessed, true, `frame ${i}: ${ds.reason}`);
        assert.equal(ds.ffmpegCopy, copies, `frame ${i}: a copy exactly where this FFmpeg copies`);
        if (copies) assert.notEqual(ds.pointer, r.planes[0].ffmpegPointer, "FFmpeg's copy is in its own allocation");
        else assert.equal(ds.pointer, r.planes[0].ffmpegPointer, "the frame is NVDEC's mapped surface");
        if (ds.rule.startsWith('4:2:0')) {
          // Luma is where NVDEC wrote it; chroma too unless the frame's height is odd (FFmpeg's pitch x height).
          assert.equal(ds.planes[0].verdict, copies ? 'ffmpeg-copy' : 'decoder-plane');
          // The stream's height: FFmpeg's copy (6.0 and later) is a frame of its frames context, rounded up to even.
          const odd = s.info.height % 2 === 1 && !fixed;
          assert.equal(ds.planes[1].verdict, odd ? 'shifted' : copies ? 'ffmpeg-copy' : 'decoder-plane', ds.reason);
          if (odd) assert.equal(ds.planes[1].deltaRows, -1, 'one row before where NVDEC wrote the chroma');
          if (fixed) assert.equal(ds.planes[1].deltaRows, 0, 'the fixed copy is made from where NVDEC wrote the chroma');
        } else if (ds.rule.startsWith('4:4:4')) {
          // Three planes, each a target height below the one before; FFmpeg places them with its frame's height.
          const expected = copies ? 'ffmpeg-copy' : 'decoder-plane';
          assert.ok(ds.planes.every((p) => p.verdict === expected), JSON.stringify(ds.planes));
        } else {
          assert.ok(ds.planes.every((p) => p.verdict === 'not-measured'), ds.rule);
        }
      }
      entry.verdicts = [...new Set(entry.frames.map((f) => f.planes.map((p) => p[0]).join('+')))];
      // The decoder A/B on every frame: NVDEC (or software + upload) against the software decoder. Where they differ
      // on a codec whose output is bit-exact, an explanation must make the planes identical; on an odd height it
      // is FFmpeg's chroma row.
      const ab = await addon.compareDecoders(fixture(name), { decoderA: s.info.decodePath === 'nvdec' ? 'nvdec' : 'software-upload', rgb: false });
      entry.ab = {
        bitExactCodec: ab.bitExactCodec,
        frames: ab.frames.length,
        identical: ab.frames.filter((f) => f.identical).length,
        causes: [...new Set(ab.frames.map((f) => f.cause).filter((c) => c !== null))],
        unexplained: ab.frames.filter((f) => !f.identical && f.cause === null).map((f) => f.index),
        tolerance: ab.frames[0]?.tolerance ?? 0,
        // The most the two decoders' samples differ by, per plane, over the frames no mistake explains: for a codec
        // that is not bit-exact, the spread its tolerance must cover.
        spread: ['Y', 'U', 'V'].map((plane) =>
          Math.max(0, ...ab.frames.filter((f) => f.cause === null).map((f) => f.planes.find((p) => p.plane === plane)?.maxAbsDiff ?? 0)),
        ),
      };
      const firstUnexplained = ab.frames.find((f) => !f.identical && f.cause === null);
      if (firstUnexplained)
        entry.ab.firstUnexplained = {
          index: firstUnexplained.index,
          comparedArea: firstUnexplained.comparedArea,
          formats: `${firstUnexplained.formatA} vs ${firstUnexplained.formatB}`,
          planes: firstUnexplained.planes.map((p) => ({ plane: p.plane, height: p.height, differing: p.differing, maxAbsDiff: p.maxAbsDiff, first: p.firstDifference })),
          explanationsTried: firstUnexplained.explanationsTried,
        };
      assert.equal(ab.frames.length, s.info.frameCount, 'every frame compared');
      if (ab.bitExactCodec) assert.deepEqual(entry.ab.unexplained, [], 'every difference explained');
      if (fixed && s.info.decodePath === 'nvdec') {
        // With the fix, nothing is left to explain: every frame identical (or, for a codec that is not bit-exact,
        // every plane within its tolerance).
        assert.deepEqual(entry.ab.causes, [], 'no mistake to name');
        assert.ok(
          ab.frames.every((f) => f.identical || f.planes.every((p) => p.maxAbsDiff <= f.tolerance && f.tolerance > 0)),
          `every frame the software decoder's: ${JSON.stringify(entry.ab)}`,
        );
      } else if (s.info.decodePath === 'nvdec' && s.info.height % 2 === 1 && chroma === '4:2:0') {
        for (const c of entry.ab.causes) assert.match(c, /1 row after FFmpeg's pointer/);
        // Bit-exact or not, every frame whose chroma differs is explained by the row (MPEG-2: within its tolerance).
        assert.deepEqual(entry.ab.unexplained.filter((i) => ab.frames[i] && ab.frames[i].planes.some((p) => p.maxAbsDiff > entry.ab.tolerance)), [], 'the row explains every difference beyond the tolerance');
      } else if (!ab.bitExactCodec && s.info.decodePath === 'nvdec') {
        // The measured spread of a codec that is not bit-exact stays within the tolerance the A/B judges by.
        assert.ok(entry.ab.spread.every((d) => d <= entry.ab.tolerance), `spread ${entry.ab.spread} beyond the tolerance ${entry.ab.tolerance}`);
      }
    } finally {
      s.close();
    }
  });
}
