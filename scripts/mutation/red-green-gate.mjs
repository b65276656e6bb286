// A mutation score can be high while the one mutant that matters survives: a check or verdict turned to pass.
// Reads StrykerJS's JSON report and fails (exit 1) when any surviving mutant sits where a verdict is decided: every
// line of the check modules, and the lines of the verdict words that compute an outcome or its tone. Prints one line a
// survivor and a closing "N passed, N failed" line (a verdict line whose mutants were all killed passes).
// Usage: node scripts/mutation/red-green-gate.mjs [REPORT]   (default test-results/mutation.json)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const report = process.argv[2] ?? path.join(root, 'test-results', 'mutation.json');

/** Files whose every line decides a verdict, and files where only the outcome lines do. */
const VERDICT_FILES = ['contract/checks.ts', 'contract/plane-identity.ts'];
const OUTCOME_FILES = { 'wording/verdicts.ts': /\b(ok|tone|pass|passed|restored|toneOf|verdict\w*)\b/i };

const data = JSON.parse(fs.readFileSync(report, 'utf8'));
let guarded = 0;
let survivors = 0;
for (const [file, entry] of Object.entries(data.files ?? {})) {
  const relative = path.relative(root, path.resolve(root, file)).split(path.sep).join('/');
  const whole = VERDICT_FILES.includes(relative);
  const outcome = OUTCOME_FILES[relative];
  if (!whole && outcome === undefined) continue;
  const lines = String(entry.source ?? '').split('\n');
  for (const mutant of entry.mutants ?? []) {
    const line = mutant.location?.start?.line ?? 0;
    const text = lines[line - 1] ?? '';
    if (!whole && !outcome.test(text)) continue;
    guarded += 1;
    if (mutant.status === 'Survived' || mutant.status === 'NoCoverage') {
      survivors += 1;
      console.log(`SURVIVED  ${relative}:${line} ${mutant.mutatorName}: ${text.trim()} -> ${mutant.replacement ?? '?'}`);
    }
  }
}
console.log(`verdict mutants: ${guarded - survivors} passed, ${survivors} failed`);
if (guarded === 0) {
  console.error(`no mutant of ${[...VERDICT_FILES, ...Object.keys(OUTCOME_FILES)].join(', ')} is in ${report}`);
  process.exitCode = 1;
}
if (survivors > 0) process.exitCode = 1;
