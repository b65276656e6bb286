/** Entry of serve mode: supervise the backend, serve the renderer, print the URL with its token. */
import { FFMPEG_CHOICE_ENV } from '../../contract/ffmpeg-choice';
import os from 'node:os';
import path from 'node:path';
import { BudgetConfigError, processMemoryLimit, readBudgets, unreadAnswerBudget } from '../../contract/budgets';
import { appRootOf } from '../app/app-root';
import { defaultConfigDir } from '../app/config-dir';
import { BACKEND_ENV } from '../supervisor/protocol';
import { Supervisor } from '../supervisor/supervisor';
import { forkSpawner } from './fork-child';
import { CANNOT_LISTEN_EXIT, ListenError } from './listen-port';
import { isLoopback, parseServeArgs, USAGE } from './options';
import { startServer } from './server';
import { newToken, TokenFileError, writeTokenFile } from './token';

/** The signals that stop serve mode in order. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** How long the backend may take to end after SIGTERM before it is killed. */
const BACKEND_STOP_MS = 5_000;

/** Stops supervising and resolves once the backend process has ended (killed outright past BACKEND_STOP_MS). */
function stopBackend(supervisor: Supervisor): Promise<void> {
  const child = supervisor.child();
  const ended =
    child === null
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, BACKEND_STOP_MS);
          child.onExit(() => {
            clearTimeout(timer);
            resolve();
          });
        });
  supervisor.stop();
  return ended;
}

function configDirFrom(option: string | null): string {
  return option !== null ? path.resolve(option) : defaultConfigDir(process.env);
}

async function main(): Promise<void> {
  let options;
  try {
    options = parseServeArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  // The budgets are checked here, before anything starts; the backend reads the same values from its environment.
  let budgets;
  try {
    budgets = readBudgets({ ...process.env, ...options.budgetEnv }, os.totalmem());
  } catch (error) {
    if (!(error instanceof BudgetConfigError)) throw error;
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  const root = appRootOf(import.meta.url);
  const configDir = configDirFrom(options.configDir);
  const rootFolder = path.resolve(options.root ?? process.cwd());
  const backendEnv: Record<string, string> = {
    ...options.budgetEnv,
    [BACKEND_ENV.configDir]: configDir,
    [BACKEND_ENV.cwd]: rootFolder,
    [BACKEND_ENV.root]: rootFolder,
    ...(options.ffmpeg !== null ? { [FFMPEG_CHOICE_ENV]: options.ffmpeg } : {}),
    [BACKEND_ENV.defaultSettings]: JSON.stringify(options.defaults),
  };
  const sample = process.env[BACKEND_ENV.samplePath];
  if (sample !== undefined) backendEnv[BACKEND_ENV.samplePath] = sample;
  const supervisor = new Supervisor(
    forkSpawner(path.join(root, 'out', 'backend', 'index.js'), backendEnv),
    undefined,
    undefined,
    processMemoryLimit(budgets),
  );
  supervisor.on('restarted', (event) => process.stdout.write(`${event.reason} (restart ${event.restarts})\n`));
  // A client's request that drove the backend past its limit is that client's doing: said, and never counted.
  supervisor.on('exited', (_reason, culprit) => {
    if (culprit !== null)
      process.stdout.write(
        `a client's request (${culprit.file ?? 'no file'}) drove the backend past its memory limit; refused, not counted toward giving up\n`,
      );
  });
  supervisor.on('gaveUp', (reason) => {
    process.stderr.write(`giving up: ${reason}\n`);
    process.exit(1);
  });
  supervisor.start();
  if (!isLoopback(options.host)) {
    process.stderr.write(
      `warning: --host ${options.host} is not a loopback address: anyone who can reach it and learns the token ` +
        'can open files on this machine. Prefer 127.0.0.1 and an SSH tunnel.\n',
    );
  }
  const token = newToken();
  let server;
  try {
    server = await startServer({
      host: options.host,
      port: options.port,
      portIsDefault: options.portIsDefault,
      token,
      rendererDir: path.join(root, 'out', 'renderer'),
      allowHosts: options.allowHosts,
      supervisor,
      root: rootFolder,
      // Answers queued for clients that do not read are memory too: together they may take a quarter of the budget.
      unreadBudget: unreadAnswerBudget(budgets),
    });
  } catch (error) {
    if (!(error instanceof ListenError)) throw error;
    process.stderr.write(`${error.line()}\n`);
    await stopBackend(supervisor);
    process.exit(CANNOT_LISTEN_EXIT);
  }
  if (options.portIsDefault && server.port !== options.port)
    process.stdout.write(
      `port ${options.port} is in use (another inspector?): serving on port ${server.port} instead\n`,
    );
  const tokenFile = options.tokenFile ?? path.join(configDir, 'serve-token');
  try {
    await writeTokenFile(tokenFile, token, server.url);
  } catch (error) {
    const words = error instanceof TokenFileError ? `${error.code}: ${error.message}\n${error.remedy}` : String(error);
    process.stderr.write(`${words}\n`);
    await stopBackend(supervisor);
    await server.close();
    process.exit(1);
  }
  process.stdout.write(
    `Zero-Copy Inspector is serving at ${server.url}\n(token also in ${tokenFile}; files under ${rootFolder})\n`,
  );
  // A signal ends the backend and the server, then this process: none of them outlives serve mode. A terminal's ^C
  // reaches the whole process group, and the launcher forwards its own, so a second signal finds the stop under way.
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void Promise.all([stopBackend(supervisor), server.close()]).then(() => process.exit(0));
  };
  for (const signal of STOP_SIGNALS) process.on(signal, stop);
}

void main();
