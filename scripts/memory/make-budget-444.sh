#!/usr/bin/env bash
# Writes the 4:4:4 file at the pixel budget: 30 black frames of 8192x4352 H.264 High 4:4:4 (35,651,584 pixels, the
# default pixel budget exactly) with 16 reference frames and no B-frames, about 120 KB. Its decoder's DPB fills after
# 16 frames, so the 30 frames reach what such a file holds at most. Needs the ffmpeg command with libx264.
#   scripts/memory/make-budget-444.sh OUT.mp4
set -euo pipefail
out=${1:?usage: scripts/memory/make-budget-444.sh OUT.mp4}
"${FFMPEG:-ffmpeg}" -hide_banner -nostdin -loglevel error -y -f lavfi -i color=c=black:s=8192x4352:r=24 -frames:v 30 \
  -c:v libx264 -preset ultrafast -crf 51 -x264-params ref=16:bframes=0 -pix_fmt yuv444p -threads 2 \
  -map_metadata -1 -fflags +bitexact -flags:v +bitexact "$out"
