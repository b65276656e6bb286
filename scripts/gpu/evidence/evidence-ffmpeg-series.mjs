// @ts-check
// FFmpeg 5.1 against 7.1 on NVDEC: the capability table the driver answered, every fixture through the decoder's
// witness with the decoder A/B (witness-ffmpegNN.json), where each FFmpeg puts each plane against where NVDEC wrote
// it (surface-layout*.json), FFmpeg's copies in CUPTI's ledger (ffmpeg-copy-ffmpegNN.json), the cuvid decoders against
// the hwaccel and software decoding (cuvid-ffmpegNN.json), and the test passes against the other FFmpeg variants
// (tests-ffmpegV.tap). A patched variant's files lie in a folder of their own (ffmpeg-V-patched/), since a patched
// FFmpeg has its series' libavcodec major. Each part is written only where its file is in the run.
import fs from 'node:fs';
import path from 'node:path';
import { fmt, median, table } from './stats.mjs';
import { followUps } from './run.mjs';
import { templates } from './template.mjs';

const t = templates('evidence-ffmpeg-series');

/** The run's folder and its patched variants' folders (ffmpeg-V-patched/). @param {string} runDir */
function evidenceDirs(runDir) {
  const patched = fs
    .readdirSync(runDir)
    .filter((f) => /^ffmpeg-[\d.]+-patched$/.test(f) && fs.statSync(path.join(runDir, f)).isDirectory())
    .sort();
  return [runDir, ...patched.map((f) => path.join(runDir, f))];
}

/** The JSON files of the run whose names match re, by the FFmpeg major in their name, a variant's after its series'. @param {string} runDir @param {RegExp} re */
function byMajor(runDir, re) {
  return evidenceDirs(runDir).flatMap((dir, order) =>
    fs
      .readdirSync(dir)
      .map((f) => [f, re.exec(f)])
      .filter(([, m]) => m !== null)
      .map(([f, m]) => ({
        major: Number(/** @type {RegExpExecArray} */ (m)[1]),
        label: order === 0 ? '' : ` (${path.basename(dir).replace(/^ffmpeg-/, '')})`,
        order,
        data: JSON.parse(fs.readFileSync(path.join(dir, /** @type {string} */ (f)), 'utf8')),
      }))
      .sort((a, b) => a.major - b.major),
  ).sort((a, b) => a.major - b.major || a.order - b.order);
}

/** A variant's name from its TAP file's name (tests-ffmpeg9.0-patched.tap: 9.0-patched). @param {string} file */
const tapVariant = (file) => file.replace(/^tests-ffmpeg/, '').replace(/\.tap$/, '');

/**
 * The witness's verdicts over a cuvid fixture's frames, and where cuvid's copy read the chroma against where NVDEC
 * wrote it (rows of the surface's pitch); – for a run from before the witness read cuvid's frames.
 * @param {any} w the fixture's witness entry
 */
