#!/usr/bin/env bash
# A slim GPU bundle for running test files of the GPU tier against FFmpeg 5.1 from the repository's own tree on the
# GPU machine: Node, the minimal FFmpeg 5.1's libraries, the addon and its decoder pool library, and NVCV, in one
# archive (.bundle/slim.tar.xz) that unpacks into the repository root. Everything else (the tests, the fixtures,
# native/index.cjs, contract/) is the tree itself. On the GPU machine, from the tree's copy:
#   tar -xJf slim.tar.xz
#   LD_LIBRARY_PATH=$PWD/.slim/ffmpeg/lib ZCI_NVCV_PATH=$PWD/.slim/nvcv .slim/node/bin/node --test test/gpu/FILE
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
scripts/gpu/build-ffmpeg.sh 5.1 > /dev/null
npx cmake-js compile -d native > /dev/null
nvcv=$(node -e "const e=require('./native/index.cjs').environment(); if(!e.nvcv.loaded){console.error(e.nvcv.error);process.exit(1)} console.log(e.nvcv.path)")
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/.slim/node/bin" "$stage/.slim/ffmpeg" "$stage/.slim/nvcv" "$stage/native/build/Release"
cp "$(command -v node)" "$stage/.slim/node/bin/node"
cp -a .gpu/ffmpeg/lib "$stage/.slim/ffmpeg/"
rm -rf "$stage/.slim/ffmpeg/lib/pkgconfig" "$stage/.slim/ffmpeg"/lib/lib*.so
cp "$nvcv" "$stage/.slim/nvcv/"
cp native/build/Release/zerocopy_inspector.node native/build/Release/libzci_nvdec_pool.so "$stage/native/build/Release/"
git rev-parse HEAD > "$stage/.slim/COMMIT"
mkdir -p .bundle
tar -C "$stage" -cf - .slim native | xz -T2 -6 > .bundle/slim.tar.xz
du -h .bundle/slim.tar.xz
