// The corrected C and C++ copy-as-code snippets of a frame the decoder's witness flags (frame 0 of
// vp9-odd-641x361.webm as the H200 measured it on FFmpeg 5.1: FFmpeg's chroma pointer one row before where NVDEC wrote
// the plane), compiled with -Wall -Werror against the project's NVCV declarations, the real libnvcv_types and FFmpeg:
// - a driver calls each snippet's frame check on AVFrames described as NVDEC hands them out (a CUDA frame with an
//   NV12 frames context; their planes are never read): the inspected geometry passes, and each of size, hardware
//   format, software format, missing frames context, pitch and FFmpeg's plane placement is refused on its own; the
//   wrap of the inspected geometry gives NVCV the chroma at data[1] plus one pitch, and the cleanup drops the frame;
// - the harness runs the snippet on the same clip decoded in software: refused, since it is not an NVDEC frame.
// The GPU tier (test/gpu/copy-code-flagged.test.mjs) runs the snippets on NVDEC's own frame.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';

import { buildHarness, loadGenerator } from './copy-code/build.mjs';
import { addon, fixture, tempDir } from './helpers.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
function buildTools() {
  try {
    execFileSync('pkg-config', ['--exists', 'libavformat', 'libavcodec', 'libavutil']);
    execFileSync('g++', ['--version'], { stdio: 'ignore' });
    return fs.existsSync(path.join(here, '..', '..', 'node_modules', 'jiti'));
  } catch {
    return false;
  }
}
const skip = buildTools() ? false : 'no compiler, FFmpeg headers or jiti here (the GPU tier runs prebuilt harnesses)';
const dir = tempDir(after, 'zci-copy-code-flagged-');
const generator = skip ? null : await loadGenerator();
const flagged = skip ? null : await loadFlagged();
const nvcvPath = addon.environment().nvcv.path;

async function loadFlagged() {
  const { createJiti } = await import('jiti');
  return createJiti(import.meta.url).import(path.join(here, '..', 'support', 'flagged-reports.ts'));
}

// Calls the snippet's check on each described frame and prints one JSON line; then wraps the inspected one.
const DRIVER = String.raw`
#include <cstdint>
#include <cstdio>
#include <string>
extern "C" { // the C snippet's FFmpeg includes, as C, before it (it is compiled as C++ here, as the harness does)
#include <libavutil/frame.h>
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>
}
#include "snippet.h"

static uint8_t bytes[1 << 20]; // stands for device memory: the check reads pointers, never the bytes

struct Shape {
  const char *name;
  int width, height, pitch;
  long chroma;
  AVPixelFormat format, sw;
  bool framesContext;
};

static AVFrame *describe(const Shape &s, AVBufferRef *frames) {
  AVFrame *f = av_frame_alloc();
  f->width = s.width;
  f->height = s.height;
  f->format = s.format;
  f->data[0] = bytes;
  f->data[1] = bytes + s.chroma;
  f->linesize[0] = f->linesize[1] = s.pitch;
  if (s.framesContext) {
    reinterpret_cast<AVHWFramesContext *>(frames->data)->sw_format = s.sw;
    f->hw_frames_ctx = av_buffer_ref(frames);
  }
  f->buf[0] = av_buffer_alloc(1); // a reference the wrap can hold
  return f;
}

static std::string check(const AVFrame *f) {
#ifdef ZCI_SNIPPET_CPP
  try {
    zciCheckInspected(f);
    return "ok";
  } catch (const std::exception &e) {
    return e.what();
  }
#else
  return zci_frame_is_inspected(f) == 0 ? "ok" : "refused";
#endif
}

int main(int argc, char **argv) {
  const int w = std::atoi(argv[1]), h = std::atoi(argv[2]), pitch = std::atoi(argv[3]);
  const long ffmpeg = std::atol(argv[4]), decoder = std::atol(argv[5]);
  AVBufferRef *device = av_hwdevice_ctx_alloc(AV_HWDEVICE_TYPE_CUDA);
  if (!device) return std::fprintf(stderr, "this FFmpeg has no CUDA frames\n"), 2;
  AVBufferRef *frames = av_hwframe_ctx_alloc(device);
  const Shape inspected{"inspected", w, h, pitch, ffmpeg, AV_PIX_FMT_CUDA, AV_PIX_FMT_NV12, true};
  Shape shapes[] = {inspected, inspected, inspected, inspected, inspected, inspected, inspected, inspected};
  shapes[1].name = "width", shapes[1].width = w + 1;
  shapes[2].name = "height", shapes[2].height = h + 1;
  shapes[3].name = "format", shapes[3].format = AV_PIX_FMT_NV12;
  shapes[4].name = "swFormat", shapes[4].sw = AV_PIX_FMT_P010LE;
  shapes[5].name = "framesContext", shapes[5].framesContext = false;
  shapes[6].name = "pitch", shapes[6].pitch = pitch * 2, shapes[6].chroma = ffmpeg * 2;
  shapes[7].name = "placement", shapes[7].chroma = decoder; // FFmpeg's chroma already where NVDEC wrote it
  std::printf("{");
  for (const Shape &s : shapes) {
    AVFrame *f = describe(s, frames);
    std::printf("\"%s\":\"%s\",", s.name, check(f).c_str());
    av_frame_free(&f);
  }
  AVFrame *f = describe(inspected, frames);
  const int refsBefore = av_buffer_get_ref_count(f->buf[0]);
  NVCVImageHandle image = nullptr;
#ifdef ZCI_SNIPPET_CPP
  image = zciWrapFrame(f).release();
#else
  if (zci_wrap_frame(f, &image) != 0) return 3;
#endif
  NVCVImageData out{};
  nvcvImageExportData(image, &out);
  const long lumaAt = reinterpret_cast<uint8_t *>(out.buffer.strided.planes[0].basePtr) - bytes;
  const long chromaAt = reinterpret_cast<uint8_t *>(out.buffer.strided.planes[1].basePtr) - bytes;
  const int refsWrapped = av_buffer_get_ref_count(f->buf[0]);
  nvcvImageDecRef(image, nullptr);
  std::printf("\"lumaAt\":%ld,\"chromaAt\":%ld,\"rowStride\":%d,\"refsBefore\":%d,\"refsWrapped\":%d,\"refsAfter\":%d}\n",
              lumaAt, chromaAt, out.buffer.strided.planes[1].rowStride, refsBefore, refsWrapped,
              av_buffer_get_ref_count(f->buf[0]));
  av_frame_free(&f);
  av_buffer_unref(&frames);
  av_buffer_unref(&device);
  return 0;
}
`;