function witnessWords(w) {
  if (!w) return '–';
  const chroma = w.planes?.[1];
  const rows = (/** @type {number | null | undefined} */ bytes) =>
    bytes === null || bytes === undefined || !w.pitch ? '?' : String(bytes / w.pitch);
  const where = chroma ? `; ${rows(chroma.copiedFromOffset)}, ${rows(chroma.decoderOffset)}` : '';
  return `${w.verdicts.join(', ')}${where}`;
}

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} ev */
export function writeFfmpegSeriesEvidence(run, ev) {
  const { runDir } = run;
  const witness = byMajor(runDir, /^witness-ffmpeg(\d+)\.json$/);
  if (witness.length > 0) {
    // The capability table, as the first pass's driver answered it (the same GPU and driver for every pass).
    const caps = witness[0].data.nvdecCaps;
    ev.push(...t.lines('caps-heading'), '');
    if (caps?.error) ev.push(...t.lines('caps-not-asked', { error: caps.error }), '');
    else {
      const rows = [];
      for (const codec of [...new Set(caps.rows.map((/** @type {any} */ r) => r.codec))]) {
        const ok = caps.rows.filter((/** @type {any} */ r) => r.codec === codec && r.supported);
        const chromas = [...new Set(ok.map((/** @type {any} */ r) => r.chroma))];
        const words = chromas.map((c) => `${c} ${ok.filter((/** @type {any} */ r) => r.chroma === c).map((/** @type {any} */ r) => r.bitDepth).join('/')}-bit`);
        const largest = ok.reduce((/** @type {any} */ a, /** @type {any} */ r) => (a === null || r.maxWidth * r.maxHeight > a.maxWidth * a.maxHeight ? r : a), null);
        rows.push(`| ${codec} | ${ok.length ? words.join(', ') : '**none**'} | ${largest ? `${largest.maxWidth}x${largest.maxHeight}` : '–'} | ${largest ? largest.nvdecs : '–'} |`);
      }
      ev.push(...t.lines('caps', { table: table('| codec | supported (chroma, bit depths) | largest | NVDEC engines |', rows) }), '');
    }
    const fixtures = [];
    for (const { data } of witness) {
      for (const f of data.fixtures) {
        const ab = f.ab ? `${f.ab.identical} of ${f.ab.frames}` : '–';
        // A codec that is not bit-exact whose unexplained differences all lie within its tolerance needs no cause.
        const withinTolerance = f.ab && !f.ab.bitExactCodec && (f.ab.spread ?? []).every((/** @type {number} */ d) => d <= f.ab.tolerance);
        const causes = f.ab?.causes?.length
          ? f.ab.causes.join('; ')
          : f.ab?.unexplained?.length
            ? withinTolerance
              ? `none needed: every plane within ${f.ab.tolerance}`
              : `**none for frames ${f.ab.unexplained.join(', ')}**`
            : '–';
        const spread = f.ab?.spread && !f.ab.bitExactCodec ? `${f.ab.spread.join('/')} (within ${f.ab.tolerance})` : '–';
        fixtures.push(`| ${data.ffmpeg.version ?? data.ffmpeg.libavcodec} | ${f.file} | ${f.codec} | ${f.width}x${f.height} | ${f.path} | ${f.nvdecOutput ?? '–'} | ${(f.verdicts ?? []).join(', ') || '–'} | ${ab} | ${causes} | ${spread} |`);
      }
    }
    const head = '| FFmpeg | fixture | codec | size | path | NVDEC output | verdicts | A/B identical frames | cause named | spread Y/U/V, not bit-exact |';
    ev.push(...t.lines('witness', { table: table(head, fixtures) }));
    const refused = witness[0].data.fixtures.filter((/** @type {{ path: import('./vocabulary.mjs').DecodePath }} */ f) => f.path !== 'nvdec');
    for (const f of refused) ev.push('', `- ${f.file}: ${f.reason}`);
    ev.push('');
  }

  const layouts = byMajor(runDir, /^surface-layout-ffmpeg(\d+)\.json$/);
  for (const { major, label, data } of layouts) {
    const head = "| clip | size | pitch | decoder's chroma row | FFmpeg's chroma row | copy's chroma rows late | the copy's witness |";
    const rows = data.map(
      (/** @type {any} */ r) => `| ${r.file} | ${r.width}x${r.height} | ${r.pitch} | ${r.decoderChromaRow} | ${r.ffmpegChromaRow} | ${r.copy ? r.copy.chromaRowsLate : '–'} | ${r.copy ? `${r.copy.witness.verdict}, ${r.copy.witness.deltaRows} row(s)` : '–'} |`,
    );
    ev.push(...t.lines('layout', { major: `${major}${label}`, table: table(head, rows) }), '');
  }

  const copies = byMajor(runDir, /^ffmpeg-copy-ffmpeg(\d+)\.json$/);
  if (copies.length > 0) {
    const rows = [];
    for (const { major, label, data } of copies) {
      for (const key of [...new Set(data.map((/** @type {any} */ s) => `${s.file}|${s.unsafeOutput}`))]) {
        const steps = data.filter((/** @type {any} */ s) => `${s.file}|${s.unsafeOutput}` === key);
        const counts = [...new Set(steps.map((/** @type {any} */ s) => s.decodeCopies.length))];
        const bytes = [...new Set(steps.map((/** @type {any} */ s) => s.decodeCopies.reduce((a, /** @type {any} */ c) => a + c.bytes, 0)))];
        const ns = steps.flatMap((/** @type {any} */ s) => s.decodeCopies.map((/** @type {any} */ c) => c.gpuNs));
        rows.push(`| ${major}${label} | ${steps[0].file} | ${steps[0].unsafeOutput ? 'yes' : 'no'} | ${steps.length} | ${counts.join(', ')} | ${bytes.join(', ')} | ${ns.length ? fmt(median(ns) / 1000, 1) : '–'} |`);
      }
    }
    const head = '| libavcodec | file | unsafe output | steps | copies a step | bytes a step | GPU time a copy (median, µs) |';
    ev.push(...t.lines('copies', { table: table(head, rows) }), '');
  }

  // The run's own, then each follow-up's (a later build of the same FFmpeg, named by its folder).
  const cuvidName = /^cuvid-ffmpeg(\d+)\.json$/;
  const cuvid = [
    ...byMajor(runDir, cuvidName).map((c) => ({ ...c, label: '' })),
    ...followUps(runDir).flatMap((f) =>
      fs
        .readdirSync(f.dir)
        .filter((name) => cuvidName.test(name))
        .sort()
        .map((name) => ({
          label: ` (follow-up ${f.name})`,
          data: JSON.parse(fs.readFileSync(path.join(f.dir, name), 'utf8')),
        })),
    ),
  ];
  if (cuvid.length > 0) {
    const rows = [];
    for (const { data, label } of cuvid) {
      for (const f of data.fixtures) {
        const version = `${data.ffmpeg.version ?? data.ffmpeg.libavcodec}${label}`;
        if (f.refused) {
          rows.push(`| ${version} | ${f.name} | refused: ${f.refused.code} | – | – | – | – | – |`);
          continue;
        }
        if (!f.cuvid) continue;
        const size = (/** @type {any} */ g) => `${g.width}x${g.height}`;
        const ab = f.ab ? `${f.ab.identical} of ${f.ab.frames}${f.ab.causes.length ? `; ${f.ab.causes.join('; ')}` : ''}` : '–';
        rows.push(
          `| ${version} | ${f.name} | cuvid | ${size(f.cuvid)} | ${f.hwaccel.path} ${size(f.hwaccel)} | ${witnessWords(f.witness)} | ${ab} | ${f.ab ? f.ab.spread.join('/') : '–'} |`,
        );
      }
    }
    const head =
      "| FFmpeg | fixture | opened as | cuvid frame | hwaccel frame | the witness, every frame (chroma copied from row, NVDEC's row) | A/B identical frames (cuvid against software) | largest difference Y/U/V |";
    ev.push(...t.lines('cuvid', { table: table(head, rows) }), '');
  }

  const taps = fs
    .readdirSync(runDir)
    .filter((f) => /^tests-ffmpeg[\w.-]+\.tap$/.test(f))
    .sort((a, b) => tapVariant(a).localeCompare(tapVariant(b), 'en', { numeric: true }));
  for (const name of taps) {
    const text = fs.readFileSync(path.join(runDir, name), 'utf8');
    const count = (/** @type {string} */ key) => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    const failed = [...text.matchAll(/^not ok \d+ - (.+)$/gm)].map((m) => m[1]);
    // What the pass ran, as run.sh logged it (a pass of the GPU files alone says test/gpu).
    const variant = tapVariant(name);
    const logged = new RegExp(`^# tests against FFmpeg ${variant.replace(/\./g, '\\.')}: .* node --test (.+)$`, 'm').exec(run.runLog)?.[1];
    const what = logged === 'test/gpu' ? 'the GPU tests (test/gpu)' : 'the native and GPU tests';
    ev.push(...t.lines('tests', { variant, what, passed: count('pass'), failed: count('fail'), skipped: count('skipped') }));
    for (const f of failed) ev.push(t.text('tests-failed', { test: f }));
    ev.push('');
  }
}
