// Builds the copy-as-code harnesses the GPU tier runs: for each fixture NVDEC decoded in the newest recorded GPU run
// (docs/gpu-runs/*/reports.json), the C and C++ snippets generated from its report, each compiled here into the
// harness (the GPU machine has no compiler or headers), and the CV-CUDA Python snippet with its facts; and the
// corrected snippets of a frame the decoder's witness flags (manifest.flagged, test/gpu/copy-code-flagged.test.mjs).
// Usage: node scripts/gpu/copy-code-bundle.mjs OUT_DIR NVCV_LIBRARY
import fs from 'node:fs';
import path from 'node:path';

import { buildHarness, loadGenerator } from '../../test/native/copy-code/build.mjs';

const [out, nvcv] = process.argv.slice(2);
if (!out || !nvcv) throw new Error('usage: copy-code-bundle.mjs OUT_DIR NVCV_LIBRARY');
const runs = path.join('docs', 'gpu-runs');
// The newest run by its recorded date (folder names sort by commit, not by time).
const dated = fs
  .readdirSync(runs)
  .filter((d) => fs.existsSync(path.join(runs, d, 'reports.json')))
  .map((d) => ({ d, date: JSON.parse(fs.readFileSync(path.join(runs, d, 'reports.json'), 'utf8')).date ?? '' }))
  .sort((a, b) => String(a.date).localeCompare(String(b.date)));
const newest = dated.at(-1)?.d;
if (newest === undefined) throw new Error('no recorded GPU run with reports.json');
const recorded = JSON.parse(fs.readFileSync(path.join(runs, newest, 'reports.json'), 'utf8'));
const generator = await loadGenerator();
const manifest = { run: newest, fixtures: [] };
for (const { file, reports } of recorded.fixtures) {
  const report = reports[0];
  // Only NVDEC frames: the harness decodes with NVDEC there, and a software-decoded file would not open that way.
  if (report?.decodePath !== 'nvdec') continue;
  const { snippets, facts } = generator.copyCode(report);
  const dir = path.join(out, file);
  const entry = { file, frameIndex: report.frameIndex, report, facts, binaries: {} };
  for (const ecosystem of ['c', 'cpp']) {
    const code = snippets.find((s) => s.ecosystem === ecosystem)?.code;
    if (!code) throw new Error(`${file}: no ${ecosystem} code`);
    entry.binaries[ecosystem] = path.relative(out, buildHarness(dir, code, ecosystem, nvcv));
  }
  const python = snippets.find((s) => s.ecosystem === 'python')?.code;
  if (python) {
    fs.writeFileSync(path.join(dir, 'snippet.py'), python);
    fs.writeFileSync(path.join(dir, 'facts.json'), JSON.stringify(facts));
    entry.python = path.join(file, 'snippet.py');
    // The Python snippet runs in the process that decoded the frame: python3 loads this library and is called back.
    entry.library = path.relative(out, buildHarness(dir, snippets.find((s) => s.ecosystem === 'c').code, 'c', nvcv, { library: true }));
    entry.factsFile = path.join(file, 'facts.json');
    const torch = snippets.find((s) => s.ecosystem === 'torch')?.code;
    if (torch) {
      fs.writeFileSync(path.join(dir, 'snippet-torch.py'), torch);
      entry.torch = path.join(file, 'snippet-torch.py');
    }
  }
  manifest.fixtures.push(entry);
}
// A frame the decoder's witness flags: frame 0 of vp9-odd-641x361.webm as FFmpeg 5.1 hands it out (NVDEC's surface,
// FFmpeg's chroma pointer a row before the plane), from the recorded measurements (test/support/flagged-reports.ts).
// Its corrected C and C++ snippets, the C one also as the library the Python and PyTorch snippets run beside.
{
  const { createJiti } = await import('jiti');
  const { vp9OddFlaggedFrame, FLAGGED_FILE } = await createJiti(import.meta.url).import(
    path.resolve('test', 'support', 'flagged-reports.ts'),
  );
  const report = vp9OddFlaggedFrame('mapped-surface');
  const { snippets, facts } = generator.copyCode(report);
  const code = (ecosystem) => {
    const snippet = snippets.find((s) => s.ecosystem === ecosystem);
    if (!snippet?.code) throw new Error(`${FLAGGED_FILE}: no corrected ${ecosystem} code`);
    return snippet.code;
  };
  const dir = path.join(out, 'flagged', FLAGGED_FILE);
  const entry = { file: FLAGGED_FILE, frameIndex: report.frameIndex, report, facts, binaries: {} };
  for (const ecosystem of ['c', 'cpp']) {
    entry.binaries[ecosystem] = path.relative(out, buildHarness(dir, code(ecosystem), ecosystem, nvcv));
  }
  entry.library = path.relative(out, buildHarness(dir, code('c'), 'c', nvcv, { library: true }));
  for (const [ecosystem, name] of [
    ['python', 'snippet.py'],
    ['torch', 'snippet-torch.py'],
  ]) {
    fs.writeFileSync(path.join(dir, name), code(ecosystem));
    entry[ecosystem] = path.relative(out, path.join(dir, name));
  }
  manifest.flagged = entry;
}
fs.writeFileSync(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 1));
console.log(`copy-code harnesses for ${manifest.fixtures.length} fixtures of ${newest}, and the flagged ${manifest.flagged.file}`);
