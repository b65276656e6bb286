// @ts-check
// The follow-up runs kept in a GPU run's folder: the one reader of their folder names, for the evidence writer and
// the tests alike (follow-ups.d.mts types it for the TypeScript side).
import fs from 'node:fs';
import path from 'node:path';

/**
 * The follow-up runs kept in a run's folder, in the order they ran: folders named focus-N-COMMIT, where N counts them
 * (test files of the GPU tier, or the whole tier without the benchmarks, run again at a later commit on the same
 * machine, right after the run). Each: its folder name, its commit, its path.
 * @param {string} runDir @returns {{ name: string, ordinal: number, commit: string, dir: string }[]}
 */
export function followUps(runDir) {
  return fs
    .readdirSync(runDir)
    .map((name) => ({ name, m: /^focus-(\d+)-([0-9a-f]+)$/.exec(name) }))
    .filter(({ name, m }) => m !== null && fs.statSync(path.join(runDir, name)).isDirectory())
    .map(({ name, m }) => ({ name, ordinal: Number(m?.[1]), commit: m?.[2] ?? '', dir: path.join(runDir, name) }))
    .sort((a, b) => a.ordinal - b.ordinal);
}
