#!/usr/bin/env bash
# Builds the leak check (native/fuzz/leakcheck_main.cc) with the fuzz build's sanitizers into native/build-fuzz/,
# makes the hostile media it needs into a temporary folder, and runs it under LeakSanitizer. Exits non-zero on any
# leak or unexpected outcome. Needs what scripts/fuzz/build.sh needs, plus python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/fuzz/build.sh zci_leakcheck > /dev/null

media=$(mktemp -d)
trap 'rm -rf "$media"' EXIT
fixtures=test/fixtures
python3 $fixtures/hostile-media.py huge "$media/huge.mp4"
python3 $fixtures/hostile-media.py hole $fixtures/h264-odd-642x362.mp4 "$media/hole.h264" 2
python3 $fixtures/hostile-media.py raw $fixtures/h264-odd-642x362.mp4 "$media/raw.h264"
python3 $fixtures/hostile-media.py raw $fixtures/hevc-main10-1280x720.mp4 "$media/raw.hevc"
python3 $fixtures/odd-timestamps.py timescale $fixtures/h264-odd-642x362.mp4 "$media/odd.mp4" 0
python3 $fixtures/odd-timestamps.py collapse assets/sample.mp4 "$media/collapsed.mkv" 16

log=$(mktemp)
status=0
ASAN_OPTIONS=detect_leaks=1:exitcode=23 LSAN_OPTIONS=exitcode=23 UBSAN_OPTIONS=print_stacktrace=1 \
  native/build-fuzz/zci_leakcheck $fixtures "$media" > "$log" 2>&1 || status=$?
cat "$log"
if grep -q "ERROR: LeakSanitizer" "$log"; then
  echo "leakcheck: LeakSanitizer found leaks (exit $status)"
  [ "$status" -ne 0 ] || status=1
elif [ "$status" -eq 0 ]; then
  echo "leakcheck: LeakSanitizer found no leaks"
fi
rm -f "$log"
exit "$status"
