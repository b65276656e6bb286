#!/usr/bin/env bash
# Where a whole-file `inspect` spends its time against FFmpeg's command line, on one clip, from an unpacked GPU
# bundle: whole processes, alternating, ROUNDS rounds (5), each variant in turn:
#   ffmpeg        ffmpeg -hwaccel cuda -hwaccel_output_format cuda -i CLIP -f null -   (every frame)
#   ffmpeg-first  the same with -frames:v 1                                             (its fixed cost)
#   json          inspect CLIP --json > file                  (the proof on every frame, the benchmark's command)
#   threads-N     the same with --nvdec-threads N, N 1, 2 and 8 (json: the default for every frame, 4)
#   no-proof      inspect CLIP --json --no-proof > file       (without the aliasing proof)
#   table         inspect CLIP > file                         (the table instead of JSON)
#   first         inspect CLIP --frames 0 --json > file       (its fixed cost: start, open, one frame)
# One JSON line a measurement into OUT/inspect-cost.jsonl: {"bench":"inspect-cost","clip","round","variant","seconds"}.
# Usage: inspect-cost.sh BUNDLE_DIR CLIP OUT
set -uo pipefail
usage="usage: inspect-cost.sh BUNDLE_DIR CLIP OUT"
here=$(cd "${1:?$usage}" && pwd) || exit 2
clip=$(cd "$(dirname "${2:?$usage}")" && pwd)/$(basename "$2")
out=${3:?$usage}
mkdir -p "$out"
. "$(dirname "$0")/bundle-env.sh" "$here"
lines=$out/inspect-cost.jsonl
: > "$lines"
now() { date +%s.%N; }
run_variant() {
  case $1 in
    ffmpeg) ffmpeg -hide_banner -loglevel error -hwaccel cuda -hwaccel_output_format cuda -i "$clip" -f null - ;;
    ffmpeg-first)
      ffmpeg -hide_banner -loglevel error -hwaccel cuda -hwaccel_output_format cuda -i "$clip" -frames:v 1 -f null - ;;
    json) zci inspect "$clip" --json > "$out/json.out" ;;
    threads-*) zci inspect "$clip" --json --nvdec-threads "${1#threads-}" > "$out/$1.out" ;;
    no-proof) zci inspect "$clip" --json --no-proof > "$out/no-proof.out" ;;
    table) zci inspect "$clip" > "$out/table.out" ;;
    first) zci inspect "$clip" --frames 0 --json > "$out/first.out" ;;
  esac
}
# One pass of each warms the page cache and the driver.
for variant in ffmpeg json; do run_variant "$variant" > /dev/null 2>&1; done
for round in $(seq 1 "${ROUNDS:-5}"); do
  for variant in ffmpeg ffmpeg-first json no-proof table first threads-1 threads-2 threads-8; do
    t0=$(now)
    run_variant "$variant" 2> "$out/$variant-$round.err"
    code=$?
    t1=$(now)
    seconds=$(awk -v a="$t1" -v b="$t0" 'BEGIN { printf "%.3f", a - b }')
    echo "{\"bench\":\"inspect-cost\",\"clip\":\"$(basename "$clip")\",\"round\":$round,\"variant\":\"$variant\",\"seconds\":$seconds,\"exit\":$code}" | tee -a "$lines"
  done
done
# The command's own marks over one whole-file run (ZCI_PHASES).
ZCI_PHASES=1 zci inspect "$clip" --json > /dev/null 2> "$out/phases-whole.txt"
