// The cross-device copy-as-code snippet compiles as C and as C++ against the CUDA runtime's and FFmpeg's own headers,
// in both of its forms (a copy onto the operator device, and peer access), with the devices the report names. It
// cannot be run on a machine of one GPU: the GPU tier's two-device tests would run it, and skip on one device.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { loadGenerator } from './copy-code/build.mjs';
import { recordedReports } from './copy-code/recorded.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function cudaInclude() {
  const candidates = [process.env.CUDA_HOME && path.join(process.env.CUDA_HOME, 'include'), '/usr/local/cuda/include'];
  try {
    const nvcc = execFileSync('sh', ['-c', 'readlink -f "$(command -v nvcc)"'], { encoding: 'utf8' }).trim();
    if (nvcc) candidates.push(path.join(path.dirname(nvcc), '..', 'include'));
  } catch {
    // no nvcc on PATH
  }
  return candidates.find((dir) => dir && fs.existsSync(path.join(dir, 'cuda_runtime_api.h'))) ?? null;
}

function tools() {
  try {
    execFileSync('pkg-config', ['--exists', 'libavutil']);
    execFileSync('g++', ['--version'], { stdio: 'ignore' });
    execFileSync('gcc', ['--version'], { stdio: 'ignore' });
  } catch {
    return 'no compiler or FFmpeg headers here';
  }
  if (!fs.existsSync(path.join(root, 'node_modules', 'jiti'))) return 'jiti is not installed';
  return cudaInclude() === null ? "the CUDA toolkit's cuda_runtime_api.h was not found" : false;
}
const skip = tools();

/** The recorded H200 report of a fixture's first frame, placed with its operators on device 1. */
function placedReport(file, verdict) {
  const report = structuredClone(recordedReports([file])[0]);
  report.placement = {
    decoderDevice: 0,
    planeDevices: report.planes.map(() => 0),
    nvcvDevice: 0,
    operatorDevice: 1,
    peer: { supported: true, enabled: verdict === 'cross-device-peer' },
    verdict,
    reason: 'the operators run on cuda:1',
  };
  return report;
}

function compile(code, language) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zci-cross-'));
  const file = path.join(dir, language === 'c' ? 'snippet.c' : 'snippet.cc');
  fs.writeFileSync(file, code);
  const cflags = execFileSync('pkg-config', ['--cflags', 'libavutil'], { encoding: 'utf8' }).split(/\s+/).filter(Boolean);
  const std = language === 'c' ? ['gcc', '-std=c99'] : ['g++', '-std=c++17'];
  try {
    execFileSync(std[0], [std[1], '-fsyntax-only', '-Wall', '-Wextra', '-Werror', '-Wno-unused-function', '-isystem', cudaInclude(), ...cflags, file], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

for (const verdict of ['cross-device-copy', 'cross-device-peer']) {
  for (const file of ['h264-1080p-420.mp4', 'hevc-main10-1280x720.mp4', 'hevc-444-640x360.mp4']) {
    test(`${file}, ${verdict}: the cross-device snippet compiles as C99 and C++17`, { skip }, async () => {
      const generator = await loadGenerator();
      const snippet = generator.copyCode(placedReport(file, verdict)).snippets.find((s) => s.ecosystem === 'cross-device');
      assert.ok(snippet?.code, 'a cross-device report gets cross-device code');
      compile(snippet.code, 'c');
      compile(snippet.code, 'cpp');
    });
  }
}
