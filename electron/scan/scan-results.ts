/**
 * The results file of a scan: JSON lines, append-only, each line written whole and flushed to the disk before the
 * next file's is, so a scan stopped at any moment keeps every file it finished. A resumed scan reads it back, skips
 * each file whose key is unchanged, and ignores a last line cut short by the stop.
 */
import { closeSync, fstatSync, fsyncSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { scanLineSchema, type ScanLine } from '../../contract/scan';
import { sameKey } from './scan-inputs';

/** The lines already in a results file that still describe their file; a missing file holds none. */
export function readResults(file: string): ScanLine[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  }
  const lines: ScanLine[] = [];
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    try {
      const parsed = scanLineSchema.safeParse(JSON.parse(raw));
      if (parsed.success) lines.push(parsed.data);
    } catch {
      // A line cut short when the scan was stopped: its file is scanned again.
    }
  }
  return lines;
}

/** Whether a file was scanned already (its key unchanged) in the lines read back. */
export function alreadyScanned(done: readonly ScanLine[], key: ScanLine['key']): ScanLine | undefined {
  return done.find((line) => sameKey(line.key, key));
}

/** Appends validated lines to a results file, each flushed to the disk before the call returns. */
export class ResultsWriter {
  private readonly fd: number;

  constructor(file: string) {
    this.fd = openSync(file, 'a+');
    // A line cut short by a stop has no newline: the next line starts on a line of its own, not glued to it.
    const size = fstatSync(this.fd).size;
    const last = Buffer.alloc(1);
    if (size > 0 && readSync(this.fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a) writeSync(this.fd, '\n');
  }

  /** Validates the line, writes it whole and flushes it. */
  append(line: ScanLine): void {
    const text = `${JSON.stringify(scanLineSchema.parse(line))}\n`;
    writeSync(this.fd, text);
    fsyncSync(this.fd);
  }

  /** Closes the file. */
  close(): void {
    closeSync(this.fd);
  }
}
