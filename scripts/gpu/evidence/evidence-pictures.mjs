// @ts-check
// Operator previews on NVDEC frames, what AdvCvtColor computes, memory reads against a whole-allocation copy.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { tableHead, fmt } from './stats.mjs';
import { followUps } from './run.mjs';

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} ev */
export function writePictureEvidence(run, ev) {
  const { root, runDir, rel, bench, flag } = run;
  // Kept gzipped in the repository: base64 pictures are bulky text. A follow-up run kept in the run's folder
  // (focus-N-COMMIT, run.mjs followUps) is preferred where it has them: the latest that does.
  const followUp = followUps(runDir)
    .filter((f) => fs.existsSync(path.join(f.dir, 'previews.json.gz')))
    .at(-1)?.name;
  const previewFile = followUp
    ? path.join(runDir, followUp, 'previews.json.gz')
    : ['previews.json', 'previews.json.gz'].map((f) => path.join(runDir, f)).find((f) => fs.existsSync(f));
  if (previewFile) {
    const raw = fs.readFileSync(previewFile);
    const previews = JSON.parse((previewFile.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8'));
    const dir = path.join(root, 'docs', 'previews');
    if (flag !== '--check') {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
    }
    ev.push('## Operator previews on NVDEC frames', '');
    ev.push('`test/gpu/preview.test.mjs`, frame 13 of each fixture: CV-CUDA operators on the wrapped frame, resized on the');
    ev.push('GPU to 256 pixels wide, only the thumbnail downloaded; the reference is FFmpeg\'s swscale on the same frame with');
    ev.push(`the same matrix and range.${followUp ? ` From the follow-up run \`${followUp}\` in the run's folder.` : ''}`, '');
    ev.push(...tableHead('| fixture | preview | picture | how | GPU ms (convert / op / resize / download) | bytes down / frame bytes | PSNR dB | max / mean abs error |'));
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
      const t = p.timings;
      const how = (p.converter ?? p.method ?? p.reason ?? '').replace(/\|/g, '\\|');
      ev.push(`| ${p.file} | ${p.name} | ![${p.name}](previews/${name}) | ${how} | ${t ? `${fmt(t.convertMs, 3)} / ${fmt(t.opMs, 3)} / ${fmt(t.resizeMs, 3)} / ${fmt(t.downloadMs, 3)}` : '–'} | ${p.bytesDownloaded ? `${p.bytesDownloaded} / ${p.frameBytes}` : '–'} | ${fmt(p.psnr, 2)} | ${p.maxAbsError !== undefined && p.maxAbsError !== null ? `${p.maxAbsError} / ${fmt(p.meanAbsError, 2)}` : '–'} |`);
    }
    ev.push('');
  }
  const experimentFile = path.join(runDir, 'cvtcolor-experiment.json');
  if (fs.existsSync(experimentFile)) {
    const x = JSON.parse(fs.readFileSync(experimentFile, 'utf8'));
    const best = [...x.rows].sort((a, b) => b.psnr - a.psnr)[0];
    ev.push('## What CV-CUDA\'s AdvCvtColor computes', '');
    ev.push('`test/gpu/cvtcolor-experiment.mjs`: frame 13 of h264-1080p-420.mp4 (BT.709, limited range) through');
    ev.push(`${x.converter}, compared with the inspector's kernel under every matrix and range:`, '');
    ev.push(...tableHead('| AdvCvtColor output against | PSNR dB | mean abs error |'));
    for (const r of x.rows) ev.push(`| ${r.against} | ${fmt(r.psnr, 2)} | ${fmt(r.meanAbs, 3)} |`);
    ev.push('', `Closest: **${best.against}** (${fmt(best.psnr, 1)} dB). The inspector therefore makes its \`convert\``);
    ev.push('previews with its own kernel, which honours the stream\'s matrix and range, and offers AdvCvtColor as the');
    ev.push('separate `cvtcolor` operator with its measured distance from the reference.', '');
  }
  const memreads = bench.filter((b) => b.bench === 'memread');
  if (memreads.length) {
    ev.push('## Memory reads against one copy of the whole allocation', '');
    ev.push('`zci_bench memread CLIP 3`: on three frames of each clip, random ranges read through the inspector\'s memory read');
    ev.push('(one `cuMemcpy2D` per range) inside the picture, in the rows below it, across into the next plane and up to the');
    ev.push('allocation\'s last byte, each compared byte for byte with one linear `cuMemcpyDtoH` of the whole allocation that the');
    ev.push(`CUDA driver reports for plane 0's pointer (a copy that shares none of the read code).${run.benchSource ? ` From the benchmarks of \`${run.benchSource.rel}\`.` : ''}`, '');
    ev.push(...tableHead('| clip | decode | format | frame | witness | allocation bytes | ranges | in hidden rows | across planes | to the tail | next-plane spans | bytes asked | bytes copied | mismatches (bytes / counts / labels) | result |'));
    for (const m of memreads) {
      ev.push(`| ${path.basename(m.file)} | ${m.decodePath} | ${m.format} | ${m.frame} | ${m.witness} | ${m.allocationBytes} | ${m.ranges} | ${m.hiddenRowReads} | ${m.crossingReads} | ${m.tailReads} | ${m.nextPlaneSpans} | ${m.bytesAsked} | ${m.bytesRead} | ${m.byteMismatches} / ${m.countMismatches} / ${m.labelMismatches} | ${m.ok ? 'equal' : 'FAILED'} |`);
    }
    ev.push('');
  }
  ev.push(run.benchSource ? `Benchmarks, from the run \`${run.benchSource.rel}\`: [benchmarks.md](benchmarks.md).` : 'Benchmarks of this run: [benchmarks.md](benchmarks.md).', '');
}
