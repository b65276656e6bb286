/**
 * Writing captures: the zip bytes (signed when a key is given, refused when they would not load again), written
 * atomically: fsync'ed, linked or renamed into place, never over a link, over a file only when asked.
 */
import { lstat } from 'node:fs/promises';
import { z } from 'zod';
import { temporaryPath, writeFileAtomically } from '../app/atomic-write';
import type { SigningKey } from '../app/signing-key';
import {
  budgetWords,
  CAPTURE_BUDGETS,
  CAPTURE_MEMORY_BUDGETS,
  CAPTURE_MANIFEST,
  CAPTURE_SIGNATURE,
  captureManifestSchema,
} from '../../contract/capture';
import { RpcFailure, rpcError } from '../../contract/envelope';
import type { CaptureContents } from './capture-file';
import { namedPngs, operatorShape, pixels } from './capture-pngs';
import { sha256, signCapture } from './capture-signature';
import { recordPending } from './pending-writes';
import { checkPngHeader, PngFormatError } from './png';
import { writeZip } from './zip';

/** Builds the zip bytes, signed with the key when one is given; refuses a capture that would not load again. */
export function encodeCapture(given: CaptureContents, key: SigningKey | null = null): Uint8Array {
  // The manifest says whether a signature goes with it, so that removing signature.json reads as tampering.
  const contents = { ...given, manifest: { ...given.manifest, signed: key !== null } };
  const checked = captureManifestSchema.safeParse(contents.manifest);
  if (!checked.success) throw new Error(`refusing to write an invalid capture: ${z.prettifyError(checked.error)}`);
  const { thumbnails, operators } = namedPngs(contents.manifest);
  const names = [...thumbnails.keys(), ...operators].sort();
  let decoded = 0;
  for (const name of names) {
    const data = contents.files.get(name);
    if (data === undefined) throw new Error(`capture is missing ${name}`);
    const thumb = thumbnails.get(name);
    try {
      if (thumb !== undefined) checkPngHeader(data, thumb);
      decoded += pixels(thumb ?? operatorShape(data));
    } catch (error) {
      if (error instanceof PngFormatError)
        throw new Error(`refusing to write ${name}: it ${error.message}`, { cause: error });
      throw error;
    }
  }
  if (decoded > CAPTURE_BUDGETS.decodedBytes)
    throw new RpcFailure(
      rpcError(
        'INVALID_ARGUMENT',
        `The capture's pictures would decode to ${decoded} bytes, over the ${budgetWords(CAPTURE_BUDGETS.decodedBytes)} decoded-size budget captures are opened with.`,
        'Capture fewer frames, use a smaller thumbnail width, or leave out the operator previews.',
      ),
    );
  // The memory samples: each file exactly its read's bytes, all within what a capture may keep (deflated: a
  // frame's padding and hidden rows compress well).
  const samples = contents.manifest.frames.flatMap((frame) => frame.memory ?? []);
  let memoryBytes = 0;
  for (const sample of samples) {
    const data = contents.files.get(sample.bin);
    if (data?.byteLength !== sample.read.rows * sample.read.bytesPerRow)
      throw new Error(`refusing to write ${sample.bin}: it holds ${data?.byteLength ?? 0} bytes, not its read's`);
    memoryBytes += data.byteLength;
  }
  if (memoryBytes > CAPTURE_MEMORY_BUDGETS.totalBytes)
    throw new RpcFailure(
      rpcError(
        'INVALID_ARGUMENT',
        `The capture's memory samples take ${memoryBytes} bytes, over the ${budgetWords(CAPTURE_MEMORY_BUDGETS.totalBytes)} a capture may keep.`,
        'Capture fewer frames, or leave out the memory samples.',
      ),
    );
  const manifest = Buffer.from(`${JSON.stringify(contents.manifest, null, 1)}\n`, 'utf8');
  const entries = [
    { name: CAPTURE_MANIFEST, data: new Uint8Array(manifest) },
    ...names.map((name) => ({ name, data: contents.files.get(name) ?? new Uint8Array(0), store: true })),
    ...samples
      .map((sample) => sample.bin)
      .sort()
      .map((name) => ({ name, data: contents.files.get(name) ?? new Uint8Array(0) })),
  ];
  const total = entries.reduce((sum, entry) => sum + entry.data.length, 0);
  if (manifest.length > CAPTURE_BUDGETS.manifestBytes || total > CAPTURE_BUDGETS.totalBytes)
    throw new RpcFailure(
      rpcError(
        'INVALID_ARGUMENT',
        `The capture would be ${total} bytes (capture.json ${manifest.length}), over the size budgets captures are opened with.`,
        'Capture fewer frames.',
      ),
    );
  if (key !== null) {
    const digests = new Map(entries.map((entry) => [entry.name, sha256(entry.data)]));
    const signature = Buffer.from(`${JSON.stringify(signCapture(digests, key), null, 1)}\n`, 'utf8');
    entries.splice(1, 0, { name: CAPTURE_SIGNATURE, data: new Uint8Array(signature) });
  }
  return writeZip(entries, new Date(contents.manifest.createdAt));
}

/** How writeCaptureFile writes. */
export interface WriteOptions {
  /** The key that signs the capture; null writes it unsigned. */
  key?: SigningKey | null;
  /** Replace an existing regular file (never a symbolic link). */
  overwrite?: boolean;
  /** Where the temporary file is recorded until it is renamed (removed at the next start if it is left). */
  configDir?: string | null;
}

/** Refuses a target that is a link or something other than a file, and an existing file unless overwrite. */
export async function checkCaptureTarget(file: string, overwrite: boolean): Promise<void> {
  const existing = await lstat(file).catch(() => null);
  if (existing === null) return;
  if (existing.isSymbolicLink())
    throw new RpcFailure(
      rpcError(
        'INVALID_ARGUMENT',
        `${file} is a symbolic link; a capture never replaces a link, even when asked to overwrite.`,
        'Pick another name, or save to the file the link points to.',
      ),
    );
  if (!existing.isFile())
    throw new RpcFailure(rpcError('INVALID_ARGUMENT', `${file} exists and is not a file.`, 'Pick another name.'));
  if (!overwrite)
    throw new RpcFailure(
      rpcError(
        'INVALID_ARGUMENT',
        `${file} exists; a capture does not replace a file unless asked to.`,
        'Pick another name, or allow replacing it (overwrite: true; on the command line, --overwrite).',
      ),
    );
}

/**
 * Writes a capture atomically (electron/app/atomic-write.ts), its temporary file recorded in the config folder while
 * it exists: linked into place (which fails if the name was taken meanwhile) or, with overwrite, renamed over the
 * old file. Resolves to its size in bytes.
 */
export async function writeCaptureFile(
  file: string,
  contents: CaptureContents,
  options: WriteOptions = {},
): Promise<number> {
  const overwrite = options.overwrite === true;
  const bytes = encodeCapture(contents, options.key ?? null);
  await checkCaptureTarget(file, overwrite);
  const temporary = temporaryPath(file);
  // A config folder that cannot be written costs only the clean-up of a crash, not the capture.
  const nothing = async (): Promise<void> => undefined;
  const forget =
    options.configDir != null ? await recordPending(options.configDir, temporary).catch(() => nothing) : nothing;
  try {
    // Checked again right before a rename (overwrite asked, or no hard links here), and when the name was taken.
    await writeFileAtomically(file, bytes, {
      replace: overwrite,
      temporary,
      check: () => checkCaptureTarget(file, overwrite),
    });
  } finally {
    await forget();
  }
  return bytes.length;
}
