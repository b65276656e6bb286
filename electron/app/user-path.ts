/** Checks a path the user named before the addon opens it; the API offers no other way to reach files. */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { RpcFailure, rpcError } from '../common/envelope';

/** Resolves a user-named path against cwd and rejects what is not a regular, existing file. */
export async function resolveUserPath(raw: string, cwd: string): Promise<string> {
  if (raw.includes('\0')) throw new RpcFailure(rpcError('INVALID_ARGUMENT', 'The path contains a NUL byte.'));
  const resolved = path.resolve(cwd, raw);
  if (!path.isAbsolute(resolved)) {
    throw new RpcFailure(rpcError('INVALID_ARGUMENT', `The path ${raw} does not resolve to an absolute path.`));
  }
  let info;
  try {
    info = await stat(resolved);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') {
      throw new RpcFailure(rpcError('FILE_UNREADABLE', `Permission denied: ${resolved}`));
    }
    throw new RpcFailure(rpcError('FILE_NOT_FOUND', `No such file: ${resolved}`));
  }
  if (info.isDirectory()) {
    throw new RpcFailure(rpcError('INVALID_ARGUMENT', `${resolved} is a folder.`, 'Name a video file, not a folder.'));
  }
  if (!info.isFile()) {
    throw new RpcFailure(rpcError('INVALID_ARGUMENT', `${resolved} is not a regular file.`, 'Name a video file.'));
  }
  return resolved;
}
