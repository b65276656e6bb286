/** The serve-mode access token: random, printed once, kept in a file only its owner can read. */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A new random token (192 bits, URL-safe). */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Writes the token and URL to a file with mode 0600. */
export async function writeTokenFile(file: string, token: string, url: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${token}\n${url}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
}
