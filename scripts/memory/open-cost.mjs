// Measures what opening a file and showing its first frames really holds, one fresh process per file: resident
// memory (and, with a GPU, the device memory the driver accounts to the process) before the open, after the open,
// and after the first N frames shown (default 3). One JSON line per file on stdout.
//
//   node scripts/memory/open-cost.mjs [--frames N] [--decode MODE] FILE...
//
// The child loads the addon and reaches a steady state (one throw-away open of the bundled sample) before the first
// reading, so that what is measured is the file's own cost, not the libraries' first use. It runs with glibc's mmap
// threshold fixed at its default (MALLOC_MMAP_THRESHOLD_): otherwise the warm-up's freed pictures raise the threshold
// and the file's pictures reuse that freed heap, read as no growth at all (the same 1280x720 file measured 32 or 41
// MiB from one run to the next; fixed, three runs agree within 0.1 MiB).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const CHILD = `
const path = require('node:path');
const fs = require('node:fs');
const addon = require(path.join(process.env.ZCI_ROOT, 'native', 'index.cjs'));
const rss = () => { globalThis.gc(); const m = /VmRSS:\\s+(\\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8')); return Number(m[1]) * 1024; };
// Device memory this process holds, as the driver accounts it (nvidia-smi, in MiB); null without a GPU.
const gpu = () => {
  const r = require('node:child_process').spawnSync('nvidia-smi', ['--query-compute-apps=pid,used_memory', '--format=csv,noheader,nounits'], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  const line = r.stdout.split('\\n').find((l) => l.split(',')[0].trim() === String(process.pid));
  return line === undefined ? 0 : Number(line.split(',')[1]) * 1048576;
};
(async () => {
  const [file, frames, decode] = JSON.parse(process.argv[1]);
  const warm = await addon.Session.open(path.join(process.env.ZCI_ROOT, 'assets', 'sample.mp4'), { decode });
  await warm.show({ index: 0 }, { proof: false });
  warm.close();
  const before = rss(), gpuBefore = gpu();
  const t0 = Date.now();
  const s = await addon.Session.open(file, { decode });
  const opened = rss(), gpuOpened = gpu();
  for (let i = 0; i < Math.min(frames, s.info.frameCount); i += 1) await s.show({ index: i }, { proof: false });
  const shown = rss(), gpuShown = gpu();
  const i = s.info;
  process.stdout.write(JSON.stringify({
    file: path.basename(file), codec: i.codec, pixelFormat: i.pixelFormat, bitDepth: i.bitDepth,
    codedWidth: i.codedWidth, codedHeight: i.codedHeight, decodePath: i.decodePath, frames,
    cpuThreads: require('node:os').availableParallelism(),
    rssOpenBytes: opened - before, rssBytes: shown - before,
    gpuOpenBytes: gpuBefore === null ? null : gpuOpened - gpuBefore, gpuBytes: gpuBefore === null ? null : gpuShown - gpuBefore,
    ms: Date.now() - t0,
  }) + '\\n');
  s.close();
})().catch((e) => { process.stderr.write(String(e && e.stack || e)); process.exit(1); });
`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { frames: { type: 'string', default: '3' }, decode: { type: 'string', default: 'auto' } },
});
let failed = 0;
for (const file of positionals) {
  const r = spawnSync(process.execPath, ['--expose-gc', '-e', CHILD, JSON.stringify([path.resolve(file), Number(values.frames), values.decode])], {
    env: { ...process.env, ZCI_ROOT: root, MALLOC_MMAP_THRESHOLD_: '131072' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status !== 0) {
    failed += 1;
    process.stderr.write(`${file}: ${r.stderr || r.error}\n`);
  } else process.stdout.write(r.stdout);
}
process.exitCode = failed > 0 ? 1 : 0;
