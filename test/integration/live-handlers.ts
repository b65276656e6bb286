/**
 * The backend's handlers over the real addon, as the integration tests build them: a working folder whose config
 * folder holds the persisted state, every path allowed, and a fixed start time.
 */
import path from 'node:path';
import { PathPolicy } from '../../electron/app/path-policy';
import { createHandlers } from '../../electron/backend/handlers/index';
import type { BackendDeps, Handlers } from '../../electron/backend/handlers/types';
import { Persistence } from '../../electron/backend/persist';
import { addon, addonStatus } from '../support/live/addon';

/** The handlers and the persistence they write to. */
export interface LiveHandlers {
  handlers: Handlers;
  persistence: Persistence;
}

/** The handlers over the real addon working in `dir` (state persisted under dir/config), with `more` besides. */
export function liveHandlers(dir: string, more: Partial<Omit<BackendDeps, 'persistence'>> = {}): LiveHandlers {
  const persistence = new Persistence(path.join(dir, 'config'));
  const handlers = createHandlers({
    addon,
    addonStatus,
    persistence,
    samplePath: null,
    cwd: dir,
    paths: PathPolicy.root('/'),
    startedAt: new Date(0),
    ...more,
  });
  return { handlers, persistence };
}
