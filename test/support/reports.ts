/** Hand-built frame reports and environments for unit and component tests. */
import type { BackendEnvironment } from '../../contract/contract';
import type { EnvironmentReport } from '../../contract/environment';
import type { FrameReport, StreamInfo } from '../../contract/report';

const BASE = 0x7f00_0000_0000n;
const hex = (value: bigint): string => `0x${value.toString(16)}`;

/** A 1920x1080 NV12 frame decoded by NVDEC into 1088 coded rows with pitch 2048, wrapped and matching. */
export function paddedNv12Device(): FrameReport {
  const pitch = 2048;
  const chromaOffset = pitch * 1088;
  return {
    frameIndex: 3,
    pts: 3000,
    timeSeconds: 0.125,
    keyFrame: false,
    pictureType: 'B',
    decodePath: 'nvdec',
    format: {
      swFormat: 'nv12',
      hwFormat: 'cuda',
      bitDepth: 8,
      chromaSubsampling: '4:2:0',
      colorRange: 'tv',
      colorMatrix: 'bt709',
      width: 1920,
      height: 1080,
      codedWidth: 1920,
      codedHeight: 1088,
    },
    planes: [
      {
        index: 0,
        name: 'Y',
        width: 1920,
        height: 1080,
        bytesPerPixel: 1,
        visibleBytesPerRow: 1920,
        pitch,
        rightPadding: 128,
        ffmpegPointer: hex(BASE),
        offsetFromPlane0: 0,
        offsetInAllocation: 0,
        rowsBeforeNextPlane: 1088,
        hiddenRowsAfter: 8,
        nvcvPointer: hex(BASE),
        nvcvRowStride: pitch,
        match: true,
      },
      {
        index: 1,
        name: 'UV',
        width: 960,
        height: 540,
        bytesPerPixel: 2,
        visibleBytesPerRow: 1920,
        pitch,
        rightPadding: 128,
        ffmpegPointer: hex(BASE + BigInt(chromaOffset)),
        offsetFromPlane0: chromaOffset,
        offsetInAllocation: chromaOffset,
        rowsBeforeNextPlane: null,
        hiddenRowsAfter: null,
        nvcvPointer: hex(BASE + BigInt(chromaOffset)),
        nvcvRowStride: pitch,
        match: true,
      },
    ],
    allocation: {
      source: 'cuda-driver',
      memory: 'device',
      device: 0,
      context: '0x55550000aaaa',
      rangeStart: hex(BASE),
      rangeSize: pitch * 1088 * 1.5,
      bufferId: '4242',
      planesInOneAllocation: true,
      error: null,
    },
    wrap: {
      available: true,
      reason: '',
      formatName: 'NVCV_IMAGE_FORMAT_NV12',
      formatCode: '0x1',
      bufferType: 'STRIDED_CUDA',
      numPlanes: 2,
      handleLive: true,
      descriptorOnly: false,
      hostRefusal: null,
      expectedFormatCode: '0x1',
      formatMatch: true,
      planted: null,
      tensor: {
        attempted: true,
        valid: false,
        reason: 'chroma starts after the 8 hidden rows',
        shape: null,
        layout: null,
        assumedChromaRow: 1080,
        actualChromaRow: 1088,
      },
    },
    aliasing: {
      ran: true,
      passed: true,
      method: 'device-kernel',
      canary: 'a5a5a5a5',
      readBack: 'a5a5a5a5',
      restored: true,
      reason: '',
    },
    decoderSurface: {
      witnessed: true,
      reason: 'every FFmpeg plane pointer is where NVDEC wrote the plane in its mapped surface',
      rule: '4:2:0: luma at 0, chroma at pitch x ulTargetHeight rounded up to even',
      pointer: hex(BASE),
      pitch,
      picIdx: 0,
      targetWidth: 1920,
      targetHeight: 1088,
      planes: [
        { index: 0, decoderOffset: 0, ffmpegOffset: 0, deltaBytes: 0, deltaRows: 0, verdict: 'decoder-plane' },
        {
          index: 1,
          decoderOffset: pitch * 1088,
          ffmpegOffset: pitch * 1088,
          deltaBytes: 0,
          deltaRows: 0,
          verdict: 'decoder-plane',
        },
      ],
    },
    context: {
      ffmpegContext: '0x55550000aaaa',
      runtimeContext: '0x55550000aaaa',
      allocationContext: '0x55550000aaaa',
      oneContext: true,
      strategy: 'primary context shared',
      ffmpegStream: '0x0',
      inspectorStream: '0x1234',
    },
    pool: { poolSize: 8, extraReserved: 2, framesHeld: 1, addressSeenBefore: false, distinctAddresses: 1 },
    timings: { decodeUs: 900, wrapUs: 12, exportUs: 3, evidenceUs: 40 },
  };
}

/** The padded frame, but NVCV's chroma pointer is 64 bytes off and the proof failed. */
export function mismatchFrame(): FrameReport {
  const report = paddedNv12Device();
  const chroma = report.planes[1];
  if (chroma === undefined) throw new Error('fixture lacks a chroma plane');
  chroma.nvcvPointer = `0x${(BigInt(chroma.ffmpegPointer) + 64n).toString(16)}`;
  chroma.match = false;
  report.aliasing = { ...report.aliasing, passed: false, readBack: '00000000' };
  report.context = { ...report.context, oneContext: false, runtimeContext: '0x66660000bbbb' };
  return report;
}

