/**
 * Temporary capture files being written, recorded in the config folder so that a crash does not leave them
 * behind for good: the writer records a `.partial` file before it creates it and forgets it after the rename;
 * the backend and the command line remove, when they start, the leftovers of writers that are gone.
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
// The suffix of every temporary capture file (the atomic write's); nothing else is ever removed.
import { PARTIAL_SUFFIX } from '../app/atomic-write';

/** The folder of records, inside the config folder. */
const PENDING_FOLDER = 'pending-captures';

const recordSchema = z.object({ path: z.string().min(1), pid: z.int().min(1), host: z.string() });

/** True while a process of this machine with that id runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Records a temporary file about to be written; resolves to the function that forgets it. */
export async function recordPending(configDir: string, temporary: string): Promise<() => Promise<void>> {
  const folder = path.join(configDir, PENDING_FOLDER);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const record = path.join(folder, `${process.pid}-${randomBytes(6).toString('hex')}.json`);
  const body: z.infer<typeof recordSchema> = { path: temporary, pid: process.pid, host: os.hostname() };
  await writeFile(record, JSON.stringify(body), { mode: 0o600, flag: 'wx' });
  return () => rm(record, { force: true });
}

/**
 * Removes the `.partial` files of writers that are no longer running, and their records; resolves to the files
 * removed. A record of a live writer (or of another machine sharing the folder) is left alone.
 */
export async function removeLeftovers(configDir: string): Promise<string[]> {
  const folder = path.join(configDir, PENDING_FOLDER);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const record = path.join(folder, name);
    let parsed;
    try {
      parsed = recordSchema.safeParse(JSON.parse(await readFile(record, 'utf8')));
    } catch {
      parsed = null;
    }
    if (parsed?.success === true) {
      const { path: leftover, pid, host } = parsed.data;
      if (host === os.hostname() && alive(pid)) continue;
      if (host !== os.hostname()) continue;
      const info = await lstat(leftover).catch(() => null);
      if (info !== null && info.isFile() && leftover.endsWith(PARTIAL_SUFFIX) && path.isAbsolute(leftover)) {
        await rm(leftover, { force: true });
        removed.push(leftover);
      }
    }
    await rm(record, { force: true });
  }
  return removed;
}
