/**
 * Which source file each side of an A/B came from, and whether the two are the same file: said before any
 * difference, so that a difference between two different files is not read as a difference between two decoders.
 * A capture carries its source file's SHA-256; a file open live is hashed by the backend after it opens (sourceHash),
 * so two live sides, or a live side and a capture, compare by their bytes as two captures do: the same path whose
 * bytes changed between two opens is two different files. A capture recorded in the user's own process carries no
 * source file at all: its "source" is the process's script, or zero bytes where the script could not be read, and two
 * such hashes agreeing says nothing about the frames.
 */
import type { CaptureSummary } from '../../../contract/capture-summary';
import { sourceNotRecorded } from '../../../wording/capture-source';
import { baseName, formatBytes, formatCount } from '../format';

/** The hash of the file open live, as far as the window knows it; `open` tells one open of the window from another. */
export type LiveHash =
  | { state: 'hashing'; file: string; open: number; read: number; size: number }
  | { state: 'hashed'; file: string; open: number; sha256: string; size: number }
  | { state: 'not-hashed'; file: string; open: number; reason: string };

/** A file open live without its hash: being taken now (how far), or why none was taken. */
type Unhashed = { hashing: true; read: number; size: number } | { hashing: false; reason: string };

/** One side's source file, as far as it is known. */
export interface AbSource {
  fileName: string;
  /** The path of a file open live; null for a capture's source (the capture does not say where it was). */
  path: string | null;
  /** The source file's SHA-256: a capture's, or a live file's once the backend has hashed it. */
  sha256: string | null;
  size: number | null;
  /** Why the capture holds no source file to compare (null: it holds one, or the file is open live). */
  notRecorded: string | null;
  /** A file open live whose hash is not known yet, or will not be (absent: hashed, or a capture). */
  unhashed?: Unhashed;
  /** The open of the window a live side came from, so that its hash finds it when it comes (absent: a capture). */
  open?: number;
}

/** The source of what is on screen, or of a frame read from a capture; a live file's hash when live is of it. */
export function sourceOf(capture: CaptureSummary | null, file: string | null, live: LiveHash | null = null): AbSource {
  if (capture !== null) {
    const { fileName, sha256, size } = capture.source;
    return { fileName, path: null, sha256, size, notRecorded: sourceNotRecorded(capture) };
  }
  const source: AbSource = { fileName: baseName(file ?? ''), path: file, sha256: null, size: null, notRecorded: null };
  if (live === null || file === null || live.file !== file) return source;
  if (live.state === 'hashed') return { ...source, sha256: live.sha256, size: live.size, open: live.open };
  const unhashed: Unhashed =
    live.state === 'hashing'
      ? { hashing: true, read: live.read, size: live.size }
      : { hashing: false, reason: live.reason };
  return { ...source, unhashed, open: live.open };
}

/** The verdict on the two sources. */
type SourceVerdictKind = 'same' | 'same-path' | 'different' | 'hashing' | 'unknown' | 'not-recorded';

/** What the A/B panel says first. */
export interface SourceVerdict {
  kind: SourceVerdictKind;
  /** The headline. */
  text: string;
  /** Each side's source in words. */
  a: string;
  b: string;
}

/** A side's source in words: "sample.mp4 · sha256 d05817bc1f55… · 397,664 bytes", or why its hash is unknown. */
function sourceWords(source: AbSource): string {
  if (source.notRecorded !== null) return `${source.fileName} · source not recorded: ${source.notRecorded}`;
  if (source.sha256 !== null) {
    const size = source.size === null ? '' : ` · ${formatCount(source.size)} bytes`;
    return `${source.fileName} · sha256 ${source.sha256.slice(0, 12)}…${size}`;
  }
  const unhashed = source.unhashed;
  if (unhashed === undefined) return `${source.fileName} · open live: its hash is unknown`;
  if (!unhashed.hashing) return `${source.fileName} · open live, not hashed: ${unhashed.reason}`;
  const far = unhashed.read > 0 ? ` (${formatBytes(unhashed.read)} of ${formatBytes(unhashed.size)})` : '';
  return `${source.fileName} · open live: hashing…${far}`;
}

/** The sides ("A", "B", "A and B") for which a test holds. */
function sides(a: boolean, b: boolean): string {
  return [a ? 'A' : null, b ? 'B' : null].filter((x) => x !== null).join(' and ');
}

/** Compares the two sources: by hash where both are known (a live file's included), by path where the hash of a live
 * file could not be taken; a side whose capture recorded no source file makes the answer "cannot tell", whatever the
 * hashes say. */
export function compareSources(a: AbSource, b: AbSource): SourceVerdict {
  const words = { a: sourceWords(a), b: sourceWords(b) };
  if (a.notRecorded !== null || b.notRecorded !== null) {
    return {
      kind: 'not-recorded',
      text: `Source not recorded for ${sides(a.notRecorded !== null, b.notRecorded !== null)}: cannot tell whether both sides were decoded from the same file.`,
      ...words,
    };
  }
  const samePath = a.path !== null && a.path === b.path;
  if (a.sha256 !== null && b.sha256 !== null) {
    if (a.sha256 === b.sha256)
      return { kind: 'same', text: 'Same source file: both sides were decoded from the same bytes.', ...words };
    return {
      kind: 'different',
      text: samePath
        ? 'Same path, different bytes: the file changed on disk between the two opens; differences below are expected.'
        : 'Different source files; differences below are expected.',
      ...words,
    };
  }
  const hashing = (source: AbSource): boolean => source.unhashed?.hashing === true;
  if (hashing(a) || hashing(b)) {
    return {
      kind: 'hashing',
      text: `Hashing the file open live for ${sides(hashing(a), hashing(b))}: whether both sides were decoded from the same bytes is told once its SHA-256 is taken.`,
      ...words,
    };
  }
  if (samePath) {
    return {
      kind: 'same-path',
      text: 'Same source path, open live: the same file unless it changed on disk (its hash is unknown).',
      ...words,
    };
  }
  return {
    kind: 'unknown',
    text: `Source hash unknown for ${sides(a.sha256 === null, b.sha256 === null)}: whether both sides come from the same file cannot be told.`,
    ...words,
  };
}
