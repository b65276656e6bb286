#!/usr/bin/env bash
# Builds a minimal shared FFmpeg with NVDEC/CUVID from Debian's source package of one FFmpeg series.
#
#   5.1 (default): the version of this machine's libavcodec59, into .gpu/ffmpeg/. An addon linked against
#        Debian 12's lib*-dev packages runs unchanged against it on a GPU host without FFmpeg.
#   7.1: Debian 13's 7:7.1.5-0+deb13u1, into .gpu/ffmpeg-7.1/, with headers and pkg-config files kept, so
#        the addon's 7.1 variant builds against it (Debian 12 has no 7.1 development packages). Its source
#        comes through a private apt source list under .gpu/apt-trixie/; the system's apt sources are untouched.
#   9.0: FFmpeg 9.0.2 as Debian unstable carries it (7:9.0.2-4), into .gpu/ffmpeg-9.0/, headers and pkg-config
#        kept like 7.1. Built from the upstream tarball alone (see fetch_source_9_0), checked against the
#        SHA-256 in unstable's signed Sources index, read through a private apt list under .gpu/apt-sid/.
#
#   FLAVOR `patched` (7.1 and 9.0 only): the same build with docs/upstream/ffmpeg-SERIES/*.patch applied (the
#        libavcodec/nvdec.c fix for odd picture heights), into .gpu/ffmpeg-SERIES-patched/. Its version string
#        ends in -nvdec-odd-height so a report names which FFmpeg it ran on; the ABI is the series' own.
#
# All enable the same decoders: everything NVDEC can decode (H.264, HEVC, VP9, VP8, MPEG-2, MPEG-4 Part 2,
# VC-1, AV1) with its nvdec hwaccel, and AV1 in software through libdav1d for GPUs whose NVDEC lacks it.
#
# Usage: scripts/gpu/build-ffmpeg.sh [5.1|7.1|9.0] [patched]     (idempotent; FORCE=1 rebuilds)
# Output: PREFIX/lib/*.so.* (+ symlinks), PREFIX/bin/{ffmpeg,ffprobe}; 7.1 and 9.0 also PREFIX/include,
#         PREFIX/lib/pkgconfig
set -euo pipefail

# Paths are relative to the repo root so the script works from any cwd.
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
GPU_DIR="$REPO_ROOT/.gpu"
SERIES="${1:-5.1}"
FLAVOR="${2:-}"
case "$SERIES" in
  5.1) PREFIX="$GPU_DIR/ffmpeg" ;;
  7.1) PREFIX="$GPU_DIR/ffmpeg-7.1" ;;
  9.0) PREFIX="$GPU_DIR/ffmpeg-9.0" ;;
  *) printf '[build-ffmpeg] ERROR: unknown FFmpeg series %s (expected 5.1, 7.1 or 9.0)\n' "$SERIES" >&2; exit 2 ;;
esac
case "$SERIES:$FLAVOR" in
  *:) ;;
  7.1:patched | 9.0:patched) PREFIX="$PREFIX-patched" ;;
  *) printf '[build-ffmpeg] ERROR: unknown build %s %s (expected FLAVOR patched, for 7.1 or 9.0 only)\n' "$SERIES" "$FLAVOR" >&2
     exit 2 ;;
