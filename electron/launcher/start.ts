/** `npm start`: runs the Electron app, or serve mode (printing its URL) where Electron cannot start. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { appRootOf } from '../app/app-root';
import { chooseFrontEnd, electronFailedToStart, type StartFacts } from './choose';

const root = appRootOf(import.meta.url);

function electronFacts(): StartFacts['electron'] {
  try {
    const binary = createRequire(import.meta.url)('electron') as unknown;
    if (typeof binary !== 'string') return { error: 'the electron package did not return a binary path' };
    return { binary, exists: existsSync(binary) };
  } catch (error) {
    return { error: error instanceof Error ? (error.message.split('\n')[0] ?? 'unknown') : String(error) };
  }
}

function runServe(reason: string): void {
  process.stdout.write(`Starting serve mode instead of the window: ${reason}.\n`);
  const child = spawn(process.execPath, [path.join(root, 'out', 'serve', 'index.js'), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  child.on('exit', (code) => process.exit(code ?? 1));
}

const choice = chooseFrontEnd({ platform: process.platform, env: process.env, electron: electronFacts() });
if (choice.kind === 'serve') {
  runServe(choice.reason);
} else {
  const started = Date.now();
  const child = spawn(choice.binary, [root], { stdio: 'inherit' });
  child.on('error', (error) => runServe(`Electron could not start (${error.message})`));
  child.on('exit', (code) => {
    if (electronFailedToStart(code, Date.now() - started))
      runServe(`Electron exited with code ${code ?? 'none'} at start`);
    else process.exit(code ?? 0);
  });
}
