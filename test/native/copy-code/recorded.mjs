// The H200's recorded frame reports (docs/gpu-runs): the first run that kept reports.json, so a test reads the same
// reports whatever runs are added later.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const runs = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'gpu-runs');

/** The recorded report of the first frame of each fixture named, from that run. */
export function recordedReports(files) {
  const run = fs
    .readdirSync(runs)
    .sort()
    .find((d) => fs.existsSync(path.join(runs, d, 'reports.json')));
  const recorded = JSON.parse(fs.readFileSync(path.join(runs, run, 'reports.json'), 'utf8'));
  return files.map((file) => recorded.fixtures.find((f) => f.file === file).reports[0]);
}
