// Writes the environment and frame reports of every fixture (and both context orders) as one JSON document.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { addon, fixture, sample } from '../native/helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const files = [
  'h264-1080p-420.mp4',
  'hevc-main10-1280x720.mp4',
  'h264-odd-642x362.mp4',
  'h264-444-640x360.mp4',
  'hevc-444-640x360.mp4',
].map(fixture);
files.push(sample);

const fixtures = [];
for (const file of files) {
  try {
    const s = await addon.Session.open(file, { holdFrames: 3 });
    const reports = [];
    // Each report with its call's ledger, as the command line and captures store a step's report.
    for (const index of [0, 1, 2]) {
      const { report, ledger } = await s.show({ index });
      reports.push({ ...report, ledger });
    }
    fixtures.push({ file: path.basename(file), info: s.info, reports, liveHandles: s.liveHandles() });
    s.close();
  } catch (e) {
    fixtures.push({ file: path.basename(file), error: { code: e.code, message: e.message } });
  }
}
const contexts = [];
for (const context of ['shared', 'private', 'ffmpeg-primary']) {
  for (const order of ['decoder-first', 'runtime-first']) {
    const out = execFileSync(process.execPath, [path.join(here, 'context.child.mjs'), context, order], { encoding: 'utf8' });
    // The child's answer carries the frame's context report under `context`; the mode asked for keeps its own key.
    contexts.push({ ...JSON.parse(out), mode: context, order });
  }
}
process.stdout.write(JSON.stringify({ date: new Date().toISOString(), environment: addon.environment(), fixtures, contexts }, null, 1));
