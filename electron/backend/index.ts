/** Entry of the backend process: loads the addon, then serves the clients its parent attaches. */
import os from 'node:os';
import path from 'node:path';
import { readBudgets } from '../../contract/budgets';
import { addonLoaderPath } from '../addon/addon-path';
import { loadAddon } from '../addon/load-addon';
import { readAppIdentity } from '../app/app-identity';
import { appRootOf } from '../app/app-root';
import { defaultConfigDir } from '../app/config-dir';
import { PathPolicy } from '../app/path-policy';
import { removeLeftovers } from '../capture/pending-writes';
import { parsePlantHook, PLANT_HOOK_ENV, type ComparePlant } from '../../contract/decoder-compare';
import { availableFfmpeg } from '../addon/ffmpeg-variants';
import { FFMPEG_CHOICE_ENV } from '../../contract/ffmpeg-choice';
import { clientSettingsPatchSchema, type ClientSettingsPatch } from '../../contract/settings';
import { BACKEND_ENV } from '../supervisor/protocol';
import { BackendServer } from './backend-server';
import { createHandlers } from './handlers/index';
import { serveOverIpc, serveOverParentPort, type PostToParent } from './hosts';
import { Persistence } from './persist';
import { asProcessWork, noteWarmUp } from './open-budget';

async function main(): Promise<void> {
  const env = process.env;
  const root = appRootOf(import.meta.url);
  const configDir = env[BACKEND_ENV.configDir] ?? defaultConfigDir(env);
  const parentPort = (process as unknown as { parentPort?: Parameters<typeof serveOverParentPort>[0] }).parentPort;
  // Serve mode (no Electron parent port): many people's clients, each with its own settings over the defaults that
  // whoever started the server set (saved settings, --setting).
  const served = parentPort === undefined;
  const persistence = new Persistence(configDir, {
    perClient: served,
    defaults: served ? defaultSettingsFrom(env[BACKEND_ENV.defaultSettings]) : {},
  });
  await persistence.load();
  // Which FFmpeg: whoever started the backend (ZCI_FFMPEG, serve mode's --ffmpeg) decides, else the setting; only a
  // variant that is here (a setting left from an installation that had it falls back to the system's).
  const ffmpeg = availableFfmpeg(root);
  const chosen = persistence.getSettings().ffmpeg;
  if (env[FFMPEG_CHOICE_ENV] === undefined && ffmpeg.includes(chosen)) env[FFMPEG_CHOICE_ENV] = chosen;
  const loaded = loadAddon(addonLoaderPath(root));
  // Shown to the user: relative to the app, which says more than a machine's absolute path.
  if (loaded.status.path !== null) loaded.status.path = path.relative(root, loaded.status.path);
  // Temporary capture files a crashed writer left behind (its own or the command line's).
  await removeLeftovers(configDir).catch(() => []);
  const libraryPath = persistence.getSettings().libraryPath;
  if (loaded.addon !== null && libraryPath !== null) loaded.addon.setLibraryPath(libraryPath);
  const samplePath = env[BACKEND_ENV.samplePath] ?? path.join(root, 'assets', 'sample.mp4');
  // Serve mode reaches its root folder; the desktop app what the user chose (and chose before: the recents).
  const rootFolder = env[BACKEND_ENV.root];
  const paths = rootFolder !== undefined && rootFolder !== '' ? PathPolicy.root(rootFolder) : PathPolicy.chosen();
  await paths.allowFile(samplePath);
  if (parentPort !== undefined) for (const recent of persistence.listRecent()) await paths.allowFile(recent.path);
  // A test hook (ZCI_TEST_HOOK_PLANT): a sample planted in decoder comparisons, so a test can show a difference.
  let plant: ComparePlant | null = null;
  try {
    plant = parsePlantHook(env[PLANT_HOOK_ENV]);
  } catch (error) {
    process.stderr.write(`backend: ${error instanceof Error ? error.message : String(error)}; ignored\n`);
  }
  const budgets = readBudgets(env, os.totalmem()); // checked by whoever started the backend; a bad value stops it
  const handlers = createHandlers({
    budgets,
    plant,
    addon: loaded.addon,
    addonStatus: loaded.status,
    persistence,
    paths,
    samplePath,
    cwd: env[BACKEND_ENV.cwd] ?? process.cwd(),
    startedAt: new Date(),
    app: readAppIdentity(root),
    configDir,
    ffmpeg: { available: ffmpeg, loaded: loaded.addon?.ffmpegVariant ?? null },
  });
  // NVCV, CV-CUDA and the CUDA context, made ready once on a worker thread while the window loads: no open pays
  // for them, and the JS thread never waits on them.
  // Its growth is no open's (open-budget.ts).
  if (loaded.addon !== null)
    void asProcessWork(loaded.addon.warmUp(persistence.getSettings().device))
      .then(noteWarmUp)
      .catch(() => undefined);
  let post: PostToParent = () => undefined;
  const server = new BackendServer(
    handlers,
    (clientId, state) => post({ type: 'state', clientId, state }),
    persistence,
  );
  if (parentPort !== undefined) {
    post = serveOverParentPort(parentPort, server, (message) => {
      if (message.type === 'setLibraryPath') {
        persistence.setLibraryPath(message.path);
        loaded.addon?.setLibraryPath(message.path);
      } else void (message.kind === 'file' ? paths.allowFile(message.path) : paths.allowFolder(message.path));
    });
  } else if (process.send !== undefined) post = serveOverIpc(process, server);
  else throw new Error('the backend must be started by the app or by serve mode');
  post({ type: 'ready', pid: process.pid });
}

/** The defaults serve mode passed (checked there already); unreadable ones are said and ignored. */
function defaultSettingsFrom(json: string | undefined): ClientSettingsPatch {
  if (json === undefined || json === '') return {};
  try {
    return clientSettingsPatchSchema.parse(JSON.parse(json));
  } catch (error) {
    process.stderr.write(
      `backend: default settings ignored: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return {};
  }
}

// A stray rejection is a bug to report, not a reason to drop every client's state.
process.on('unhandledRejection', (reason) => {
  process.stderr.write(
    `backend: unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n`,
  );
});

main().catch((error: unknown) => {
  process.stderr.write(
    `backend failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
