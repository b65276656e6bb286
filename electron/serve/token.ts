/** The serve-mode access token: random, printed once, kept in a file only its owner can read. */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../app/atomic-write';

/** A new random token (192 bits, URL-safe). */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The token file cannot be written where it was asked for; `code` is an error code of the RPC's vocabulary. */
export class TokenFileError extends Error {
  constructor(
    readonly code: 'NOT_A_REGULAR_FILE',
    message: string,
    readonly remedy: string,
  ) {
    super(message);
    this.name = 'TokenFileError';
  }
}

/**
 * Writes the token and URL to a file with mode 0600. A symbolic link (or anything but a regular file) at the path is
 * refused, never followed: the token is written atomically (electron/app/atomic-write.ts), into a new file opened
 * with O_CREAT|O_EXCL|O_NOFOLLOW beside it, then renamed over the path (a rename replaces a link itself, never what
 * it points to, should one appear between).
 */
export async function writeTokenFile(file: string, token: string, url: string): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const existing = await lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing !== null && !existing.isFile())
    throw new TokenFileError(
      'NOT_A_REGULAR_FILE',
      `--token-file ${file} is ${existing.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}; it was left as it is`,
      'Name a new file, or a regular file of yours to replace.',
    );
  await writeFileAtomically(file, `${token}\n${url}\n`, {
    replace: true,
    mode: 0o600,
    exactMode: true,
    temporary: path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.partial`),
  });
}
