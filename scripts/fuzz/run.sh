#!/usr/bin/env bash
# Runs the libFuzzer harness for a bounded time: scripts/fuzz/run.sh SECONDS [LOG]. Exits non-zero on a finding
# (a sanitizer report, an uncaught exception, a timeout or an out-of-memory); crash inputs land in .cache/fuzz/.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
log=${2:-.cache/fuzz/last-run.log}
corpus=.cache/fuzz/corpus
mkdir -p "$corpus" .cache/fuzz/findings
# Always through the build: it is incremental, and a harness older than the code would fuzz the wrong thing.
scripts/fuzz/build.sh > /dev/null
# FFmpeg logs every damaged packet; the harness judges outcomes, not log lines.
export AV_LOG_FORCE_NOCOLOR=1
export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1
status=0
native/build-fuzz/zci_fuzz_session -max_total_time="$seconds" -timeout=30 -rss_limit_mb=3072 -max_len=65536 \
  -print_final_stats=1 -artifact_prefix=.cache/fuzz/findings/ -close_fd_mask=2 \
  "$corpus" .cache/fuzz/seeds > "$log" 2>&1 || status=$?
grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE)|stat::|==[0-9]+==ERROR|SUMMARY|Done )' "$log" || true
echo "fuzz exit $status"
exit "$status"
