// @ts-check
// The copy ledger's records, frames in batches, and compute-sanitizer's memcheck over the GPU tier.
import fs from 'node:fs';
import path from 'node:path';
import { table, yes } from './stats.mjs';
import { templates } from './template.mjs';
import { newestHolding, recordedAt } from './run.mjs';

const t = templates('evidence-records');

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} ev */
export function writeRecordEvidence(run, ev) {
  const { root, runDir, tap } = run;
  // The copy ledger (ledger.json from test/gpu/ledger.test.mjs): CUPTI's records of each step, raw, by stage.
  const ledgerFile = path.join(runDir, 'ledger.json');
  if (fs.existsSync(ledgerFile)) {
    const entries = JSON.parse(fs.readFileSync(ledgerFile, 'utf8'));
    const head = '| file | decode | step | records: stage kind bytes (source → destination, ns) | thumbnail bytes the inspector reports | dropped |';
    const rows = entries.filter((x) => x.ledger).map((e) => {
      const records = e.ledger.records
        .map((r) => `${r.stage} ${r.kind} ${r.bytes} (${r.srcKind ?? '–'} → ${r.dstKind ?? '–'}, ${r.durationNs})`)
        .join('; ');
      return `| ${e.file} | ${e.decode} | ${e.step} | ${records || 'none'} | ${e.ledger.reported?.thumbnailBytes ?? '–'} | ${e.ledger.dropped} |`;
    });
    ev.push(...t.lines('ledger', { table: table(head, rows) }));
    for (const e of entries.filter((x) => x.bench)) {
      const naive = e.bench.filter((b) => b.bench === 'ledger' && b.naiveRecords);
      if (naive.length === 0) continue;
      const first = naive[0];
      const records = first.naiveRecords.map((r) => `${r.kind} ${r.bytes} (${r.srcKind} → ${r.dstKind}, ${r.durationNs} ns)`).join('; ');
      const own = first.totals.reduce((a, x) => a + x.bytes, 0);
      ev.push('', ...t.lines('ledger-naive', { file: e.file, step: first.step, records, expected: first.naiveBytesExpected, own }));
    }
    ev.push('');
  }

  // Batches of frames (Session.frameBatch, the command line's loop) against one frame a call, on NVDEC frames.
  const batchFile = path.join(runDir, 'frame-batch.json');
  if (fs.existsSync(batchFile)) {
    const batches = JSON.parse(fs.readFileSync(batchFile, 'utf8'));
    const rows = batches.map((b) => `| ${b.file} | ${b.frames} | ${yes(b.reportsEqual)} | ${yes(b.samePlane0Addresses)} |`);
    ev.push(...t.lines('batches', { table: table('| file | frames | reports equal | same plane-0 addresses |', rows) }), '');
  }

  // compute-sanitizer's memcheck over the GPU tier (`run.sh OUT memcheck`), where the run has it.
  // A run without one (its device time went to the tests) shows the newest recorded run's, named as such. "Newest" is
  // by the time a run recorded (its reports.json's `date`): folder names sort by commit hash within a day, not by time.
  const commitOf = (dir) => /^commit (\S+)/m.exec(fs.readFileSync(path.join(dir, 'run.log'), 'utf8'))?.[1]?.slice(0, 7) ?? '?';
  const memcheckDir = newestHolding(runDir, ['memcheck.log']) ?? undefined;
  const memcheckFile = memcheckDir === undefined ? '' : path.join(memcheckDir, 'memcheck.log');
  if (memcheckDir !== undefined) {
    const log = fs.readFileSync(memcheckFile, 'utf8');
    const errors = [...log.matchAll(/ERROR SUMMARY: (\d+) errors?/g)].reduce((n, m) => n + Number(m[1]), 0);
    const leakBlocks = log.split(/^========= Leaked /m).slice(1);
    const counted = (name) =>
      [...log.matchAll(new RegExp(`^ℹ ${name} (\\d+)$`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
    const [command = '', machine = ''] = log.split('\n');
    ev.push(...t.lines('memcheck', { command: command.replace(/^\$ /, ''), machine }), '');
    if (memcheckDir !== runDir) {
      const recorded = new Date(Number(recordedAt(memcheckDir))).toISOString();
      const log = `${path.relative(root, memcheckDir)}/memcheck.log`;
      ev.push(...t.lines('memcheck-elsewhere', { commit: commitOf(memcheckDir), log, recorded, ownCommit: commitOf(runDir) }), '');
    }
    // The tests the memcheck pass skipped, each under its suite, with the reason the test gave (spec reporter: `﹣ name
    // (duration) # reason`, indented two spaces a suite level below `▶ suite`).
    const skipped = [];
    const suites = [];
    for (const line of log.split('\n')) {
      const m = /^( *)(▶|﹣) (.*)$/.exec(line);
      if (!m) continue;
      const depth = m[1].length / 2;
      suites.length = Math.min(suites.length, depth);
      if (m[2] === '▶') suites[depth] = m[3];
      else {
        const s = /^(.*?)(?: \([\d.]+m?s\))?(?: # (.*))?$/.exec(m[3]);
        skipped.push({ leaf: s[1], name: [...suites.slice(0, depth), s[1]].join(' › '), reason: s[2] ?? '(no reason given)' });
      }
    }
    if (skipped.length !== counted('skipped'))
      throw new Error(`${memcheckFile}: ${counted('skipped')} tests skipped, ${skipped.length} found with their reasons`);
    const tests = { passed: counted('pass'), failed: counted('fail'), skipped: counted('skipped') };
    ev.push(...t.lines('memcheck-summary', { ...tests, errors, accessErrors: errors - leakBlocks.length, leaks: leakBlocks.length }), '');
    // Each leak: where it was allocated, and where the call left the inspector's own code for the library's.
    const owners = new Set();
    for (const block of leakBlocks) {
      const bytes = /^([\d,]+) bytes/.exec(block)?.[1] ?? '?';
      const frames = [...block.matchAll(/Host Frame: (.+?) \[0x[0-9a-f]+\] in (\S+)/g)].map((m) => ({
        fn: m[1].replace(/\(.*$/, ''),
        lib: m[2],
      }));
      const out = frames.findIndex((f) => f.lib !== frames[0]?.lib);
      const shown = out > 0 ? [frames[0], frames[out - 1], frames[out]] : frames.slice(0, 3);
      owners.add(frames[0]?.lib ?? '?');
      ev.push(t.text('memcheck-leak', { bytes, where: shown.map((f) => `\`${f.fn}\` (${f.lib})`).join(' ← ') }));
    }
    if (leakBlocks.length > 0) {
      const ours = [...owners].some((lib) => lib.startsWith('zerocopy_inspector'));
      ev.push('', ...(ours ? t.lines('memcheck-leaks-ours') : t.lines('memcheck-leaks-theirs', { owners: [...owners].join(', ') })), '');
    }
    if (skipped.length > 0) {
      // The same test in this run's TAP (any depth): what it did outside memcheck.
      const inTap = (leaf) => {
        const line = tap.split('\n').find((l) => l.replace(/^\s*(?:ok|not ok) \d+ - /, '').replace(/ # (?:SKIP|TODO).*$/, '') === leaf && /^\s*(?:ok|not ok) \d+ - /.test(l));
        if (line === undefined) return 'not run';
        return / # SKIP/.test(line) ? 'skipped' : /^\s*ok /.test(line) ? 'passed' : 'FAILED';
      };
      const rows = skipped.map((x) => `| ${x.name.replace(/\|/g, '\\|')} | ${x.reason.replace(/\|/g, '\\|')} | ${inTap(x.leaf)} |`);
      ev.push(...t.lines('memcheck-skipped', { commit: commitOf(runDir), table: table('| skipped test | why | in the GPU tier |', rows) }), '');
    }
  }
}
