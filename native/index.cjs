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
// system's FFmpeg), '7.1' or '9.0' (variants each carrying its own FFmpeg beside it), or '7.1-patched' and
// '9.0-patched' (the series' binaries beside that FFmpeg with the odd-height NVDEC fix of docs/upstream applied). Each
// is one binary per FFmpeg ABI, the way native packages ship prebuilt variants. The list, with each variant's folder
// and build command, is contract/ffmpeg-variants.json: the typings and the command line read the same file.
const FFMPEG_VARIANTS = require('../contract/ffmpeg-variants.json');

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
  const file = path.join(__dirname, FFMPEG_VARIANTS[choice].folder, 'Release', 'zerocopy_inspector.node');
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
  const build = FFMPEG_VARIANTS[choice].build;
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
function withStack(promise) {
  const holder = {};
  Error.captureStackTrace(holder, withStack);
  return promise.catch((err) => {
    if (err instanceof Error && holder.stack) {
      err.stack = `${err.name}: ${err.message}\n${holder.stack.split('\n').slice(2).join('\n')}`;
    }
    throw err;
  });
}

// The only key to the Session constructor: sessions come from Session.open.
const OPENED = Symbol('opened');

/** An open video: one frame call (show), its batch form, memory reads, and close. Wraps the binding's object. */
class Session {
  #native;

  constructor(native, key) {
    if (key !== OPENED) {
      throw new InspectorError(
        'Session cannot be constructed directly',
        'INVALID_ARGUMENT',
        'Use Session.open(path, options).',
      );
    }
    this.#native = native;
  }

  static open(path, options) {
    return withStack(binding.NativeSession.open(path, options)).then((native) => new Session(native, OPENED));
  }

  get info() {
    return this.#native.info;
  }

  get closed() {
    return this.#native.closed;
  }

  show(target, options) {
    return withStack(this.#native.show(target, options));
  }

  showBatch(targets, options) {
    return withStack(this.#native.showBatch(targets, options));
  }

  readMemory(range, options) {
    return withStack(this.#native.readMemory(range, options));
  }

  readMemoryBatch(ranges, options) {
    return withStack(this.#native.readMemoryBatch(ranges, options));
  }

  liveHandles() {
    return this.#native.liveHandles();
  }

  setLedger(on) {
    return this.#native.setLedger(on);
  }

  close(options) {
    this.#native.close(options);
  }
}

function compareDecoders(path, options) {
  return withStack(binding.compareDecoders(path, options));
}

module.exports = {
  compareDecoders,
  Session,
  InspectorError,
  ffmpegVariant,
  ffmpegVariants: Object.keys(FFMPEG_VARIANTS),
  environment: binding.environment,
  environmentAsync: binding.environmentAsync,
  warmUp: binding.warmUp,
  nvdecEngines: (device) => withStack(binding.nvdecEngines(device)),
  exitProcess: binding.exitProcess,
  prestart: binding.prestart,
  vocabulary: binding.vocabulary,
  setLibraryPath: binding.setLibraryPath,
  nvcvAbiCheck: binding.nvcvAbiCheck,
  nvcvLiveHandles: binding.nvcvLiveHandles,
};
