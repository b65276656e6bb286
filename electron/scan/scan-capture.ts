/**
 * The one-frame capture of a file's first failing frame, written while the scan still holds the file open: the
 * finding in the report links to it, and it opens in the app with every panel (signed like any other capture).
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AppIdentity } from '../app/app-identity';
import { loadOrCreateSigningKey } from '../app/signing-key';
import { liveCaptureMeta } from '../capture/capture-meta';
import { collectCapture } from '../capture/collect';
import { writeCaptureFile } from '../capture/capture-write';
import { DEFAULT_CAPTURE_THUMBNAIL_WIDTH } from '../../contract/capture';
import type { EnvironmentReport } from '../../contract/environment';
import type { DecodeMode } from '../../contract/vocabulary';
import type { Session } from '../addon/native';

/** Where and how a scan writes its captures. */
export interface ScanCaptureOptions {
  dir: string;
  app: AppIdentity;
  environment: EnvironmentReport | null;
  /** The signing key's folder (null: unsigned). */
  configDir: string | null;
}

/** The capture's file name: the video's name, a hash of its whole path (two folders may hold the same name), the frame. */
function captureName(file: string, frame: number): string {
  const tag = createHash('sha256').update(file).digest('hex').slice(0, 8);
  return `${path.basename(file).replace(/[^A-Za-z0-9._-]/g, '_')}.${tag}.frame-${frame}.zci`;
}

/** Writes the capture of one frame of an open session; resolves to its path. */
export async function captureFrame(
  session: Session,
  file: string,
  frame: number,
  decode: { decode: DecodeMode | null; device: number | null },
  options: ScanCaptureOptions,
): Promise<string> {
  mkdirSync(options.dir, { recursive: true });
  const meta = await liveCaptureMeta({
    file,
    app: options.app,
    environment: options.environment,
    options: {
      decode: decode.decode,
      device: decode.device,
      proof: true,
      thumbnailWidth: DEFAULT_CAPTURE_THUMBNAIL_WIDTH,
    },
    selection: 'list',
  });
  const contents = await collectCapture(session, [frame], meta);
  const target = path.join(options.dir, captureName(file, frame));
  const key = options.configDir !== null ? await loadOrCreateSigningKey(options.configDir) : null;
  await writeCaptureFile(target, contents, { key, overwrite: true, configDir: options.configDir });
  return target;
}
