#!/usr/bin/env bash
# Builds the libFuzzer harness over the native core (clang, AddressSanitizer, UndefinedBehaviorSanitizer) into
# native/build-fuzz/, and its seed corpus (the first frames of every fixture) into .cache/fuzz/seeds/.
# `scripts/fuzz/build.sh TARGET` builds another target of that sanitizer build instead (zci_leakcheck), no seeds.
# Needs clang and libclang-rt-dev (scripts/setup.sh installs them), nvcc, and FFmpeg's development packages.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v nvcc > /dev/null || export PATH=$PATH:/usr/local/cuda/bin
sanitizers="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
cmake -S native -B native/build-fuzz -DZCI_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CUDA_HOST_COMPILER=g++ \
  -DCMAKE_CUDA_ARCHITECTURES=90-real \
  -DCMAKE_CXX_FLAGS="$sanitizers -fsanitize=fuzzer-no-link" > /dev/null
cmake --build native/build-fuzz --target "${1:-zci_fuzz_session}" -j"$(nproc)"
[ $# -eq 0 ] || exit 0

# Seeds: each fixture cut to its first three frames (small inputs run fast), and the audio-only file as it is.
seeds=.cache/fuzz/seeds
mkdir -p "$seeds"
for clip in test/fixtures/*.mp4 assets/sample.mp4; do
  name=$(basename "$clip" .mp4)
  [ -s "$seeds/$name.mp4" ] ||
    ffmpeg -v error -y -i "$clip" -map 0:v:0 -frames:v 3 -c copy "$seeds/$name.mp4"
  [ -s "$seeds/$name.h264" ] || case $name in h264-*)
    ffmpeg -v error -y -i "$clip" -map 0:v:0 -frames:v 3 -c copy -bsf:v h264_mp4toannexb -f h264 "$seeds/$name.h264"
    ;;
  esac
done
cp test/fixtures/audio-only.m4a "$seeds/"
echo "harness: native/build-fuzz/zci_fuzz_session; seeds: $(ls "$seeds" | wc -l) files in $seeds"
