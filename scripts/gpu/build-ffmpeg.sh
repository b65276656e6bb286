#!/usr/bin/env bash
# Builds a minimal shared FFmpeg with NVDEC/CUVID into .gpu/ffmpeg/, from the same
# Debian source version as this machine's libavcodec59, so an addon linked against
# Debian's lib*-dev packages runs unchanged against it on a GPU host without FFmpeg.
#
# Usage: scripts/gpu/build-ffmpeg.sh        (idempotent; FORCE=1 rebuilds)
# Output: .gpu/ffmpeg/lib/*.so.* (+ symlinks), .gpu/ffmpeg/bin/{ffmpeg,ffprobe}
set -euo pipefail

# Paths are relative to the repo root so the script works from any cwd.
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
GPU_DIR="$REPO_ROOT/.gpu"
PREFIX="$GPU_DIR/ffmpeg"
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

# The target ABI is whatever Debian's libavcodec59 is; its source package version pins the source.
DEB_VER="$(dpkg-query -W -f='${Version}' libavcodec59 2>/dev/null || true)"
[ -n "$DEB_VER" ] || die "libavcodec59 is not installed; cannot tell which FFmpeg version to match"
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
  --enable-protocol=file,pipe
  --enable-demuxer=mov,matroska,h264,hevc,ivf
  --enable-muxer=null
  --enable-encoder=wrapped_avframe,pcm_s16le   # the codecs `-f null` picks by default for video/audio
  --enable-decoder=h264,hevc,vp9,mpeg4,rawvideo,aac,h264_cuvid,hevc_cuvid,vp9_cuvid
  --enable-parser=h264,hevc,vp9,aac
  --enable-bsf=h264_mp4toannexb,hevc_mp4toannexb,vp9_superframe_split
  --enable-hwaccel=h264_nvdec,hevc_nvdec,vp9_nvdec
  --enable-filter=hwupload_cuda,hwupload,hwdownload,format,scale,null,nullsink,anull,anullsink,aformat,aresample,trim,atrim
)
# RUNPATH is injected through the generated ffbuild/config.mak because passing '$ORIGIN' through
# configure's --extra-ld*flags gets mangled by its eval-based quoting. Program links see \$$ once
# (make -> \$, shell -> $); library links go through library.mak's $(eval $(RULES)), hence \$$$$.
# Libraries get $ORIGIN too so a lib loaded on its own still finds its sibling FFmpeg libs.
EXTRA_MAK='# added by scripts/gpu/build-ffmpeg.sh: relocatable lookup of the bundled libs
LDEXEFLAGS += -Wl,--enable-new-dtags -Wl,-rpath,\$$ORIGIN/../lib
LDSOFLAGS += -Wl,--enable-new-dtags -Wl,-rpath,\$$$$ORIGIN'
# The stamp ties the output to both the source version and the exact configure line + link flags.
STAMP_CONTENT="$(printf 'debian-version=%s\nconfigure=' "$DEB_VER"; printf '%q ' "${CONFIGURE_FLAGS[@]}"; printf '\n%s\n' "$EXTRA_MAK")"

# Skip everything (including apt) when the same build is already in place.
if [ "${FORCE:-0}" != 1 ] && [ -e "$PREFIX/lib/libavcodec.so.59" ] && [ -f "$STAMP" ] \
   && [ "$(cat "$STAMP")" = "$STAMP_CONTENT" ]; then
  log "up to date ($PREFIX); set FORCE=1 to rebuild"
  du -sh "$PREFIX"
  exit 0
fi

START_TS="$(date +%s)"

# Build tools: dpkg-dev unpacks the source package, nasm enables the x86 SIMD decoders,
# libffmpeg-nvenc-dev provides the ffnvcodec headers + ffnvcodec.pc.
ensure_packages dpkg-dev libffmpeg-nvenc-dev nasm pkg-config gcc make

# True when apt can see a source package with the exact Debian version we need.
have_src_version() {
  apt-cache showsrc ffmpeg 2>/dev/null | grep -xF "Version: $DEB_VER" >/dev/null
}

# Add deb-src entries mirroring the existing binary entries (idempotent: one fixed file).
ensure_deb_src() {
  local deb822=/etc/apt/sources.list.d/debian.sources
  local out822=/etc/apt/sources.list.d/zci-deb-src.sources
  local outlist=/etc/apt/sources.list.d/zci-deb-src.list
  if have_src_version; then return 0; fi
  if [ -f "$deb822" ] && [ ! -f "$out822" ]; then
    log "adding deb-src entries ($out822) mirroring $deb822"
    # Same URIs/suites/keyring, only the type changes; comments and blank lines are kept as is.
    sed -E 's/^Types:.*$/Types: deb-src/' "$deb822" | $SUDO tee "$out822" >/dev/null
  elif [ -f /etc/apt/sources.list ] && grep -E '^deb\s' /etc/apt/sources.list >/dev/null && [ ! -f "$outlist" ]; then
    log "adding deb-src entries ($outlist) mirroring /etc/apt/sources.list"
    grep -E '^deb\s' /etc/apt/sources.list | sed -E 's/^deb(\s)/deb-src\1/' | $SUDO tee "$outlist" >/dev/null
  fi
  # A fresh index is needed for the new deb-src lines (or a moved mirror) to show up.
  APT_UPDATED=0
  apt_update_once
  have_src_version || die "source package ffmpeg=$DEB_VER not available from apt (check deb-src lines)"
}

