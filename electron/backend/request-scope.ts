/**
 * The request being served, as every call made on its behalf sees it: the client that sent it, so that what the
 * settings say is what that client chose (serve mode gives each client its own), not what another client last set.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Settings } from '../../contract/settings';
import type { ClientSession } from './client-session';

/** Whom a request is served for, and settings that hold for this request alone over everything else. */
export interface RequestScope {
  client: ClientSession;
  override?: Partial<Settings>;
}

// Carried through every await and queued call of the request, so no handler has to pass it on by hand.
const scope = new AsyncLocalStorage<RequestScope>();

/** Runs fn, and everything it starts, as serving one request. */
export function withinRequest<T>(request: RequestScope, fn: () => T): T {
  return scope.run(request, fn);
}

/** The request being served, or undefined outside any (start-up, timers of the process itself). */
export function currentRequest(): RequestScope | undefined {
  return scope.getStore();
}
