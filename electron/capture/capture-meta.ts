/** The manifest fields of a new capture that do not come from its frames: source file, machine, app, options. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CAPTURE_FORMAT,
  CAPTURE_FORMAT_VERSION,
  type CaptureManifest,
  type CaptureSelection,
  type CaptureSignature,
} from '../../contract/capture';
import type { AppIdentity } from '../app/app-identity';
import type { CaptureMeta } from './collect';

/** The SHA-256 of a file, read as a stream. */
async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** What a capture of a live session records besides its frames. */
export interface LiveCaptureFacts {
  file: string;
  app: AppIdentity;
  environment: CaptureManifest['environment'];
  options: CaptureManifest['options'];
  selection: CaptureSelection;
  now?: Date;
}

/** Hashes the source file and notes this machine; the capture says where and when it was made. */
export async function liveCaptureMeta(facts: LiveCaptureFacts): Promise<CaptureMeta> {
  const info = await stat(facts.file);
  return {
    format: CAPTURE_FORMAT,
    formatVersion: CAPTURE_FORMAT_VERSION,
    createdAt: (facts.now ?? new Date()).toISOString(),
    app: facts.app,
    machine: { hostname: os.hostname(), platform: process.platform, arch: process.arch },
    source: { fileName: path.basename(facts.file), size: info.size, sha256: await sha256File(facts.file) },
    options: facts.options,
    selection: facts.selection,
    environment: facts.environment,
  };
}

/** A capture being re-saved: its manifest, its signature as verified when it was opened, and its file. */
export interface ReplayedCapture {
  manifest: CaptureManifest;
  signature: CaptureSignature;
  path: string;
}

/**
 * The fields of a capture being re-saved (a subset of its frames): everything it said about its origin, and what it
 * was made from. A capture signed by this installation passes its own provenance on; any other records its state,
 * signer and file hash, which the new signature then covers, so a re-save cannot launder a foreign or missing
 * signature into "signed by this installation".
 */
export async function replayCaptureMeta(capture: ReplayedCapture, selection: CaptureSelection): Promise<CaptureMeta> {
  const { format, formatVersion, createdAt, app, machine, source, options, environment } = capture.manifest;
  const { signature } = capture;
  const own = signature.state === 'signed' && signature.thisInstallation;
  const madeFrom = own
    ? capture.manifest.madeFrom
    : {
        state: signature.state,
        fingerprint: signature.fingerprint,
        thisInstallation: signature.thisInstallation,
        sha256: await sha256File(capture.path),
      };
  return {
    format,
    formatVersion,
    createdAt,
    app,
    machine,
    source,
    options,
    selection,
    environment,
    ...(madeFrom === undefined ? {} : { madeFrom }),
  };
}
