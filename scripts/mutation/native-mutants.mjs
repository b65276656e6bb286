// Scripted mutations of the native core, one at a time: each plants a fault the verdicts must not survive (the
// pointer copied from FFmpeg's, the proof's write skipped, a plane offset shifted, the comparison never counting, the
// decoder's witness blind to a shift, the pool's record answering any pointer, a cause named for part of a difference,
// either layer of the NAL-unit cap gone), rebuilds the addon, runs the native tests that guard it, and expects them to
// fail. The source is restored and the
// addon rebuilt afterwards, whatever happens. Prints one line a mutant and a closing "N passed, N failed" line
// (a mutant killed passes); exits 1 when one survives. Usage: node scripts/mutation/native-mutants.mjs [ID...]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Each mutant: the file, the exact text it replaces (found once), its replacement, and the tests that guard it. */
export const MUTANTS = [
  {
    id: 'pointer-copied-from-ffmpeg',
    what: "the report takes FFmpeg's pointer and pitch as NVCV's, with match = true",
    file: 'native/src/core/nvcv/wrap.cc',
    find: `    pe.nvcvPointer = static_cast<int64_t>(reinterpret_cast<uintptr_t>(p.basePtr));
    pe.nvcvRowStride = p.rowStride;
    // Pointer identity alone: the row stride is a fact of its own (nvcvRowStride beside pitch), judged apart.
    pe.match = reinterpret_cast<uintptr_t>(p.basePtr) == pe.ffmpegPointer;`,
    replace: `    pe.nvcvPointer = static_cast<int64_t>(pe.ffmpegPointer);
    pe.nvcvRowStride = pe.pitch;
    pe.match = true;`,
    tests: ['test/native/planted-wrap.test.mjs'],
  },
  {
    id: 'proof-write-skipped',
    what: 'the aliasing proof never writes its canary (host memory; the device kernel is the GPU tier’s)',
    file: 'native/src/core/evidence/evidence.cc',
    find: `  for (int i = 0; i < 8; ++i)
    vw[i] = canary[i];`,
    replace: `  for (int i = 0; i < 8; ++i)
    (void)canary[i];`,
    tests: ['test/native/planted-wrap.test.mjs', 'test/native/frame-report.test.mjs'],
  },
  {
    id: 'proof-bounds-unchecked',
    what: "the aliasing proof writes wherever NVCV's address points, inside the plane's memory or not",
    file: 'native/src/core/evidence/evidence.cc',
    find: `  if (index >= e.planes.size()) return false;
  const PlaneEvidence &pe = e.planes[index];`,
    replace: `  if (index < e.planes.size() || address != 0) return true;
  const PlaneEvidence &pe = e.planes[index];`,
    tests: ['test/native/planted-wrap.test.mjs'],
  },
  {
    id: 'plane-offset-shifted',
    what: "FFmpeg's plane pointers are reported one row further than FFmpeg holds them",
    file: 'native/src/core/evidence/evidence.cc',
    find: '    p.ffmpegPointer = m.address;',
    replace: '    p.ffmpegPointer = m.address + static_cast<uint64_t>(m.pitch);',
    tests: ['test/native/frame-report.test.mjs', 'test/native/memory-read.test.mjs'],
  },
  {
    id: 'compare-never-counts',
    what: 'the decoder comparison never counts a differing sample',
    file: 'native/src/core/compare/compare_planes.cc',
    find: '      st.differing++;',
    replace: '      (void)0;',
    tests: ['test/native/decoder-compare.test.mjs'],
  },
  {
    id: 'witness-verdict-forced',
    what: 'the decoder\'s witness calls every plane "decoder-plane", wherever FFmpeg\'s pointer is in the surface',
    file: 'native/src/core/decode/decoder_surface.cc',
    find: '      p.verdict = *p.deltaBytes != 0 ? "shifted" : (copy ? "ffmpeg-copy" : "decoder-plane");',
    replace: '      p.verdict = copy ? "ffmpeg-copy" : "decoder-plane";',
    tests: ['test/native/core-tests.test.mjs'],
  },
  {
    id: 'pool-matches-any-pointer',
    what: "the pool library's record answers any pointer with its newest mapping",
    file: 'native/src/nvdec_pool/mappings.cc',
    find: '            n, [devPtr](uint64_t ptr) { return ptr == devPtr; }, out))',
    replace: '            n, [](uint64_t) { return true; }, out))',
    tests: ['test/native/core-tests.test.mjs'],
  },
  {
    id: 'chroma-row-not-even',
    what: "the witness puts 4:2:0 chroma at the target height's row, not rounded up to even (one row off at odd heights)",
    file: 'native/src/core/decode/decoder_surface.cc',
    find: '  const uint64_t chromaRow = m->targetHeight + (m->targetHeight & 1u);',
    replace: '  const uint64_t chromaRow = m->targetHeight;',
    tests: ['test/native/core-tests.test.mjs'],
  },
  {
    id: 'cause-with-plane-unexplained',
    what: 'the decoder A/B names a cause while another differing plane is unexplained',
    file: 'native/src/core/compare/compare_explain.cc',
    find: '    if (hit.empty()) return "";',
    replace: '    if (hit.empty()) continue;',
    tests: ['test/native/planted-frame.test.mjs'],
  },
  {
    id: 'nal-prescan-off',
    what: "the NAL-unit prescan before FFmpeg's probe refuses no packet",
    file: 'native/src/core/decode/decoder_prescan.cc',
    find: '      if (nals > kMaxNalUnitsPerPacket) {\n        throw tooManyNalUnits(path_, packet->pos);',
    replace: '      if (nals > kMaxNalUnitsPerPacket && false) {\n        throw tooManyNalUnits(path_, packet->pos);',
    tests: ['test/native/nal-cap.test.mjs'],
  },
  {
    id: 'nal-per-packet-off',
    what: "the NAL-unit count of each packet the session reads refuses no packet (the prescan's window only)",
    file: 'native/src/core/decode/decoder_index.cc',
    find: '  if (nals > kMaxNalUnitsPerPacket) {\n    const int64_t pos = packet_->pos;',
    replace: '  if (nals > kMaxNalUnitsPerPacket && false) {\n    const int64_t pos = packet_->pos;',
    tests: ['test/native/nal-cap.test.mjs'],
  },
];

