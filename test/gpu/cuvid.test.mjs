// FFmpeg's other NVDEC path, the *_cuvid decoders, as a decode mode: every fixture NVDEC decodes opened through the
// cuvid decoder this FFmpeg has for its codec (a stream without one is refused, naming the ones there are), its frames
// in CUDA memory and copied out of NVDEC's surfaces, its geometry against the hwaccel's for the same stream said in the
// report, and each frame compared with software decoding. Written to cuvid-ffmpeg<major>.json in the evidence folder.
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
