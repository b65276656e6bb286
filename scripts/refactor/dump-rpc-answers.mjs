// Dumps every fixture's frame answers as the RPC gives them, for comparing two builds of the app key for key:
//   node scripts/refactor/dump-rpc-answers.mjs APP_ROOT OUT.json   (APP_ROOT holds out/serve/index.js and native/)
// Serve mode is started from APP_ROOT with software decoding; each fixture is opened and every frame asked for with
// thumbnails and the CPU reference preview, through `show` where the contract has it (the one door) and through
// `frame` before it. Both answers are brought to one form: the report (its copy ledger beside it), the thumbnails'
// sizes and a digest of their bytes, and the preview's figures and digests or its error. Values that differ from run
// to run (addresses, timings) are replaced by their type, as dump-reports.mjs does.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const [appRoot, out] = process.argv.slice(2);
if (!appRoot || !out) throw new Error('usage: dump-rpc-answers.mjs APP_ROOT OUT.json');
const root = path.resolve(appRoot);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { connectRpc, startServe } = await import(path.join(repo, 'test/gpu/serve-process.mjs'));
const { WebSocket } = createRequire(path.join(repo, 'package.json'))('ws');

const VOLATILE =
  /(Us|Ms|Ns)$|[Pp]ointer|[Aa]ddress|^rangeStart$|^base$|^start$|^allocationBase$|^canary$|^readBack$|^restored$|^surfacePointer$|^planeStarts$|^timings$|^distinctAddresses$|^addressSeenBefore$/;

function normalise(value, key = '') {
  if (VOLATILE.test(key)) return `<${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value}>`;
  if (value instanceof Uint8Array) return `sha256:${crypto.createHash('sha256').update(value).digest('hex')}`;
  if (Array.isArray(value)) return value.map((v) => normalise(v));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, k)]));
  return value;
}

const THUMBNAIL_WIDTH = 128;
const PREVIEW = { op: 'reference', maxWidth: 128 };

/** One frame's answer in the one form both doors are brought to. */
function common(answer) {
  if (!answer.ok) return { error: answer.error.code };
  const r = answer.result;
  if ('previews' in r) {
    const outcome = r.previews[0] ?? { result: null, error: null };
    return {
      report: { ...r.report, ...(r.ledger === undefined ? {} : { ledger: r.ledger }) },
      thumbnails: r.thumbnails,
      preview: outcome.result,
      previewError: outcome.error,
    };
  }
  const ledger = r.ledger ?? r.report.ledger;
  return {
    report: { ...r.report, ...(ledger === undefined ? {} : { ledger }) },
    thumbnails: r.thumbnails,
    preview: r.preview,
    previewError: r.previewError,
  };
}

const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zci-dump-'));
const { proc, url } = await startServe(configDir, ['--root', repo], {}, root);
const { socket, call } = await connectRpc(WebSocket, url);

const probe = await call('show', { target: { index: 0 } });
const door = probe.ok || probe.error.code !== 'INVALID_ARGUMENT' || !/Unknown method/.test(probe.error.message) ? 'show' : 'frame';
const ask = (index) =>
  door === 'show'
    ? call('show', { target: { index }, options: { thumbnailWidth: THUMBNAIL_WIDTH, previews: [PREVIEW] } })
    : call('frame', { index, thumbnails: { maxWidth: THUMBNAIL_WIDTH }, preview: PREVIEW });

const clips = [
  ...fs
    .readdirSync(path.join(repo, 'test/fixtures'))
    .filter((f) => /\.(mp4|mkv|webm|m4a)$/.test(f))
    .map((f) => path.join(repo, 'test/fixtures', f)),
  path.join(repo, 'assets/sample.mp4'),
];
const dump = {};
try {
  for (const clip of clips) {
    const name = path.basename(clip);
    const opened = await call('open', { path: clip, options: { decode: 'software' } });
    if (!opened.ok) {
      dump[name] = { openError: opened.error.code };
      continue;
    }
    const answers = [];
    for (let i = 0; i < opened.result.info.frameCount; i += 1) answers.push(normalise(common(await ask(i))));
    dump[name] = { info: normalise(opened.result.info), answers };
    await call('close', {});
  }
} finally {
  socket.close();
  proc.kill('SIGTERM');
}
fs.writeFileSync(out, `${JSON.stringify(dump, null, 1)}\n`);
console.log(
  `${door}: ${Object.keys(dump).length} files, ${Object.values(dump).reduce((n, d) => n + (d.answers?.length ?? 0), 0)} answers`,
);
