#!/usr/bin/env bash
# Runs what docs/reliability.md reports and keeps the raw output: the hardening tests of the native core, the
# attacks on serve mode and the hostile captures, the leak check and a long fuzzing run.
# Usage: scripts/reliability/run.sh OUT_DIR [FUZZ_SECONDS]   (FUZZ_LOG=FILE reuses a finished run's log;
#        BUSY_SUMMARY=FILE keeps the summary of an `npm test` run made with ZCI_BUSY_CORES set)
# Then:  node scripts/reliability/write.mjs OUT_DIR           (writes docs/reliability.md)
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${1:?usage: scripts/reliability/run.sh OUT_DIR [FUZZ_SECONDS]}
seconds=${2:-900}
mkdir -p "$out"
git rev-parse HEAD > "$out/COMMIT"
date -u +%Y-%m-%dT%H:%M:%SZ > "$out/DATE"

echo "# native hardening tests"
node --expose-gc --test --test-concurrency=1 --test-reporter=tap \
  test/native/{budget,read-cap,cancel,damage,timestamps,special-files,raw-annexb,library-trust,snippet-injection}.test.mjs \
  > "$out/native.tap"
echo "# attacks on serve mode, damage in the app"
PLAYWRIGHT_JSON_OUTPUT_NAME="$out/e2e.json" npx playwright test test/e2e/attacks.spec.ts test/e2e/damage.spec.ts test/e2e/cancel.spec.ts \
  test/e2e/budgets.spec.ts test/e2e/security.spec.ts \
  --reporter=json > /dev/null
echo "# hostile captures and property tests"
npx vitest run test/integration/capture-hostile.test.ts test/unit/properties.test.ts test/unit/rpc-properties.test.ts \
  test/integration/rpc-properties.test.ts test/unit/budgets.test.ts test/unit/in-flight.test.ts \
  test/integration/memory-budget.test.ts test/integration/memory-watch.test.ts test/unit/capture-signing.test.ts \
  test/integration/cli-process.test.ts test/unit/serve-token.test.ts test/unit/terminal-safe.test.ts \
  test/integration/fork-child.test.ts test/integration/rpc-client.test.ts \
  --reporter=json --outputFile="$out/captures.json" > /dev/null
# The reports name this checkout's folder; the record keeps paths relative to the repository.
node -e "const fs = require('fs'); for (const f of process.argv.slice(1)) fs.writeFileSync(f, fs.readFileSync(f, 'utf8').split(process.cwd()).join('.'))" \
  "$out/e2e.json" "$out/captures.json"
echo "# planted faults in the native core"
node scripts/mutation/native-mutants.mjs > "$out/mutants.log" 2>&1
echo "# what an open holds"
# Three rounds over every fixture, each file in a fresh process: on all of this machine's cores, then on one (FFmpeg's
# frame threads follow the cores it may use, and each thread holds frames of its own).
for round in 1 2 3; do
  node scripts/memory/open-cost.mjs test/fixtures/*.mp4 test/fixtures/*.mkv test/fixtures/*.webm assets/sample.mp4
  taskset -c 0 node scripts/memory/open-cost.mjs test/fixtures/h264-1080p-420.mp4 test/fixtures/hevc-main10-1280x720.mp4 \
    test/fixtures/vp9-640x360.webm test/fixtures/mpeg2-640x360.mkv
done > "$out/open-cost.jsonl" 2> "$out/open-cost.log"
echo "# what an open is charged, against what it holds"
# The charge the backend makes from a file's header before opening it, beside what the open and 30 frames really hold
# (every fixture and the 4:4:4 file at the pixel budget, software decoding, fresh processes).
ZCI_OPEN_CHARGE_OUT="$out/open-charge.jsonl" npx vitest run test/integration/open-charge.test.ts \
  --reporter=json --outputFile="$out/open-charge.json" > /dev/null
node -e "const fs = require('fs'); const f = process.argv[1]; fs.writeFileSync(f, fs.readFileSync(f, 'utf8').split(process.cwd()).join('.'))" \
  "$out/open-charge.json"
echo "# the restart loop at --memory-budget 1024: one client repeating an open past the budget for 5 minutes"
node scripts/reliability/restart-loop.mjs "$out/restart-loop.json" > /dev/null 2> "$out/restart-loop.err"
echo "restart-loop exit $?" >> "$out/restart-loop.err"
echo "# leak check"
bash scripts/fuzz/leakcheck.sh > "$out/leakcheck.log" 2>&1
echo "leakcheck exit $?" >> "$out/leakcheck.log"
echo "# fuzzing"
if [ -n "${FUZZ_LOG:-}" ]; then cp "$FUZZ_LOG" "$out/fuzz.log"; else bash scripts/fuzz/run.sh "$seconds" "$out/fuzz.log"; fi
# libFuzzer names new functions with their source paths: keep them relative to the checkout.
sed -i "s|$PWD/||g" "$out/fuzz.log"
if [ -n "${BUSY_SUMMARY:-}" ]; then cp "$BUSY_SUMMARY" "$out/busy-summary.json"; fi
echo "done: node scripts/reliability/write.mjs $out"
