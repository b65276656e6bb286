/** `npm start`: runs the Electron app, or serve mode (printing its URL) where Electron cannot start. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { appRootOf } from '../app/app-root';
import { chooseFrontEnd, electronFailedToStart } from './choose';
import { electronBinary } from './electron-binary';
import { endAsChild, runChild, type ChildEnd } from './run-child';

const root = appRootOf(import.meta.url);

/** Runs the Electron app: how it ended, or why it could not start (then serve mode runs instead). */
async function runElectron(binary: string): Promise<{ failed: string } | { ended: ChildEnd }> {
  const started = Date.now();
  const ended = await runChild(spawn(binary, [root], { stdio: 'inherit' }));
  if (ended.stopAsked) return { ended };
  if (ended.error !== null) return { failed: `Electron could not start (${ended.error.message})` };
  if (electronFailedToStart(ended.code, Date.now() - started))
    return { failed: `Electron exited with code ${ended.code ?? ended.signal ?? 'none'} at start` };
  return { ended };
}

async function start(): Promise<void> {
  const choice = chooseFrontEnd({
    platform: process.platform,
    env: process.env,
    electron: electronBinary(import.meta.url, process.env),
  });
  let reason: string;
  if (choice.kind === 'electron') {
    const outcome = await runElectron(choice.binary);
    if ('ended' in outcome) return endAsChild(outcome.ended);
    reason = outcome.failed;
  } else {
    reason = choice.reason;
  }
  process.stdout.write(`Serve mode in the browser instead of the desktop window: ${reason}.\n`);
  const serve = spawn(process.execPath, [path.join(root, 'out', 'serve', 'index.js'), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  endAsChild(await runChild(serve));
}

void start();
