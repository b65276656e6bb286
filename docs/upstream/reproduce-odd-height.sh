#!/usr/bin/env bash
# Reproduces FFmpeg's odd-height NVDEC defect (README.md beside this script): decodes a 321x241 VP9 clip with NVDEC
# (-hwaccel cuda), once through FFmpeg's copy of each picture (the default since 6.0) and once with the decoder's own
# surface (AV_HWACCEL_FLAG_UNSAFE_OUTPUT, 6.0 and later), and compares each frame's checksum (framecrc) with the
# software decoder's. It prints every command it runs and says which one's output differs.
#
# Usage: docs/upstream/reproduce-odd-height.sh [FFMPEG]
#   FFMPEG       the ffmpeg under test (default: ffmpeg on PATH). It needs the vp9 decoder, the cuda hwaccel, the
#                hwdownload, format and scale filters, the rawvideo encoder and the framecrc muxer.
#   CLIP         the clip (default: docs/upstream/fate/vp9-odd-321x241.webm beside this script; made when missing)
#   CLIP_FFMPEG  the ffmpeg that makes a missing clip: it needs libvpx-vp9 and the lavfi input (default: ffmpeg on PATH)
# Exit status: 0 NVDEC's frames equal the software decoder's; 1 they differ; 2 the comparison could not run (no
# NVIDIA GPU or driver, or FFMPEG lacks a part it needs).
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
FFMPEG="${1:-${FFMPEG:-ffmpeg}}"
CLIP="${CLIP:-$HERE/fate/vp9-odd-321x241.webm}"
CLIP_FFMPEG="${CLIP_FFMPEG:-ffmpeg}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

say() { printf '%s\n' "$*"; }
cannot() { say "CANNOT RUN: $*"; exit 2; }

# The clip: 10 frames of testsrc2 scaled to 321x241 (testsrc2 makes only even 4:2:0 sizes), 4:2:0, encoded by
# libvpx-vp9 on one thread so the bytes do not depend on the machine's core count.
if [ ! -f "$CLIP" ]; then
  make_clip=("$CLIP_FFMPEG" -nostdin -v error -f lavfi -i testsrc2=size=320x240:rate=25
             -vf scale=321:241:flags=neighbor -frames:v 10 -c:v libvpx-vp9 -pix_fmt yuv420p -crf 45 -b:v 0
             -deadline good -cpu-used 4 -threads 1 -row-mt 0 -g 10 -fflags +bitexact -flags:v +bitexact -y "$CLIP")
  say "making the clip: ${make_clip[*]}"
  mkdir -p "$(dirname "$CLIP")"
  "${make_clip[@]}" || cannot "$CLIP_FFMPEG could not make the clip (it needs libvpx-vp9 and lavfi)"
fi

"$FFMPEG" -hide_banner -version | head -n 1
command -v nvidia-smi > /dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader

# Every decode ends in yuv420p, so the checksums compare the samples alone: the software decoder's frames are
# yuv420p already, NVDEC's are downloaded as NV12 and converted (an exact reordering of the same samples).
SOFTWARE=("$FFMPEG" -nostdin -v error -threads 1 -i "$CLIP" -vf scale,format=yuv420p -bitexact -f framecrc -)
# -hwaccel_output_format cuda keeps the frames on the GPU until hwdownload, which fails on a software frame: a decode
# that fell back to the CPU cannot pass for NVDEC's.
NVDEC_COPY=("$FFMPEG" -nostdin -v error -hwaccel cuda -hwaccel_output_format cuda -i "$CLIP"
            -vf hwdownload,format=nv12,scale,format=yuv420p -bitexact -f framecrc -)
NVDEC_SURFACE=("$FFMPEG" -nostdin -v error -hwaccel cuda -hwaccel_output_format cuda -hwaccel_flags +unsafe_output
               -i "$CLIP" -vf hwdownload,format=nv12,scale,format=yuv420p -bitexact -f framecrc -)

say "software decode: ${SOFTWARE[*]}"
"${SOFTWARE[@]}" > "$WORK/software.crc" 2> "$WORK/software.err" \
  || cannot "the software decode failed: $(tail -n 3 "$WORK/software.err")"
frames="$(grep -vc '^#' "$WORK/software.crc")"
[ "$frames" -gt 0 ] || cannot "the software decode made no frames"

status=0
ran=0
compare() { # NAME, then the command
  local name="$1"
  shift
  say "$name: $*"
  if ! "$@" > "$WORK/$name.crc" 2> "$WORK/$name.err"; then
    say "  did not run: $(tail -n 2 "$WORK/$name.err" | tr '\n' ' ')"
    return
  fi
  ran=$((ran + 1))
  if cmp -s "$WORK/software.crc" "$WORK/$name.crc"; then
    say "  equal to the software decoder's output ($frames frames)"
  else
    status=1
    local differ got
    differ="$(diff <(grep -v '^#' "$WORK/software.crc") <(grep -v '^#' "$WORK/$name.crc") | grep -c '^>')"
    got="$(grep -vc '^#' "$WORK/$name.crc")"
    say "  DIFFERS from the software decoder's output: $differ of its $got frames against the software decoder's $frames"
    diff "$WORK/software.crc" "$WORK/$name.crc" | grep -m 6 '^[<>]' | sed 's/^/    /'
  fi
}
compare nvdec-copy "${NVDEC_COPY[@]}"
compare nvdec-surface "${NVDEC_SURFACE[@]}"

[ "$ran" -gt 0 ] || cannot "no NVDEC decode ran (no NVIDIA GPU or driver, or $FFMPEG has no cuda hwaccel)"
if [ "$status" -eq 0 ]; then
  say "RESULT: NVDEC's frames equal the software decoder's"
else
  say "RESULT: NVDEC's frames differ from the software decoder's (the commands marked DIFFERS above)"
fi
exit "$status"
