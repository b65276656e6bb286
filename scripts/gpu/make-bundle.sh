#!/usr/bin/env bash
# Builds the portable GPU test bundle: Node, a minimal FFmpeg, NVCV, the addon, the tests and fixtures in one
# archive that runs on any Linux x86_64 machine with an NVIDIA driver: tar -xJf zci-gpu.tar.xz && zci-gpu/run.sh OUT
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=${BUNDLE_DIR:-$root/.bundle}
stage=$out/zci-gpu

# The parts built elsewhere: a minimal FFmpeg with NVDEC, the benchmark clips, the addon for sm_90.
scripts/gpu/build-ffmpeg.sh 5.1 # idempotent: rebuilt only when its configure line changed
[ -f .gpu/clips/plain-1080p-h264.mp4 ] || scripts/make-bench-clips.sh
# The scan benchmark's corpus (idempotent: existing clips are kept).
scripts/make-scan-corpus.sh .gpu/corpus > /dev/null
# The addon and the app are always built from the tree the bundle records (both builds are incremental), so the
# commit in COMMIT is what the binaries were made from, not a label.
npx cmake-js compile -d native > /dev/null
# The variants against FFmpeg 7.1 and 9.0 (each with its FFmpeg in ffmpeg-lib/ beside it), and against both with
# docs/upstream's odd-height NVDEC fix (copies of the series' binaries beside the patched FFmpeg), one pass each.
npm run --silent build:native:ffmpeg7 > /dev/null
npm run --silent build:native:ffmpeg9 > /dev/null
scripts/gpu/build-ffmpeg.sh 7.1 patched && scripts/gpu/patched-variant.sh 7.1
scripts/gpu/build-ffmpeg.sh 9.0 patched && scripts/gpu/patched-variant.sh 9.0
npm run --silent build > /dev/null

nvcv=$(node -e "const e=require('./native/index.cjs').environment(); if(!e.nvcv.loaded){console.error(e.nvcv.error);process.exit(1)} console.log(e.nvcv.path)")

rm -rf "$stage"
mkdir -p "$stage"/{node/bin,nvcv,native/build/Release,test,assets,clips}
cp "$(command -v node)" "$stage/node/bin/node"
cp -a .gpu/ffmpeg "$stage/ffmpeg"
rm -rf "$stage/ffmpeg/include" "$stage/ffmpeg/share" "$stage/ffmpeg/lib/pkgconfig"
cp "$nvcv" "$stage/nvcv/"
cp native/index.cjs "$stage/native/"
# The one list of FFmpeg variants, which native/index.cjs reads from beside it (../contract/).
mkdir -p "$stage/contract"
cp contract/ffmpeg-variants.json "$stage/contract/"
# The settings' defaults, which test/native/proof-default.test.mjs reads (the contract's proof default).
cp contract/settings.ts "$stage/contract/"
cp native/build/Release/zerocopy_inspector.node native/build/Release/libzci_nvdec_pool.so "$stage/native/build/Release/"
if [ -f native/build/Release/libzci_prestart.so ]; then cp native/build/Release/libzci_prestart.so "$stage/native/build/Release/"; fi
cp native/build/zci_bench "$stage/native/build/"
# Each variant's FFmpeg (ffmpeg-V/: its libraries, and its ffmpeg for docs/upstream's reproducer) and its addon, whose
# ffmpeg-lib/ holds the same library files: hard links, which the archive stores once. A patched variant's binaries are
# the series' (scripts/gpu/patched-variant.sh), linked the same way.
for v in 7.1 9.0 7.1-patched 9.0-patched; do
  diff -r ".gpu/ffmpeg-$v/lib" "native/build-ffmpeg-$v/Release/ffmpeg-lib" -x pkgconfig -x 'lib*.so' > /dev/null \
    || { echo "native/build-ffmpeg-$v/Release/ffmpeg-lib is not .gpu/ffmpeg-$v/lib: build the variant again" >&2; exit 1; }
  mkdir -p "$stage/ffmpeg-$v/bin" "$stage/native/build-ffmpeg-$v/Release"
  cp -a ".gpu/ffmpeg-$v/lib" "$stage/ffmpeg-$v/"
  rm -rf "$stage/ffmpeg-$v/lib/pkgconfig" "$stage/ffmpeg-$v"/lib/lib*.so # the link-time names: nothing loads them
  cp -a ".gpu/ffmpeg-$v/bin/ffmpeg" "$stage/ffmpeg-$v/bin/"
  cp -al "$stage/ffmpeg-$v/lib" "$stage/native/build-ffmpeg-$v/Release/ffmpeg-lib"
  series=${v%-patched}
  for f in Release/zerocopy_inspector.node Release/libzci_nvdec_pool.so zci_bench; do
    if [ "$v" != "$series" ] && cmp -s "native/build-ffmpeg-$v/$f" "native/build-ffmpeg-$series/$f"; then
      ln "$stage/native/build-ffmpeg-$series/$f" "$stage/native/build-ffmpeg-$v/$f"
    else
      cp -a "native/build-ffmpeg-$v/$f" "$stage/native/build-ffmpeg-$v/$f"
    fi
  done
