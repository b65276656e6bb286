// @ts-check
// Same frame, two decoders; how the run was made; where NVDEC writes a surface's planes; copy as code on NVDEC frames.
import fs from 'node:fs';
import path from 'node:path';
import { tableHead, fmt } from './stats.mjs';

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} ev */
export function writeDecoderEvidence(run, ev) {
  const { runDir } = run;
  // Same frame, two decoders: every frame of the fixtures and bench clips, NVDEC against software (decoder-compare.json).
  const compareFile = path.join(runDir, 'decoder-compare.json');
  if (fs.existsSync(compareFile)) {
    const rows = JSON.parse(fs.readFileSync(compareFile, 'utf8'));
    ev.push('## Same frame, two decoders: NVDEC against software decode', '');
    ev.push('`test/gpu/decoder-compare.test.mjs` decoded every frame of each file with NVDEC (or software + upload where NVDEC');
    ev.push('cannot) and with FFmpeg\'s software decoder, and compared the decoded sample values plane by plane on the GPU.', '');
    ev.push(...tableHead('| file | codec | decoder A | frames | identical frames | differing samples | stored words differ in | normalisation | compare ms (median) |'));
    for (const r of rows.filter((x) => x.frames !== undefined))
      ev.push(`| ${r.file} | ${r.codec} ${r.profile} | ${r.decoderA} | ${r.frames} | ${r.identicalFrames} | ${r.differingSamples} | ${r.rawWordsDifferFrames} frames | ${r.normalisation} | ${fmt(r.compareMsMedian, 3)} |`);
    const planted = rows.filter((x) => x.planted);
    if (planted.length) {
      ev.push('', 'Planted differences (a test hook writes one sample through the frame\'s pointer, then restores it):', '');
      for (const p of planted)
        ev.push(`- ${p.file}: planted ${p.planted.plane} (${p.planted.x}, ${p.planted.y}) = ${p.planted.value} (was ${p.planted.original}); reported ${p.reported?.differing} differing, first at (${p.reported?.firstDifference?.x}, ${p.reported?.firstDifference?.y}) with A ${p.reported?.firstDifference?.valueA} and B ${p.reported?.firstDifference?.valueB}`);
    }
    for (const d of rows.filter((x) => x.deviceVsHost))
      ev.push('', `- ${d.file}: the comparison on the device and on the host agree; device ${fmt(d.deviceVsHost.deviceMs, 3)} ms with ${d.deviceVsHost.deviceBytesDownloaded} B back, host ${fmt(d.deviceVsHost.hostMs, 3)} ms with ${d.deviceVsHost.hostBytesDownloaded} B back`);
    ev.push('');
  }

  // How the run was made, where it was not run.sh alone (run-notes.md, written by hand, holds no figures).
  const notesFile = path.join(runDir, 'run-notes.md');
  if (fs.existsSync(notesFile)) ev.push('## How this run was made', '', fs.readFileSync(notesFile, 'utf8').trim(), '');

  // Where NVDEC wrote each plane of its surface (surface-layout.json from test/gpu/surface-layout.test.mjs), measured
  // by finding the software decoder's own chroma rows in the mapped allocation, beside FFmpeg's plane pointer.
  const surfaceFile = path.join(runDir, 'surface-layout.json');
  if (fs.existsSync(surfaceFile)) {
    const rows = JSON.parse(fs.readFileSync(surfaceFile, 'utf8'));
    ev.push('## Where NVDEC writes a surface\'s planes, against FFmpeg\'s pointers', '');
    ev.push('`test/gpu/surface-layout.test.mjs` decoded frame 0 of each clip with NVDEC and with the software decoder, read');
    ev.push('every row of the NVDEC frame\'s allocation through the addon (one 2-D copy a read), and searched those rows for');
    ev.push('four consecutive chroma rows of the software decode, interleaved as the surface holds them. The row where they');
    ev.push('start is where the decoder put the chroma plane; FFmpeg\'s row is its chroma pointer minus its luma pointer, in');
    ev.push('rows of the pitch. Luma was checked at FFmpeg\'s pointer against the software decode too.', '');
    const witnessed = rows.some((r) => r.witness);
    ev.push(...tableHead(`| clip | codec | size | coded height | bits | pitch | decoder's chroma row | FFmpeg's chroma row | FFmpeg − decoder |${witnessed ? " the report's witness |" : ''}`));
    for (const r of rows) {
      const off = r.ffmpegMinusDecoderRows === 0 ? 'same row' : `**${r.ffmpegMinusDecoderRows} row (${r.ffmpegMinusDecoderBytes} bytes)**`;
      const w = r.witness ? ` ${r.witness.verdict}, chroma at byte ${r.witness.decoderOffset} (ulTargetHeight ${r.witness.targetHeight}) |` : witnessed ? ' — |' : '';
      ev.push(`| ${r.file} | ${r.codec} | ${r.width}x${r.height} | ${r.codedHeight} | ${r.bitDepth} | ${r.pitch} | ${r.decoderChromaRow} | ${r.ffmpegChromaRow} | ${off} |${w}`);
    }
    if (witnessed)
      ev.push('', "The last column is the frame report's decoderSurface section: the NVDEC pool library's record of the mapped surface and the decoder's parameters, with the rule above; the test requires it to place the chroma where the search found it.");
    const evenRule = rows.every((r) => r.decoderChromaRow === r.codedHeight + (r.codedHeight % 2));
    const ffmpegRule = rows.every((r) => r.ffmpegChromaRow === r.codedHeight);
    ev.push('');
    ev.push(`- The decoder's chroma row is the coded height rounded up to even on ${evenRule ? 'every' : 'not every'} clip above` +
      ` (${rows.filter((r) => r.codedHeight % 2 === 1).length} with an odd coded height).`);
    ev.push(`- FFmpeg's chroma row is the coded height itself on ${ffmpegRule ? 'every' : 'not every'} clip above: where the coded` +
      ' height is odd, FFmpeg\'s chroma pointer is one row before the chroma NVDEC wrote.');
    const tap = path.join(runDir, 'surface-layout.tap');
    if (fs.existsSync(tap)) {
      const failed = [...fs.readFileSync(tap, 'utf8').matchAll(/^not ok \d+ - (.+)$/gm)].map((m) => m[1]);
      for (const f of failed) ev.push(`- Not measured: ${f} (the luma rows at FFmpeg's pointer did not equal the software decode).`);
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
    ev.push('## Copy as code on NVDEC frames', '');
    ev.push('`test/gpu/copy-code.test.mjs` ran each fixture\'s generated C and C++ wrap (compiled against the project\'s NVCV');
    ev.push('declarations, linked to the real libnvcv_types) on a frame FFmpeg decoded with NVDEC, and the generated Python');
    ev.push('snippet with CV-CUDA\'s Python module on the planes of that frame. On 8-bit NV12 frames the same process also');
    ev.push('made the naive picture: one [1, 1.5 × height, width, 1] tensor from plane 0 (chroma assumed at the display');
    ev.push('height), CV-CUDA\'s AdvCvtColor and area resize, set beside the app\'s convert preview and its wrong-wrap');
    ev.push('picture of the same frame (both at full range, the range AdvCvtColor computes in).', '');
    ev.push(...tableHead('| file | frame | snippet | what was checked |'));
    for (const r of rows) {
      const what =
        r.snippet === 'python'
          ? `CV-CUDA tensor data at ${r.tensorStarts.join(', ')} = FFmpeg's ${r.pointers.join(', ')} (${r.tensor}); the naive chroma ${r.naiveChromaEqual ? 'equals' : 'differs from'} the real one (${r.hiddenRows} hidden rows)${naivePictureWords(r.naivePicture)}`
          : `NVCV exported ${r.format}: ${r.planes.map((p) => `${p.nvcvPointer} / ${p.rowStride} B`).join(', ')} = FFmpeg's data / linesize; cleanup ran`;
      ev.push(`| ${r.file} | ${r.frame} | ${r.snippet} | ${what} |`);
    }
    ev.push('');
  }
}
