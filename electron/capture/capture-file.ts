/**
 * Captures on disk: a zip holding capture.json, the PNGs it names and a signature. Written atomically (fsync'ed,
 * linked or renamed into place, never over a link, over a file only when asked); read within CAPTURE_BUDGETS,
 * every size checked before anything is inflated, every PNG header against the manifest, nothing decoded.
 */
import { randomBytes } from 'node:crypto';
import { link, lstat, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { SigningKey } from '../app/signing-key';
import {
  budgetWords,
  CAPTURE_BUDGETS,
  CAPTURE_MEMORY_BUDGETS,
  CAPTURE_FORMAT_VERSION,
  CAPTURE_MANIFEST,
  CAPTURE_SIGNATURE,
  captureHeaderSchema,
  captureManifestSchema,
  OPERATOR_PREVIEW_MAX,
  type CaptureManifest,
  type CaptureSignature,
} from '../common/capture';
import { RpcFailure, rpcError } from '../common/envelope';
import { signCapture, sha256, verifyCapture } from './capture-signature';
import { recordPending, PARTIAL_SUFFIX } from './pending-writes';
import {
  checkPngHeader,
  decodePng,
  headerShape,
  maxPngBytes,
  PngFormatError,
  readPngHeader,
  type PngShape,
} from './png';
import { writeZip, ZipFormatError, ZipReader, type ZipEntry } from './zip';

/** A capture in memory: the manifest and the PNG files it names. */
export interface CaptureContents {
  manifest: CaptureManifest;
  files: Map<string, Uint8Array>;
}

/** A capture as read: its contents, the shape of every PNG it names (checked, not decoded), its signature. */
export interface OpenedCapture extends CaptureContents {
  shapes: Map<string, PngShape>;
  signature: CaptureSignature;
  /** Pixels of all distinct PNGs named: what decoding all of them would take (within the budget). */
  decodedBytes: number;
  /**
   * The thumbnails' pixels, decoded where the capture was read (the open worker: never on the backend's JS thread);
   * every operator preview was decoded there too, to check it, and not kept. Absent: decoded on first use.
   */
  pixels?: Map<string, Uint8Array>;
  /** PNGs that failed to decode there, with why: asking for one is CAPTURE_INVALID with that reason, the rest open. */
  pngErrors?: Map<string, string>;
}

/** The largest signature.json read. */
const MAX_SIGNATURE_BYTES = 4096;

function invalid(message: string): RpcFailure {
  return new RpcFailure(rpcError('CAPTURE_INVALID', message));
}

/** Every PNG the manifest names, once each: thumbnails with their shape, operator previews without. */
function namedPngs(manifest: CaptureManifest): { thumbnails: Map<string, PngShape>; operators: Set<string> } {
  const thumbnails = new Map<string, PngShape>();
  const operators = new Set<string>();
  for (const frame of manifest.frames) {
    for (const thumb of frame.thumbnails) {
      const shape: PngShape = { width: thumb.width, height: thumb.height, channels: 1 };
      const known = thumbnails.get(thumb.png);
      if (known !== undefined && (known.width !== shape.width || known.height !== shape.height))
        throw invalid(`${thumb.png} is named as ${known.width}×${known.height} and as ${shape.width}×${shape.height}.`);
      thumbnails.set(thumb.png, shape);
    }
    for (const op of frame.operators ?? []) operators.add(op.png);
  }
  for (const name of operators)
    if (thumbnails.has(name)) throw invalid(`${name} is named both as a thumbnail and as an operator preview.`);
  return { thumbnails, operators };
}

/** The shape of an operator preview's PNG from its header: 8-bit RGB within OPERATOR_PREVIEW_MAX. */
function operatorShape(bytes: Uint8Array): PngShape {
  const shape = headerShape(readPngHeader(bytes));
  if (shape.channels !== 3) throw new PngFormatError('is not an RGB PNG');
  if (shape.width > OPERATOR_PREVIEW_MAX.width || shape.height > OPERATOR_PREVIEW_MAX.height)
    throw new PngFormatError(
      `declares ${shape.width}×${shape.height}, larger than any operator preview (${OPERATOR_PREVIEW_MAX.width}×${OPERATOR_PREVIEW_MAX.height})`,
    );
  return shape;
}

function pixels(shape: PngShape): number {
  return shape.width * shape.height * shape.channels;
}

function decodedBudgetBreach(label: string, bytes: number): RpcFailure {
  return invalid(
    `${label}: its PNGs decode to ${bytes} bytes, over the ${budgetWords(CAPTURE_BUDGETS.decodedBytes)} decoded-size budget.`,
  );
}

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

/** fsyncs a folder, so that a rename in it is on disk; file systems that cannot are skipped. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => null);
  if (handle === null) return;
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a folder; the rename is then as durable as they make it.
  } finally {
    await handle.close();
  }
}

/**
 * Writes a capture to a temporary file next to its final name (recorded in the config folder while it exists),
 * fsyncs it, then links it into place (which fails if the name was taken meanwhile) or, with overwrite, renames
 * it over the old file, and fsyncs the folder. Resolves to its size in bytes.
 */
export async function writeCaptureFile(
  file: string,
  contents: CaptureContents,
  options: WriteOptions = {},
): Promise<number> {
  const overwrite = options.overwrite === true;
  const bytes = encodeCapture(contents, options.key ?? null);
  await checkCaptureTarget(file, overwrite);
  const temporary = `${file}.${randomBytes(4).toString('hex')}${PARTIAL_SUFFIX}`;
  // A config folder that cannot be written costs only the clean-up of a crash, not the capture.
  const nothing = async (): Promise<void> => undefined;
  const forget =
    options.configDir != null ? await recordPending(options.configDir, temporary).catch(() => nothing) : nothing;
  try {
    const handle = await open(temporary, 'wx', 0o644);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    let placed = false;
    if (!overwrite) {
      try {
        await link(temporary, file);
        placed = true;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') await checkCaptureTarget(file, false);
        if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV') throw error;
      }
    }
    if (placed) await rm(temporary, { force: true });
    else {
      // No hard links here (or overwrite asked): check the target again right before the rename.
      await checkCaptureTarget(file, overwrite);
      await rename(temporary, file);
    }
    await syncFolder(path.dirname(file));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  } finally {
    await forget();
  }
  return bytes.length;
}

/** Options of readCapture. */
export interface ReadOptions {
  /** This installation's key fingerprint, to tell its own signatures; null when it has no key. */
  localFingerprint?: string | null;
}

function zipFailure(label: string, error: unknown): never {
  if (error instanceof ZipFormatError) throw invalid(`${label} is not a readable capture: ${error.message}.`);
  if (error instanceof PngFormatError) throw invalid(`${label}: ${error.message}.`);
  throw error;
}

/**
 * Reads and checks a capture (a file, or its bytes) in this thread, within CAPTURE_BUDGETS except the deadline
 * (the worker in capture-open.ts adds it). Throws RpcFailure CAPTURE_INVALID or CAPTURE_TOO_NEW.
 */
export async function readCapture(
  source: string | Buffer,
  label: string,
  options: ReadOptions = {},
): Promise<OpenedCapture> {
  if (typeof source === 'string') {
    const info = await stat(source);
    if (info.size > CAPTURE_BUDGETS.fileBytes)
      throw invalid(
        `${label} is ${info.size} bytes, over the ${budgetWords(CAPTURE_BUDGETS.fileBytes)} file-size budget.`,
      );
  } else if (source.length > CAPTURE_BUDGETS.fileBytes)
    throw invalid(
      `${label} is ${source.length} bytes, over the ${budgetWords(CAPTURE_BUDGETS.fileBytes)} file-size budget.`,
    );
  let zip: ZipReader;
  try {
    zip = await ZipReader.open(source);
  } catch (error) {
    zipFailure(label, error);
  }
  try {
    return await readOpenZip(zip, label, options);
  } catch (error) {
    zipFailure(label, error);
  } finally {
    zip.close();
  }
}

async function readOpenZip(zip: ZipReader, label: string, options: ReadOptions): Promise<OpenedCapture> {
  const entries = await zip.directory(CAPTURE_BUDGETS);
  const manifestEntry = entries.get(CAPTURE_MANIFEST);
  if (manifestEntry === undefined) throw invalid(`${label} is a zip file without ${CAPTURE_MANIFEST}: not a capture.`);
  if (manifestEntry.size > CAPTURE_BUDGETS.manifestBytes)
    throw invalid(
      `${label}: ${CAPTURE_MANIFEST} declares ${manifestEntry.size} bytes, over the ${budgetWords(CAPTURE_BUDGETS.manifestBytes)} manifest budget.`,
    );
  const raw = await zip.read(manifestEntry);
  const manifest = parseManifest(raw, label);
  const digests = new Map<string, string>([[CAPTURE_MANIFEST, sha256(raw)]]);

  // Sizes first, from the manifest and the directory: nothing named is inflated before the whole fits.
  const { thumbnails, operators } = namedPngs(manifest);
  let decoded = 0;
  for (const shape of thumbnails.values()) decoded += pixels(shape);
  if (decoded > CAPTURE_BUDGETS.decodedBytes) throw decodedBudgetBreach(label, decoded);
  const largestOperator: PngShape = { ...OPERATOR_PREVIEW_MAX, channels: 3 };
  const named = new Map<string, ZipEntry>();
  for (const name of [...thumbnails.keys(), ...operators]) {
    const entry = entries.get(name);
    if (entry === undefined) throw invalid(`${label}: ${name} is named in ${CAPTURE_MANIFEST} but missing.`);
    const limit = maxPngBytes(thumbnails.get(name) ?? largestOperator);
    if (entry.size > limit)
      throw invalid(`${label}: ${name} declares ${entry.size} bytes, more than a PNG of its size can need (${limit}).`);
    named.set(name, entry);
  }

  // Then each named PNG: inflated (its declared size), its CRC checked, its header compared; never decoded.
  const files = new Map<string, Uint8Array>();
  const shapes = new Map<string, PngShape>();
  for (const [name, entry] of [...named].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const bytes = await zip.read(entry);
    const thumb = thumbnails.get(name);
    let shape: PngShape;
    try {
      if (thumb !== undefined) {
        checkPngHeader(bytes, thumb);
        shape = thumb;
      } else {
        shape = operatorShape(bytes);
        decoded += pixels(shape);
        if (decoded > CAPTURE_BUDGETS.decodedBytes) throw decodedBudgetBreach(label, decoded);
      }
    } catch (error) {
      if (error instanceof PngFormatError) throw invalid(`${label}: ${name} ${error.message}.`);
      throw error;
    }
    files.set(name, bytes);
    shapes.set(name, shape);
    digests.set(name, sha256(bytes));
  }

  // The frames' memory bytes: each file exactly its read's rows × bytes per row, all within their budget.
  const bins = new Set<string>();
  let memoryBytes = 0;
  for (const sample of manifest.frames.flatMap((frame) => frame.memory ?? [])) {
    const entry = entries.get(sample.bin);
    if (entry === undefined) throw invalid(`${label}: ${sample.bin} is named in ${CAPTURE_MANIFEST} but missing.`);
    if (bins.has(sample.bin)) throw invalid(`${label}: ${sample.bin} is named twice.`);
    const expected = sample.read.rows * sample.read.bytesPerRow;
    if (entry.size !== expected)
      throw invalid(`${label}: ${sample.bin} declares ${entry.size} bytes; its read holds ${expected}.`);
    memoryBytes += expected;
    if (memoryBytes > CAPTURE_MEMORY_BUDGETS.totalBytes)
      throw invalid(
        `${label}: its memory samples pass the ${budgetWords(CAPTURE_MEMORY_BUDGETS.totalBytes)} they may take together.`,
      );
    bins.add(sample.bin);
  }
  for (const name of [...bins].sort()) {
    const entry = entries.get(name);
    if (entry === undefined) continue;
    const bytes = await zip.read(entry);
    files.set(name, bytes);
    digests.set(name, sha256(bytes));
  }

  // Everything else is read only to be hashed for the signature (and its CRC checked), and kept nowhere.
  let signatureBytes: Uint8Array | null = null;
  for (const entry of entries.values()) {
    if (entry.name === CAPTURE_MANIFEST || named.has(entry.name) || bins.has(entry.name)) continue;
    if (entry.name === CAPTURE_SIGNATURE) {
      if (entry.size > MAX_SIGNATURE_BYTES)
        throw invalid(`${label}: ${CAPTURE_SIGNATURE} declares ${entry.size} bytes; a signature is far smaller.`);
      signatureBytes = await zip.read(entry);
      continue;
    }
    digests.set(entry.name, await zip.digest(entry));
  }
  const signature = verifyCapture(signatureBytes, digests, options.localFingerprint ?? null, manifest);
  const thumbnailPixels = decodeAll(files, shapes, thumbnails);
  return {
    manifest,
    files,
    shapes,
    signature,
    decodedBytes: decoded,
    pixels: thumbnailPixels.pixels,
    pngErrors: thumbnailPixels.errors,
  };
}

/**
 * Decodes every PNG named (its header already checked against its shape): the thumbnails' pixels are kept; one
 * that fails is noted with why, so the frames that need it say so and the others still open.
 */
function decodeAll(
  files: ReadonlyMap<string, Uint8Array>,
  shapes: ReadonlyMap<string, PngShape>,
  thumbnails: ReadonlyMap<string, PngShape>,
): { pixels: Map<string, Uint8Array>; errors: Map<string, string> } {
  const pixels = new Map<string, Uint8Array>();
  const errors = new Map<string, string>();
  for (const [name, shape] of shapes) {
    const bytes = files.get(name);
    if (bytes === undefined) continue;
    try {
      const data = decodePng(bytes, shape).data;
      if (thumbnails.has(name)) pixels.set(name, data);
    } catch (error) {
      if (!(error instanceof PngFormatError)) throw error;
      errors.set(name, error.message);
    }
  }
  return { pixels, errors };
}

/** capture.json's bytes, parsed and validated: CAPTURE_TOO_NEW for a newer format, else CAPTURE_INVALID. */
function parseManifest(raw: Uint8Array, label: string): CaptureManifest {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8'));
  } catch {
    throw invalid(`${label}: ${CAPTURE_MANIFEST} is not JSON.`);
  }
  const header = captureHeaderSchema.safeParse(json);
  if (!header.success) throw invalid(`${label}: ${CAPTURE_MANIFEST} does not name the capture format.`);
  if (header.data.formatVersion > CAPTURE_FORMAT_VERSION) {
    throw new RpcFailure(
      rpcError(
        'CAPTURE_TOO_NEW',
        `${label} uses capture format ${header.data.formatVersion}; this version of the inspector reads up to ${CAPTURE_FORMAT_VERSION}.`,
      ),
    );
  }
  const parsed = captureManifestSchema.safeParse(json);
  if (!parsed.success) {
    const detail = z.prettifyError(parsed.error).split('\n').slice(0, 6).join(' ');
    throw invalid(`${label}: ${CAPTURE_MANIFEST} does not match the format: ${detail}`);
  }
  return parsed.data;
}
