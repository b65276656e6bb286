/** Opens what the command line names: a capture (any machine) or a video (through the native addon). */
import { open as openFile } from 'node:fs/promises';
import { addonLoaderPath } from '../addon/addon-path';
import { loadAddon } from '../addon/load-addon';
import type { AddonModule, ShowSource } from '../addon/native';
import { resolveUserPath } from '../app/user-path';
import { openCaptureFile } from '../capture/capture-open';
import { CaptureSession } from '../capture/capture-session';
import type { CaptureSource } from '../capture/collect';
import { toRpcError, type RpcError } from '../../contract/envelope';
import { DEFAULT_REMEDIES } from '../../contract/errors';
import type { EnvironmentReport } from '../../contract/environment';
import { FFMPEG_CHOICE_ENV, FFMPEG_CHOICES } from '../../contract/ffmpeg-choice';
import FFMPEG_VARIANTS from '../../contract/ffmpeg-variants.json' with { type: 'json' };
import { EXIT_CODES } from '../../contract/inspect-output';
import type { DecodeMode } from '../../contract/vocabulary';
import { adoptEarlyEnvironment, adoptEarlyOpen, videoOpenOptions } from './early-open';
import { readAsCapture, ZIP_HEAD_BYTES } from './zip-head';

/** A failure that ends the command with an exit code and an error envelope. */
export class CliFailure extends Error {
  override readonly name = 'CliFailure';
  constructor(
    readonly exitCode: number,
    readonly envelope: RpcError,
  ) {
    super(envelope.message);
  }
}

/** An opened input: frames come from the addon's Session or from a capture. */
export interface OpenedInput {
  kind: 'video' | 'capture';
  path: string;
  session: ShowSource & CaptureSource;
  /** The environment the frames were (or are being) decoded in. */
  environment: EnvironmentReport | null;
  capture: CaptureSession | null;
}

/** How to open a video. */
export interface VideoOptions {
  decode: DecodeMode | null;
  unsafeOutput: boolean;
  /** NVDEC frame threads (nvdec-threads.ts); null: the addon's default. */
  nvdecThreads: number | null;
  device: number | null;
  /** The device operator previews run on (null: the decoder's), and whether they read the frame across devices
   *  through peer access instead of a copy. */
  operatorDevice: number | null;
  peerAccess: boolean;
  /** Record the copy ledger (CUPTI) of each frame step into its report. */
  ledger: boolean;
  /** The command: a capture records NVDEC's whole capability table in its environment, inspect does not ask for it. */
  kind?: 'inspect' | 'capture';
}

/** The FFmpeg the process is asked to decode with: ZCI_FFMPEG as main set it from --ffmpeg, else the system's. */
function askedFfmpeg(env: NodeJS.ProcessEnv = process.env): string {
  const value = env[FFMPEG_CHOICE_ENV];
  return value === undefined || value === '' ? 'system' : value;
}

/**
 * Loads the addon built against the FFmpeg asked for, or throws CliFailure (exit 3). native/index.cjs picks its
 * FFmpeg once per process, when first loaded: a process that loaded it before the choice was made, or whose choice
 * has no binary, would otherwise decode with another FFmpeg than the one asked for.
 */
export function loadCliAddon(appRoot: string): AddonModule {
  // The loader reads the choice from this process's environment, so the check reads it from there too.
  const asked = askedFfmpeg(process.env);
  const build = FFMPEG_CHOICES.find((choice) => choice === asked);
  const { addon, status } = loadAddon(addonLoaderPath(appRoot));
  if (addon === null) {
    throw new CliFailure(EXIT_CODES.cannotOpen, {
      code: 'INTERNAL',
      message: `The native addon for FFmpeg ${asked} could not be loaded: ${status.error ?? 'unknown reason'}`,
      remedy:
        build === undefined
          ? `Choose --ffmpeg ${FFMPEG_CHOICES.join(' or ')}; captures open without the addon.`
          : `Build it with ${FFMPEG_VARIANTS[build].build}; captures open without the addon.`,
    });
  }
  if (addon.ffmpegVariant !== asked) {
    throw new CliFailure(EXIT_CODES.cannotOpen, {
      code: 'INVALID_ARGUMENT',
      message: `FFmpeg ${asked} was asked for, but this process already loaded the addon built against FFmpeg ${addon.ffmpegVariant}, whose FFmpeg cannot change once loaded`,
      remedy: `Run the command in a new process with --ffmpeg ${asked}: it loads the addon once, with that FFmpeg.`,
    });
  }
  return addon;
}

