/** `zerocopy-inspector capture`: writes a capture of a video (or of part of a capture) without a window. */
import type { AppIdentity } from '../app/app-identity';
import { loadOrCreateSigningKey } from '../app/signing-key';
import { writeCaptureFile } from '../capture/capture-write';
import { liveCaptureMeta, replayCaptureMeta } from '../capture/capture-meta';
import { collectCapture, type CaptureProgress, type MemoryChoice } from '../capture/collect';
import { withPreviews } from '../capture/operator-previews';
import { resolveCapturePath } from '../capture/output-path';
import type { CaptureSelection } from '../../contract/capture';
import { checksPass, frameChecks } from '../../contract/checks';
import { toRpcError } from '../../contract/envelope';
import { EXIT_CODES } from '../../contract/inspect-output';
import { CliFailure, type OpenedInput, type VideoOptions } from './cli-input';

/** What capture needs besides the opened input. */
export interface CaptureRequest extends VideoOptions {
  output: string;
  frames: number[];
  selection: CaptureSelection;
  proof: boolean;
  strict: boolean;
  thumbWidth: number;
  /** Store operator previews (CV-CUDA on a GPU, the CPU reference anywhere). */
  previews: boolean;
  /** The memory samples each frame keeps (none: an empty list), and the pixels to keep the probe's band around. */
  memory: MemoryChoice;
  app: AppIdentity;
  /** Replace an existing file at output (never a symbolic link). */
  overwrite: boolean;
  /** The config folder: the signing key and the record of the temporary file; null writes unsigned. */
  configDir: string | null;
  onProgress?: CaptureProgress;
}

/** What capture did. */
export interface CaptureOutcome {
  path: string;
  bytes: number;
  frames: number[];
  /** Frames whose checks failed; the capture is written anyway and the command exits 1. */
  failed: number[];
  exitCode: number;
}

/** Gathers the frames and writes the capture; a frame that fails to decode ends it with exit code 1. */
export async function runCapture(input: OpenedInput, request: CaptureRequest): Promise<CaptureOutcome> {
  let path: string;
  try {
    path = await resolveCapturePath(request.output, process.cwd(), request.overwrite);
  } catch (error) {
    throw new CliFailure(EXIT_CODES.usage, toRpcError(error));
  }
  if (input.capture?.signature.state === 'tampered')
    throw new CliFailure(EXIT_CODES.cannotOpen, {
      code: 'INVALID_ARGUMENT',
      message: `${input.path} was changed after it was signed (${input.capture.signature.detail}); a capture of it would sign evidence this installation did not record.`,
      remedy: 'Capture the video instead.',
    });
  const meta =
    input.capture !== null
      ? await replayCaptureMeta(input.capture, request.selection)
      : await liveCaptureMeta({
          file: input.path,
          app: request.app,
          environment: input.environment,
          options: {
            decode: request.decode,
            device: request.device,
            ...(request.operatorDevice !== null ? { operatorDevice: request.operatorDevice } : {}),
            ...(request.peerAccess ? { peerAccess: true } : {}),
            proof: request.proof,
            thumbnailWidth: request.thumbWidth,
          },
          selection: request.selection,
        });
  let contents;
  try {
    const source = request.previews ? withPreviews(input.session, request.thumbWidth) : input.session;
    contents = await collectCapture(
      source,
      request.frames,
      meta,
      request.onProgress,
      new Map(),
      undefined,
      request.memory,
    );
  } catch (error) {
    throw new CliFailure(EXIT_CODES.checkFailed, toRpcError(error));
  }
  let bytes: number;
  try {
    const key = request.configDir !== null ? await loadOrCreateSigningKey(request.configDir) : null;
    bytes = await writeCaptureFile(path, contents, {
      key,
      overwrite: request.overwrite,
      configDir: request.configDir,
    });
  } catch (error) {
    throw new CliFailure(EXIT_CODES.cannotOpen, toRpcError(error));
  }
  const failed = contents.manifest.frames
    .filter((frame) => !checksPass(frameChecks(frame.report), request.strict))
    .map((frame) => frame.index);
  return {
    path,
    bytes,
    frames: contents.manifest.frames.map((frame) => frame.index),
    failed,
    exitCode: failed.length === 0 ? EXIT_CODES.ok : EXIT_CODES.checkFailed,
  };
}
