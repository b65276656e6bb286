// A mutation score can be high while the one mutant that matters survives: a check or verdict turned to pass.
// Reads StrykerJS's JSON report and fails (exit 1) when any mutant survives on a line of the check modules or of the
// verdict words (wording/verdicts.ts: a line there that only words a headline or a why still decides what the user
// reads, and a narrower choice of lines let a descriptor-only match hide a mismatch and a wrong format lose its
// verdict unseen). A mutant that cannot change behaviour (equivalent) passes only when EQUIVALENT below names it with
// the reason; an entry that no longer matches a mutant fails too, so the list stays true. Prints one line a survivor
// or equivalent and a closing "N passed, N failed" line (a mutant killed, timed out or named equivalent passes; one
// StrykerJS was told not to make counts neither way).
// Usage: node scripts/mutation/red-green-gate.mjs [REPORT]   (default test-results/mutation.json)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const report = process.argv[2] ?? path.join(root, 'test-results', 'mutation.json');

/** The files whose every mutated line decides a verdict or what it says. */
const VERDICT_FILES = ['contract/checks.ts', 'contract/plane-identity.ts', 'wording/verdicts.ts'];

/**
 * Mutants that cannot change what a user is told, each named by its file, mutator, the code it replaces and the
 * replacement (not by line, so an entry follows its code and stops matching when the code changes).
 */
const EQUIVALENT = [
  {
    file: 'contract/checks.ts',
    mutator: 'EqualityOperator',
    original: '(p.deltaBytes ?? 0) < 0',
    replacement: '(p.deltaBytes ?? 0) <= 0',
    reason: 'the side word differs only at a zero distance, and a zero distance prints no distance line',
  },
  {
    file: 'contract/plane-identity.ts',
    mutator: 'ConditionalExpression',
    original: 'nvcvPointer === null',
    replacement: 'false',
    reason: 'the hex test that follows rejects a null pointer as well (it reads it as the text "null")',
  },
  {
    file: 'wording/verdicts.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    reason: 'a report without the decoder section: a string has no verdict, so the filter for shifted planes drops it',
  },
  {
    file: 'contract/checks.ts',
    mutator: 'ConditionalExpression',
    original: 'needed !== null',
    replacement: 'true',
    reason:
      'with no row count needed, copied < null compares against 0, false for every row count the addon writes ' +
      '(never negative)',
  },
];

/** The source text a mutant replaces. */
function originalText(lines, location) {
  const { start, end } = location;
  if (start.line === end.line) return lines[start.line - 1]?.slice(start.column - 1, end.column - 1) ?? '';
  const first = lines[start.line - 1]?.slice(start.column - 1) ?? '';
  const middle = lines.slice(start.line, end.line - 1);
  const last = lines[end.line - 1]?.slice(0, end.column - 1) ?? '';
  return [first, ...middle, last].join('\n');
}

if (!fs.existsSync(report)) {
  console.error(`no StrykerJS report at ${report}: run npx stryker run first`);
  process.exit(1);
}
const data = JSON.parse(fs.readFileSync(report, 'utf8'));
const used = new Set();
const seenFiles = new Set();
let guarded = 0;
let survivors = 0;
let stale = 0;
for (const [file, entry] of Object.entries(data.files ?? {})) {
  const relative = path.relative(root, path.resolve(root, file)).split(path.sep).join('/');
  if (!VERDICT_FILES.includes(relative)) continue;
  seenFiles.add(relative);
  const lines = String(entry.source ?? '').split('\n');
  for (const mutant of entry.mutants ?? []) {
    const line = mutant.location?.start?.line ?? 0;
    const column = mutant.location?.start?.column ?? 0;
    const text = lines[line - 1] ?? '';
    // A mutant StrykerJS was told not to make (excludedMutations) was never tested: it counts neither way.
    if (mutant.status === 'Ignored') continue;
    guarded += 1;
    const original = mutant.location === undefined ? '' : originalText(lines, mutant.location);
    const known = EQUIVALENT.findIndex(
      (e) =>
        e.file === relative &&
        e.mutator === mutant.mutatorName &&
        e.original === original &&
        e.replacement === mutant.replacement,
    );
    // An equivalent mutant that a loaded machine timed out this time is still there: its entry is not stale.
    if (known >= 0) used.add(known);
    if (mutant.status !== 'Survived' && mutant.status !== 'NoCoverage') continue;
    const where = `${relative}:${line}:${column} ${mutant.mutatorName}: ${original} -> ${mutant.replacement ?? '?'}`;
    if (known >= 0) {
      console.log(`EQUIVALENT  ${where} (${EQUIVALENT[known].reason})`);
    } else {
      survivors += 1;
      console.log(`SURVIVED  ${where}   [${mutant.status}; line: ${text.trim()}]`);
    }
  }
}
for (const [index, e] of EQUIVALENT.entries()) {
  if (used.has(index) || !seenFiles.has(e.file)) continue;
  stale += 1;
  console.log(`STALE  the equivalent ${e.file} ${e.mutator}: ${e.original} -> ${e.replacement} is no mutant in the report now`);
}
console.log(`verdict mutants: ${guarded - survivors} passed, ${survivors + stale} failed`);
if (guarded === 0) {
  console.error(`no mutant of ${VERDICT_FILES.join(', ')} is in ${report}`);
  process.exitCode = 1;
}
if (survivors + stale > 0) process.exitCode = 1;
