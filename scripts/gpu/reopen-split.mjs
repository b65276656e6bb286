// Where a second file's open goes, measured on the addon directly (no RPC): the open call, then the first frame
// answer (report + thumbnails + a convert preview with its CPU reference, as the renderer asks), and whether the
// replaced session's teardown slows either. Three ways of retiring the session the new file replaces:
//   closed-before: closed before the clock starts (nothing overlaps);
//   background-at-replace: closed on a worker thread as soon as the new file is open;
//   after-first-answer: closed on a worker thread once the new file's first answer is in (what the backend does).
// Then the first answer split by what it brings back, on a freshly opened file. One JSON line per measurement.
// Usage: node scripts/gpu/reopen-split.mjs CLIP_1080P CLIP_4K
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const addon = createRequire(import.meta.url)(path.join(root, 'native', 'index.cjs'));
const [hd, uhd] = process.argv.slice(2).map((f) => fs.realpathSync(path.resolve(f)));
const print = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
const preview = { op: 'convert', maxWidth: 256 };
const asked = { proof: true, thumbnailWidth: 256, previews: [preview], fallbackToReference: true };

// As the backend starts: the CUDA context and the libraries first, off the clock.
await addon.warmUp(0);

const MODES = ['closed-before', 'background-at-replace', 'after-first-answer'];
const FILES = [hd, uhd, hd, uhd, hd];
for (const repeat of [0, 1]) {
  for (const mode of MODES) {
    let previous = await addon.Session.open(uhd, {});
    await previous.show({ index: 0 }, asked);
    for (const [round, file] of FILES.entries()) {
      if (mode === 'closed-before') previous.close();
      // A pause as a user's would be: the teardowns of earlier rounds are over.
      await sleep(400);
      const t0 = now();
      const session = await addon.Session.open(file, {});
      const t1 = now();
      if (mode === 'background-at-replace') previous.close({ background: true });
      const first = await session.show({ index: 0 }, asked);
      const t2 = now();
      if (mode === 'after-first-answer') previous.close({ background: true });
      print({
        bench: 'reopen-split',
        mode,
        repeat,
        round,
        file: path.basename(file),
        decodePath: first.report.decodePath,
        openMs: t1 - t0,
        firstAnswerMs: t2 - t1,
        toFirstAnswerMs: t2 - t0,
        previewError: first.previews[0].error?.code ?? null,
      });
      previous = session;
    }
    previous.close();
  }
}

// The first answer on a freshly opened 1080p file against the next one, by what they bring back.
const PARTS = [
  ['the report alone', { proof: false }],
  ['with the aliasing proof', { proof: true }],
  ['with thumbnails', { proof: false, thumbnailWidth: 256 }],
  ['with the convert preview', { proof: false, previews: [preview] }],
  ['with the preview and its CPU reference', { proof: false, previews: [preview], fallbackToReference: true }],
  ['all of it (as the renderer asks)', asked],
];
for (const [what, options] of PARTS) {
  for (let k = 0; k < 3; k += 1) {
    const session = await addon.Session.open(hd, {});
    const t0 = now();
    await session.show({ index: 0 }, options);
    const t1 = now();
    await session.show({ index: 1 }, options);
    const t2 = now();
    print({ bench: 'reopen-answer', what, file: path.basename(hd), firstMs: t1 - t0, nextMs: t2 - t1 });
    session.close();
    await sleep(100);
  }
}
