/** The app's name and version, read once from its package.json. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Name and version of the app as written into captures and printed by the command line. */
export interface AppIdentity {
  name: string;
  version: string;
}

/** Reads package.json under the app's root; falls back to "unknown" rather than failing. */
export function readAppIdentity(appRoot: string): AppIdentity {
  try {
    const json = JSON.parse(readFileSync(path.join(appRoot, 'package.json'), 'utf8')) as Partial<AppIdentity>;
    return { name: json.name ?? 'zerocopy-inspector', version: json.version ?? 'unknown' };
  } catch {
    return { name: 'zerocopy-inspector', version: 'unknown' };
  }
}
