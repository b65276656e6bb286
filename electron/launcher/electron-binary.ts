/**
 * Where Electron's binary is, found without loading the electron package: loading it throws Electron's own
 * "please delete node_modules/electron" text when its download never ran (package.json skips its install script).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { StartFacts } from './choose';

/** The electron package's folder as `moduleUrl` resolves it, or null when the package is not installed. */
function packageDir(moduleUrl: string): string | null {
  try {
    return path.dirname(createRequire(moduleUrl).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/**
 * The Electron binary the electron package would name, and whether it exists; an error when it names none. The
 * package's download writes path.txt (the binary's path under dist/); ELECTRON_OVERRIDE_DIST_PATH replaces dist/.
 */
export function electronBinary(moduleUrl: string, env: Record<string, string | undefined>): StartFacts['electron'] {
  const dir = packageDir(moduleUrl);
  if (dir === null) return { error: 'the electron package is not installed' };
  const pathFile = path.join(dir, 'path.txt');
  const named = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override !== undefined && override !== '') {
    const binary = path.join(override, named ?? 'electron');
    return { binary, exists: existsSync(binary) };
  }
  if (named === null || named === '') return { error: "Electron's binary was never downloaded" };
  const binary = path.join(dir, 'dist', named);
  return { binary, exists: existsSync(binary) };
}
