/**
 * Captures on disk, read: a zip holding capture.json, the PNGs and memory samples it names and a signature, read
 * within CAPTURE_BUDGETS, every size checked before anything is inflated, every PNG header against the manifest,
 * then every PNG decoded (in the open worker, when read through capture-open.ts). capture-write.ts writes them.
 */
import { stat } from 'node:fs/promises';
import { z } from 'zod';
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
} from '../../contract/capture';
import { RpcFailure, rpcError } from '../../contract/envelope';
import { decodedBudgetBreach, invalid, namedPngs, operatorShape, pixels } from './capture-pngs';
import { sha256, verifyCapture } from './capture-signature';
import { checkMemorySamples } from './sample-checks';
import { checkPngHeader, decodePng, maxPngBytes, PngFormatError, type PngShape } from './png';
import { ZipFormatError, ZipReader, type ZipEntry } from './zip';
import { judgeRecordedFrames } from './recorded-judgements';

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

/** Options of readCapture. */
export interface ReadOptions {
  /** This installation's key fingerprint, to tell its own signatures; null when it has no key. */
  localFingerprint?: string | null;
}

function zipFailure(label: string, error: unknown): never {
  if (error instanceof ZipFormatError)
    throw invalid(`${label} is not a readable capture: ${error.message.replace(/\.+$/, '')}.`);
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
  // The memory samples against their frames' reports, before any of their bytes is inflated.
  checkMemorySamples(manifest, label);
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

/**
 * capture.json's bytes, parsed and validated (CAPTURE_TOO_NEW for a newer format, else CAPTURE_INVALID), a
 * recorder's frames judged from their facts.
 */
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
  return judgeRecordedFrames(parsed.data);
}