/**
 * Why the machine cannot do what the options chose, or null: a decoder device the driver does not list (on a machine
 * without CUDA the decoder would fall back to the CPU, and the device asked for would go unused without a word), or
 * --unsafe-output on an FFmpeg without AV_HWACCEL_FLAG_UNSAFE_OUTPUT (the addon ignores it there).
 */
function refusedChoice(options: VideoOptions, environment: EnvironmentReport | null): CliFailure | null {
  if (environment === null) return null;
  const { cuda, ffmpeg } = environment;
  if (options.device !== null && options.device >= cuda.deviceCount) {
    return new CliFailure(EXIT_CODES.cannotOpen, {
      code: 'NO_CUDA_DEVICE',
      message: `The decoder was asked on device ${options.device}, and the driver lists ${cuda.deviceCount} device${cuda.deviceCount === 1 ? '' : 's'}${cuda.error !== null ? ` (${cuda.error})` : ''}`,
      remedy:
        cuda.deviceCount > 0
          ? `Name a device from 0 to ${cuda.deviceCount - 1}, or leave out --device.`
          : `${DEFAULT_REMEDIES.NO_CUDA_DEVICE} Or leave out --device: the file is then decoded on the CPU.`,
    });
  }
  if (options.unsafeOutput && ffmpeg.unsafeOutputFlag === false) {
    return new CliFailure(EXIT_CODES.usage, {
      code: 'INVALID_ARGUMENT',
      message: `--unsafe-output needs FFmpeg 6.0 or later: FFmpeg ${ffmpeg.version ?? ffmpeg.libavcodec} (${ffmpeg.origin ?? 'origin not reported'}) has no AV_HWACCEL_FLAG_UNSAFE_OUTPUT; its NVDEC frames are the decoder's mapped surfaces already`,
      remedy: 'Leave out --unsafe-output, or choose --ffmpeg 7.1.',
    });
  }
  return null;
}

/** True when a file is a capture to the command line: it starts like a zip archive, or is named like a capture. */
async function looksLikeZip(file: string): Promise<boolean> {
  const handle = await openFile(file, 'r');
  try {
    const head = Buffer.alloc(ZIP_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, ZIP_HEAD_BYTES, 0);
    return readAsCapture(file, head, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Opens a capture or a video; every failure becomes a CliFailure with exit code 3. */
export async function openInput(
  raw: string,
  options: VideoOptions,
  appRoot: string,
  configDir: string | null,
): Promise<OpenedInput> {
  try {
    const file = await resolveUserPath(raw, process.cwd());
    if (await looksLikeZip(file)) {
      const capture = new CaptureSession(await openCaptureFile(file, { configDir }), file);
      return { kind: 'capture', path: file, session: capture, environment: capture.manifest.environment, capture };
    }
    const addon = loadCliAddon(appRoot);
    // The probe loads NVCV and CV-CUDA on a worker thread while the open creates the CUDA context on another: the
    // process pays for the longer of the two, not for both.
    // inspect leaves out the whole NVDEC capability table (about a second of driver queries its output never shows);
    // a capture keeps it for the decoder panel of whoever opens the capture.
    const nvdecCaps = options.kind === 'capture';
    const probing: Promise<EnvironmentReport | null> = (
      adoptEarlyEnvironment(nvdecCaps) ?? addon.environmentAsync({ nvdecCaps })
    ).catch(() => null);
    // The same call the command line may have made already, before its modules loaded (early-open.ts).
    const openOptions = videoOpenOptions(options);
    const session = await (adoptEarlyOpen(file, openOptions) ?? addon.Session.open(file, openOptions)).catch(
      async (error: unknown) => {
        await probing;
        throw error;
      },
    );
    const environment = await probing;
    const refusal = refusedChoice(options, environment);
    if (refusal !== null) {
      session.close();
      throw refusal;
    }
    return { kind: 'video', path: file, session, environment, capture: null };
  } catch (error) {
    if (error instanceof CliFailure) throw error;
    throw new CliFailure(EXIT_CODES.cannotOpen, toRpcError(error));
  }
}
