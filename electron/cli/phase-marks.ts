/**
 * Where a command line process spends its time: named marks on the process clock (performance.mark), printed as one
 * JSON line on stderr when ZCI_PHASES is set, as the process ends. The GPU tier's benchmark records them beside the
 * process's wall time, so docs/benchmarks.md can say which part of a whole-file inspect is start, open, decode and
 * exit. Where the launcher preloaded the prestart library (native/src/prestart), its two marks join them, moved from
 * CLOCK_MONOTONIC onto the same clock: prestart-driver (cuInit returned) and prestart-context (the context made).
 */
import { performance } from 'node:perf_hooks';
import type { AddonModule } from '../addon/native';

/** What the prestart library did in this process (native/index.d.ts's PrestartState). */
type PrestartState = NonNullable<ReturnType<AddonModule['prestart']>>;

let printed = false;

/** Reads the prestart library's state when the marks print (the addon's prestart), once the addon is loaded. */
let readPrestart: (() => PrestartState | null) | null = null;

/** Marks a moment of the command (milliseconds since the process started, on Node's clock). */
export function mark(name: string): void {
  performance.mark(`zci:${name}`);
}

/** Has the printed marks include what READ says the prestart library did. */
export function markPrestartWith(read: () => PrestartState | null): void {
  readPrestart = read;
}

/** MONOTONIC_MS (CLOCK_MONOTONIC, as libuv's hrtime reads it) on Node's performance clock. */
function onNodeClock(monotonicMs: number): number {
  const originMs = Number(process.hrtime.bigint()) / 1e6 - performance.now();
  return Math.round((monotonicMs - originMs) * 100) / 100;
}

/** The prestart's marks and device, for the printed line; null without the library. */
function prestartPhases(): { device: number | null; marks: Record<string, number> } | null {
  let state: PrestartState | null;
  try {
    state = readPrestart?.() ?? null;
  } catch {
    state = null; // an addon without prestart(): the marks go without the prestart's
  }
  if (state === null) return null;
  const marks: Record<string, number> = {};
  if (state.driverMs !== null) marks['prestart-driver'] = onNodeClock(state.driverMs);
  if (state.contextMs !== null) marks['prestart-context'] = onNodeClock(state.contextMs);
  return { device: state.device, marks };
}

/** Prints the marks and Node's own start milestones once, when ZCI_PHASES is set. */
export function printMarks(env: NodeJS.ProcessEnv): void {
  if (!env.ZCI_PHASES || printed) return;
  printed = true;
  const marks: Record<string, number> = {};
  for (const entry of performance.getEntriesByType('mark'))
    if (entry.name.startsWith('zci:')) marks[entry.name.slice(4)] = Math.round(entry.startTime * 100) / 100;
  const node = performance.nodeTiming;
  const prestart = prestartPhases();
  const phases = {
    node: { bootstrapComplete: node.bootstrapComplete, loopStart: node.loopStart },
    marks: { ...prestart?.marks, ...marks },
    ...(prestart && { prestart: { device: prestart.device } }),
  };
  process.stderr.write(`${JSON.stringify({ phases })}\n`);
}

/** Prints the marks at exit if nothing printed them before. */
export function printMarksAtExit(env: NodeJS.ProcessEnv): void {
  process.once('exit', () => printMarks(env));
}
