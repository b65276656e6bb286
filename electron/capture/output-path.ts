/** Checks where a capture may be written: a .zci name in an existing folder, not a link, not a file unless asked. */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { CAPTURE_EXTENSION } from '../../contract/capture';
import { RpcFailure, rpcError } from '../../contract/envelope';
import { checkCaptureTarget } from './capture-write';

/**
 * Resolves a user-named output path against cwd; only .zci files in existing folders are written, an existing
 * file only with overwrite, and never a symbolic link (writeCaptureFile checks again when it puts the file).
 */
export async function resolveCapturePath(raw: string, cwd: string, overwrite = false): Promise<string> {
  if (raw.includes('\0')) throw new RpcFailure(rpcError('INVALID_ARGUMENT', 'The path contains a NUL byte.'));
  const resolved = path.resolve(cwd, raw);
  if (!resolved.toLowerCase().endsWith(CAPTURE_EXTENSION)) {
    throw new RpcFailure(
      rpcError(
        'INVALID_ARGUMENT',
        `${resolved} does not end in ${CAPTURE_EXTENSION}.`,
        `Name the capture with the ${CAPTURE_EXTENSION} extension; only such files are written.`,
      ),
    );
  }
  const folder = await stat(path.dirname(resolved)).catch(() => null);
  if (folder === null || !folder.isDirectory()) {
    throw new RpcFailure(
      rpcError('FILE_NOT_FOUND', `No such folder: ${path.dirname(resolved)}`, 'Save into a folder that exists.'),
    );
  }
  await checkCaptureTarget(resolved, overwrite);
  return resolved;
}
