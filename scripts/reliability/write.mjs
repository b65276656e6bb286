// Writes docs/reliability.md from one run of scripts/reliability/run.sh: every figure is read from the run's raw
// files (TAP, Playwright and Vitest JSON, the leak check's and libFuzzer's logs), none typed in.
// Usage: node scripts/reliability/write.mjs RUN_DIR [MUTANTS_DIR...] [--check]   (--check: fail when the file would
// change). A MUTANTS_DIR holds a later run of scripts/mutation/native-mutants.mjs alone, for faults planted after
// RUN_DIR's run (mutants.log, COMMIT, DATE, COMMAND): its faults are listed apart, under its own commit.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chargeSections } from './write-charge.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const flag = args.includes('--check') ? '--check' : undefined;
const [runArg, ...mutantArgs] = args.filter((a) => a !== '--check');
if (runArg === undefined) {
  process.stderr.write('usage: node scripts/reliability/write.mjs RUN_DIR [MUTANTS_DIR...] [--check]\n');
  process.exit(2);
}
const run = path.resolve(root, runArg);
const runRel = path.relative(root, run);
const read = (name) => fs.readFileSync(path.join(run, name), 'utf8');

/** Tests from node's TAP: name, ok, duration, and the diagnostics printed after each. */
function tapTests(text) {
  const tests = [];
  let current = null;
  for (const line of text.split('\n')) {
    const result = /^(ok|not ok) \d+ - (.*?)(?: # (SKIP|TODO).*)?$/.exec(line);
    if (result) {
      current = { name: result[2], ok: result[1] === 'ok', skipped: result[3] !== undefined, figures: [] };
      tests.push(current);
      continue;
    }
    const duration = /^ {2}duration_ms: ([\d.]+)$/.exec(line);
    if (duration && current) current.ms = Number(duration[1]);
    const note = /^# (?!Subtest:|tests |suites |pass |fail |cancelled |skipped |todo |duration_ms )(.*)$/.exec(line);
    if (note && current) current.figures.push(note[1]);
  }
  return tests;
}

/** Tests from Playwright's JSON report, with their 'figure' annotations. */
function playwrightTests(report) {
  const tests = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const last = t.results.at(-1);
        tests.push({
          name: spec.title,
          ok: last?.status === 'passed',
          skipped: last?.status === 'skipped',
          ms: last?.duration ?? 0,
          figures: (t.annotations ?? []).filter((a) => a.type === 'figure').map((a) => a.description),
          // What the e2e fixture saw after the test: serve still running, a new client's answer, peak memory.
          after: (t.annotations ?? [])
            .filter((a) => a.type === 'after')
            .map((a) => JSON.parse(a.description))
            .at(0),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return tests;
}

/** Tests from Vitest's JSON report; figures are the lines a test logged with a 'figure:' prefix. */
function vitestTests(report) {
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((a) => ({
      name: [...a.ancestorTitles, a.title].join(' › '),
      ok: a.status === 'passed',
      skipped: a.status === 'pending' || a.status === 'skipped',
      ms: a.duration ?? 0,
      figures: (a.meta?.figures ?? []).map(String),
    })),
  );
}

const sources = {
  native: tapTests(read('native.tap')),
  e2e: playwrightTests(JSON.parse(read('e2e.json'))),
  captures: vitestTests(JSON.parse(read('captures.json'))),
  // Runs from before the charge was made have no such report.
  ...(fs.existsSync(path.join(run, 'open-charge.json')) ? { charge: vitestTests(JSON.parse(read('open-charge.json'))) } : {}),
};

/** The tests of one source whose names match; a row whose tests are gone fails the generator. */
function pick(source, pattern) {
  const found = sources[source].filter((t) => pattern.test(t.name));
  if (found.length === 0) throw new Error(`no ${source} test matches ${pattern}`);
  return found;
}

// The reviews' findings, and the tests that now try each one: the first round's, the second's, then the third's.
const ROWS = [
  ['A refused WebSocket upgrade, then a TCP reset, ended the process', [['e2e', /reset before authentication/]]],
  ['Any malformed WebSocket frame ended the process', [['e2e', /a malformed frame/]]],
  ['A client could flood the backend', [['e2e', /floods its queue/]]],
  ['Static files followed links out of the renderer folder', [['e2e', /link planted/]]],
  ['The token redirect could point to another host', [['e2e', /redirect stays/]]],
  ['The RPC reached the whole file system', [['e2e', /reaches only its root/]]],
  ['A capture of a few KB crashed or froze the shared backend', [['captures', /hostile captures|capture worker/]]],
  ['Nested values the schemas accepted crashed the reply path', [['captures', /RPC schemas|bounded JSON/]]],
  ['The capture reader was hand-written and never fuzzed', [['captures', /the capture reader/]]],
  ['A small file claiming a huge picture took gigabytes and many seconds', [['native', /8192x8192|raises the budget|budget counts|maxPixels/]]],
  ['A raw stream with a large hole of zeros grew memory with the hole', [['native', /2 GiB of zeros|packet over the cap|maxPacketBytes/]]],
  ['No open or seek could be cancelled; nothing had a deadline', [['native', /cancel|deadline/i], ['e2e', /cancel stops/]]],
  ['Frames FFmpeg concealed were reported as clean', [['native', /damage|concealed|clean fixture/i], ['e2e', /concealed/]]],
  ['Duplicate timestamps and odd timescales were reported wrongly', [['native', /timestamp|timescale/i]]],
  ['FIFOs and devices were called empty', [['native', /FIFO|device|socket|regular/i]]],
  ['Raw .h264/.hevc files never opened', [['native', /^raw |does not start with an IDR/]]],
  ['A library path loaded whatever file it named', [['native', /others may write/]]],
  ['Second round: a few MB of tiny NAL units took gigabytes and every client with them (not yet refused before the work: the supervisor restarts the backend at its limit)', [['e2e', /tiny NAL units/]]],
  ['Second round: a shared capture could inject code into the snippets we tell people to paste', [['native', /copy-as-code is data-safe/]]],
  ['Second round: signatures could be laundered by a re-save or a deleted entry; inspect exited 0 on tampered', [['captures', /signatures that cannot be laundered|signed captures|exits 1 on a tampered/]]],
  ['Second round: budgets were per file; a client could raise them over the RPC for every later user', [['e2e', /one memory budget|contradict each other/], ['captures', /the backend budgets|MemoryBudget|charges (each|a memory)/]]],
  ['Second round: the backend could grow until the kernel killed a process', [['captures', /memory limit|under its limit|resident memory/]]],
  ['Second round: requests in flight when the backend died were never answered', [['e2e', /held when it died/], ['captures', /requests serve mode holds/]]],
  ['Second round: a client that never reads its socket grew serve mode without bound', [['e2e', /never reads its socket/]]],
  ['Second round: terminal escapes reached the terminal; --token-file followed a link', [['captures', /terminal|token file|link/i]]],
  ['Second round: the RPC had no property test for some methods', [['captures', /every method|RPC properties|rpc properties/i]]],
  ['Third round: a request that reached a backend dead a moment ago ended serve mode (EPIPE on its channel)', [['captures', /died before its exit was seen|every request sent through a restart/]]],
];

/** The after-test probes of some tests, in words, with each target met or NOT met. */
function afterWords(tests) {
  const probes = tests.map((t) => t.after).filter((a) => a !== undefined);
  if (probes.length === 0) return '— (no serve mode of its own)';
  const max = (key) => Math.max(...probes.map((p) => p[key] ?? Number.NaN));
  const alive = probes.every((p) => p.alive);
  const answered = max('answeredMs');
  const backend = max('backendPeakMiB');
  const budget = Math.min(...probes.map((p) => p.budgetMiB ?? Number.NaN));
  const met = (ok) => (ok ? 'met' : 'NOT met');
  return [
    `serve mode ${alive ? 'ran on' : '**exited**'}`,
    `another client answered in ≤ ${answered} ms (within 1 s: ${met(answered <= 1000)})`,
    `peaks: serve ${max('servePeakMiB')} MiB, backend ${backend} MiB of a ${budget} MiB budget (within 10%: ${met(backend <= budget * 1.1)})`,
  ].join('; ');
}

const ms = (x) => (x >= 1000 ? `${(x / 1000).toFixed(1)} s` : `${Math.round(x)} ms`);
const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const out = [];
const commit = read('COMMIT').trim();
out.push('# Reliability', '');
out.push(
  `Generated by \`node scripts/reliability/write.mjs ${[runRel, ...mutantArgs.map((d) => path.relative(root, path.resolve(root, d)))].join(' ')}\` from the raw output of one run of`,
  `\`scripts/reliability/run.sh\` at commit \`${commit}\` (${read('DATE').trim()}), kept in [\`${runRel}/\`](${path.relative('docs', runRel)}/).`,
  'The same tests run in CI on every change (`npm test`); the fuzzing there is 60 s, the run below is longer.',
  '',
);

out.push('## What was tried, and what happens now', '');
out.push(
  'After every end-to-end test the same serve mode is asked by a new client (its first answer timed), and the peak',
  'resident memory of serve mode and of the backend then running is read (VmHWM). Targets: serve mode still runs,',
  "another client answered within 1 s, the backend's peak within its memory budget plus 10%.",
  '',
);
out.push('| finding | tried by | result | figures | after each test |', '| --- | --- | --- | --- | --- |');
for (const [finding, picks] of ROWS) {
  const tests = picks.flatMap(([source, pattern]) => pick(source, pattern));
  const passed = tests.filter((t) => t.ok).length;
  const failed = tests.filter((t) => !t.ok && !t.skipped).length;
  const result = failed > 0 ? `**${failed} failed**, ${passed} passed` : `${passed} passed`;
  const figures = [...new Set(tests.flatMap((t) => t.figures))];
  const names = tests.map((t) => `${t.name} (${ms(t.ms)})`).join('; ');
  out.push(`| ${cell(finding)} | ${cell(names)} | ${result} | ${cell(figures.join('; ') || '—')} | ${cell(afterWords(tests))} |`);
}
out.push('');

// Tests of the run whose behaviour changed after it, so that they were renamed: each with what holds now and the
// test that checks it. The run's names and figures stay as it recorded them; an entry is left out once a run no
// longer has the old test, so a later run drops this section by itself.
const SINCE = [
  [
    'e2e',
    /is closed with 1008 at the buffer cap/,
    'serve mode no longer closes a client that does not read: it holds it to its share of the unread-answer budget, its next requests wait (up to 32) or are answered BUSY, and every one is answered once it reads; its figures above were measured when the client was closed',
    'a client that never reads its socket is held back, not closed: its requests wait or are BUSY, all are answered once it reads, and others are served',
  ],
  [
    'e2e',
    /held to serve mode's unread-answer budget together, each under its own cap/,
    'no client is closed for having the most unread: each is held to its share of the budget',
    "clients that never read are each held to their share of serve mode's unread-answer budget, and none is closed",
  ],
  [
    'captures',
    /default to a quarter of the machine, within 512 MiB and 16 GiB/,
    "the default memory budget is now an eighth of the machine's memory, 512 MiB to 4 GiB; the budgets above (\"of a … MiB budget\") were measured with the old default, a quarter of the machine's memory",
    'the backend budgets › default to a share of the machine within their floor and ceiling, and never to the old quarter',
  ],
  [
    'captures',
    /leave the process room over the budget before the supervisor restarts it/,
    "the supervisor's limit is now the budget plus a quarter of it, where this run's was the budget plus half of it, at least 1 GiB",
    'the backend budgets › leave the process room over the budget, within a quarter of it, before the supervisor restarts it',
  ],
];
const since = SINCE.flatMap(([source, pattern, now, test]) =>
  sources[source].filter((t) => pattern.test(t.name)).map((t) => `- “${t.name}” (${source}): ${now}. Now checked by “${test}”.`),
);
if (since.length > 0) {
  out.push('## Changed since this run', '');
  out.push(
    'These tests of the run were renamed after it, because what they check changed. Their results and figures above are',
    'as the run recorded them; the next run records the new behaviour.',
    '',
    ...since,
    '',
  );
}

// libFuzzer: the last status line and the final stats.
const fuzz = read('fuzz.log');
const stat = (name) => {
  const m = new RegExp(`^stat::${name}:\\s+(\\d+)$`, 'm').exec(fuzz);
  return m === null ? null : Number(m[1]);
};
const done = /^#(\d+)\s+DONE\s+cov: (\d+) ft: (\d+) corp: (\d+)\/(\S+)/m.exec(fuzz);
const seconds = /^Done (\d+) runs in (\d+) second/m.exec(fuzz);
const findings = (fuzz.match(/^==\d+==ERROR|^SUMMARY: /gm) ?? []).length;
out.push('## Fuzzing the native path', '');
out.push(
  'A libFuzzer harness (`native/fuzz/fuzz_session.cc`, clang with AddressSanitizer and UndefinedBehaviorSanitizer)',
  'writes each input to a file and opens it as a user would: probe, index, settle the decode path, decode the first,',
  'middle and last frame, wrap them in NVCV, gather the evidence. Seeds: the first frames of every fixture',
  '(`scripts/fuzz/build.sh`). Coverage counts the inspector\'s own code (FFmpeg is not instrumented).',
  '',
);
out.push('| | |', '| --- | --- |');
out.push('| command | `scripts/fuzz/run.sh SECONDS` (libFuzzer stops after SECONDS) |');
out.push(`| executions | ${stat('number_of_executed_units') ?? done?.[1] ?? '?'} in ${seconds?.[2] ?? '?'} s (${stat('average_exec_per_sec') ?? '?'} per second) |`);
out.push(`| coverage | ${done?.[2] ?? '?'} edges, ${done?.[3] ?? '?'} features |`);
out.push(`| corpus | ${done?.[4] ?? '?'} inputs, ${done?.[5] ?? '?'} |`);
out.push(`| new inputs kept | ${stat('new_units_added') ?? '?'} |`);
out.push(`| peak memory | ${stat('peak_rss_mb') ?? '?'} MB |`);
out.push(`| crashes, sanitizer reports, timeouts, out-of-memory | ${findings} |`);
out.push('');

const leak = read('leakcheck.log');
out.push('## Leaks', '');
out.push(
  '`scripts/fuzz/leakcheck.sh` runs `native/fuzz/leakcheck_main.cc` under LeakSanitizer: every fixture through a',
  'Session on the software path, every frame with the aliasing proof, thumbnails and a reference preview, then the',
  'error paths (missing, noise, truncated, damaged, over budget, read cap, deadline, cancelled).',
  '',
);
const outcomes = leak.split('\n').filter((l) => /^ok {3}/.test(l)).length;
const unexpected = leak.split('\n').filter((l) => /^FAIL|^unexpected/i.test(l)).length;
out.push(`- outcomes checked: ${outcomes}, unexpected: ${unexpected}`);
out.push(`- ${leak.split('\n').find((l) => /LeakSanitizer/.test(l)) ?? 'no LeakSanitizer verdict in the log'}`);
out.push(`- exit: ${/leakcheck exit (\d+)/.exec(leak)?.[1] ?? '?'}`, '');

/** The mutation script's lines in a log: outcome, fault, what it plants, the failing tests. */
const mutantLines = (log) =>
  log
    .split('\n')
    .map((line) => /^(killed|SURVIVED) +(\S+): (.*?); (?:failing: (.*)|(.*) all passed)$/.exec(line))
    .filter((m) => m !== null);
const mutantRow = (m) => `| ${cell(`${m[2]}: ${m[3]}`)} | ${m[1] === 'killed' ? 'caught' : '**survived**'} | ${cell(m[4] ?? '—')} |`;
const mutantSummary = (log) => log.split('\n').find((l) => l.startsWith('mutants:')) ?? 'mutants: no summary in the log';
const mutants = mutantLines(read('mutants.log'));
out.push('## Planted faults in the native core', '');
out.push(
  '`scripts/mutation/native-mutants.mjs` plants each fault below in a copy of the native core, one at a time, builds',
  'it and runs the tests that guard it; each must fail. (`npm test` runs the same, and StrykerJS over the TypeScript',
  'verdict and check modules; its score is in the CI log.)',
  '',
);
out.push('| fault | outcome | tests that caught it |', '| --- | --- | --- |');
for (const m of mutants) out.push(mutantRow(m));
out.push(`\n${mutantSummary(read('mutants.log'))}`, '');
for (const dirArg of mutantArgs) {
  const dir = path.relative(root, path.resolve(root, dirArg));
  const readIn = (name) => fs.readFileSync(path.join(root, dir, name), 'utf8');
  const log = readIn('mutants.log');
  out.push(
    `Planted after that run: \`${readIn('COMMAND').trim()}\` at commit \`${readIn('COMMIT').trim()}\` (${readIn('DATE').trim()}), its output kept in [\`${dir}/\`](${path.relative('docs', dir)}/).`,
    '',
  );
  out.push('| fault | outcome | tests that caught it |', '| --- | --- | --- |');
  for (const m of mutantLines(log)) out.push(mutantRow(m));
  out.push(`\n${mutantSummary(log)}`, '');
}

if (fs.existsSync(path.join(run, 'open-cost.jsonl'))) {
  const lines = read('open-cost.jsonl')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
  const groups = new Map();
  for (const l of lines) {
    const key = `${l.file}\u0000${l.cpuThreads}`;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const mib = (b) => (b / 1048576).toFixed(1);
  const span = (values) => {
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    return lo === hi ? mib(lo) : `${mib(lo)}–${mib(hi)}`;
  };
  out.push('## What an open holds, measured', '');
  out.push(
    '`scripts/memory/open-cost.mjs` opens each file in a fresh process (after one throw-away open, so the libraries\'',
    'first use is not counted) and reads the resident memory before the open, after it, and after the first frames',
    'shown; three rounds, on all of the machine\'s cores and on one. These figures are what the charge of an open',
    '(next section) was fitted on. Runs made before open-cost.mjs fixed glibc\'s mmap threshold vary more from round',
    'to round: the warm-up\'s freed pictures were reused by the file\'s and read as no growth.',
    '',
  );
  out.push('| file | stream | decode | cores | after the open (MiB) | after 3 frames (MiB) |', '| --- | --- | --- | ---: | ---: | ---: |');
  for (const group of groups.values()) {
    const l = group[0];
    out.push(
      `| ${cell(l.file)} | ${l.codec} ${l.pixelFormat} ${l.codedWidth}x${l.codedHeight} | ${l.decodePath} | ${l.cpuThreads} | ${span(group.map((g) => g.rssOpenBytes))} | ${span(group.map((g) => g.rssBytes))} |`,
    );
  }
  out.push('');
}

out.push(...chargeSections(run, cell));

if (fs.existsSync(path.join(run, 'busy-summary.json'))) {
  const busy = JSON.parse(read('busy-summary.json'));
  out.push('## The whole suite on a busy machine', '');
  out.push(
    `\`npm test\` with \`ZCI_BUSY_CORES=${busy.load?.processes ?? 0}\`: the test script started ${busy.load?.processes ?? 0} × \`${busy.load?.command ?? '?'}\` on a machine of ${busy.cores} cores, for the whole run, at commit \`${busy.commit}\` (${busy.startedAt} to ${busy.endedAt}).`,
    '',
    `- result: ${busy.passed} passed, ${busy.failed} failed, ${busy.skipped} skipped${busy.failures.length > 0 ? ` (${busy.failures.join(', ')})` : ''}`,
    '',
  );
}

out.push('## Every test of the run', '');
out.push('| source | test | result | time |', '| --- | --- | --- | --- |');
for (const [source, tests] of Object.entries(sources)) {
  for (const t of tests) out.push(`| ${source} | ${cell(t.name)} | ${t.skipped ? 'skipped' : t.ok ? 'passed' : '**failed**'} | ${ms(t.ms)} |`);
}
out.push('');

const text = `${out.join('\n')}\n`;
const target = path.join(root, 'docs', 'reliability.md');
if (flag === '--check') {
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current !== text) {
    process.stderr.write('docs/reliability.md is not what its run produces: run node scripts/reliability/write.mjs\n');
    process.exit(1);
  }
} else fs.writeFileSync(target, text);
