// Serve mode as a child process, for the GPU tier and the GPU run's benchmarks: started on a free port, its URL
// (with the token) read from what it prints.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The built serve mode's entry point. */
export const serveEntry = path.join(root, 'out', 'serve', 'index.js');

/** Starts serve mode with a config folder and any further arguments; resolves { proc, url } once it serves. */
export async function startServe(configDir, extraArgs = []) {
  const proc = spawn(process.execPath, [serveEntry, '--port', '0', '--config-dir', configDir, ...extraArgs], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL:\n${output}`)), 30_000);
    proc.stdout.on('data', (d) => {
      output += d;
      const m = /serving at (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(new URL(m[1]));
      }
    });
    proc.stderr.on('data', (d) => (output += d));
    proc.on('exit', (code) => reject(new Error(`serve exited ${code}:\n${output}`)));
  });
  return { proc, url };
}
