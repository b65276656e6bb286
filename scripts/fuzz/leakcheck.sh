#!/usr/bin/env bash
# Builds the leak check (native/fuzz/leakcheck_main.cc) with the fuzz build's sanitizers into native/build-fuzz/,
# makes the hostile media it needs into a temporary folder, and runs it under LeakSanitizer. Exits non-zero on any
# leak or unexpected outcome. Needs what scripts/fuzz/build.sh needs, plus python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v nvcc > /dev/null || export PATH=$PATH:/usr/local/cuda/bin
sanitizers="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
cmake -S native -B native/build-fuzz -DZCI_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CUDA_HOST_COMPILER=g++ \
  -DCMAKE_CUDA_ARCHITECTURES=90-real \
  -DCMAKE_CXX_FLAGS="$sanitizers -fsanitize=fuzzer-no-link" > /dev/null
cmake --build native/build-fuzz --target zci_leakcheck -j"$(nproc)" > /dev/null

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