/** A software-decoded host frame with no NVCV: nothing to compare. */
export function noNvcvFrame(): FrameReport {
  const report = paddedNv12Device();
  report.decodePath = 'software';
  report.planes = report.planes.map((plane) => ({ ...plane, nvcvPointer: null, nvcvRowStride: null, match: null }));
  report.allocation = {
    ...report.allocation,
    source: 'host',
    memory: 'host',
    device: null,
    context: null,
    bufferId: null,
  };
  report.wrap = {
    ...report.wrap,
    available: false,
    reason: 'libnvcv_types.so not found',
    formatName: null,
    bufferType: null,
    numPlanes: null,
    handleLive: false,
    expectedFormatCode: null,
    formatMatch: null,
    tensor: { ...report.wrap.tensor, attempted: false, reason: 'NVCV is not loaded' },
  };
  report.aliasing = {
    ran: false,
    passed: false,
    method: 'none',
    canary: '',
    readBack: '',
    restored: false,
    reason: 'NVCV is not loaded',
  };
  report.context = { ...report.context, oneContext: null, ffmpegContext: null, runtimeContext: null };
  report.pool = { ...report.pool, poolSize: null };
  return report;
}

/** Stream facts matching the padded frame. */
export function streamInfo(overrides: Partial<StreamInfo> = {}): StreamInfo {
  return {
    path: '/videos/clip-1080p.mp4',
    container: 'mov,mp4',
    codec: 'h264',
    profile: 'High',
    bitDepth: 8,
    pixelFormat: 'yuv420p',
    width: 1920,
    height: 1080,
    codedWidth: 1920,
    codedHeight: 1088,
    frameRate: 24,
    durationSeconds: 2,
    frameCount: 48,
    frameCountExact: true,
    keyFrames: [0, 12, 24, 36],
    decodePath: 'nvdec',
    decodePathReason: 'NVDEC supports h264 High on this GPU',
    device: 0,
    warnings: [],
    ...overrides,
  };
}

/** The addon's probe on a machine with a GPU and NVCV. */
export function gpuEnvironment(): EnvironmentReport {
  return {
    addonVersion: '0.1.0',
    ffmpeg: {
      libavcodec: '59.37.100',
      libavformat: '59.27.100',
      libavutil: '57.28.100',
      libswscale: '6.7.100',
      cudaHwaccel: true,
      version: '5.1.9-0+deb12u1',
      libraryPath: '/usr/lib/x86_64-linux-gnu/libavcodec.so.59',
      origin: 'system',
      nvdecOutput: 'mapped-surface',
      unsafeOutputFlag: false,
    },
    cuda: {
      runtimeVersion: '12.4',
      driverVersion: '12.4',
      deviceCount: 1,
      devices: [{ ordinal: 0, name: 'Test GPU', computeCapability: '9.0', totalMemory: 1, pciBusId: '0000:01:00.0' }],
      error: null,
    },
    nvcv: { loaded: true, path: '/opt/nvcv/libnvcv_types.so.0', version: '0.19.0', error: null, searched: [] },
    cvcuda: { loaded: true, path: '/opt/nvcv/libcvcuda.so.0', version: '0.19.0', error: null, searched: [] },
  };
}

/** What environment() returns, around an addon probe (or none when the addon is missing). */
export function backendEnvironment(report: EnvironmentReport | null = gpuEnvironment()): BackendEnvironment {
  return {
    addon:
      report === null
        ? { loaded: false, path: null, error: 'native/index.cjs is missing' }
        : { loaded: true, path: '/app/native/index.cjs', error: null },
    report,
    backend: { pid: 1234, startedAt: '2026-01-01T00:00:00.000Z', node: '20.20.0' },
    samplePath: '/app/assets/sample.mp4',
  };
}

/** A machine without a GPU and without NVCV. */
export function bareEnvironment(): EnvironmentReport {
  const env = gpuEnvironment();
  return {
    ...env,
    cuda: { ...env.cuda, driverVersion: null, deviceCount: 0, devices: [], error: 'cudaErrorNoDevice' },
    nvcv: { loaded: false, path: null, version: null, error: 'not found', searched: ['libnvcv_types.so.0'] },
    cvcuda: { loaded: false, path: null, version: null, error: 'not found', searched: ['libcvcuda.so.0'] },
  };
}

/** A host frame NVCV only describes: every pointer matches through a STRIDED_CUDA descriptor, no zero copy shown. */
export function describedHostFrame(): FrameReport {
  const report = paddedNv12Device();
  report.decodePath = 'software';
  report.allocation = { ...report.allocation, source: 'host', memory: 'host', device: null, context: null };
  report.wrap = {
    ...report.wrap,
    descriptorOnly: true,
    hostRefusal: "NVCV_ERROR_INVALID_ARGUMENT: Wrapping of host memory into an image isn't currently supported",
  };
  return report;
}