/** Runs a command in the repository; its exit status and combined output. */
function run(command, args) {
  const r = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status ?? 1, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

const build = () => run('npx', ['cmake-js', 'compile', '-d', 'native']);

/** The names of the failing tests in node:test's spec output. */
const failing = (output) =>
  [...output.matchAll(/^\s*✖ (.+?) \(\d/gm)].map((m) => m[1]).filter((name, i, all) => all.indexOf(name) === i);

const only = process.argv.slice(2);
const chosen = MUTANTS.filter((m) => only.length === 0 || only.includes(m.id));
let killed = 0;
let survived = 0;
const originals = new Map();
try {
  for (const mutant of chosen) {
    const file = path.join(root, mutant.file);
    const source = originals.get(file) ?? fs.readFileSync(file, 'utf8');
    originals.set(file, source);
    const at = source.indexOf(mutant.find);
    if (at < 0 || source.indexOf(mutant.find, at + 1) >= 0)
      throw new Error(`${mutant.id}: the text to mutate is not found exactly once in ${mutant.file}`);
    fs.writeFileSync(file, source.replace(mutant.find, mutant.replace));
    try {
      const built = build();
      if (built.status !== 0) throw new Error(`${mutant.id}: the mutant does not build:\n${built.output}`);
      const tested = run(process.execPath, ['--expose-gc', '--test', '--test-reporter=spec', ...mutant.tests]);
      if (tested.status !== 0) {
        killed += 1;
        const names = failing(tested.output);
        console.log(`killed    ${mutant.id}: ${mutant.what}; failing: ${names.slice(0, 4).join(' | ')}`);
      } else {
        survived += 1;
        console.log(`SURVIVED  ${mutant.id}: ${mutant.what}; ${mutant.tests.join(', ')} all passed`);
      }
    } finally {
      fs.writeFileSync(file, source);
    }
  }
} finally {
  for (const [file, source] of originals) fs.writeFileSync(file, source);
  const rebuilt = build();
  if (rebuilt.status !== 0) {
    console.error(`the original addon did not rebuild:\n${rebuilt.output}`);
    process.exitCode = 1;
  }
}
console.log(`mutants: ${killed} passed, ${survived} failed`);
if (survived > 0) process.exitCode = 1;
