// Dumps every fixture's frame reports, as one addon build makes them, for comparing two builds key for key:
//   node scripts/refactor/dump-reports.mjs ADDON_ROOT OUT.json   (ADDON_ROOT holds native/index.cjs)
// Each report is decoded in software (no GPU needed), every frame of every fixture and the bundled sample. Values
// that differ from run to run (addresses, timings) are replaced by their type, so the two dumps compare exactly.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const [addonRoot, out] = process.argv.slice(2);
if (!addonRoot || !out) throw new Error('usage: dump-reports.mjs ADDON_ROOT OUT.json');
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const addon = createRequire(import.meta.url)(path.resolve(addonRoot, 'native/index.cjs'));

/** Keys whose values change from run to run: addresses, pointers, timings, the process's own counters. */
const VOLATILE = /(Us|Ms|Ns)$|[Pp]ointer|[Aa]ddress|^rangeStart$|^base$|^start$|^allocationBase$|^canary$|^readBack$|^restored$|^surfacePointer$|^planeStarts$|^timings$|^distinctAddresses$|^addressSeenBefore$/;

function normalise(value, key = '') {
  if (VOLATILE.test(key)) return `<${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value}>`;
  if (Array.isArray(value)) return value.map((v) => normalise(v));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, k)]));
  return value;
}

/** A frame's report through whichever frame call the build has (show since the one door; frame before). */
async function reportOf(session, index) {
  if (typeof session.frame === 'function') return session.frame(index);
  const { report, ledger } = await session.show({ index });
  return { ...report, ...(ledger === undefined ? {} : { ledger }) };
}

const clips = [
  ...fs
    .readdirSync(path.join(repo, 'test/fixtures'))
    .filter((f) => /\.(mp4|mkv|webm|m4a)$/.test(f))
    .map((f) => path.join(repo, 'test/fixtures', f)),
  path.join(repo, 'assets/sample.mp4'),
];
const dump = {};
for (const clip of clips) {
  const name = path.basename(clip);
  try {
    const session = await addon.Session.open(clip, { decode: 'software' });
    const reports = [];
    for (let i = 0; i < session.info.frameCount; i += 1) {
      try {
        reports.push(normalise(await reportOf(session, i)));
      } catch (e) {
        reports.push({ error: e.code });
      }
    }
    dump[name] = { info: normalise(session.info), reports };
    session.close();
  } catch (e) {
    dump[name] = { openError: e.code };
  }
}
fs.writeFileSync(out, `${JSON.stringify(dump, null, 1)}\n`);
console.log(`${Object.keys(dump).length} files, ${Object.values(dump).reduce((n, d) => n + (d.reports?.length ?? 0), 0)} reports`);
