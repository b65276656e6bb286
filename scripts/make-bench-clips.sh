#!/usr/bin/env bash
# Generates the larger benchmark clips into .gpu/clips/ (git-ignored, never committed) with the
# system ffmpeg, checks their frame-index band, and prints their sizes.
set -euo pipefail

# Work from the repository root so .gpu/clips lands in the right place wherever this is run from.
cd "$(dirname "${BASH_SOURCE[0]}")/.."

FFMPEG="${FFMPEG:-ffmpeg}"
OUT=.gpu/clips
# The clips travel to the GPU machine with the working tree, so keep the total modest.
BUDGET=$((25 * 1024 * 1024))

# Quiet, non-interactive, overwrite: the script is meant to be rerun.
COMMON=(-hide_banner -nostdin -loglevel error -stats -y)
# Same metadata hygiene as the fixtures; faststart so a reader finds moov without seeking to the end.
REPRO=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact -movflags +faststart)

# index_graph W H RATE PIX_FMT SOURCE: same band as test/fixtures/make-fixtures.sh (kept in sync by
# hand): frame n carries n (mod 256) in 8 columns of the top 64 rows, SOURCE fills the rest.
index_graph() {
  local w=$1 h=$2 rate=$3 pix=$4 background=$5
  # Band is 64 rows, or 32 for frames under 200 rows, as check-pattern.py expects.
  local band=64
  ((h >= 200)) || band=32
  # Video-range levels for bit set / clear and neutral chroma, scaled to the bit depth.
  local hi=235 lo=16 mid=128
  if [[ $pix == *p10le ]]; then hi=940 lo=64 mid=512; fi
  printf '%s' \
    "${background}=s=${w}x$((h - band)):r=${rate},format=${pix}[bg];" \
    "color=c=black:s=${w}x${band}:r=${rate},format=${pix}," \
    "geq=lum='if(mod(floor(N/pow(2,floor(8*X/W))),2),${hi},${lo})':cb=${mid}:cr=${mid}[band];" \
    "[band][bg]vstack=inputs=2,format=${pix}"
}

mkdir -p "$OUT"

# 1080p H.264, 20 s: the main throughput clip; 1 s closed GOPs, veryfast keeps B-frames on.
echo "bench-1080p-h264.mp4"
"$FFMPEG" "${COMMON[@]}" -filter_complex "$(index_graph 1920 1080 30 yuv420p testsrc2)" \
  -frames:v 600 -an -c:v libx264 -preset veryfast -profile:v high -crf 30 -pix_fmt yuv420p \
  -g 30 -keyint_min 30 -sc_threshold 0 "${REPRO[@]}" "$OUT/bench-1080p-h264.mp4"

# 2160p HEVC 8-bit Main, 10 s: large surfaces; ultrafast because x265 at 4K is slow on few cores.
echo "bench-2160p-hevc.mp4"
"$FFMPEG" "${COMMON[@]}" -filter_complex "$(index_graph 3840 2160 30 yuv420p testsrc2)" \
  -frames:v 300 -an -c:v libx265 -preset ultrafast -profile:v main -crf 30 -pix_fmt yuv420p \
  -g 30 -keyint_min 30 -x265-params keyint=30:min-keyint=30:scenecut=0:open-gop=0:log-level=error \
  -tag:v hvc1 "${REPRO[@]}" "$OUT/bench-2160p-hevc.mp4"

# 2160p HEVC Main10, 2 s: P010 surfaces in GPU memory, for the memory probe's tile reads.
echo "bench-2160p-hevc10.mp4"
"$FFMPEG" "${COMMON[@]}" -filter_complex "$(index_graph 3840 2160 30 yuv420p10le testsrc2)" \
  -frames:v 60 -an -c:v libx265 -preset ultrafast -profile:v main10 -crf 30 -pix_fmt yuv420p10le \
  -g 30 -keyint_min 30 -x265-params keyint=30:min-keyint=30:scenecut=0:open-gop=0:log-level=error \
  -tag:v hvc1 "${REPRO[@]}" "$OUT/bench-2160p-hevc10.mp4"

# 360p H.264, 10 s: small frames, where per-frame overhead rather than bandwidth dominates.
echo "bench-360p-h264.mp4"
"$FFMPEG" "${COMMON[@]}" -filter_complex "$(index_graph 640 360 30 yuv420p testsrc2)" \
  -frames:v 300 -an -c:v libx264 -preset veryfast -profile:v high -crf 28 -pix_fmt yuv420p \
  -g 30 -keyint_min 30 -sc_threshold 0 "${REPRO[@]}" "$OUT/bench-360p-h264.mp4"

# 1080p H.264, 300 frames, made as a plain user would make one: x264's defaults (preset medium, CRF 23, its own GOP,
# scene cuts and B-frames), another picture source and no index band; nothing in the inspector was tuned against it.
echo "plain-1080p-h264.mp4"
"$FFMPEG" "${COMMON[@]}" -f lavfi -i "gradients=s=1920x1080:r=30:speed=0.03:n=5,format=yuv420p" \
  -frames:v 300 -an -c:v libx264 -crf 23 -pix_fmt yuv420p "${REPRO[@]}" "$OUT/plain-1080p-h264.mp4"

# Sizes, and a warning if the set grew past what is reasonable to carry.
total=0
for f in "$OUT"/bench-1080p-h264.mp4 "$OUT"/bench-2160p-hevc.mp4 "$OUT"/bench-2160p-hevc10.mp4 "$OUT"/bench-360p-h264.mp4 \
  "$OUT"/plain-1080p-h264.mp4; do
  size=$(stat -c %s "$f")
  total=$((total + size))
  printf '%10d  %s\n' "$size" "$f"
done
printf '%10d  total\n' "$total"
if ((total > BUDGET)); then
  echo "warning: clips total $total bytes, over the $BUDGET-byte budget; raise the CRFs" >&2
fi

# The index band must survive in every frame (the 8-bit index wraps at 256).
python3 test/fixtures/check-pattern.py \
  "$OUT/bench-1080p-h264.mp4=600" \
  "$OUT/bench-2160p-hevc.mp4=300" \
  "$OUT/bench-2160p-hevc10.mp4=60" \
  "$OUT/bench-360p-h264.mp4=300"
