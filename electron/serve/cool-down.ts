/**
 * Files a request of which drove the backend past its memory limit: refused for a while, so that one client cannot
 * restart the decoder process over and over with the same file while the others wait on each restart.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { rpcError, type RpcError } from '../../contract/envelope';

/** How long such a file is refused. */
export const COOL_DOWN_MS = 60_000;

/**
 * The identity of a file: its device and inode, so that a link or another spelling of the path names the same file;
 * its resolved path when it cannot be read (gone, or not reachable).
 */
function fileIdentity(file: string): string {
  try {
    const info = statSync(file);
    return `${info.dev}:${info.ino}`;
  } catch {
    return path.resolve(file);
  }
}

/** The files refused for now, each until its time is up. */
export class CoolDown {
  private readonly until = new Map<string, number>();

  constructor(
    /** The folder relative paths are named against (the backend's working folder). */
    private readonly root: string,
    private readonly ms = COOL_DOWN_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Refuses a file for the cool-down from now. */
  refuse(file: string): void {
    this.until.set(fileIdentity(path.resolve(this.root, file)), this.now() + this.ms);
  }

  /** Milliseconds a file is still refused for, or null when it may be opened. */
  remaining(file: string): number | null {
    // Nothing refused: no request pays for a look at the disk.
    if (this.until.size === 0) return null;
    const now = this.now();
    for (const [key, until] of this.until) if (until <= now) this.until.delete(key);
    const until = this.until.get(fileIdentity(path.resolve(this.root, file)));
    return until === undefined ? null : until - now;
  }

  /** The error a refused file's request is answered with. */
  refusal(file: string, remainingMs: number): RpcError {
    return rpcError(
      'MEMORY_BUDGET_EXCEEDED',
      `${file} drove the decoder process past its memory limit a moment ago; it is refused for another ` +
        `${Math.ceil(remainingMs / 1000)} s so the process is not restarted again for it.`,
      "Try again after the cool-down with less asked at once (a smaller file, or fewer frames held); whoever starts serve mode can raise the backend's memory budget (--memory-budget).",
    );
  }
}
