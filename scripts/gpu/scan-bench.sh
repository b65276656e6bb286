#!/usr/bin/env bash
# The scan benchmark, side by side in one run on one GPU, from an unpacked bundle: the same corpus decoded by
#   threads   FFmpeg's API alone, N threads in one process on one CUDA device (zci_bench threads)
#   procs     K processes, each FFmpeg's API alone on a K-th of the corpus (zci_bench threads 1), started together
#   scan      zerocopy-inspector scan --decoders N (and without it: the engines' choice): every frame through the
#             checks, the proof on a sample
# and one file's whole `inspect` against FFmpeg's command line. One JSON line per measurement into OUT/scan-bench.jsonl;
# the scan's own results and report into OUT. Usage: scan-bench.sh OUT [FOLDER...] (default: the generated corpus, the
# benchmark clips and the test fixtures: every video file in them)
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: scan-bench.sh OUT [FOLDER...]}
shift
folders=("$@")
[ ${#folders[@]} -gt 0 ] || folders=("$here/corpus" "$here/clips" "$here/test/fixtures")
mkdir -p "$out"
cd "$here"
# The bundle's FFmpeg, NVCV and Node, and zci: the command line through its launcher.
. "$here/scripts/gpu/bundle-env.sh" "$here"
bench=$here/native/build/zci_bench
lines=$out/scan-bench.jsonl
: > "$lines"
mapfile -t files < <(find "${folders[@]}" -type f \( -name '*.mp4' -o -name '*.mkv' -o -name '*.webm' -o -name '*.mpg' \) | sort)
frames_of_threads() { sed -n 's/.*"frames":\([0-9]*\).*/\1/p'; }
now() { date +%s.%N; }
record() { echo "$1" | tee -a "$lines"; }
# Arithmetic with awk (a bare machine may lack bc): the difference of two times, a sum of lines, a quotient.
minus() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a - b }'; }
sum() { awk '{ s += $1 } END { print s + 0 }'; }
per() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }'; }

record "{\"bench\":\"corpus\",\"files\":${#files[@]},\"bytes\":$(du -cb "${files[@]}" | tail -1 | cut -f1)}"
# A first pass warms the page cache and the driver: every measurement after it reads the same files from memory.
"$bench" threads 4 "${files[@]}" > /dev/null

for n in ${ZCI_SCAN_THREADS:-1 4 8 12}; do
  # One round of one thread (the slowest), two of the others.
  rounds="1 2"
  [ "$n" = 1 ] && rounds=1
  for round in $rounds; do
    record "$("$bench" threads "$n" "${files[@]}" | sed "s/}\$/,\"round\":$round}/")"
  done
done

