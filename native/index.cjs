'use strict';
// Loads the native addon, registers the InspectorError class, and attaches JS stacks to native rejections.
const path = require('node:path');

/** Error thrown by the addon, with a stable code and a remedy. */
class InspectorError extends Error {
  constructor(message, code, remedy) {
    super(message);
    this.name = 'InspectorError';
    this.code = code;
    this.remedy = remedy;
  }
}

// Which FFmpeg the addon is built against, chosen at process start: 'system' (the default build, linked against the
// system's FFmpeg) or '7.1' (the variant in build-ffmpeg-7.1/, which carries its own FFmpeg 7.1 beside it). Each is
// one binary per FFmpeg ABI, the way native packages ship prebuilt variants.
const FFMPEG_VARIANTS = { system: 'build', '7.1': 'build-ffmpeg-7.1' };

function ffmpegChoice() {
  const choice = process.env.ZCI_FFMPEG || 'system';
  if (!Object.hasOwn(FFMPEG_VARIANTS, choice)) {
    throw new InspectorError(
      `ZCI_FFMPEG=${choice} names no FFmpeg this build knows`,
      'INVALID_ARGUMENT',
      `Use one of: ${Object.keys(FFMPEG_VARIANTS).join(', ')}.`,
    );
  }
  return choice;
}

function loadBinary(choice) {
  const file = path.join(__dirname, FFMPEG_VARIANTS[choice], 'Release', 'zerocopy_inspector.node');
  const candidates = [
    process.env.ZCI_ADDON_PATH,
    file,
    // electron-builder unpacks the .node from the asar archive
    file.replace('app.asar', 'app.asar.unpacked'),
  ].filter(Boolean);
  let lastError;
  for (const candidate of candidates) {
    try {
      return require(candidate);
    } catch (e) {
      lastError = e;
    }
  }
  const build = choice === 'system' ? 'npm run build:native' : 'npm run build:native:ffmpeg7';
  const err = new InspectorError(
    `The native addon (FFmpeg: ${choice}) could not be loaded: ${lastError && lastError.message}`,
    'INTERNAL',
    `Build it with \`${build}\` (needs nvcc, cmake and the FFmpeg dev packages).`,
  );
  throw err;
}

const ffmpegVariant = ffmpegChoice();
const binding = loadBinary(ffmpegVariant);
binding.setErrorClass(InspectorError);

// Rejections from worker threads carry no JS frames; give them the caller's stack (as sharp does).
function withCallerStack(promise, holder) {
  return promise.catch((err) => {
    if (err instanceof Error && holder.stack) {
      err.stack = `${err.name}: ${err.message}\n${holder.stack.split('\n').slice(2).join('\n')}`;
    }
    throw err;
  });
}

const NativeSession = binding.Session;
for (const method of ['frame', 'frameBatch', 'frameAtTime', 'show', 'thumbnails', 'preview', 'readMemory']) {
  const original = NativeSession.prototype[method];
  NativeSession.prototype[method] = function (...args) {
    const holder = {};
    Error.captureStackTrace(holder);
    return withCallerStack(original.apply(this, args), holder);
  };
}
const originalOpen = NativeSession.open;
NativeSession.open = function (...args) {
  const holder = {};
  Error.captureStackTrace(holder);
  return withCallerStack(originalOpen.apply(NativeSession, args), holder);
};

const nativeCompareDecoders = binding.compareDecoders;
function compareDecoders(...args) {
  const holder = {};
  Error.captureStackTrace(holder);
  return withCallerStack(nativeCompareDecoders(...args), holder);
}

module.exports = {
  compareDecoders,
  Session: NativeSession,
  InspectorError,
  ffmpegVariant,
  ffmpegVariants: Object.keys(FFMPEG_VARIANTS),
  environment: binding.environment,
  environmentAsync: binding.environmentAsync,
  warmUp: binding.warmUp,
  exitProcess: binding.exitProcess,
  vocabulary: binding.vocabulary,
  setLibraryPath: binding.setLibraryPath,
  nvcvAbiCheck: binding.nvcvAbiCheck,
  nvcvLiveHandles: binding.nvcvLiveHandles,
};
