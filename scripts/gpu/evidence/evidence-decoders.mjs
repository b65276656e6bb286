// @ts-check
// Same frame, two decoders; how the run was made; where NVDEC writes a surface's planes; copy as code on NVDEC frames.
import fs from 'node:fs';
import path from 'node:path';
import { table, fmt } from './stats.mjs';
import { templates } from './template.mjs';

const t = templates('evidence-decoders');

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} ev */
export function writeDecoderEvidence(run, ev) {
  const { runDir } = run;
  // Same frame, two decoders: every frame of the fixtures and bench clips, NVDEC against software (decoder-compare.json).
  const compareFile = path.join(runDir, 'decoder-compare.json');
  if (fs.existsSync(compareFile)) {
    const rows = JSON.parse(fs.readFileSync(compareFile, 'utf8'));
    const head = '| file | codec | decoder A | frames | identical frames | differing samples | stored words differ in | normalisation | compare ms (median) |';
    const files = rows.filter((x) => x.frames !== undefined).map(
      (r) => `| ${r.file} | ${r.codec} ${r.profile} | ${r.decoderA} | ${r.frames} | ${r.identicalFrames} | ${r.differingSamples} | ${r.rawWordsDifferFrames} frames | ${r.normalisation} | ${fmt(r.compareMsMedian, 3)} |`,
    );
    ev.push(...t.lines('compare', { table: table(head, files) }));
    const planted = rows.filter((x) => x.planted);
    if (planted.length) {
      ev.push('', ...t.lines('planted'), '');
      for (const { file, planted: p, reported: r } of planted) {
        const first = r?.firstDifference;
        const where = { firstX: first?.x, firstY: first?.y, valueA: first?.valueA, valueB: first?.valueB };
        ev.push(t.text('planted-item', { file, plane: p.plane, x: p.x, y: p.y, value: p.value, original: p.original, differing: r?.differing, ...where }));
      }
    }
    for (const { file, deviceVsHost: d } of rows.filter((x) => x.deviceVsHost)) {
      const device = { deviceMs: fmt(d.deviceMs, 3), deviceBytes: d.deviceBytesDownloaded };
      ev.push('', t.text('device-and-host', { file, ...device, hostMs: fmt(d.hostMs, 3), hostBytes: d.hostBytesDownloaded }));
    }
    ev.push('');
  }

  // How the run was made, where it was not run.sh alone (run-notes.md, written by hand, holds no figures).
  const notesFile = path.join(runDir, 'run-notes.md');
  if (fs.existsSync(notesFile)) ev.push(...t.lines('run-notes', { notes: fs.readFileSync(notesFile, 'utf8').trim() }), '');

  // Where NVDEC wrote each plane of its surface (surface-layout.json from test/gpu/surface-layout.test.mjs), measured
  // by finding the software decoder's own chroma rows in the mapped allocation, beside FFmpeg's plane pointer.
  const surfaceFile = path.join(runDir, 'surface-layout.json');
  if (fs.existsSync(surfaceFile)) {
    const rows = JSON.parse(fs.readFileSync(surfaceFile, 'utf8'));
    const witnessed = rows.some((r) => r.witness);
    const head = `| clip | codec | size | coded height | bits | pitch | decoder's chroma row | FFmpeg's chroma row | FFmpeg − decoder |${witnessed ? " the report's witness |" : ''}`;
    const clips = rows.map((r) => {
      const off = r.ffmpegMinusDecoderRows === 0 ? 'same row' : `**${r.ffmpegMinusDecoderRows} row (${r.ffmpegMinusDecoderBytes} bytes)**`;
      const w = r.witness ? ` ${r.witness.verdict}, chroma at byte ${r.witness.decoderOffset} (ulTargetHeight ${r.witness.targetHeight}) |` : witnessed ? ' — |' : '';
      return `| ${r.file} | ${r.codec} | ${r.width}x${r.height} | ${r.codedHeight} | ${r.bitDepth} | ${r.pitch} | ${r.decoderChromaRow} | ${r.ffmpegChromaRow} | ${off} |${w}`;
    });
    ev.push(...t.lines('surface-layout', { table: table(head, clips) }));
    if (witnessed) ev.push('', ...t.lines('surface-layout-witness'));
    const evenRule = rows.every((r) => r.decoderChromaRow === r.codedHeight + (r.codedHeight % 2));
    const ffmpegRule = rows.every((r) => r.ffmpegChromaRow === r.codedHeight);
    const odd = rows.filter((r) => r.codedHeight % 2 === 1).length;
    const every = (/** @type {boolean} */ all) => (all ? 'every' : 'not every');
    ev.push('', ...t.lines('surface-layout-rules', { evenRule: every(evenRule), odd, ffmpegRule: every(ffmpegRule) }));
    const tap = path.join(runDir, 'surface-layout.tap');
    if (fs.existsSync(tap)) {
      const failed = [...fs.readFileSync(tap, 'utf8').matchAll(/^not ok \d+ - (.+)$/gm)].map((m) => m[1]);
      for (const f of failed) ev.push(t.text('surface-layout-not-measured', { test: f }));
    }
    ev.push('');
  }

  // Copy as code on NVDEC frames (copy-code.json): the generated C, C++ and Python wraps run on real frames.
  // The naive picture (the naive view through CV-CUDA, made in the snippet's process) against the app's two pictures.
  function naivePictureWords(n) {
    if (!n) return '';
    const wrong = n.psnrAgainstAppWrongWrap === null ? 'the app shows no wrong wrap' : `${fmt(n.psnrAgainstAppWrongWrap, 1)} dB against the app's wrong wrap`;
    return `; the naive picture (${n.width}x${n.height}, AdvCvtColor ${n.spec}): ${wrong}, ${fmt(n.psnrAgainstAppPicture, 1)} dB against the app's right picture`;
  }
  const copyFile = path.join(runDir, 'copy-code.json');
  if (fs.existsSync(copyFile)) {
    const rows = JSON.parse(fs.readFileSync(copyFile, 'utf8'));
    const checked = rows.map((r) => {
      const what =
        r.snippet === 'python'
          ? `CV-CUDA tensor data at ${r.tensorStarts.join(', ')} = FFmpeg's ${r.pointers.join(', ')} (${r.tensor}); the naive chroma ${r.naiveChromaEqual ? 'equals' : 'differs from'} the real one (${r.hiddenRows} hidden rows)${naivePictureWords(r.naivePicture)}`
          : `NVCV exported ${r.format}: ${r.planes.map((p) => `${p.nvcvPointer} / ${p.rowStride} B`).join(', ')} = FFmpeg's data / linesize; cleanup ran`;
      return `| ${r.file} | ${r.frame} | ${r.snippet} | ${what} |`;
    });
    ev.push(...t.lines('copy-code', { table: table('| file | frame | snippet | what was checked |', checked) }), '');
  }
}
