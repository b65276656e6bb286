// Copy-as-code must stay data-safe whatever a report (a shared capture) holds: arbitrary strings, every control
// character, a comment's end, CR, LF, U+2028/2029, quotes and backslashes, go into every free field a generator
// reads. The C and C++ snippets must still compile, the Python ones parse (ast.parse), and the string must never
// appear outside a string literal: in code or in a comment, it could run when pasted.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

import { loadGenerator } from './copy-code/build.mjs';
import { recordedReports } from './copy-code/recorded.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');

/** Builds a generator input around `text`; the marker inside lets a check find the string after escaping. */
const MARKER = 'Zq~Injected~Xj';

function tools() {
  try {
    execFileSync('pkg-config', ['--exists', 'libavutil']);
    execFileSync('g++', ['--version'], { stdio: 'ignore' });
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return ['jiti', 'fast-check'].every((m) => fs.existsSync(path.join(root, 'node_modules', m)));
  } catch {
    return false;
  }
}
const skip = tools() ? false : 'no compiler, FFmpeg headers, python3, jiti or fast-check here';
// Loaded only where the tier runs: the GPU bundle carries neither fast-check nor a compiler.
const fc = skip ? null : (await import('fast-check')).default;

/** Each free field a generator reads, as a function putting `text` into a copy of the report. */
const FIELDS = {
  'format.swFormat': (r, t) => (r.format.swFormat = t),
  'format.hwFormat': (r, t) => (r.format.hwFormat = t),
  'planes[0].name': (r, t) => (r.planes[0].name = t),
  'planes[1].name': (r, t) => (r.planes[1].name = t),
  'planes[1].ffmpegPointer': (r, t) => (r.planes[1].ffmpegPointer = t),
  'wrap.formatName': (r, t) => (r.wrap.formatName = t),
  'wrap.formatCode': (r, t) => (r.wrap.formatCode = t),
  'wrap.reason (no NVCV format)': (r, t) => {
    r.wrap.formatCode = null;
    r.wrap.reason = t;
  },
  'wrap.tensor.reason': (r, t) => {
    r.wrap.tensor = { ...r.wrap.tensor, valid: false, reason: t };
  },
  decodePath: (r, t) => (r.decodePath = t),
};

/** Strings that break out of a comment or a literal, then arbitrary Unicode with every control character. */
const HOSTILE = [
  '*/ system("id"); /*',
  '\rimport os; os.system("id")',
  '\nimport os\n',
  '\u2028import os\u2029',
  '"; system("id"); "',
  "'\\",
  '??/\nsystem("id");',
  '\\\n#include </etc/passwd>',
  '\x00\x1b[2J\x7f',
];
const hostileText = () =>
  fc
  .oneof(
    fc.constantFrom(...HOSTILE),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: fc.integer({ min: 0, max: 0x3f }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
  )
  .chain((a) => fc.string({ unit: 'binary', maxLength: 10 }).map((b) => `${a}${MARKER}${b}`));

/** C or C++ source with its string and character literals removed (comments and code kept). */
function cWithoutLiterals(source) {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      const end = source.slice(i).search(/[\r\n]/);
      const stop = end < 0 ? source.length : i + end;
      out += source.slice(i, stop);
      i = stop - 1;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end + 2;
      out += source.slice(i, stop);
      i = stop - 1;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== '\n' && source[j] !== '\r') {
        j += source[j] === '\\' ? 2 : 1;
      }
      out += ' ';
      i = j;
    } else out += c;
  }
  return out;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zci-snippet-injection-'));
const generator = skip ? null : await loadGenerator();
const codeOutput = skip
  ? null
  : await (async () => {
      const { createJiti } = await import('jiti');
      return createJiti(import.meta.url).import(path.join(root, 'electron', 'cli', 'code-output.ts'));
    })();

/** Every snippet of a report as [label, language, code], and the command line's --code output of each language. */
function outputsOf(report, filePath) {
  const out = [];
  for (const s of generator.copyCode(report).snippets) {
    if (s.code !== null) out.push([s.ecosystem, s.ecosystem === 'python' || s.ecosystem === 'torch' ? 'py' : 'c', s.code]);
  }
  for (const language of generator.CODE_LANGUAGES) {
    const output = {
      input: { path: filePath },
      frames: [
        { index: 3, report, error: null },
        { index: 4, report: null, error: { message: filePath } },
      ],
    };
    const lang = language === 'python' || language === 'torch' ? 'py' : 'c';
    out.push([`--code ${language}`, lang, codeOutput.codeText(output, language)]);
  }
  return out;
}

