/** Where the tests find the repository, its fixture clips and the bundled sample. */
import path from 'node:path';

/** The repository root (tests run from it). */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Absolute path of a committed fixture (test/fixtures/README.md). */
export function fixture(name: string): string {
  return path.join(ROOT, 'test', 'fixtures', name);
}

/** The bundled sample clip. */
export const SAMPLE = path.join(ROOT, 'assets', 'sample.mp4');
