/** Makes a capture with the built command line, as a user without a window would (its own config folder beside it). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../paths';

/** Runs `zerocopy-inspector capture VIDEO --frames FRAMES -o OUT [extra…]`; throws with its stderr when it fails. */
export function cliCapture(video: string, frames: string, out: string, extra: readonly string[] = []): void {
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'bin', 'zerocopy-inspector.js'), 'capture', video, '--frames', frames, '-o', out, ...extra],
    // The command line's config folder (its signing key) beside the capture, not the user's.
    { encoding: 'utf8', env: { ...process.env, XDG_CONFIG_HOME: path.join(path.dirname(out), 'cli-config') } },
  );
  if (result.status !== 0) throw new Error(`capture exited ${result.status}: ${result.stderr}`);
}