/** Python sources, parsed and tokenised in one python3: the ones whose parse fails or whose marker is outside a string. */
function pythonFailures(sources) {
  const input = path.join(dir, 'python.json');
  fs.writeFileSync(input, JSON.stringify(sources));
  const script = `
import ast, io, json, sys, tokenize
out = []
for i, src in enumerate(json.load(open(sys.argv[1]))):
    try:
        ast.parse(src)
        outside = "".join(t.string for t in tokenize.generate_tokens(io.StringIO(src).readline)
                          if t.type != tokenize.STRING)
        if sys.argv[2] in outside:
            out.append([i, "the string appears outside a literal"])
    except Exception as e:
        out.append([i, repr(e)])
print(json.dumps(out))
`;
  return JSON.parse(execFileSync('python3', ['-c', script, input, MARKER], { encoding: 'utf8' }));
}

/**
 * Compiles a C or C++ snippet (syntax and types) against the project's NVCV declarations and FFmpeg's headers. Those
 * declarations are C++, so the C snippet is compiled as C++ too, as the copy-as-code harness builds it.
 */
function compile(code, ecosystem, name) {
  const file = path.join(dir, `${name}.${ecosystem}.cc`);
  const declarations = path.join(here, 'copy-code', 'nvcv-c-api.h');
  fs.writeFileSync(file, code.replace('#include <nvcv/Image.h>', `#include "${declarations}"`));
  const cflags = execFileSync('pkg-config', ['--cflags', 'libavutil'], { encoding: 'utf8' }).split(/\s+/).filter(Boolean);
  execFileSync('g++', ['-std=c++17', '-fsyntax-only', '-Wall', '-Wno-unused-function', '-Wno-unused-variable', ...cflags, file], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

describe('copy-as-code is data-safe against any string a report holds', { skip }, () => {
  // Recorded H200 reports (device memory: every generator prints code): NV12 padded, P010 one tensor, 4:4:4 planes.
  const bases = skip ? [] : recordedReports(['h264-1080p-420.mp4', 'hevc-main10-1280x720.mp4', 'hevc-444-640x360.mp4']);

  test('the hostile strings and arbitrary text stay inside literals in every snippet, in every free field', () => {
    const python = [];
    fc.assert(
      fc.property(fc.constantFrom(...bases), fc.constantFrom(...Object.keys(FIELDS)), hostileText(), hostileText(), (base, field, text, file) => {
        const report = structuredClone(base);
        FIELDS[field](report, text);
        for (const [label, lang, code] of outputsOf(report, file)) {
          if (lang === 'c') {
            assert.ok(!cWithoutLiterals(code).includes(MARKER), `${field} → ${label}: free text outside a literal`);
          } else python.push(code);
        }
      }),
      { numRuns: 300, seed: 20261201 },
    );
    const failures = pythonFailures(python);
    assert.deepEqual(failures.slice(0, 3), [], `${failures.length} of ${python.length} Python outputs`);
  });

  test('C and C++ snippets with every hostile string in each field still compile', () => {
    // One compile a field and ecosystem (each takes a compiler start): all the hostile strings at once, the
    // recorded reports in turn, the command line's --code output with the same string as its file name.
    const text = `${HOSTILE.join('')}${MARKER}`;
    let n = 0;
    Object.values(FIELDS).forEach((put, i) => {
      const report = structuredClone(bases[i % bases.length]);
      put(report, text);
      for (const [label, , code] of outputsOf(report, text)) {
        const ecosystem = label.replace('--code ', '');
        if (ecosystem === 'c' || ecosystem === 'cpp') compile(code, ecosystem, `${label.replace(/\W/g, '')}-${n++}`);
      }
    });
    assert.ok(n >= Object.keys(FIELDS).length * 2, `${n} compiles`);
  });

  test('the checks see an injection: a comment holding the string is caught', () => {
    // The checker's own failing case: free text written into a comment the way the old generators did.
    const bad = `/* frame of ${HOSTILE[0]}${MARKER} */\nint x;\n`;
    assert.ok(cWithoutLiterals(bad).includes(MARKER));
    const badPython = [`# frame of \r${MARKER}\nx = 1\n`, `x = 1  # ${MARKER}\n`];
    assert.equal(pythonFailures(badPython).length, 2);
  });
});
