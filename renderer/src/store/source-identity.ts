/**
 * Which source file each side of an A/B came from, and whether the two are the same file: said before any
 * difference, so that a difference between two different files is not read as a difference between two decoders.
 * A capture carries its source file's SHA-256; a file open live carries its path only (no hash is taken of it). A
 * capture recorded in the user's own process carries no source file at all: its "source" is the process's script, or
 * zero bytes where the script could not be read, and two such hashes agreeing says nothing about the frames.
 */
import type { CaptureSummary } from '../../../contract/capture-summary';
import { sourceNotRecorded } from '../../../wording/capture-source';
import { baseName, formatCount } from '../format';

/** One side's source file, as far as it is known. */
export interface AbSource {
  fileName: string;
  /** The path of a file open live; null for a capture's source (the capture does not say where it was). */
  path: string | null;
  /** The source file's SHA-256 (a capture's); null for a file open live. */
  sha256: string | null;
  size: number | null;
  /** Why the capture holds no source file to compare (null: it holds one, or the file is open live). */
  notRecorded: string | null;
}

/** The source of what is on screen, or of a frame read from a capture. */
export function sourceOf(capture: CaptureSummary | null, file: string | null): AbSource {
  if (capture === null)
    return { fileName: baseName(file ?? ''), path: file, sha256: null, size: null, notRecorded: null };
  const { fileName, sha256, size } = capture.source;
  return { fileName, path: null, sha256, size, notRecorded: sourceNotRecorded(capture) };
}

/** The verdict on the two sources. */
type SourceVerdictKind = 'same' | 'same-path' | 'different' | 'unknown' | 'not-recorded';

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
  if (source.sha256 === null) return `${source.fileName} · open live: its hash is unknown`;
  const size = source.size === null ? '' : ` · ${formatCount(source.size)} bytes`;
  return `${source.fileName} · sha256 ${source.sha256.slice(0, 12)}…${size}`;
}

/** Compares the two sources: by hash where both are known, by path where both are open live; a side whose capture
 * recorded no source file makes the answer "cannot tell", whatever the hashes say. */
export function compareSources(a: AbSource, b: AbSource): SourceVerdict {
  const words = { a: sourceWords(a), b: sourceWords(b) };
  const unrecorded = [a.notRecorded !== null ? 'A' : null, b.notRecorded !== null ? 'B' : null].filter(
    (x) => x !== null,
  );
  if (unrecorded.length > 0) {
    return {
      kind: 'not-recorded',
      text: `Source not recorded for ${unrecorded.join(' and ')}: cannot tell whether both sides were decoded from the same file.`,
      ...words,
    };
  }
  if (a.sha256 !== null && b.sha256 !== null) {
    return a.sha256 === b.sha256
      ? { kind: 'same', text: 'Same source file: both sides were decoded from the same bytes.', ...words }
      : { kind: 'different', text: 'Different source files; differences below are expected.', ...words };
  }
  if (a.path !== null && a.path === b.path) {
    return {
      kind: 'same-path',
      text: 'Same source path, open live: the same file unless it changed on disk (its hash is unknown).',
      ...words,
    };
  }
  const unknown = [a.sha256 === null ? 'A' : null, b.sha256 === null ? 'B' : null].filter((x) => x !== null);
  return {
    kind: 'unknown',
    text: `Source hash unknown for ${unknown.join(' and ')} (a file open live carries no hash): whether both sides come from the same file cannot be told.`,
    ...words,
  };
}
