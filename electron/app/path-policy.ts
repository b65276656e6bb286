/**
 * Where the RPC may reach in the file system. Serve mode has a root folder; the desktop app reaches only the files
 * and folders the user chose in a dialog (and the bundled sample). A path outside gets one refusal, the same whether
 * or not it exists, decided on real paths so a link cannot lead out.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { RpcFailure, rpcError } from '../../contract/envelope';

/** The real path of p: its deepest existing ancestor resolved through links, the rest appended as written. */
export async function realPathOf(p: string): Promise<string> {
  const tail: string[] = [];
  let at = path.resolve(p);
  for (;;) {
    try {
      return path.join(await realpath(at), ...tail.reverse());
    } catch {
      const parent = path.dirname(at);
      if (parent === at) return path.join(at, ...tail.reverse());
      tail.push(path.basename(at));
      at = parent;
    }
  }
}

/** True when child is folder itself or lies below it (both absolute and normalised). */
function within(child: string, folder: string): boolean {
  return child === folder || child.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep);
}

/** The file-system reach of one backend. */
export class PathPolicy {
  private readonly folders: string[] = [];
  private readonly files = new Set<string>();

  /** `describe` names the reach in refusals ("the serve root /srv/clips", "the files you chose"). */
  private constructor(private readonly describe: string) {}

  /** Serve mode: everything below one folder. */
  static root(folder: string): PathPolicy {
    const policy = new PathPolicy(`the serve root ${folder}`);
    policy.folders.push(folder);
    return policy;
  }

  /** The desktop app: only what the user chose. */
  static chosen(): PathPolicy {
    return new PathPolicy('the files and folders you chose in a dialog');
  }

  /** Lets a chosen file be reached (it need not exist yet: a save target). */
  async allowFile(file: string): Promise<void> {
    // The path as given counts at once, so a request that follows the dialog's answer never races the lookup.
    this.files.add(path.resolve(file));
    this.files.add(await realPathOf(file));
  }

  /** Lets a chosen folder and everything below it be reached. */
  async allowFolder(folder: string): Promise<void> {
    this.folders.push(await realPathOf(folder));
  }

  /** Resolves raw against cwd; throws PATH_OUTSIDE_ROOT when the real path lies outside the reach. */
  async check(raw: string, cwd: string): Promise<void> {
    if (raw.includes('\0')) throw new RpcFailure(rpcError('INVALID_ARGUMENT', 'The path contains a NUL byte.'));
    const resolved = path.resolve(cwd, raw);
    if (this.files.has(resolved)) return;
    const real = await realPathOf(resolved);
    if (this.files.has(real)) return;
    const folders = await Promise.all(this.folders.map((folder) => realPathOf(folder)));
    if (folders.some((folder) => within(real, folder))) return;
    throw new RpcFailure(
      rpcError(
        'PATH_OUTSIDE_ROOT',
        `${raw} is outside ${this.describe}.`,
        'Pick a file inside it; serve mode reaches further only when started with a wider --root.',
      ),
    );
  }
}
