/**
 * Where a command line process spends its time: named marks on the process clock (performance.mark), printed as one
 * JSON line on stderr when ZCI_PHASES is set, as the process ends. The GPU tier's benchmark records them beside the
 * process's wall time, so docs/benchmarks.md can say which part of a whole-file inspect is start, open, decode and
 * exit.
 */
import { performance } from 'node:perf_hooks';

let printed = false;

/** Marks a moment of the command (milliseconds since the process started, on Node's clock). */
export function mark(name: string): void {
  performance.mark(`zci:${name}`);
}

/** Prints the marks and Node's own start milestones once, when ZCI_PHASES is set. */
export function printMarks(env: NodeJS.ProcessEnv): void {
  if (!env.ZCI_PHASES || printed) return;
  printed = true;
  const marks: Record<string, number> = {};
  for (const entry of performance.getEntriesByType('mark'))
    if (entry.name.startsWith('zci:')) marks[entry.name.slice(4)] = Math.round(entry.startTime * 100) / 100;
  const node = performance.nodeTiming;
  const phases = { node: { bootstrapComplete: node.bootstrapComplete, loopStart: node.loopStart }, marks };
  process.stderr.write(`${JSON.stringify({ phases })}\n`);
}

/** Prints the marks at exit if nothing printed them before. */
export function printMarksAtExit(env: NodeJS.ProcessEnv): void {
  process.once('exit', () => printMarks(env));
}