function ffmpegFlags() {
  return execFileSync('pkg-config', ['--cflags', '--libs', 'libavutil'], { encoding: 'utf8' }).split(/\s+/).filter(Boolean);
}

function buildDriver(folder, code, ecosystem) {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'snippet.h'), code.replace('#include <nvcv/Image.h>', '#include "nvcv-c-api.h"'));
  fs.writeFileSync(path.join(folder, 'driver.cc'), DRIVER);
  const binary = path.join(folder, 'driver');
  execFileSync(
    'g++',
    ['-std=c++17', '-O1', '-Wall', '-Werror', `-I${folder}`, `-I${path.join(here, 'copy-code')}`,
      ...(ecosystem === 'cpp' ? ['-DZCI_SNIPPET_CPP'] : []), path.join(folder, 'driver.cc'), '-o', binary, nvcvPath,
      `-Wl,-rpath,${path.dirname(nvcvPath)}`, ...ffmpegFlags()],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return binary;
}

describe('the corrected C and C++ snippets of a flagged frame', { skip }, () => {
  const report = flagged?.vp9OddFlaggedFrame('mapped-surface');
  const surface = report?.decoderSurface;
  const ffmpegChroma = report?.planes[1].offsetFromPlane0;
  const decoderChroma = surface?.planes[1].decoderOffset;
  for (const ecosystem of ['c', 'cpp']) {
    test(`${ecosystem}: the check refuses each other geometry alone, and the wrap puts the chroma where NVDEC wrote it`, () => {
      const code = generator.copyCode(report).snippets.find((s) => s.ecosystem === ecosystem).code;
      const binary = buildDriver(path.join(dir, `driver-${ecosystem}`), code, ecosystem);
      const pitch = report.planes[0].pitch;
      const out = execFileSync(binary, [String(report.format.width), String(report.format.height), String(pitch), String(ffmpegChroma), String(decoderChroma)], { encoding: 'utf8' });
      const r = JSON.parse(out.trim());
      assert.equal(r.inspected, 'ok');
      for (const field of ['width', 'height', 'format', 'swFormat', 'framesContext', 'pitch', 'placement'])
        assert.notEqual(r[field], 'ok', `a frame differing in ${field} alone is refused`);
      if (ecosystem === 'cpp') {
        assert.equal(r.width, 'not the frame size this code was made for');
        assert.equal(r.format, 'not an NVDEC (cuda) frame');
        assert.equal(r.swFormat, 'not the pixel format this code was made for (nv12)');
        assert.equal(r.pitch, 'not the pitches this code was made for');
        assert.equal(r.placement, "FFmpeg's planes are not where the rows above were measured from");
      }
      // NVCV's chroma is FFmpeg's pointer plus the measured row of its pitch: where NVDEC wrote the plane.
      assert.equal(r.lumaAt, 0);
      assert.equal(r.chromaAt, ffmpegChroma + pitch * -surface.planes[1].deltaRows);
      assert.equal(r.chromaAt, decoderChroma);
      assert.equal(r.rowStride, pitch);
      assert.equal(r.refsWrapped, r.refsBefore + 1);
      assert.equal(r.refsAfter, r.refsBefore, 'the cleanup callback dropped the frame reference');
    });

    test(`${ecosystem}: the harness's software frame of the clip is refused, not wrapped`, () => {
      const code = generator.copyCode(report).snippets.find((s) => s.ecosystem === ecosystem).code;
      const binary = buildHarness(path.join(dir, `harness-${ecosystem}`), code, ecosystem, nvcvPath);
      const run = spawnSync(binary, [fixture('vp9-odd-641x361.webm'), '0', 'sw'], { encoding: 'utf8' });
      assert.equal(run.status, 3, `the wrap failed: ${run.stderr}`);
      assert.match(run.stderr, ecosystem === 'cpp' ? /zciWrapFrame: not an NVDEC \(cuda\) frame/ : /zci_wrap_frame: -1/);
    });
  }
});
