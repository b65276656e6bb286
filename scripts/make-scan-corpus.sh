#!/usr/bin/env bash
# Generates the scan benchmark's corpus into .gpu/corpus/ (git-ignored) with the system ffmpeg: 224 short clips of
# the codecs NVDEC decodes, at sizes whose picture height is even and odd, so that a scan has files the decoder's
# witness must flag (odd-height VP9 and MPEG-2) and files it must leave green. Small enough to travel to a GPU
# machine with the bundle. (The run recorded on 2026-12-05 used an earlier version whose 10-bit HEVC names
# collided: 223 clips.) Usage: scripts/make-scan-corpus.sh [OUT]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

FFMPEG="${FFMPEG:-ffmpeg}"
OUT="${1:-.gpu/corpus}"
mkdir -p "$OUT"
COMMON=(-hide_banner -nostdin -loglevel error -y)
OUTPUT=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact)

# clip NAME W H FRAMES PIX ENCODER-ARGS...: one clip of testsrc2 (a moving picture, so every frame differs), coded
# coarsely: the scan measures decoding and checking, not picture quality, and the corpus must stay small. lavfi's
# sources round odd sizes down for 4:2:0, so the picture is drawn one pixel smaller and scaled to the odd size.
clip() {
  local name=$1 w=$2 h=$3 frames=$4 pix=$5
  shift 5
  [ -s "$OUT/$name" ] && return
  "$FFMPEG" "${COMMON[@]}" -f lavfi -i "testsrc2=s=$((w & ~1))x$((h & ~1)):r=30" -vf "scale=${w}:${h}:flags=neighbor" \
    -frames:v "$frames" -pix_fmt "$pix" "$@" "${OUTPUT[@]}" "$OUT/$name"
}

# Sizes: four even and four odd picture heights per codec, several widths, so files differ in pitch too. libx264
# codes 4:2:0 at even sizes only: its "odd" files are sizes that are no multiple of 16 (cropped from the coded size).
even=("640x360" "1280x720" "854x480" "320x240")
odd=("641x361" "320x241" "1278x719" "480x271")
h264_odd=("642x362" "322x242" "1278x718" "482x272")
for rep in 0 1 2 3 4 5 6 7 8; do
  for i in 0 1 2 3 4 5 6 7; do
    if ((i < 4)); then size=${even[$i]} h264=${even[$i]}; else size=${odd[$((i - 4))]} h264=${h264_odd[$((i - 4))]}; fi
    w=${size%x*} h=${size#*x}
    frames=$((24 + 3 * rep))
    clip "h264-$h264-$rep.mp4" "${h264%x*}" "${h264#*x}" "$frames" yuv420p -c:v libx264 -preset ultrafast -crf 40 -g 12
    clip "vp9-$size-$rep.webm" "$w" "$h" "$frames" yuv420p -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -crf 60 -b:v 0 -g 12
    clip "mpeg2-$size-$rep.mkv" "$w" "$h" "$frames" yuv420p -c:v mpeg2video -q:v 31 -g 12
  done
done
# 10-bit VP9, even and odd.
for size in "640x360" "641x361" "1280x720" "321x241"; do
  w=${size%x*} h=${size#*x}
  clip "vp9p2-$size.webm" "$w" "$h" 30 yuv420p10le -c:v libvpx-vp9 -profile:v 2 -deadline realtime -cpu-used 8 -crf 60 -b:v 0
done
# HEVC codes whole 8×8 blocks at even sizes: four even sizes, two of them no multiple of 16.
for size in "640x360" "1280x720" "642x362" "322x242"; do
  w=${size%x*} h=${size#*x}
  clip "hevc10-$size.mp4" "$w" "$h" 30 yuv420p10le -c:v libx265 -preset ultrafast -crf 40 -x265-params log-level=error
done
echo "$(find "$OUT" -type f | wc -l) clips in $OUT, $(du -sh "$OUT" | cut -f1)"
