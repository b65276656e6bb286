// FFmpeg's other NVDEC path, the *_cuvid decoders, as a decode mode: every fixture NVDEC decodes opened through the
// cuvid decoder this FFmpeg has for its codec (a stream without one is refused, naming the ones there are), its frames
// in CUDA memory and copied out of NVDEC's surfaces, its geometry against the hwaccel's for the same stream said in the
// report, every frame through the decoder's witness (the picture cuvid mapped, recorded by the NVDEC pool library, and
// where its copy read each plane), and each frame compared with software decoding. Written to cuvid-ffmpeg<major>.json
// in the evidence folder.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';

import { addon, fixture, hasGpu } from '../native/helpers.mjs';

const FIXTURES = [
  'h264-1080p-420.mp4',
  'h264-odd-642x362.mp4',
  'hevc-main10-1280x720.mp4',
  'hevc-444-640x360.mp4',
  'vp9-640x360.webm',
  'vp9-odd-641x361.webm',
  'vp9p2-odd-640x361.webm',
  'vp8-640x360.webm',
  'mpeg2-640x360.mkv',
  'mpeg2-odd-640x361.mkv',
  'mpeg4-640x360.mkv',
  'mpeg1-640x360.mpg',
  'mpeg1-odd-640x361.mpg',
  'av1-odd-640x361.mkv',
];
const env = hasGpu ? addon.environment() : null;
const major = env ? Number(env.ffmpeg.libavcodec.split('.')[0]) : 0;
const seen = [];

after(() => {
  const dir = process.env.ZCI_EVIDENCE_DIR;
  if (dir && seen.length > 0)
    fs.writeFileSync(path.join(dir, `cuvid-ffmpeg${major}.json`), `${JSON.stringify({ ffmpeg: env.ffmpeg, fixtures: seen }, null, 1)}\n`);
});

for (const name of FIXTURES) {
  test(`${name} through FFmpeg's cuvid decoder, against the hwaccel and software decoding`, { skip: !hasGpu }, async () => {
    const entry = { name };
    seen.push(entry);
    const opened = await addon.Session.open(fixture(name), { decode: 'cuvid' }).catch((e) => e);
    if (opened instanceof Error) {
      // Refused: the code says why, and the message names what this FFmpeg has.
      entry.refused = { code: opened.code, message: opened.message, remedy: opened.remedy };
      assert.equal(opened.code, 'NVDEC_UNAVAILABLE', opened.message);
      assert.match(`${opened.message} ${opened.remedy}`, /cuvid/);
      return;
    }
    const s = opened;
    const hw = await addon.Session.open(fixture(name), { decode: 'auto' });
    try {
      assert.equal(s.info.decodePath, 'cuvid');
      assert.equal(s.info.nvdecOutput, 'copy');
      const { report } = await s.show({ index: 0 }, { proof: false });
      const { report: hwReport } = await hw.show({ index: 0 }, { proof: false });
      entry.cuvid = { reason: s.info.decodePathReason, width: report.format.width, height: report.format.height, codedWidth: s.info.codedWidth, codedHeight: s.info.codedHeight, planes: report.planes.map((p) => ({ name: p.name, width: p.width, height: p.height, pitch: p.pitch })) };
      entry.hwaccel = { path: hw.info.decodePath, width: hwReport.format.width, height: hwReport.format.height, codedWidth: hw.info.codedWidth, codedHeight: hw.info.codedHeight, planes: hwReport.planes.map((p) => ({ name: p.name, width: p.width, height: p.height, pitch: p.pitch })) };
      assert.equal(report.format.hwFormat, 'cuda');
      // Where the cuvid frame's size is not the stream's, the report says so beside the path.
      if (report.format.height !== s.info.height || report.format.width !== s.info.width)
        assert.match(s.info.decodePathReason, new RegExp(`its frames are ${report.format.width}x${report.format.height} where the stream is ${s.info.width}x${s.info.height}`));
      // The witness on every frame: a copy (cuvid always copies) from the picture NVDEC mapped for it, each plane read
      // from where NVDEC wrote it and every row of it, on an odd height too (cuvid's frame is the even target height).
      const verdicts = new Set();
      for (let i = 0; i < s.info.frameCount; i += 1) {
        const { report: r } = await s.show({ index: i }, { proof: false });
        const ds = r.decoderSurface;
        verdicts.add(ds.planes.map((p) => p.verdict).join('+'));
        assert.equal(ds.witnessed, true, `frame ${i}: ${ds.reason}`);
        assert.equal(ds.ffmpegCopy, true, `frame ${i}: cuvid's frame is its copy`);
        assert.notEqual(ds.pointer, r.planes[0].ffmpegPointer, "cuvid's copy is in its own allocation");
        if (ds.rule.startsWith('4:2:0') || ds.rule.startsWith('4:4:4')) {
          assert.ok(ds.planes.every((p) => p.verdict === 'ffmpeg-copy' && p.deltaBytes === 0), JSON.stringify(ds.planes));
          assert.ok(ds.planes.every((p) => p.copiedRows >= p.rowsNeeded), JSON.stringify(ds.planes));
        } else {
          assert.ok(ds.planes.every((p) => p.verdict === 'not-measured'), ds.rule);
        }
        if (i === 0) entry.witness = { rule: ds.rule, pitch: ds.pitch, targetHeight: ds.targetHeight, reason: ds.reason, planes: ds.planes };
      }
      entry.witness.verdicts = [...verdicts];
      const ab = await addon.compareDecoders(fixture(name), { decoderA: 'cuvid', rgb: false });
      entry.ab = {
        decoderA: ab.decoderA,
        bitExactCodec: ab.bitExactCodec,
        frames: ab.frames.length,
        identical: ab.frames.filter((f) => f.identical).length,
        causes: [...new Set(ab.frames.map((f) => f.cause).filter((c) => c !== null))],
        comparedArea: ab.frames[0]?.comparedArea,
        spread: ['Y', 'U', 'V'].map((plane) => Math.max(0, ...ab.frames.map((f) => f.planes.find((p) => p.plane === plane)?.maxAbsDiff ?? 0))),
      };
      assert.equal(ab.decoderA, 'cuvid');
      assert.equal(ab.frames.length, s.info.frameCount, 'every frame compared');
    } finally {
      s.close();
      hw.close();
    }
  });
}
