/**
 * No hand-written source file runs past 400 lines: TypeScript, JavaScript, C, C++, CUDA, Python and shell, every file
 * git tracks or would track (its ignore rules leave out build outputs, installed packages and caches). Lockfiles and
 * data are none of these kinds; generated sources would be listed in GENERATED, and there are none today. A file that
 * must stay longer for now is in ALLOWED with why, and only while it is longer.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths';

const MAX_LINES = 400;
const HAND_WRITTEN = /\.(ts|tsx|mts|cts|js|mjs|cjs|c|cc|cpp|h|hpp|cu|cuh|py|sh)$/;

/** Sources a tool writes, which no one edits by hand (none today). */
const GENERATED: readonly string[] = [];

/** Files allowed past MAX_LINES, each with the reason. */
const ALLOWED: Readonly<Record<string, string>> = {};

/** The repository's files, as git lists them: tracked, and untracked ones its ignore rules do not leave out. */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .split('\0')
    .filter((f) => HAND_WRITTEN.test(f) && !GENERATED.includes(f))
    .filter((f) => {
      try {
        readFileSync(path.join(ROOT, f));
        return true;
      } catch {
        return false; // listed by the index but deleted in the working tree
      }
    });
}

/** Lines of a file: newlines, plus a last line without one. */
function linesOf(file: string): number {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const newlines = text.split('\n').length - 1;
  return text.length === 0 || text.endsWith('\n') ? newlines : newlines + 1;
}

describe('hand-written files', () => {
  const files = sourceFiles();
  const over = files.filter((f) => linesOf(f) > MAX_LINES);

  it('are read: every kind, from every source folder', () => {
    for (const kind of ['.ts', '.tsx', '.mjs', '.cc', '.h', '.cu', '.py', '.sh'])
      expect(
        files.some((f) => f.endsWith(kind)),
        kind,
      ).toBe(true);
    for (const folder of ['contract/', 'electron/', 'renderer/', 'native/', 'include/', 'python/', 'scripts/', 'test/'])
      expect(
        files.some((f) => f.startsWith(folder)),
        folder,
      ).toBe(true);
  });

  it(`have at most ${MAX_LINES} lines each, but for the allowed ones`, () => {
    const lines = over.filter((f) => !(f in ALLOWED)).map((f) => `${f}: ${linesOf(f)} lines`);
    expect(lines).toEqual([]);
  });

  it('allow only files that are still too long, each with its reason', () => {
    for (const [file, why] of Object.entries(ALLOWED)) {
      expect(over, `${file} is ${MAX_LINES} lines or fewer now: take it off ALLOWED`).toContain(file);
      expect(why.length).toBeGreaterThan(20);
    }
  });

  it('are counted as an editor counts lines', () => {
    expect(linesOf('include/zci_recorder.h')).toBe(
      readFileSync(path.join(ROOT, 'include/zci_recorder.h'), 'utf8').trimEnd().split('\n').length,
    );
  });
});
