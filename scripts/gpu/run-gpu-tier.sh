#!/usr/bin/env bash
# Runs the GPU tier from an unpacked bundle: tests, frame reports, benchmarks. Usage: run.sh OUTPUT_DIR
# `run.sh OUTPUT_DIR bench` runs only the benchmarks, adding to a run.log the tests left there (two shorter commands
# where one would be too long); `run.sh OUTPUT_DIR memcheck` instead runs the GPU tier's tests under compute-sanitizer's memcheck, into
# OUTPUT_DIR/memcheck.log (every process, children included; each ends with its ERROR SUMMARY line).
# The tests run once against FFmpeg 5.1 and once against each variant the bundle has (7.1, 9.0, 7.1-patched,
# 9.0-patched), each pass into its own TAP (about 200 s a pass on an H100). `run.sh OUTPUT_DIR variants [V...]` runs
# only the passes of the variants named (default 9.0 7.1-patched 9.0-patched), adding to run.log; with
# ZCI_SKIP_VARIANTS=1 the main run leaves them out, so that the tier fits in commands of ten minutes:
#   ZCI_SKIP_BENCH=1 ZCI_SKIP_VARIANTS=1 run.sh OUT
#   run.sh OUT variants 9.0 7.1-patched
#   run.sh OUT variants 9.0-patched
#   run.sh OUT bench
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh OUTPUT_DIR [memcheck]}
mkdir -p "$out"
cd "$here"
export LD_LIBRARY_PATH=$here/ffmpeg/lib
export ZCI_NVCV_PATH=$here/nvcv
# The copy ledger's CUPTI, from the bundle.
export ZCI_CUPTI_PATH=$here/cupti/libcupti.so.13
export ZCI_TEST_LD_LIBRARY_PATH=$LD_LIBRARY_PATH
export ZCI_EVIDENCE_DIR=$out
# The tests' made media come with the bundle; FFmpeg's command-line tools from the bundle's own FFmpeg.
export ZCI_TEST_MEDIA=$here/test/media
export PATH=$here/ffmpeg/bin:$PATH
node=$here/node/bin/node

