#!/usr/bin/env node
// @ts-check
// Turns one GPU run's raw output (run.log, tests.tap, reports.json, bench.jsonl, scan/) into docs/gpu-evidence.md and
// docs/benchmarks.md. A section whose files the run lacks comes from the recorded run that has them and recorded
// last, named as such (evidence/run.mjs newestHolding). Every number in those documents comes from these files; nothing is typed in by hand. Each part
// of the documents is a module of evidence/, its prose a Markdown template of evidence/templates/ (template.mjs);
// this file reads the run, runs them in order and writes the result.
// Usage: node scripts/gpu/write-evidence.mjs RUN_DIR [--check]   (--check: fail if the docs differ)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeEvidenceHead } from './evidence/evidence-head.mjs';
import { writeFrameEvidence } from './evidence/evidence-frames.mjs';
import { writePictureEvidence } from './evidence/evidence-pictures.mjs';
import { writeDecodeBenchmarks } from './evidence/bench-decode.mjs';
import { writeOpenBenchmarks } from './evidence/bench-opens.mjs';
import { writeSteadyBenchmarks } from './evidence/bench-steady.mjs';
import { writeRecorderBenchmarks } from './evidence/bench-recorder.mjs';
import { writeScanBenchmarks } from './evidence/bench-scan.mjs';
import { writeFloorBenchmarks } from './evidence/bench-floor.mjs';
import { writeRayBenchmarks } from './evidence/bench-ray.mjs';
import { writeDecoderEvidence } from './evidence/evidence-decoders.mjs';
import { writeFfmpegSeriesEvidence } from './evidence/evidence-ffmpeg-series.mjs';
import { writeScanEvidence } from './evidence/evidence-scan.mjs';
import { writeRecordEvidence } from './evidence/evidence-records.mjs';
import { writeRecorderEvidence } from './evidence/evidence-recorder.mjs';
import { writeSurfaceExhaustionEvidence } from './evidence/evidence-surface-exhaustion.mjs';
import { writeMemoryEvidence } from './evidence/evidence-memory.mjs';
import { loadRun } from './evidence/run.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const [runDir, flag] = process.argv.slice(2);
if (!runDir) {
  console.error('usage: write-evidence.mjs RUN_DIR [--check]');
  process.exit(2);
}
const run = loadRun(root, runDir, flag);
const { rel } = run;
/** @type {string[]} */
const ev = [];
/** @type {string[]} */
const bm = [];
writeEvidenceHead(run, ev);
writeFrameEvidence(run, ev);
writePictureEvidence(run, ev);
writeDecodeBenchmarks(run, bm);
writeOpenBenchmarks(run, bm);
writeSteadyBenchmarks(run, bm);
writeRecorderBenchmarks(run, bm);
writeScanBenchmarks(run, bm);
writeFloorBenchmarks(run, bm);
writeRayBenchmarks(run, bm);
writeDecoderEvidence(run, ev);
writeFfmpegSeriesEvidence(run, ev);
writeScanEvidence(run, ev);
writeSurfaceExhaustionEvidence(run, ev);
writeMemoryEvidence(run, ev);
writeRecordEvidence(run, ev);
writeRecorderEvidence(run, ev);

const outputs = { 'docs/gpu-evidence.md': ev.join('\n'), 'docs/benchmarks.md': bm.join('\n') };
let differs = false;
for (const [file, text] of Object.entries(outputs)) {
  const target = path.join(root, file);
  if (flag === '--check') {
    if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== text) {
      console.error(`${file} is not what ${rel} produces`);
      differs = true;
    }
  } else {
    fs.writeFileSync(target, text);
    console.log(`wrote ${file}`);
  }
}
process.exit(differs ? 1 : 0);
