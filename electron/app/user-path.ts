/** Checks a path the user named before the addon opens it; the API offers no other way to reach files. */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { RpcFailure, rpcError } from '../../contract/envelope';

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
    if (await hasUndecodableTwin(resolved)) {
      throw new RpcFailure(
        rpcError(
          'PATH_NOT_UTF8',
          `${resolved} names a file whose name is not valid UTF-8 (shown with �); its bytes cannot be passed on.`,
        ),
      );
    }
    throw new RpcFailure(rpcError('FILE_NOT_FOUND', `No such file: ${resolved}`));
  }
  if (info.isDirectory()) {
    throw new RpcFailure(rpcError('INVALID_ARGUMENT', `${resolved} is a folder.`, 'Name a video file, not a folder.'));
  }
  if (!info.isFile()) {
    throw new RpcFailure(
      rpcError('NOT_A_REGULAR_FILE', `${resolved} is not a regular file (a pipe, device or socket).`),
    );
  }
  return resolved;
}

/**
 * True when the folder holds an entry whose name is not valid UTF-8 and reads as the path's last part once its bad
 * bytes become U+FFFD: the file the user meant exists, but no UTF-8 string can name it.
 */
async function hasUndecodableTwin(resolved: string): Promise<boolean> {
  const wanted = path.basename(resolved);
  if (!wanted.includes('\uFFFD')) return false;
  const names = await readdir(path.dirname(resolved), { encoding: 'buffer' }).catch(() => []);
  return names.some((name) => {
    const text = name.toString('utf8');
    return text === wanted && !Buffer.from(text, 'utf8').equals(name);
  });
}