if [ "${2:-}" = memcheck ]; then
  sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
  {
    echo "\$ compute-sanitizer --tool memcheck --target-processes all --leak-check full node --test test/gpu/*.test.mjs"
    "$sanitizer" --version | tail -1
    ZCI_MEMCHECK=1 "$sanitizer" --tool memcheck --target-processes all --leak-check full --print-limit 100 \
      "$node" --expose-gc --test --test-concurrency=1 --test-reporter=spec test/gpu/*.test.mjs
    echo "memcheck exit $?"
  } > "$out/memcheck.log" 2>&1
  grep -E 'ERROR SUMMARY|LEAK SUMMARY|memcheck exit|^# (pass|fail)' "$out/memcheck.log"
  exit 0
fi
log=$out/run.log
say() { echo "$*" | tee -a "$log"; }

# The tests against each variant named, each into tests-ffmpegV.tap (with ZCI_VARIANT_TESTS=gpu: test/gpu only, the
# witness, cuvid, layout, copy and A/B files, for a run whose device time is short). A patched FFmpeg has its series'
# libavcodec major, which names the evidence files: its evidence goes to a folder of its own
# (OUTPUT_DIR/ffmpeg-7.1-patched/), so the series' files are not overwritten.
variant_passes() {
  local variant evidence
  for variant in "$@"; do
    if [ ! -f "native/build-ffmpeg-$variant/Release/zerocopy_inspector.node" ]; then
      say "# FFmpeg $variant: not in this bundle"
      continue
    fi
    evidence=$out
    case $variant in *-patched) evidence=$out/ffmpeg-$variant && mkdir -p "$evidence" ;; esac
    local files=(test/native/*.test.mjs test/gpu/*.test.mjs) named="test/native test/gpu"
    [ "${ZCI_VARIANT_TESTS:-}" = gpu ] && files=(test/gpu/*.test.mjs) && named="test/gpu"
    say "# tests against FFmpeg $variant: ZCI_FFMPEG=$variant node --test $named"
    ZCI_FFMPEG=$variant ZCI_EVIDENCE_DIR=$evidence "$node" --expose-gc --test --test-concurrency=1 --test-reporter=tap \
      --test-reporter-destination="$out/tests-ffmpeg$variant.tap" --test-reporter=spec --test-reporter-destination=stdout \
      "${files[@]}" >> "$log" 2>&1
    say "tests (FFmpeg $variant) exit $?"
  done
}
if [ "${2:-}" = variants ]; then
  shift 2
  [ "$#" -gt 0 ] || set -- 9.0 7.1-patched 9.0-patched
  variant_passes "$@"
  exit 0
fi
if [ "${2:-}" != bench ]; then
: > "$log"

say "# machine"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | tee -a "$log"
say "commit $(cat COMMIT 2>/dev/null)"
say "# binaries (sha256, as the bundle recorded them; checked here)"
sha256sum -c BINARIES.sha256 2>&1 | sed 's/^/check: /' | grep -v ': OK$' | tee -a "$log"
cat BINARIES.sha256 >> "$log"

say "# tests: node --test test/native test/gpu"
"$node" --expose-gc --test --test-concurrency=1 --test-reporter=tap --test-reporter-destination="$out/tests.tap" \
  --test-reporter=spec --test-reporter-destination=stdout test/native/*.test.mjs test/gpu/*.test.mjs >> "$log" 2>&1
say "tests exit $?"

# The same native tests and the GPU tier against FFmpeg 7.1 (the addon variant that carries it), into its own TAP.
say "# tests against FFmpeg 7.1: ZCI_FFMPEG=7.1 node --test test/native test/gpu"
ZCI_FFMPEG=7.1 "$node" --expose-gc --test --test-concurrency=1 --test-reporter=tap \
  --test-reporter-destination="$out/tests-ffmpeg7.1.tap" --test-reporter=spec --test-reporter-destination=stdout \
  test/native/*.test.mjs test/gpu/*.test.mjs >> "$log" 2>&1
say "tests (FFmpeg 7.1) exit $?"

# Again against FFmpeg 9.0, and against 7.1 and 9.0 with docs/upstream's odd-height NVDEC fix.
[ -n "${ZCI_SKIP_VARIANTS:-}" ] || variant_passes 9.0 7.1-patched 9.0-patched

say "# frame reports"
"$node" test/gpu/record-evidence.mjs > "$out/reports.json" 2>> "$log"
say "reports exit $?"
if "$node" -e "process.exit(require('./native/index.cjs').environment().cvcuda.loaded ? 0 : 1)"; then
  "$node" test/gpu/cvtcolor-experiment.mjs > "$out/cvtcolor-experiment.json" 2>> "$log"
  say "cvtcolor experiment exit $?"
fi

# The command line on NVDEC frames: a readable inspection, and a capture that opens on machines without a GPU.
say "\$ zerocopy-inspector inspect assets/sample.mp4 --frames 0-2"
"$node" bin/zerocopy-inspector.js inspect assets/sample.mp4 --frames 0-2 >> "$log" 2>&1
say "inspect exit $?"
say "\$ zerocopy-inspector capture assets/sample.mp4 -o gpu-capture.zci --frames 0,24,48 --ledger"
# Written from inside OUT with a relative name, so the log names no folder of the machine.
(cd "$out" && "$node" "$here/bin/zerocopy-inspector.js" capture "$here/assets/sample.mp4" -o gpu-capture.zci \
  --frames 0,24,48 --ledger) >> "$log" 2>&1
say "capture exit $?"
# NVDEC against the software decoder on sample values (exit 1 when a bit-exact codec decodes differently).
say "\$ zerocopy-inspector inspect assets/sample.mp4 --compare-decoders --frames 0-9"
"$node" bin/zerocopy-inspector.js inspect assets/sample.mp4 --compare-decoders --frames 0-9 >> "$log" 2>&1
say "compare-decoders exit $?"

[ -n "${ZCI_SKIP_BENCH:-}" ] && { say "# benchmarks skipped"; exit 0; }
fi
bench=$out/bench.jsonl
: > "$bench"
run() { say "\$ ${ZCI_NVDEC_THREADS:+ZCI_NVDEC_THREADS=$ZCI_NVDEC_THREADS }$*"; "$@" >> "$bench" 2>> "$log"; }
say "# benchmarks"
run native/build/zci_bench wrap 5000 clips/bench-360p-h264.mp4 clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4
# The addon's decode loop against FFmpeg's CLI on the same file, alternating, three rounds each.
for clip in clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4; do
  for round in 1 2 3; do
    for threads in 1 2 4; do
      ZCI_NVDEC_THREADS=$threads run native/build/zci_bench decode "$clip" 100000
    done
    # The same loop timed as a whole process, as the CLI is below: start, probe, CUDA set-up included.
    say "\$ native/build/zci_bench decode $clip 100000   (whole process timed)"
    t0=$(date +%s.%N)
    native/build/zci_bench decode "$clip" 100000 > /dev/null 2>> "$log"
    t1=$(date +%s.%N)
    frames=$(ffmpeg/bin/ffprobe -v error -select_streams v -count_packets -show_entries stream=nb_read_packets -of csv=p=0 "$clip")
    awk -v f="$clip" -v n="$frames" -v a="$t0" -v b="$t1" \
      'BEGIN { printf "{\"bench\":\"decode-process\",\"file\":\"%s\",\"frames\":%d,\"seconds\":%.6f,\"fps\":%.3f}\n", f, n, b - a, n / (b - a) }' >> "$bench"
    say "\$ ffmpeg -hwaccel cuda -hwaccel_output_format cuda -i $clip -an -f null -"
    t0=$(date +%s.%N)
    ffmpeg/bin/ffmpeg -hide_banner -loglevel error -hwaccel cuda -hwaccel_output_format cuda -i "$clip" -an -f null - 2>> "$log"
    t1=$(date +%s.%N)
    awk -v f="$clip" -v n="$frames" -v a="$t0" -v b="$t1" \
      'BEGIN { printf "{\"bench\":\"ffmpeg-cli\",\"file\":\"%s\",\"frames\":%d,\"seconds\":%.6f,\"fps\":%.3f}\n", f, n, b - a, n / (b - a) }' >> "$bench"
  done
done
# The inspection loop against FFmpeg's plain decode loop in the same binary, alternating, three rounds; then the same
# against FFmpeg 5.1 and 7.1 side by side (each binary one round, alternating, three times), each line tagged.
for clip in clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4; do
  run native/build/zci_bench loop "$clip" 100000 3
done
for clip in clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4; do
  for round in 1 2 3; do
    for series in 5.1 7.1; do
      binary=native/build/zci_bench
      [ "$series" = 7.1 ] && binary=native/build-ffmpeg-7.1/zci_bench
      say "\$ $binary loop $clip 100000 1   (FFmpeg $series)"
      "$binary" loop "$clip" 100000 1 2>> "$log" | sed "s/^{/{\"ffmpeg\":\"$series\",/" >> "$bench"
    done
  done
done
# A second file opened in a running process, to its first frame report (the first open pays for the context): with
# the NVDEC decoder pool turned off (every open makes its decoder), then on.
say "\$ ZCI_DECODER_POOL_MB=0 native/build/zci_bench reopen clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4 4"
ZCI_DECODER_POOL_MB=0 native/build/zci_bench reopen clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4 4 >> "$bench" 2>> "$log"
run native/build/zci_bench reopen clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4 4
# What the driver takes to answer the capability query, create the decoder FFmpeg asks for, and destroy it.
run native/build/zci_bench nvdec-create clips/bench-1080p-h264.mp4 4
run native/build/zci_bench nvdec-create clips/bench-2160p-hevc.mp4 4
# Whole-file inspect through the command line (JSON to /dev/null) against FFmpeg's CLI, each a whole process timed,
# without and with the aliasing proof on every frame, alternating, three rounds.
timed() { # timed NAME CLIP COMMAND...: one JSON line with the wall time of COMMAND
  local name=$1 clip=$2
  shift 2
  say "\$ $*"
  local t0 t1 frames
  t0=$(date +%s.%N)
  "$@" > /dev/null 2>> "$log"
  local rc=$?
  t1=$(date +%s.%N)
  frames=$(ffmpeg/bin/ffprobe -v error -select_streams v -count_packets -show_entries stream=nb_read_packets -of csv=p=0 "$clip")
  awk -v n="$name" -v f="$clip" -v fr="$frames" -v a="$t0" -v b="$t1" -v rc="$rc" \
    'BEGIN { printf "{\"bench\":\"%s\",\"file\":\"%s\",\"frames\":%d,\"seconds\":%.6f,\"exit\":%d}\n", n, f, fr, b - a, rc }' >> "$bench"
}
for clip in clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4; do
  for round in 1 2 3; do
    timed inspect-process "$clip" "$node" bin/zerocopy-inspector.js inspect "$clip" --json --no-proof
    timed ffmpeg-process "$clip" ffmpeg/bin/ffmpeg -hide_banner -loglevel error -hwaccel cuda -hwaccel_output_format cuda -i "$clip" -an -f null -
    timed inspect-proof-process "$clip" "$node" bin/zerocopy-inspector.js inspect "$clip" --json
  done
done
# Where a whole-file inspect's time goes: the command's own marks (ZCI_PHASES) beside its wall time, three rounds,
# each ending as it does (at once, the driver reclaiming the GPU state) and with the orderly teardown
# (ZCI_ORDERLY_EXIT: the session closed, then Node's and the libraries' exit), alternating.
for clip in clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4; do
  for round in 1 2 3; do
    for ending in at-once orderly; do
      orderly=$([ "$ending" = orderly ] && echo 1 || echo "")
      say "\$ ZCI_PHASES=1 ${orderly:+ZCI_ORDERLY_EXIT=1 }zerocopy-inspector inspect $clip --json --no-proof"
      t0=$(date +%s.%N)
      ZCI_PHASES=1 ZCI_ORDERLY_EXIT=$orderly "$node" bin/zerocopy-inspector.js inspect "$clip" --json --no-proof > /dev/null 2> "$out/phases.txt"
      t1=$(date +%s.%N)
      "$node" -e 'const [f, file, ending, a, b] = process.argv.slice(1); const line = require("fs").readFileSync(f, "utf8").split("\n").find((l) => l.startsWith("{\"phases\"")); process.stdout.write(JSON.stringify({ bench: "inspect-phases", file, ending, seconds: b - a, ...JSON.parse(line) }) + "\n");' \
        "$out/phases.txt" "$clip" "$ending" "$t0" "$t1" >> "$bench" 2>> "$log"
    done
  done
done
rm -f "$out/phases.txt"
# What the renderer does over serve mode's WebSocket: a second open (with the decoder pool off, then on), sequential
# steps, a held key.
say "\$ ZCI_DECODER_POOL_MB=0 node scripts/gpu/step-bench.mjs clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4 --opens-only"
ZCI_DECODER_POOL_MB=0 "$node" scripts/gpu/step-bench.mjs clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4 --opens-only >> "$bench" 2>> "$log"
say "\$ node scripts/gpu/step-bench.mjs clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4"
"$node" scripts/gpu/step-bench.mjs clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4 >> "$bench" 2>> "$log"
# Where a second open goes on the addon itself, and whether the replaced session's teardown slows it.
say "\$ node scripts/gpu/reopen-split.mjs clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4"
"$node" scripts/gpu/reopen-split.mjs clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4 >> "$bench" 2>> "$log"
# What a close takes to give the device's memory back, with the decoder pool off (the decoder destroyed) and on
# (parked); and what an open and its first frames hold on each decode path, host and device (the backend's charge).
# (An empty ZCI_DECODER_POOL_MB would read as 0: the pool's own default is had by leaving it unset.)
for pool in ZCI_DECODER_POOL_MB=0 ""; do
  say "\$ ${pool:+$pool }node scripts/gpu/close-teardown.cjs clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4"
  env $pool "$node" scripts/gpu/close-teardown.cjs clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4 >> "$bench" 2>> "$log"
done
mkdir -p "$out/gpu-memory"
for decode in nvdec software; do
  say "\$ node scripts/memory/open-cost.mjs --decode $decode test/fixtures/* clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4"
  "$node" scripts/memory/open-cost.mjs --decode "$decode" test/fixtures/*.mp4 test/fixtures/*.mkv test/fixtures/*.webm \
    clips/bench-1080p-h264.mp4 clips/bench-2160p-hevc.mp4 > "$out/gpu-memory/open-cost-$decode.jsonl" 2>> "$log"
done
run native/build/zci_bench soak clips/bench-1080p-h264.mp4 10000
# Step-to-thumbnail on the GPU (CV-CUDA) against the naive path (whole frame down, swscale on the CPU).
run native/build/zci_bench preview clips/bench-1080p-h264.mp4 300
run native/build/zci_bench preview clips/bench-2160p-hevc.mp4 150
# Memory reads on NVDEC frames against one linear copy of the whole allocation, and a probe's tile against the frame.
for clip in test/fixtures/h264-1080p-420.mp4 test/fixtures/hevc-main10-1280x720.mp4 test/fixtures/h264-odd-642x362.mp4; do
  run native/build/zci_bench memread "$clip" 3
done
run native/build/zci_bench probe clips/bench-1080p-h264.mp4 200
run native/build/zci_bench probe clips/bench-2160p-hevc.mp4 200
run native/build/zci_bench probe clips/bench-2160p-hevc10.mp4 200
# Decoder A/B per frame: compared on the device (statistics back) against download + compare on the host.
run native/build/zci_bench compare clips/bench-1080p-h264.mp4 60
run native/build/zci_bench compare clips/bench-2160p-hevc10.mp4 60
# The copy ledger of each step beside a whole-frame download, and the step's latency with the ledger on and off.
run native/build/zci_bench ledger clips/bench-1080p-h264.mp4 30 3
run native/build/zci_bench ledger clips/bench-2160p-hevc.mp4 30 3
say "# done"