done
# docs/upstream: the reproducer and its clip, for the GPU test of the fix (test/gpu/upstream-fix.test.mjs).
mkdir -p "$stage/docs"
cp -a docs/upstream "$stage/docs/"
# CUPTI, for the copy ledger: the toolkit's own libcupti (the CUDA library folder next to nvcc).
cupti=""
for dir in "$(dirname "$(readlink -f "$(command -v nvcc)")")/../lib64" "${CUDA_HOME:-/nonexistent}/lib64" /usr/local/cuda/lib64; do
  [ -f "$dir/libcupti.so.13" ] && { cupti=$dir/libcupti.so.13; break; }
done
[ -n "$cupti" ] || { echo "libcupti.so.13 was not found beside nvcc; install the toolkit's CUPTI" >&2; exit 1; }
mkdir -p "$stage/cupti"
cp -L "$cupti" "$stage/cupti/libcupti.so.13"
cp -a test/native test/gpu test/fixtures "$stage/test/"
# The media the native tests make with the ffmpeg command, and its raw frame dumps, which the GPU machine's minimal
# FFmpeg cannot make: made here, replayed there.
ZCI_TEST_MEDIA_RECORD="$stage/test/media" node --expose-gc --test --test-reporter=dot \
  $(grep -lE 'makeMedia|rawFrame' test/native/*.test.mjs) > /dev/null
# Serve mode (built app + its two runtime packages), for the app's flow on NVDEC frames.
cp package.json "$stage/"
cp -a bin "$stage/bin"
cp -a out "$stage/out"
find "$stage/out" -name '*.map' -delete
mkdir -p "$stage/node_modules"
# Serve mode's runtime packages: the dependencies in package.json that the built code imports (not the build tools),
# with the packages they depend on in turn (fast-png needs iobuffer, yauzl needs pend).
for dep in $(node -p "const seen = new Set(); const walk = (d) => { if (seen.has(d)) return; seen.add(d); Object.keys(require('./node_modules/' + d + '/package.json').dependencies ?? {}).forEach(walk); }; Object.keys(require('./package.json').dependencies).filter((d) => !['cmake-js', 'node-addon-api'].includes(d)).forEach(walk); [...seen].join(' ')"); do
  cp -a "node_modules/$dep" "$stage/node_modules/"
done
cp assets/sample.mp4 "$stage/assets/"
# Copy as code: harnesses of the generated C and C++ snippets, compiled here (no compiler there), and CV-CUDA's
# Python module for Python 3.12 (its libraries are the NVCV folder's).
node scripts/gpu/copy-code-bundle.mjs "$stage/test/copy-code" "$nvcv"
# The recorder's C program (python/tests/c/decode.c): FFmpeg's NVDEC frames recorded through include/zci_recorder.h,
# linked against the FFmpeg the bundle carries (5.1: the system's headers are that version's).
mkdir -p "$stage/test/recorder"
cuda_include=""
for dir in "${CUDA_HOME:-/nonexistent}/include" /usr/local/cuda/include \
  "$(dirname "$(readlink -f "$(command -v nvcc)")")/../include"; do
  [ -f "$dir/cuda.h" ] && { cuda_include=$dir; break; }
done
[ -n "$cuda_include" ] || { echo "cuda.h was not found (set CUDA_HOME to the toolkit)" >&2; exit 1; }
gcc -std=c99 -O2 -Wall -Wextra -isystem "$cuda_include" -I include python/tests/c/decode.c \
  -o "$stage/test/recorder/decode" -L .gpu/ffmpeg/lib -lavformat -lavcodec -lavutil -ldl
# The same FFmpeg's NVDEC frames handed to Python (python/tests/c/frames.c), for the recorder's torch and CuPy views.
gcc -std=c99 -O2 -Wall -Wextra -shared -fPIC python/tests/c/frames.c -o "$stage/test/recorder/libzci_frames.so" \
  -L .gpu/ffmpeg/lib -lavformat -lavcodec -lavutil
cvcuda_py=$(dirname "$(dirname "$nvcv")")/cvcuda
if [ -f "$cvcuda_py/_cvcuda.cpython-312-x86_64-linux-gnu.so" ]; then
  mkdir -p "$stage/python/cvcuda"
  cp -a "$cvcuda_py"/*.py "$cvcuda_py"/_cvcuda.cpython-312-x86_64-linux-gnu.so "$stage/python/cvcuda/"
  if [ -d "$cvcuda_py/tv" ]; then cp -a "$cvcuda_py/tv" "$stage/python/cvcuda/"; fi
fi
# The Python package (python -m zci scan --ray: the driver and its scanner actors), importable from python/src.
mkdir -p "$stage/python/src"
cp python/pyproject.toml "$stage/python/"
cp -a python/src/zci "$stage/python/src/"
find "$stage/python/src" -name __pycache__ -prune -exec rm -rf {} +
cp .gpu/clips/*.mp4 "$stage/clips/"
cp -a .gpu/corpus "$stage/corpus"
cp scripts/gpu/run-gpu-tier.sh "$stage/run.sh"
mkdir -p "$stage/scripts/gpu"
cp scripts/gpu/step-bench.mjs scripts/gpu/reopen-split.mjs scripts/gpu/scan-bench.sh scripts/gpu/bundle-env.sh \
  scripts/gpu/context-floor.c \
  scripts/gpu/close-teardown.cjs "$stage/scripts/gpu/"
mkdir -p "$stage/scripts/memory"
cp scripts/memory/open-cost.mjs "$stage/scripts/memory/"
chmod +x "$stage/run.sh"
# The commit the bundle was built from, marked when any folder it carries (or builds from) had changes not yet
# committed, untracked files included.
carried=(native contract wording test/native test/gpu test/fixtures scripts/gpu docs/upstream assets bin electron renderer
  include python/tests/c python/src python/pyproject.toml package.json package-lock.json)
(git rev-parse HEAD && git status --porcelain -- "${carried[@]}" | grep -q . && echo dirty) 2>/dev/null | paste -sd- > "$stage/COMMIT" || true
# A SHA-256 of every binary the bundle carries; run.sh prints them into the run's log.
(cd "$stage" && find . -type f \( -name '*.node' -o -name '*.so' -o -name '*.so.*' -o -path ./node/bin/node \
  -o -path './native/build*/zci_bench' -o -path './ffmpeg*/bin/*' -o -path './test/copy-code/*' -perm -u+x \
  -o -path './test/recorder/*' \) -print0 | sort -z | xargs -0 sha256sum) \
  > "$stage/BINARIES.sha256"

# xz keeps Node (~100 MB) to about a quarter of that.
tar -C "$out" --sparse -cf - zci-gpu | xz -T2 -6 > "$out/zci-gpu.tar.xz"
# Parts that each fit beside the working tree in one transfer to a GPU machine (64 MiB a transfer, the tracked tree
# counted, 3 MiB kept spare; PART_MIB overrides): carried in consecutive calls into one folder there, then joined:
# cat zci-gpu.tar.xz.part-* | tar -xJf -
tree_mib=$(( ($(git ls-files -z | xargs -0 stat -c %s 2>/dev/null | awk '{ n += $1 } END { print n + 0 }') + 1048575) / 1048576 ))
part_mib=${PART_MIB:-$(( 64 - 3 - tree_mib ))}
[ "$part_mib" -ge 4 ] || { echo "the tracked tree ($tree_mib MiB) leaves no room for a bundle part in one transfer" >&2; exit 1; }
split -b "${part_mib}M" -d -a 2 "$out/zci-gpu.tar.xz" "$out/zci-gpu.tar.xz.part-"
du -sh "$stage" "$out/zci-gpu.tar.xz" "$out"/zci-gpu.tar.xz.part-*