esac
# The patches of the patched flavor, applied in name order; their SHA-256 is part of the build's identity.
PATCH_DIR="$REPO_ROOT/docs/upstream/ffmpeg-$SERIES"
PATCHES=()
PATCH_SHA=""
if [ "$FLAVOR" = patched ]; then
  PATCHES=("$PATCH_DIR"/*.patch)
  [ -f "${PATCHES[0]}" ] || { printf '[build-ffmpeg] ERROR: no patches in %s\n' "$PATCH_DIR" >&2; exit 2; }
  PATCH_SHA="$(cat "${PATCHES[@]}" | sha256sum | cut -c1-64)"
fi
SRC_PARENT="$GPU_DIR/src"
STAMP="$PREFIX/.build-stamp"
JOBS="${JOBS:-2}"

log() { printf '[build-ffmpeg] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# apt needs root; use sudo only when we are not already root.
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

# Run `apt-get update` at most once per invocation (it is slow and needs the network).
APT_UPDATED=0
apt_update_once() {
  if [ "$APT_UPDATED" -eq 0 ]; then
    $SUDO apt-get update -qq
    APT_UPDATED=1
  fi
}

# grep output goes to /dev/null rather than -q: -q exits early and SIGPIPEs the writer, which pipefail reports.
# True when a Debian package is fully installed (dpkg-query alone says "not-installed" for removed ones).
is_installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep 'install ok installed' >/dev/null
}

# Install only what is missing so repeat runs do not touch apt at all.
ensure_packages() {
  local missing=() p
  for p in "$@"; do is_installed "$p" || missing+=("$p"); done
  if [ "${#missing[@]}" -gt 0 ]; then
    log "installing: ${missing[*]}"
    apt_update_once
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

# 5.1: the target ABI is whatever Debian's libavcodec59 is; its source package version pins the source.
# 7.1: Debian 13's package, pinned; its sonames are the 7.x ones.
if [ "$SERIES" = 5.1 ]; then
  DEB_VER="$(dpkg-query -W -f='${Version}' libavcodec59 2>/dev/null || true)"
  [ -n "$DEB_VER" ] || die "libavcodec59 is not installed; cannot tell which FFmpeg version to match"
  SONAMES=(libavcodec.so.59 libavformat.so.59 libavutil.so.57 libswscale.so.6 libswresample.so.4 libavfilter.so.8)
elif [ "$SERIES" = 7.1 ]; then
  DEB_VER="7:7.1.5-0+deb13u1"
  SONAMES=(libavcodec.so.61 libavformat.so.61 libavutil.so.59 libswscale.so.8 libswresample.so.5 libavfilter.so.10)
else
  DEB_VER="7:9.0.2-4"
  SONAMES=(libavcodec.so.63 libavformat.so.63 libavutil.so.61 libswscale.so.10 libswresample.so.7 libavfilter.so.12)
fi
UP_VER="${DEB_VER#*:}"      # drop the epoch (7:)
UP_VER="${UP_VER%-*}"       # drop the Debian revision (-0+deb12u1)
log "target: Debian ffmpeg $DEB_VER (upstream $UP_VER)"

# Pinned configure line: everything not listed is off, so the libs depend only on glibc + each other.
CONFIGURE_FLAGS=(
  --prefix="$PREFIX"
  --disable-everything
  --disable-autodetect          # no accidental deps on zlib/libdrm/xlib etc. that Ubuntu hosts may lack
  --enable-shared
  --disable-static
  --disable-doc
  --disable-debug               # no -g; libraries are stripped after install too
  --disable-avdevice            # the addon and benchmarks never use capture devices
  --disable-network             # only local file/pipe input is needed
  --enable-ffnvcodec            # dlopen()-based NVIDIA loader headers (no link-time CUDA dep)
  --enable-cuda                 # hwcontext_cuda: -hwaccel cuda / av_hwdevice_ctx_create(CUDA)
  --enable-nvdec
  --enable-cuvid
  --enable-avfilter
  --enable-swscale
  --enable-swresample
  --enable-ffmpeg
  --enable-ffprobe
  --enable-libdav1d             # AV1 in software where NVDEC has none (Debian 12's libdav1d.so.6 needs only libc)
  --enable-protocol=file,pipe
  --enable-demuxer=mov,matroska,h264,hevc,ivf,avi,asf,mpegps,mpegts,mpegvideo,m4v,vc1,obu
  --enable-muxer=null,framecrc   # framecrc: per-frame checksums, to compare NVDEC's output with the software decoder's
  --enable-encoder=wrapped_avframe,pcm_s16le   # the codecs `-f null` picks by default for video/audio
  --enable-encoder=rawvideo     # what framecrc checksums for video
  --enable-decoder=h264,hevc,vp9,vp8,mpeg1video,mpeg2video,mpeg4,vc1,wmv3,av1,libdav1d,rawvideo,aac,mp2,mp3
  --enable-decoder=h264_cuvid,hevc_cuvid,vp9_cuvid,vp8_cuvid,mpeg1_cuvid,mpeg2_cuvid,mpeg4_cuvid,vc1_cuvid,av1_cuvid
  --enable-parser=h264,hevc,vp9,vp8,mpegvideo,mpeg4video,vc1,av1,aac,mpegaudio
  --enable-bsf=h264_mp4toannexb,hevc_mp4toannexb,vp9_superframe_split,extract_extradata,av1_frame_split
  --enable-hwaccel=h264_nvdec,hevc_nvdec,vp9_nvdec,vp8_nvdec,mpeg1_nvdec,mpeg2_nvdec,mpeg4_nvdec,vc1_nvdec,wmv3_nvdec,av1_nvdec
  --enable-filter=hwupload_cuda,hwupload,hwdownload,format,scale,null,nullsink,anull,anullsink,aformat,aresample,trim,atrim
)
# A patched build says so in its version string (av_version_info(), `ffmpeg -version`).
if [ "$FLAVOR" = patched ]; then CONFIGURE_FLAGS+=(--extra-version=nvdec-odd-height); fi
# RUNPATH is injected through the generated ffbuild/config.mak because passing '$ORIGIN' through
# configure's --extra-ld*flags gets mangled by its eval-based quoting. Program links see \$$ once
# (make -> \$, shell -> $); library links go through library.mak's $(eval $(RULES)), hence \$$$$.
# Libraries get $ORIGIN too so a lib loaded on its own still finds its sibling FFmpeg libs.
EXTRA_MAK='# added by scripts/gpu/build-ffmpeg.sh: relocatable lookup of the bundled libs
LDEXEFLAGS += -Wl,--enable-new-dtags -Wl,-rpath,\$$ORIGIN/../lib
LDSOFLAGS += -Wl,--enable-new-dtags -Wl,-rpath,\$$$$ORIGIN'
# The stamp ties the output to both the source version and the exact configure line + link flags.
STAMP_CONTENT="$(printf 'debian-version=%s\nconfigure=' "$DEB_VER"; printf '%q ' "${CONFIGURE_FLAGS[@]}"; printf '\n%s\n' "$EXTRA_MAK")"
# 9.0 is the upstream tarball alone, pinned by its SHA-256; a patched build adds the patches' SHA-256.
ORIG_9_0="ffmpeg_9.0.2.orig.tar.xz"
ORIG_9_0_SHA256="8c3850283eb25fa026482078a04051e0be17347b09ef81a0849bec15a96e002e"
if [ "$SERIES" = 9.0 ]; then STAMP_CONTENT+="$(printf '\nsource=%s sha256=%s' "$ORIG_9_0" "$ORIG_9_0_SHA256")"; fi
if [ "$FLAVOR" = patched ]; then STAMP_CONTENT+="$(printf '\npatches-sha256=%s' "$PATCH_SHA")"; fi

# A cache outside the checkout keeps each finished build, keyed by everything that decides its bytes: the series,
# the Debian source version (which pins the source package the archive signs), the configure line and link flags
# (the prefix left out: the libraries find each other through $ORIGIN), 7.1's and 9.0's ffnvcodec headers, and for a
# patched build the patches' SHA-256 (in the stamp) under its own name (7.1-patched-KEY). A fresh clone on
# the same machine copies the build instead of compiling it; a fresh machine builds it. ZCI_FFMPEG_CACHE=none: no cache.
CACHE_ROOT="${ZCI_FFMPEG_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/zerocopy-inspector/ffmpeg}"
BUILD_NAME="$SERIES${FLAVOR:+-$FLAVOR}"
CACHE_KEY="$(printf '%s\n' "$BUILD_NAME" "${STAMP_CONTENT//"$PREFIX"/@PREFIX@}" "nv-codec-headers=12.1.14.0-1" | sha256sum | cut -c1-24)"
CACHE_DIR="$CACHE_ROOT/$BUILD_NAME-$CACHE_KEY"
if [ "${FORCE:-0}" != 1 ] && [ "$CACHE_ROOT" != none ] && [ -f "$CACHE_DIR/.complete" ] \
   && [ ! -e "$PREFIX/lib/${SONAMES[0]}" -o "$(cat "$STAMP" 2> /dev/null)" != "$STAMP_CONTENT" ]; then
  rm -rf "$PREFIX"
  mkdir -p "$PREFIX"
  cp -a "$CACHE_DIR/." "$PREFIX/"
  # pkg-config files name the folder they were installed to: point them at this one.
  built_at="$(cat "$PREFIX/.prefix")"
  rm -f "$PREFIX/.complete" "$PREFIX/.prefix"
  for pc in "$PREFIX"/lib/pkgconfig/*.pc; do
    [ -f "$pc" ] && sed -i "s|$built_at|$PREFIX|g" "$pc"
  done
  printf '%s' "$STAMP_CONTENT" > "$STAMP"
  log "copied from the build cache ($CACHE_DIR)"
  du -sh "$PREFIX"
  exit 0
fi

# Keeps the build in the cache: copied to a temporary folder first, then renamed, so a half-written entry is never
# used.
store_in_cache() {
  [ "$CACHE_ROOT" != none ] && [ ! -f "$CACHE_DIR/.complete" ] && mkdir -p "$CACHE_ROOT" 2> /dev/null || return 0
  local tmp
  tmp="$(mktemp -d "$CACHE_ROOT/.partial.XXXXXX")"
  if cp -a "$PREFIX/." "$tmp/" && rm -f "$tmp/.build-stamp" && printf '%s' "$PREFIX" > "$tmp/.prefix" \
    && touch "$tmp/.complete" && mv "$tmp" "$CACHE_DIR"; then
    log "kept in the build cache ($CACHE_DIR)"
  else
    rm -rf "$tmp"
  fi
}

# Skip everything (including apt) when the same build is already in place.
if [ "${FORCE:-0}" != 1 ] && [ -e "$PREFIX/lib/${SONAMES[0]}" ] && [ -f "$STAMP" ] \
   && [ "$(cat "$STAMP")" = "$STAMP_CONTENT" ]; then
  log "up to date ($PREFIX); set FORCE=1 to rebuild"
  store_in_cache
  du -sh "$PREFIX"
  exit 0
fi

START_TS="$(date +%s)"

# Build tools: dpkg-dev unpacks the source package, nasm enables the x86 SIMD decoders,
# libffmpeg-nvenc-dev provides the ffnvcodec headers + ffnvcodec.pc.
ensure_packages dpkg-dev libffmpeg-nvenc-dev nasm pkg-config gcc make libdav1d-dev curl xz-utils patch

# Where each series' source comes from: have_src_version, fetch_source_7_1, ensure_nv_codec_headers_12,
# fetch_source_9_0, ensure_deb_src.
# shellcheck source=scripts/gpu/ffmpeg-source.sh
. "$REPO_ROOT/scripts/gpu/ffmpeg-source.sh"

# Fetch + unpack (with Debian's patches, i.e. exactly what libavcodec59 was built from).
SRC_DIR="$SRC_PARENT/ffmpeg-$UP_VER"
if [ ! -f "$SRC_DIR/configure" ] || [ ! -f "$SRC_DIR/.zci-deb-version" ] \
   || [ "$(cat "$SRC_DIR/.zci-deb-version")" != "$DEB_VER" ]; then
  rm -rf "$SRC_DIR"
  mkdir -p "$SRC_PARENT"
  log "apt-get source ffmpeg=$DEB_VER -> $SRC_PARENT"
  if [ "$SERIES" = 7.1 ]; then
    fetch_source_7_1
  elif [ "$SERIES" = 9.0 ]; then
    fetch_source_9_0
  else
    ensure_deb_src
    # Run in a subshell so the cd does not leak; apt-get source writes into the cwd.
    ( cd "$SRC_PARENT" && apt-get source -qq --only-source "ffmpeg=$DEB_VER" )
  fi
  [ -f "$SRC_DIR/configure" ] || die "unpacked source not found at $SRC_DIR"
  echo "$DEB_VER" > "$SRC_DIR/.zci-deb-version"
fi

# A patched build compiles a patched copy of the source, so the unpacked source stays the series' own; the copy is
# redone whenever the patches change.
if [ "$FLAVOR" = patched ]; then
  PATCHED_SRC="$SRC_PARENT/ffmpeg-$UP_VER-patched"
  if [ "$(cat "$PATCHED_SRC/.zci-patches-sha256" 2> /dev/null)" != "$PATCH_SHA" ]; then
    rm -rf "$PATCHED_SRC"
    cp -a "$SRC_DIR" "$PATCHED_SRC"
    for p in "${PATCHES[@]}"; do
      log "applying $(basename "$p")"
      patch -d "$PATCHED_SRC" -p1 --forward --quiet < "$p" || die "$(basename "$p") does not apply to FFmpeg $UP_VER"
    done
    echo "$PATCH_SHA" > "$PATCHED_SRC/.zci-patches-sha256"
  fi
  SRC_DIR="$PATCHED_SRC"
fi

# ffnvcodec.pc lives in /usr/share/pkgconfig (5.1) or the private prefix (7.1, 9.0: FFmpeg 9.0's configure takes
# 12.1.14.0 as well, the version Debian unstable carries too); point pkg-config there explicitly.
if [ "$SERIES" != 5.1 ]; then
  ensure_nv_codec_headers_12
  NVPC_DIR="$NVCH_PREFIX/lib/pkgconfig"
else
  NVPC_DIR="$(dirname "$(dpkg -L libffmpeg-nvenc-dev | grep '/ffnvcodec\.pc$' | tail -n 1)")"
fi
export PKG_CONFIG_PATH="$NVPC_DIR${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
pkg-config --exists ffnvcodec || die "pkg-config cannot find ffnvcodec (PKG_CONFIG_PATH=$PKG_CONFIG_PATH)"

# Out-of-tree build keeps the unpacked source pristine and lets a config change start clean.
BUILD_DIR="$GPU_DIR/build/ffmpeg-$UP_VER${FLAVOR:+-$FLAVOR}"
rm -rf "$BUILD_DIR" "$PREFIX"
mkdir -p "$BUILD_DIR"
cd "$BUILD_DIR"

log "configure: ${CONFIGURE_FLAGS[*]}"
"$SRC_DIR/configure" "${CONFIGURE_FLAGS[@]}" > configure.out 2>&1 \
  || { tail -n 40 configure.out; tail -n 40 ffbuild/config.log 2>/dev/null; die "configure failed"; }

# Fail early if configure silently dropped a feature we rely on (e.g. ffnvcodec not found).
for sym in CONFIG_CUDA CONFIG_NVDEC CONFIG_CUVID CONFIG_H264_NVDEC_HWACCEL CONFIG_HEVC_NVDEC_HWACCEL \
           CONFIG_VP9_NVDEC_HWACCEL CONFIG_VP8_NVDEC_HWACCEL CONFIG_MPEG2_NVDEC_HWACCEL CONFIG_MPEG4_NVDEC_HWACCEL \
           CONFIG_VC1_NVDEC_HWACCEL CONFIG_AV1_NVDEC_HWACCEL CONFIG_LIBDAV1D_DECODER CONFIG_FFNVCODEC CONFIG_HWUPLOAD_CUDA_FILTER HAVE_PTHREADS HAVE_X86ASM; do
  # 5.1 keeps component switches (decoders, hwaccels, filters) in config_components.h.
  cat config.h config_components.h | grep -E "^#define $sym 1" >/dev/null || die "configure did not enable $sym"
done

# Append the RUNPATH flags (see EXTRA_MAK above) to the generated make config.
printf '%s\n' "$EXTRA_MAK" >> ffbuild/config.mak

log "make -j$JOBS (log: $BUILD_DIR/make.out)"
make -j"$JOBS" > make.out 2>&1 || { tail -n 60 make.out; die "make failed"; }

make install-libs install-progs > install.out 2>&1 || { tail -n 40 install.out; die "make install failed"; }
# 5.1: headers and pkg-config come from Debian's -dev packages when building the addon. 7.1 and 9.0 keep their own.
if [ "$SERIES" = 5.1 ]; then
  rm -rf "$PREFIX/lib/pkgconfig" "$PREFIX/include" "$PREFIX/share"
else
  make install-headers > install-headers.out 2>&1 || { tail -n 40 install-headers.out; die "make install-headers failed"; }
  rm -rf "$PREFIX/share"
fi

# libdav1d travels beside libavcodec (found through its $ORIGIN RUNPATH); it needs nothing but libc.
DAV1D_SO="$(dpkg -L libdav1d6 | grep -E '/libdav1d\.so\.6$' | head -n 1)"
[ -n "$DAV1D_SO" ] || die "libdav1d.so.6 not found (apt install libdav1d6)"
cp -L "$DAV1D_SO" "$PREFIX/lib/libdav1d.so.6"

# Strip real files only (symlinks point at them); --strip-unneeded keeps the dynamic symbol table.
find "$PREFIX/lib" -type f -name 'lib*.so.*' -exec strip --strip-unneeded {} +
strip --strip-unneeded "$PREFIX/bin/ffmpeg" "$PREFIX/bin/ffprobe"

# Sanity checks: sonames match Debian's runtime packages and the binaries carry a relative RUNPATH.
for so in "${SONAMES[@]}"; do
  [ -e "$PREFIX/lib/$so" ] || die "missing $so"
  objdump -p "$PREFIX/lib/$so" | grep -E "SONAME +$so\$" >/dev/null || die "$so has an unexpected SONAME"
done
for so in "$PREFIX"/lib/lib*.so.*.*.*; do
  readelf -d "$so" | grep -F '[$ORIGIN]' >/dev/null || die "$(basename "$so") lacks RUNPATH \$ORIGIN"
done
# The Ubuntu GPU host has no FFmpeg deps installed: allow only glibc parts and our own libs.
for f in "$PREFIX"/lib/lib*.so.*.*.* "$PREFIX/bin/ffmpeg" "$PREFIX/bin/ffprobe"; do
  bad="$(objdump -p "$f" | awk '$1=="NEEDED"{print $2}' \
    | grep -vE '^(libc|libm|libpthread|libdl)\.so\.[0-9]+$|^libdav1d\.so\.6$|^lib(avcodec|avformat|avutil|avfilter|swscale|swresample)\.so\.[0-9]+$' || true)"
  [ -z "$bad" ] || die "$(basename "$f") needs unexpected libraries: $bad"
done
for exe in ffmpeg ffprobe; do
  readelf -d "$PREFIX/bin/$exe" | grep -F '[$ORIGIN/../lib]' >/dev/null || die "bin/$exe lacks RUNPATH \$ORIGIN/../lib"
done
"$PREFIX/bin/ffmpeg" -hide_banner -hwaccels | grep -x cuda >/dev/null || die "bin/ffmpeg does not list the cuda hwaccel"
"$PREFIX/bin/ffmpeg" -hide_banner -muxers | grep -E '^ +E +framecrc ' >/dev/null || die "bin/ffmpeg has no framecrc muxer"
if [ "$FLAVOR" = patched ]; then
  "$PREFIX/bin/ffmpeg" -hide_banner -version | grep -E "^ffmpeg version $UP_VER-nvdec-odd-height " >/dev/null \
    || die "bin/ffmpeg does not name itself $UP_VER-nvdec-odd-height"
fi

# Record the build only after it passed the checks, so a failed run is retried next time.
printf '%s' "$STAMP_CONTENT" > "$STAMP"
store_in_cache

END_TS="$(date +%s)"
log "done in $((END_TS - START_TS))s"
# Expected to be roughly 10 MB.
du -sh "$PREFIX"
