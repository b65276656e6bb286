// Builds the copy-as-code harness for one generated snippet: the snippet's NVCV include becomes the project's
// declarations (nvcv-c-api.h), and the harness links the real libnvcv_types and FFmpeg. Used by the native test here
// and by the GPU bundle, which builds its binaries on this machine.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..', '..');

/** The copy-as-code generator (wording/copy-code), loaded from its TypeScript source. */
export async function loadGenerator() {
  const { createJiti } = await import('jiti');
  const jiti = createJiti(import.meta.url);
  return jiti.import(path.join(root, 'wording', 'copy-code', 'index.ts'));
}

/** FFmpeg's compiler and linker flags from pkg-config. */
function ffmpegFlags() {
  const flags = execFileSync('pkg-config', ['--cflags', '--libs', 'libavformat', 'libavcodec', 'libavutil'], {
    encoding: 'utf8',
  });
  return flags.split(/\s+/).filter(Boolean);
}

/**
 * Writes `snippet` (C or C++ from the generator) beside the harness in `dir` and compiles it, linked against
 * the NVCV library at `nvcvPath`; returns the binary's path. With `library`, the harness is a shared library whose
 * zci_harness() a Python process calls (harness.cc).
 */
export function buildHarness(dir, snippet, ecosystem, nvcvPath, { library = false } = {}) {
  fs.mkdirSync(dir, { recursive: true });
  if (!snippet.includes('#include <nvcv/Image.h>')) throw new Error('the snippet does not include nvcv/Image.h');
  fs.writeFileSync(path.join(dir, 'snippet.h'), snippet.replace('#include <nvcv/Image.h>', '#include "nvcv-c-api.h"'));
  const binary = path.join(dir, library ? `libharness-${ecosystem}.so` : `harness-${ecosystem}`);
  // The NVCV library has a versioned, hashed file name: link it by path, find it at run time by its folder.
  const args = [
    '-std=c++17',
    '-O1',
    '-Wall',
    '-Werror',
    '-Wno-unused-function', // a host frame's snippet also carries its upload function, which needs a GPU
    `-I${dir}`,
    `-I${here}`,
    ...(ecosystem === 'cpp' ? ['-DZCI_SNIPPET_CPP'] : []),
    ...(library ? ['-DZCI_HARNESS_LIBRARY', '-shared', '-fPIC', '-fvisibility=hidden'] : []),
    path.join(here, 'harness.cc'),
    '-o',
    binary,
    nvcvPath,
    `-Wl,-rpath,${path.dirname(nvcvPath)}`,
    ...ffmpegFlags(),
  ];
  execFileSync('g++', args, { stdio: ['ignore', 'inherit', 'inherit'] });
  return binary;
}

/** Runs a harness on frame `index` of `file`; its JSON line, parsed. */
export function runHarness(binary, file, index, mode, command) {
  const out = execFileSync(binary, [file, String(index), mode, ...(command ? [command] : [])], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}
