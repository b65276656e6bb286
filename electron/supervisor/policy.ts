/** When to restart a dead backend, and how to say why it died. */

/** Limits on restarting. */
export interface RestartPolicy {
  /** Restarts allowed inside the window before giving up. */
  maxRestarts: number;
  windowMs: number;
  /** Delay before the first restart in a window; doubled for each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** The policy the app uses. */
export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  maxRestarts: 5,
  windowMs: 60_000,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
};

/** Whether to restart, and after how long. */
export type RestartDecision = { restart: true; delayMs: number } | { restart: false; reason: string };

/** Decides about one more restart, given the times of earlier exits (ms) and now. */
export function decideRestart(
  exitTimes: readonly number[],
  now: number,
  policy = DEFAULT_RESTART_POLICY,
): RestartDecision {
  const recent = exitTimes.filter((time) => now - time < policy.windowMs).length;
  if (recent > policy.maxRestarts) {
    return {
      restart: false,
      reason: `the backend stopped ${recent} times within ${Math.round(policy.windowMs / 1000)} s`,
    };
  }
  const delayMs = Math.min(policy.baseDelayMs * 2 ** Math.max(0, recent - 1), policy.maxDelayMs);
  return { restart: true, delayMs };
}

/** Words for how a process ended, for the banner the user reads. */
export function describeExit(
  code: number | null,
  signal: string | null,
  over: { residentBytes: number; limitBytes: number } | null = null,
): string {
  if (over !== null)
    return `the decoder process passed its memory limit (${Math.round(over.residentBytes / 1_048_576)} MiB resident, limit ${Math.round(over.limitBytes / 1_048_576)} MiB) and was restarted`;
  if (signal !== null) return `the decoder process stopped (signal ${signal}) and was restarted`;
  if (code !== null && code !== 0) return `the decoder process exited with code ${code} and was restarted`;
  return 'the decoder process exited and was restarted';
}
