#!/usr/bin/env bash
# Makes the addon variant for an FFmpeg series with docs/upstream's odd-height NVDEC fix applied (ZCI_FFMPEG=7.1-patched
# or 9.0-patched) from the series' own variant, without compiling the addon again.
#
# native/build-ffmpeg-SERIES-patched/ gets copies of native/build-ffmpeg-SERIES/'s binaries (the addon, its NVDEC pool
# library, zci_bench) and, in Release/ffmpeg-lib/, the libraries of .gpu/ffmpeg-SERIES-patched (scripts/gpu/build-ffmpeg.sh
# SERIES patched). The binaries find FFmpeg through their RUNPATH, relative to themselves ($ORIGIN/ffmpeg-lib, and
# $ORIGIN/Release/ffmpeg-lib for zci_bench), so the copies load the patched libraries as they are. That is sound only
# while the two FFmpeg builds have one ABI: the patches change no header, and this script refuses to make the variant
# when the installed headers or the libraries' sonames differ (the addon would then need its own build against the
# patched prefix). The one header that differs is libavutil/ffversion.h (FFMPEG_VERSION, which carries the patched
# build's version suffix): the addon's sources never include it, which is checked too.
#
# Usage: scripts/gpu/patched-variant.sh 7.1|9.0
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SERIES="${1:-}"
log() { printf '[patched-variant] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }
case "$SERIES" in
  7.1 | 9.0) ;;
  *) log "ERROR: unknown FFmpeg series '$SERIES' (expected 7.1 or 9.0)"; exit 2 ;;
esac

FROM="$REPO_ROOT/native/build-ffmpeg-$SERIES"
TO="$REPO_ROOT/native/build-ffmpeg-$SERIES-patched"
PLAIN="$REPO_ROOT/.gpu/ffmpeg-$SERIES"
PATCHED="$REPO_ROOT/.gpu/ffmpeg-$SERIES-patched"
BINARIES=(Release/zerocopy_inspector.node Release/libzci_nvdec_pool.so zci_bench)

for f in "${BINARIES[@]}"; do
  [ -f "$FROM/$f" ] || die "$FROM/$f is missing: build the $SERIES variant first (npm run build:native:ffmpeg${SERIES%%.*})"
done
[ -d "$PLAIN/include" ] || die "$PLAIN has no headers: run scripts/gpu/build-ffmpeg.sh $SERIES"
[ -d "$PATCHED/include" ] || die "$PATCHED has no headers: run scripts/gpu/build-ffmpeg.sh $SERIES patched"

# One ABI: the same installed headers (but the version string's) and the same library files by soname.
diff -r -x ffversion.h "$PLAIN/include" "$PATCHED/include" > /dev/null \
  || die "the headers of $PATCHED differ from $PLAIN's: the patched FFmpeg needs an addon built against it"
! grep -rE 'ffversion\.h|FFMPEG_VERSION' "$REPO_ROOT/native/src" > /dev/null \
  || die "the addon's sources use FFMPEG_VERSION, which differs in the patched FFmpeg: it needs its own build"
sonames() { (cd "$1/lib" && find . -maxdepth 1 -name 'lib*.so.*' | sed 's|^\./||' | sort); }
[ "$(sonames "$PLAIN")" = "$(sonames "$PATCHED")" ] \
  || die "the library files of $PATCHED differ in name from $PLAIN's: the patched FFmpeg needs its own addon build"

# Each binary must find FFmpeg only beside itself, or the copy would load the series' unpatched libraries.
runpath() { readelf -d "$1" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]$/\1/p'; }
[ "$(runpath "$FROM/Release/zerocopy_inspector.node")" = '$ORIGIN/ffmpeg-lib' ] \
  || die "$FROM/Release/zerocopy_inspector.node does not look up FFmpeg in \$ORIGIN/ffmpeg-lib alone"
[ "$(runpath "$FROM/zci_bench")" = '$ORIGIN/Release/ffmpeg-lib' ] \
  || die "$FROM/zci_bench does not look up FFmpeg in \$ORIGIN/Release/ffmpeg-lib alone"

rm -rf "$TO"
mkdir -p "$TO/Release/ffmpeg-lib"
for f in "${BINARIES[@]}"; do cp -a "$FROM/$f" "$TO/$f"; done
cp -a "$PATCHED"/lib/lib*.so.* "$TO/Release/ffmpeg-lib/"
# What the variant was made from, for whoever wonders which build its binaries are.
{
  printf 'binaries: copies of native/build-ffmpeg-%s\n' "$SERIES"
  (cd "$FROM" && sha256sum "${BINARIES[@]}")
  printf 'ffmpeg: .gpu/ffmpeg-%s-patched\n' "$SERIES"
  (cd "$REPO_ROOT/docs/upstream/ffmpeg-$SERIES" && sha256sum ./*.patch)
} > "$TO/made-from.txt"
log "made $TO ($(du -sh "$TO" | cut -f1))"
