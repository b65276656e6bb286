// @ts-check
// Operator previews on NVDEC frames, what AdvCvtColor computes, memory reads against a whole-allocation copy.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { table, fmt } from './stats.mjs';
import { followUps, newestHolding, otherRun } from './run.mjs';
import { templates, then } from './template.mjs';

const t = templates('evidence-pictures');

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} ev */
export function writePictureEvidence(run, ev) {
  const { root, runDir, rel, bench, flag } = run;
  // Kept gzipped in the repository: base64 pictures are bulky text. A follow-up run kept in the run's folder
  // (focus-N-COMMIT, run.mjs followUps) is preferred where it has them: the latest that does. A run that made none
  // shows those of the recorded run that made them and recorded last, named as such.
  const previewsIn = (/** @type {string} */ dir) => {
    const followUp = followUps(dir)
      .filter((f) => fs.existsSync(path.join(f.dir, 'previews.json.gz')))
      .at(-1)?.name;
    const file = followUp
      ? path.join(dir, followUp, 'previews.json.gz')
      : ['previews.json', 'previews.json.gz'].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
    return { followUp, file };
  };
  const own = previewsIn(runDir);
  const previewDir = own.file ? runDir : newestHolding(runDir, ['previews.json.gz']);
  const { followUp, file: previewFile } = own.file || previewDir === null ? own : previewsIn(previewDir);
  if (previewFile) {
    const raw = fs.readFileSync(previewFile);
    const previews = JSON.parse((previewFile.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8'));
    const dir = path.join(root, 'docs', 'previews');
    if (flag !== '--check') {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
    }
    const rows = [];
    for (const p of previews) {
      const name = `${path.basename(p.file, '.mp4')}-${p.name}.png`;
      const png = Buffer.from(p.png, 'base64');
      if (flag === '--check') {
        if (!fs.existsSync(path.join(dir, name)) || !fs.readFileSync(path.join(dir, name)).equals(png)) {
          console.error(`docs/previews/${name} is not what ${rel} produces`);
          process.exitCode = 1;
        }
      } else {
        fs.writeFileSync(path.join(dir, name), png);
      }
      const ms = p.timings;
      const how = (p.converter ?? p.method ?? p.reason ?? '').replace(/\|/g, '\\|');
      rows.push(`| ${p.file} | ${p.name} | ![${p.name}](previews/${name}) | ${how} | ${ms ? `${fmt(ms.convertMs, 3)} / ${fmt(ms.opMs, 3)} / ${fmt(ms.resizeMs, 3)} / ${fmt(ms.downloadMs, 3)}` : '–'} | ${p.bytesDownloaded ? `${p.bytesDownloaded} / ${p.frameBytes}` : '–'} | ${fmt(p.psnr, 2)} | ${p.maxAbsError !== undefined && p.maxAbsError !== null ? `${p.maxAbsError} / ${fmt(p.meanAbsError, 2)}` : '–'} |`);
    }
    const head = '| fixture | preview | picture | how | GPU ms (convert / op / resize / download) | bytes down / frame bytes | PSNR dB | max / mean abs error |';
    const elsewhere = previewDir !== null && previewDir !== runDir ? otherRun(root, previewDir) : null;
    const fromFollowUp = then(
      [
        elsewhere ? t.text('previews-from-run', { ...elsewhere, ownCommit: run.commit }) : null,
        followUp ? t.text('from-follow-up', { folder: followUp }) : null,
      ]
        .filter((x) => x !== null)
        .join(' ') || null,
    );
    ev.push(...t.lines('previews', { fromFollowUp, table: table(head, rows) }), '');
  }
  // CV-CUDA's AdvCvtColor against the inspector's kernel: the run's own, else the newest recorded run's, named.
  const experimentDir = newestHolding(runDir, ['cvtcolor-experiment.json']);
  if (experimentDir !== null) {
    const experimentFile = path.join(experimentDir, 'cvtcolor-experiment.json');
    const x = JSON.parse(fs.readFileSync(experimentFile, 'utf8'));
    const best = [...x.rows].sort((a, b) => b.psnr - a.psnr)[0];
    const rows = x.rows.map((r) => `| ${r.against} | ${fmt(r.psnr, 2)} | ${fmt(r.meanAbs, 3)} |`);
    const distances = table('| AdvCvtColor output against | PSNR dB | mean abs error |', rows);
    const fromRun = then(experimentDir === runDir ? null : t.text('cvtcolor-from-run', { ...otherRun(root, experimentDir), ownCommit: run.commit }));
    ev.push(...t.lines('cvtcolor', { converter: x.converter, fromRun, table: distances, closest: best.against, psnr: fmt(best.psnr, 1) }), '');
  }
  const memreads = bench.filter((b) => b.bench === 'memread');
  if (memreads.length) {
    const head = '| clip | decode | format | frame | witness | allocation bytes | ranges | in hidden rows | across planes | to the tail | next-plane spans | bytes asked | bytes copied | mismatches (bytes / counts / labels) | result |';
    const rows = memreads.map(
      (m) => `| ${path.basename(m.file)} | ${m.decodePath} | ${m.format} | ${m.frame} | ${m.witness} | ${m.allocationBytes} | ${m.ranges} | ${m.hiddenRowReads} | ${m.crossingReads} | ${m.tailReads} | ${m.nextPlaneSpans} | ${m.bytesAsked} | ${m.bytesRead} | ${m.byteMismatches} / ${m.countMismatches} / ${m.labelMismatches} | ${m.ok ? 'equal' : 'FAILED'} |`,
    );
    const fromBenchRun = then(run.benchSource ? t.text('from-bench-run', { run: run.benchSource.rel }) : null);
    ev.push(...t.lines('memreads', { fromBenchRun, table: table(head, rows) }), '');
  }
  if (run.benchSource) ev.push(...t.lines('benchmarks-from', { run: run.benchSource.rel }), '');
  else ev.push(...t.lines('benchmarks-here'), '');
}
