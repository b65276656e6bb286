/** Opens what the command line names: a capture (any machine) or a video (through the native addon). */
import { open as openFile } from 'node:fs/promises';
import { addonLoaderPath } from '../addon/addon-path';
import { loadAddon } from '../addon/load-addon';
import type { FrameSource } from '../addon/native';
import { resolveUserPath } from '../app/user-path';
import { openCaptureFile } from '../capture/capture-open';
import { CaptureSession } from '../capture/capture-session';
import type { CaptureSource } from '../capture/collect';
import { toRpcError, type RpcError } from '../../contract/envelope';
import type { EnvironmentReport } from '../../contract/environment';
import { EXIT_CODES } from '../../contract/inspect-output';
import type { DecodeMode } from '../../contract/vocabulary';
import { startsLikeZip, ZIP_HEAD_BYTES } from './zip-head';

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
  session: FrameSource & CaptureSource;
  /** The environment the frames were (or are being) decoded in. */
  environment: EnvironmentReport | null;
  capture: CaptureSession | null;
}

/** How to open a video. */
export interface VideoOptions {
  decode: DecodeMode | null;
  unsafeOutput: boolean;
  device: number | null;
  /** The device operator previews run on (null: the decoder's), and whether they read the frame across devices
   *  through peer access instead of a copy. */
  operatorDevice: number | null;
  peerAccess: boolean;
  /** Record the copy ledger (CUPTI) of each frame step into its report. */
  ledger: boolean;
}

/** True when a file starts like a zip archive (captures are zips; no video container does). */
async function looksLikeZip(file: string): Promise<boolean> {
  const handle = await openFile(file, 'r');
  try {
    const head = Buffer.alloc(ZIP_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, ZIP_HEAD_BYTES, 0);
    return startsLikeZip(head, bytesRead);
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
    const { addon, status } = loadAddon(addonLoaderPath(appRoot));
    if (addon === null) {
      throw new CliFailure(EXIT_CODES.cannotOpen, {
        code: 'INTERNAL',
        message: `The native addon could not be loaded: ${status.error ?? 'unknown reason'}`,
        remedy: 'Build it with npm run build:native; captures open without it.',
      });
    }
    // The probe loads NVCV and CV-CUDA on a worker thread while the open creates the CUDA context on another: the
    // process pays for the longer of the two, not for both.
    const probing: Promise<EnvironmentReport | null> = addon.environmentAsync().catch(() => null);
    const session = await addon.Session.open(file, {
      ...(options.decode !== null ? { decode: options.decode } : {}),
      ...(options.device !== null ? { device: options.device } : {}),
      ...(options.operatorDevice !== null ? { operatorDevice: options.operatorDevice } : {}),
      ...(options.peerAccess ? { peerAccess: true } : {}),
      ...(options.ledger ? { ledger: true } : {}),
      ...(options.unsafeOutput ? { unsafeOutput: true } : {}),
    }).catch(async (error: unknown) => {
      await probing;
      throw error;
    });
    const environment = await probing;
    return { kind: 'video', path: file, session, environment, capture: null };
  } catch (error) {
    if (error instanceof CliFailure) throw error;
    throw new CliFailure(EXIT_CODES.cannotOpen, toRpcError(error));
  }
}
