#!/usr/bin/env node
// The command line: plain Node ESM over the built code in out/ (npm run build makes it).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const built = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'out', 'cli');
const entry = path.join(built, 'zerocopy-inspector.js');
if (!existsSync(entry)) {
  process.stderr.write(`zerocopy-inspector: ${entry} is missing; run npm run build first.\n`);
  process.exit(3);
}
// scan decodes several files at once, each call of the addon on a thread of libuv's pool: the pool (4 threads unless
// told) is sized before its first use, for the most decoders scan takes, the most decoder A/Bs its pool runs beside
// them (--compare-jobs), and the file reads, so that no A/B holds a thread a decoder waits for.
if (process.argv[2] === 'scan' && process.env.UV_THREADPOOL_SIZE === undefined) process.env.UV_THREADPOOL_SIZE = '68';
// Before the command's modules load: start the CUDA context if the command will decode on the GPU. At the end, such
// a command leaves its session to the process's end, which follows at once.
const lifecycle = await import(pathToFileURL(path.join(built, 'gpu-lifecycle.js')).href);
// A reader that goes away (`… | head`) ends the command quietly, exit 0, instead of with the write's EPIPE.
lifecycle.endQuietlyWhenReaderGoes();
lifecycle.warmEarly(process.argv.slice(2));
const { main } = await import(pathToFileURL(entry).href);
const sessionEndsWithProcess = lifecycle.endsAtOnce();
lifecycle.endProcess(await main(process.argv.slice(2), undefined, { sessionEndsWithProcess }));