for k in ${ZCI_SCAN_PROCS:-4 8}; do
  t0=$(now)
  for ((p = 0; p < k; p++)); do
    shard=()
    for ((i = p; i < ${#files[@]}; i += k)); do shard+=("${files[$i]}"); done
    "$bench" threads 1 "${shard[@]}" > "$out/procs-$k-$p.json" &
  done
  wait
  t1=$(now)
  total=$(cat "$out"/procs-"$k"-*.json | frames_of_threads | sum)
  rm -f "$out"/procs-"$k"-*.json
  record "{\"bench\":\"procs\",\"processes\":$k,\"frames\":$total,\"seconds\":$(minus "$t1" "$t0"),\"fps\":$(per "$total" "$(minus "$t1" "$t0")")}"
done

# "default" runs the scan without --decoders: it chooses from the GPU's NVDEC engines, and its last line says how many
# (scan-default.txt keeps that line's words).
for n in ${ZCI_SCAN_DECODERS:-default 4 8 12}; do
  rm -f "$out/scan-$n.jsonl"
  chosen=(--decoders "$n")
  [ "$n" = default ] && chosen=()
  t0=$(now)
  zci scan "${files[@]}" -o "$out/scan-$n.jsonl" --no-captures "${chosen[@]}" \
    > "$out/scan-$n.txt" 2>&1
  code=$?
  t1=$(now)
  total=$(sed -n 's/.*"frames":\([0-9]*\),"unchecked".*/\1/p' "$out/scan-$n.jsonl" | sum)
  decoders=$n
  by=given
  if [ "$n" = default ]; then
    decoders=$(sed -n 's/^decoders: \([0-9]*\) files\{0,1\} at once.*/\1/p' "$out/scan-$n.txt" | head -1)
    by=default
  fi
  record "{\"bench\":\"scan\",\"decoders\":${decoders:-0},\"by\":\"$by\",\"exit\":$code,\"frames\":$total,\"seconds\":$(minus "$t1" "$t0"),\"fps\":$(per "$total" "$(minus "$t1" "$t0")")}"
done

# The report a person reads, with captures of the first failing frames.
zci scan "${files[@]}" -o "$out/scan.jsonl" --report "$out/scan.html" \
  --captures "$out/captures" --decoders 8 > "$out/scan.txt" 2>&1
record "{\"bench\":\"scan-report\",\"exit\":$?}"
[ -d "$out/captures" ] && tar -C "$out" -cJf "$out/captures.tar.xz" captures && rm -rf "$out/captures"

# Whole processes: inspect (the proof on every frame) against FFmpeg's command line, alternating, five rounds, on each
# benchmark clip (the 1080p H.264, the 2160p HEVC and the plain 300-frame 1080p H.264); the 1080p clip's first frame
# alone with the command's marks.
clip=$(ls "$here"/clips/bench-1080p-h264*.mp4 2>/dev/null | head -1)
versus=()
[ -n "$clip" ] && versus+=("$clip")
[ -f "$here/clips/bench-2160p-hevc.mp4" ] && versus+=("$here/clips/bench-2160p-hevc.mp4")
# A 300-frame 1080p clip made with x264's defaults, which nothing here was tuned against (make-bench-clips.sh).
[ -f "$here/clips/plain-1080p-h264.mp4" ] && versus+=("$here/clips/plain-1080p-h264.mp4")
for round in 1 2 3 4 5; do
  for each in "${versus[@]}"; do
    t0=$(now)
    ffmpeg -hide_banner -loglevel error -hwaccel cuda -hwaccel_output_format cuda -i "$each" -f null - 2> /dev/null
    t1=$(now)
    zci inspect "$each" --json > "$out/inspect.json" 2> /dev/null
    t2=$(now)
    # The same with one NVDEC frame thread: what whole-file inspect decoded with before it took four.
    zci inspect "$each" --json --nvdec-threads 1 > "$out/inspect.json" 2> /dev/null
    t3=$(now)
    record "{\"bench\":\"inspect-vs-ffmpeg\",\"clip\":\"$(basename "$each")\",\"round\":$round,\"ffmpegSeconds\":$(minus "$t1" "$t0"),\"inspectSeconds\":$(minus "$t2" "$t1"),\"inspectOneThreadSeconds\":$(minus "$t3" "$t2")}"
  done
  [ -n "$clip" ] && ZCI_PHASES=1 zci inspect "$clip" --frames 0 --json > /dev/null 2> "$out/phases-$round.txt"
done

# The floor under a process's first open, whole processes, alternating, five rounds: the CUDA driver alone from a C
# process's start to the primary context made current (context-floor.c: no FFmpeg, no Node), Node's own start to the
# end of its bootstrap (no module of ours), and FFmpeg's command line to its first frame on the same clip, beside the
# inspector's first frame with the prestart library and the early open (floor-phases-N.txt) and without either
# (ZCI_PRESTART=0 ZCI_EARLY_OPEN=0, floor-phases-noprestart-N.txt: the command's start before both), in turn first.
floor=$out/context-floor
if [ -n "$clip" ] && cc -O2 scripts/gpu/context-floor.c -ldl -o "$floor" 2> "$out/context-floor-build.txt"; then
  for round in 1 2 3 4 5; do
    record "$("$floor" "$(date +%s%N)" | sed "s/}\$/,\"round\":$round}/")"
    record "$("$node" -p "JSON.stringify({bench:'node-start',round:$round,bootstrapMs:performance.nodeTiming.bootstrapComplete})")"
    t0=$(now)
    ffmpeg -hide_banner -loglevel error -hwaccel cuda -hwaccel_output_format cuda -i "$clip" -frames:v 1 -f null - 2> /dev/null
    t1=$(now)
    with=0
    without=0
    order="with without"
    ((round % 2)) || order="without with"
    for turn in $order; do
      t=$(now)
      if [ "$turn" = with ]; then
        ZCI_PHASES=1 zci inspect "$clip" --frames 0 --json > /dev/null 2> "$out/floor-phases-$round.txt"
        with=$(minus "$(now)" "$t")
      else
        ZCI_PRESTART=0 ZCI_EARLY_OPEN=0 ZCI_PHASES=1 zci inspect "$clip" --frames 0 --json > /dev/null \
          2> "$out/floor-phases-noprestart-$round.txt"
        without=$(minus "$(now)" "$t")
      fi
    done
    record "{\"bench\":\"first-frame-vs-ffmpeg\",\"round\":$round,\"ffmpegSeconds\":$(minus "$t1" "$t0"),\"inspectSeconds\":$with,\"inspectNoPrestartSeconds\":$without}"
  done
  rm -f "$floor"
fi
[ -s "$out/context-floor-build.txt" ] || rm -f "$out/context-floor-build.txt"
