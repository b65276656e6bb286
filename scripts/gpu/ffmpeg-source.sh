# Sourced by scripts/gpu/build-ffmpeg.sh (never run alone): where each FFmpeg series' source comes from. 5.1: the
# system's Debian source package (deb-src lines added when missing); 7.1: Debian 13's, through a private apt
# configuration, with Debian 13's nv-codec-headers; 9.0: the upstream tarball, pinned by its SHA-256. The functions
# read the build script's settings (SERIES, DEB_VER, GPU_DIR, SRC_PARENT, SRC_DIR, ORIG_9_0, ...) when called.

# True when apt can see a source package with the exact Debian version we need.
have_src_version() {
  apt-cache showsrc ffmpeg 2>/dev/null | grep -xF "Version: $DEB_VER" >/dev/null
}

# 7.1's source: a private apt configuration (its own source list, lists and cache) with one deb-src line for
# Debian 13, signed by the archive keyring Debian 12 already has. Nothing in /etc/apt changes.
APT13_DIR="$GPU_DIR/apt-trixie"
APT13_OPTS=(-o "Dir::Etc::SourceList=$APT13_DIR/sources.list" -o Dir::Etc::SourceParts=/dev/null
            -o "Dir::State::Lists=$APT13_DIR/lists" -o "Dir::Cache=$APT13_DIR/cache" -o APT::Get::List-Cleanup=0)
apt_trixie_update() {
  mkdir -p "$APT13_DIR/lists/partial" "$APT13_DIR/cache/archives/partial"
  echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main" \
    > "$APT13_DIR/sources.list"
  apt-get "${APT13_OPTS[@]}" update -qq
}
fetch_source_7_1() {
  apt_trixie_update
  ( cd "$SRC_PARENT" && apt-get "${APT13_OPTS[@]}" source -qq --only-source "ffmpeg=$DEB_VER" )
}

# 7.1's configure wants ffnvcodec 11.1.5.3 or newer; Debian 12 has 11.1.5.2. Debian 13's nv-codec-headers
# (headers and a pkg-config file only) is installed into .gpu/nv-codec-headers-12/ for this build.
NVCH_VER="12.1.14.0-1"
NVCH_ORIG="nv-codec-headers_12.1.14.0.orig.tar.xz"
NVCH_PREFIX="$GPU_DIR/nv-codec-headers-12"
# Only the upstream tarball is needed (Debian's packaging adds nothing to the headers). It is fetched from the
# archive's pool and checked against the SHA-256 in the archive-signed Sources index apt just verified.
ensure_nv_codec_headers_12() {
  [ -f "$NVCH_PREFIX/lib/pkgconfig/ffnvcodec.pc" ] && [ "$(cat "$NVCH_PREFIX/.zci-deb-version" 2>/dev/null)" = "$NVCH_VER" ] && return 0
  [ -f "$APT13_DIR/sources.list" ] || apt_trixie_update
  local want dir
  local record
  record="$(apt-cache "${APT13_OPTS[@]}" showsrc nv-codec-headers \
    | awk -v v="$NVCH_VER" '/^Package:/{keep=0; buf=""} {buf=buf $0 "\n"} /^Version:/{keep=($2==v)} /^$/{if(keep) printf "%s", buf; buf=""} END{if(keep) printf "%s", buf}')"
  want="$(printf '%s\n' "$record" \
    | awk -v f="$NVCH_ORIG" '/^Checksums-Sha256:/{on=1;next} /^[^ ]/{on=0} on && $3==f {print $1; exit}')"
  [ -n "$want" ] || die "no SHA-256 for $NVCH_ORIG in Debian 13's Sources index"
  dir="$(printf '%s\n' "$record" | awk '/^Directory:/{print $2; exit}')"
  curl -fsSL -o "$SRC_PARENT/$NVCH_ORIG" "http://deb.debian.org/debian/$dir/$NVCH_ORIG"
  echo "$want  $SRC_PARENT/$NVCH_ORIG" | sha256sum -c --quiet - || die "$NVCH_ORIG does not match the signed index"
  rm -rf "$SRC_PARENT/nv-codec-headers-src" "$NVCH_PREFIX"
  mkdir -p "$SRC_PARENT/nv-codec-headers-src"
  tar -xJf "$SRC_PARENT/$NVCH_ORIG" -C "$SRC_PARENT/nv-codec-headers-src" --strip-components=1
  make -C "$SRC_PARENT/nv-codec-headers-src" PREFIX="$NVCH_PREFIX" install > /dev/null
  echo "$NVCH_VER" > "$NVCH_PREFIX/.zci-deb-version"
}

# 9.0's source: Debian unstable's ffmpeg 7:9.0.2-4, read through a private apt configuration like 7.1's. Unstable's
# revisions come and go faster than its pool keeps their Debian diffs (that of 9.0.2-4 is not downloadable), so the
# build uses the upstream tarball alone: its SHA-256 is pinned above, and where unstable's signed Sources index still
# lists 9.0.2 the pinned value must be the one that index carries. Upstream 9.0.2 unmodified is what a release of
# FFmpeg 9.0 is, which is the point of this variant.
APTSID_DIR="$GPU_DIR/apt-sid"
APTSID_OPTS=(-o "Dir::Etc::SourceList=$APTSID_DIR/sources.list" -o Dir::Etc::SourceParts=/dev/null
             -o "Dir::State::Lists=$APTSID_DIR/lists" -o "Dir::Cache=$APTSID_DIR/cache" -o APT::Get::List-Cleanup=0)
fetch_source_9_0() {
  local record indexed dir tarball="$SRC_PARENT/$ORIG_9_0"
  mkdir -p "$APTSID_DIR/lists/partial" "$APTSID_DIR/cache/archives/partial"
  echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian sid main" \
    > "$APTSID_DIR/sources.list"
  apt-get "${APTSID_OPTS[@]}" update -qq
  record="$(apt-cache "${APTSID_OPTS[@]}" showsrc ffmpeg \
    | awk -v v="$DEB_VER" '/^Package:/{keep=0; buf=""} {buf=buf $0 "\n"} /^Version:/{keep=($2==v)} /^$/{if(keep) printf "%s", buf; buf=""} END{if(keep) printf "%s", buf}')"
  indexed="$(printf '%s\n' "$record" \
    | awk -v f="$ORIG_9_0" '/^Checksums-Sha256:/{on=1;next} /^[^ ]/{on=0} on && $3==f {print $1; exit}')"
  if [ -n "$indexed" ]; then
    [ "$indexed" = "$ORIG_9_0_SHA256" ] || die "Debian unstable's signed index gives $ORIG_9_0 SHA-256 $indexed, not the pinned $ORIG_9_0_SHA256"
  else
    log "Debian unstable no longer lists ffmpeg $DEB_VER; the pool may still hold $ORIG_9_0 (checked against the pinned SHA-256)"
  fi
  dir="$(printf '%s\n' "$record" | awk '/^Directory:/{print $2; exit}')"
  if ! echo "$ORIG_9_0_SHA256  $tarball" | sha256sum -c --quiet - 2> /dev/null; then
    curl -fsSL -o "$tarball" "http://deb.debian.org/debian/${dir:-pool/main/f/ffmpeg}/$ORIG_9_0" \
      || die "could not download $ORIG_9_0 (FFmpeg 9.0.2's tarball) from Debian's pool"
  fi
  echo "$ORIG_9_0_SHA256  $tarball" | sha256sum -c --quiet - || die "$ORIG_9_0 does not match its pinned SHA-256"
  mkdir -p "$SRC_DIR"
  tar -xJf "$tarball" -C "$SRC_DIR" --strip-components=1
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
