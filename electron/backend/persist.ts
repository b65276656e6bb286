/**
 * Settings and recent files, kept as small JSON files in the user's config folder. In serve mode the saved settings
 * (and the server's command-line defaults) are only defaults: each client's choices stay with its own session.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { RecentFile } from '../../contract/contract';
import { RpcFailure, rpcError } from '../../contract/envelope';
import {
  DEFAULT_SETTINGS,
  RETIRED_SETTINGS,
  settingsSchema,
  type ClientSettingsPatch,
  type Settings,
  type SettingsPatch,
} from '../../contract/settings';
import { writeFileAtomically } from '../app/atomic-write';
import { currentRequest } from './request-scope';

/** How many recent files are kept. */
export const MAX_RECENTS = 10;

const recentsSchema = z.array(
  z.object({ path: z.string(), openedAt: z.string(), lastFrame: z.int().min(0).nullable() }),
);

/** Returns recents with one file moved to the front (added when new), trimmed to MAX_RECENTS. */
export function touchRecent(
  list: readonly RecentFile[],
  file: string,
  now: Date,
  lastFrame: number | null,
): RecentFile[] {
  const rest = list.filter((entry) => entry.path !== file);
  return [{ path: file, openedAt: now.toISOString(), lastFrame }, ...rest].slice(0, MAX_RECENTS);
}

/** Returns recents with the last frame of one file updated. */
export function withLastFrame(list: readonly RecentFile[], file: string, frame: number): RecentFile[] {
  return list.map((entry) => (entry.path === file ? { ...entry, lastFrame: frame } : entry));
}

/** How long the frame a user looks at may wait before recents.json is written: stepping writes at most this often. */
const VIEWED_SAVE_DELAY_MS = 500;

/** How settings are shared. */
export interface PersistenceOptions {
  /**
   * Serve mode: many people's clients share the backend, so a client's setSettings holds for that client's session
   * alone and is never saved; only whoever starts the server sets the defaults. Default: one user, settings saved.
   */
  perClient?: boolean;
  /** Defaults for this run over the saved settings (serve mode's --setting); never saved. */
  defaults?: ClientSettingsPatch;
}

/** Reads and writes the two files; writes are queued so they never interleave. */
export class Persistence {
  private settings: Settings = { ...DEFAULT_SETTINGS };
  private recents: RecentFile[] = [];
  private writes: Promise<void> = Promise.resolve();
  private viewedTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly dir: string,
    private readonly options: PersistenceOptions = {},
  ) {}

  /** Loads both files; a missing or damaged file means defaults. */
  async load(): Promise<void> {
    const raw = await readJson(path.join(this.dir, 'settings.json'));
    if (typeof raw === 'object' && raw !== null)
      for (const key of RETIRED_SETTINGS) delete (raw as Record<string, unknown>)[key];
    const settings = settingsSchema.partial().safeParse(raw);
    this.settings = { ...DEFAULT_SETTINGS, ...(settings.success ? settings.data : {}) };
    const recents = recentsSchema.safeParse(await readJson(path.join(this.dir, 'recents.json')));
    this.recents = recents.success ? recents.data.slice(0, MAX_RECENTS) : [];
  }

  /** The settings that hold for the request being served: the defaults, with its client's own choices over them
   * in serve mode; outside any request, the defaults. */
  getSettings(): Settings {
    const request = currentRequest();
    return {
      ...this.settings,
      ...this.options.defaults,
      ...(this.options.perClient === true ? request?.client.ownSettings() : {}),
      ...request?.override,
    };
  }

  /** Applies a patch: in serve mode to the requesting client's session alone, else to the saved settings. */
  setSettings(patch: SettingsPatch): Settings {
    const client = currentRequest()?.client;
    if (this.options.perClient === true && client !== undefined) {
      const { ffmpeg, ...own } = patch;
      if (ffmpeg !== undefined && ffmpeg !== this.settings.ffmpeg)
        throw new RpcFailure(
          rpcError(
            'INVALID_ARGUMENT',
            'The FFmpeg is loaded once for every client of this server; one client cannot change it.',
            'Whoever starts serve mode chooses it (--ffmpeg).',
          ),
        );
      settingsSchema.parse({ ...this.getSettings(), ...own }); // a bad value is refused before it is kept
      client.choose(own);
      return this.getSettings();
    }
    this.settings = settingsSchema.parse({ ...this.settings, ...patch });
    this.save('settings.json', this.settings);
    return this.getSettings();
  }

  /** Sets where NVCV / CV-CUDA load from; only the desktop app's main process asks, never the RPC. */
  setLibraryPath(libraryPath: string | null): Settings {
    this.settings = settingsSchema.parse({ ...this.settings, libraryPath });
    this.save('settings.json', this.settings);
    return this.getSettings();
  }

  /** The recent files, newest first. */
  listRecent(): RecentFile[] {
    return this.recents.map((entry) => ({ ...entry }));
  }

  /** Records that a file was opened. */
  opened(file: string): void {
    if (this.viewedTimer !== null) clearTimeout(this.viewedTimer);
    this.viewedTimer = null;
    const previous = this.recents.find((entry) => entry.path === file)?.lastFrame ?? null;
    this.recents = touchRecent(this.recents, file, new Date(), previous);
    this.save('recents.json', this.recents);
  }

  /** Records the frame the user is looking at; written once stepping pauses for VIEWED_SAVE_DELAY_MS (or on flush). */
  viewed(file: string, frame: number): void {
    this.recents = withLastFrame(this.recents, file, frame);
    if (this.viewedTimer !== null) return;
    this.viewedTimer = setTimeout(() => this.saveViewed(), VIEWED_SAVE_DELAY_MS);
    this.viewedTimer.unref();
  }

  /** Writes what is waiting, then resolves once every queued write has finished. */
  flush(): Promise<void> {
    if (this.viewedTimer !== null) this.saveViewed();
    return this.writes;
  }

  private saveViewed(): void {
    if (this.viewedTimer !== null) clearTimeout(this.viewedTimer);
    this.viewedTimer = null;
    this.save('recents.json', this.recents);
  }

  private save(name: string, value: unknown): void {
    const target = path.join(this.dir, name);
    this.writes = this.writes
      .then(async () => {
        await mkdir(this.dir, { recursive: true, mode: 0o700 });
        await writeFileAtomically(target, JSON.stringify(value, null, 2), { replace: true, mode: 0o600 });
      })
      .catch((error: unknown) => {
        process.stderr.write(`could not save ${target}: ${String(error)}\n`);
      });
  }
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}
