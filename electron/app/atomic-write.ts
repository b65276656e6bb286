/**
 * The app's one atomic file write: the bytes go to a new file beside the target (created O_EXCL|O_NOFOLLOW, so
 * nothing there is reused or followed), are fsynced, then linked into place (which fails when the name was taken
 * meanwhile) or renamed over the target (a rename replaces a link itself, never what it points to), and the folder
 * is fsynced; a reader sees the old file or the whole new one, and the temporary file never outlives the call.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** How a file is put in place. */
export interface AtomicWrite {
  /** true: renamed over any file there; false: linked into place, failing with EEXIST when the name exists. */
  replace: boolean;
  /**
   * Checks the target right before a rename, and after a link found the name taken (to throw its own error); where
   * it is given, a file system without hard links (EPERM, ENOTSUP, EXDEV) gets a checked rename instead of failing.
   */
  check?: () => Promise<void>;
  /** The new file's mode (default 0o644, less the umask). */
  mode?: number;
  /** Set the mode exactly, whatever the umask (a secret's 0o600). */
  exactMode?: boolean;
  /** The temporary file's path (default: temporaryPath(file)); a caller records it to clean up after a crash. */
  temporary?: string;
}

/** How a temporary file's name ends. */
export const PARTIAL_SUFFIX = '.partial';

/** Where a file's bytes wait before they are put in place: beside it, `<name>.<random>.partial`. */
export function temporaryPath(file: string): string {
  return `${file}.${randomBytes(4).toString('hex')}${PARTIAL_SUFFIX}`;
}

/** Codes of a file system that makes no hard links. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV']);

/** fsyncs a folder, so that a link or rename in it is on disk; file systems that cannot are skipped. */
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

/** Links the temporary file into place; false where the file system makes no hard links and a rename may stand in. */
async function linked(temporary: string, file: string, check: (() => Promise<void>) | undefined): Promise<boolean> {
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST' && check !== undefined) await check();
    if (check === undefined || !NO_LINKS.has(code)) throw error;
    return false;
  }
}

/** Writes `data` to `file` whole (see the head of this file). */
export async function writeFileAtomically(file: string, data: Uint8Array | string, how: AtomicWrite): Promise<void> {
  const temporary = how.temporary ?? temporaryPath(file);
  const mode = how.mode ?? 0o644;
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  // Made here, or refused (a path that exists is someone else's, and is left as it is).
  const handle = await open(temporary, flags, mode);
  try {
    try {
      await handle.writeFile(data);
      if (how.exactMode === true) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (how.replace || !(await linked(temporary, file, how.check))) {
      await how.check?.();
      await rename(temporary, file);
    }
    await syncFolder(path.dirname(file));
  } finally {
    await rm(temporary, { force: true });
  }
}