# Fetch + unpack (with Debian's patches, i.e. exactly what libavcodec59 was built from).
SRC_DIR="$SRC_PARENT/ffmpeg-$UP_VER"
if [ ! -f "$SRC_DIR/configure" ] || [ ! -f "$SRC_DIR/.zci-deb-version" ] \
   || [ "$(cat "$SRC_DIR/.zci-deb-version")" != "$DEB_VER" ]; then
  ensure_deb_src
  rm -rf "$SRC_DIR"
  mkdir -p "$SRC_PARENT"
  log "apt-get source ffmpeg=$DEB_VER -> $SRC_PARENT"
  # Run in a subshell so the cd does not leak; apt-get source writes into the cwd.
  ( cd "$SRC_PARENT" && apt-get source -qq --only-source "ffmpeg=$DEB_VER" )
  [ -f "$SRC_DIR/configure" ] || die "unpacked source not found at $SRC_DIR"
  echo "$DEB_VER" > "$SRC_DIR/.zci-deb-version"
fi

# ffnvcodec.pc lives in /usr/share/pkgconfig; point pkg-config there explicitly so configure finds it.
NVPC_DIR="$(dirname "$(dpkg -L libffmpeg-nvenc-dev | grep '/ffnvcodec\.pc$' | tail -n 1)")"
export PKG_CONFIG_PATH="$NVPC_DIR${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
pkg-config --exists ffnvcodec || die "pkg-config cannot find ffnvcodec (PKG_CONFIG_PATH=$PKG_CONFIG_PATH)"

# Out-of-tree build keeps the unpacked source pristine and lets a config change start clean.
BUILD_DIR="$GPU_DIR/build/ffmpeg-$UP_VER"
rm -rf "$BUILD_DIR" "$PREFIX"
mkdir -p "$BUILD_DIR"
cd "$BUILD_DIR"

log "configure: ${CONFIGURE_FLAGS[*]}"
"$SRC_DIR/configure" "${CONFIGURE_FLAGS[@]}" > configure.out 2>&1 \
  || { tail -n 40 configure.out; tail -n 40 ffbuild/config.log 2>/dev/null; die "configure failed"; }

# Fail early if configure silently dropped a feature we rely on (e.g. ffnvcodec not found).
for sym in CONFIG_CUDA CONFIG_NVDEC CONFIG_CUVID CONFIG_H264_NVDEC_HWACCEL CONFIG_HEVC_NVDEC_HWACCEL \
           CONFIG_VP9_NVDEC_HWACCEL CONFIG_FFNVCODEC CONFIG_HWUPLOAD_CUDA_FILTER HAVE_PTHREADS HAVE_X86ASM; do
  # 5.1 keeps component switches (decoders, hwaccels, filters) in config_components.h.
  cat config.h config_components.h | grep -E "^#define $sym 1" >/dev/null || die "configure did not enable $sym"
done

# Append the RUNPATH flags (see EXTRA_MAK above) to the generated make config.
printf '%s\n' "$EXTRA_MAK" >> ffbuild/config.mak

log "make -j$JOBS (log: $BUILD_DIR/make.out)"
make -j"$JOBS" > make.out 2>&1 || { tail -n 60 make.out; die "make failed"; }

# Only libs and programs: headers/pkg-config come from Debian's -dev packages when building the addon.
make install-libs install-progs > install.out 2>&1 || { tail -n 40 install.out; die "make install failed"; }
rm -rf "$PREFIX/lib/pkgconfig" "$PREFIX/include" "$PREFIX/share"

# Strip real files only (symlinks point at them); --strip-unneeded keeps the dynamic symbol table.
find "$PREFIX/lib" -type f -name 'lib*.so.*' -exec strip --strip-unneeded {} +
strip --strip-unneeded "$PREFIX/bin/ffmpeg" "$PREFIX/bin/ffprobe"

# Sanity checks: sonames match Debian's runtime packages and the binaries carry a relative RUNPATH.
for so in libavcodec.so.59 libavformat.so.59 libavutil.so.57 libswscale.so.6 libswresample.so.4 libavfilter.so.8; do
  [ -e "$PREFIX/lib/$so" ] || die "missing $so"
  objdump -p "$PREFIX/lib/$so" | grep -E "SONAME +$so\$" >/dev/null || die "$so has an unexpected SONAME"
done
for so in "$PREFIX"/lib/lib*.so.*.*.*; do
  readelf -d "$so" | grep -F '[$ORIGIN]' >/dev/null || die "$(basename "$so") lacks RUNPATH \$ORIGIN"
done
# The Ubuntu GPU host has no FFmpeg deps installed: allow only glibc parts and our own libs.
for f in "$PREFIX"/lib/lib*.so.*.*.* "$PREFIX/bin/ffmpeg" "$PREFIX/bin/ffprobe"; do
  bad="$(objdump -p "$f" | awk '$1=="NEEDED"{print $2}' \
    | grep -vE '^(libc|libm|libpthread|libdl)\.so\.[0-9]+$|^lib(avcodec|avformat|avutil|avfilter|swscale|swresample)\.so\.[0-9]+$' || true)"
  [ -z "$bad" ] || die "$(basename "$f") needs unexpected libraries: $bad"
done
for exe in ffmpeg ffprobe; do
  readelf -d "$PREFIX/bin/$exe" | grep -F '[$ORIGIN/../lib]' >/dev/null || die "bin/$exe lacks RUNPATH \$ORIGIN/../lib"
done
"$PREFIX/bin/ffmpeg" -hide_banner -hwaccels | grep -x cuda >/dev/null || die "bin/ffmpeg does not list the cuda hwaccel"

# Record the build only after it passed the checks, so a failed run is retried next time.
printf '%s' "$STAMP_CONTENT" > "$STAMP"

END_TS="$(date +%s)"
log "done in $((END_TS - START_TS))s"
# Expected to be roughly 10 MB.
du -sh "$PREFIX"
