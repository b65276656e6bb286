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

function loadBinary() {
  const candidates = [
    process.env.ZCI_ADDON_PATH,
    path.join(__dirname, 'build', 'Release', 'zerocopy_inspector.node'),
    // electron-builder unpacks the .node from the asar archive
    path.join(__dirname, 'build', 'Release', 'zerocopy_inspector.node').replace('app.asar', 'app.asar.unpacked'),
  ].filter(Boolean);
  let lastError;
  for (const file of candidates) {
    try {
      return require(file);
    } catch (e) {
      lastError = e;
    }
  }
  const err = new InspectorError(
    `The native addon could not be loaded: ${lastError && lastError.message}`,
    'INTERNAL',
    'Build it with `npm run build:native` (needs nvcc, cmake and the FFmpeg dev packages).',
  );
  throw err;
}

const binding = loadBinary();
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
  environment: binding.environment,
  environmentAsync: binding.environmentAsync,
  warmUp: binding.warmUp,
  exitProcess: binding.exitProcess,
  vocabulary: binding.vocabulary,
  setLibraryPath: binding.setLibraryPath,
  nvcvAbiCheck: binding.nvcvAbiCheck,
  nvcvLiveHandles: binding.nvcvLiveHandles,
};
