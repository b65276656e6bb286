#!/usr/bin/env bash
# Installs what the inspector needs on Debian or Ubuntu, then its npm dependencies (which build the addon) and the
# app: FFmpeg's development packages, a compiler, CMake, Chromium (end-to-end tests) and CV-CUDA's wheel (NVCV).
set -euo pipefail
cd "$(dirname "$0")/.."
sudo=""
[ "$(id -u)" -ne 0 ] && sudo=sudo

if command -v apt-get > /dev/null; then
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    pkg-config cmake make g++ libavformat-dev libavcodec-dev libavutil-dev libswscale-dev \
    libffmpeg-nvenc-dev ffmpeg chromium clang-format clang libclang-rt-dev xz-utils python3-pip > /dev/null
else
  echo "not a Debian/Ubuntu system: install pkg-config, cmake, g++ and FFmpeg's development files yourself" >&2
fi

# nvcc compiles the addon's CUDA code; no GPU is needed to build.
if ! command -v nvcc > /dev/null; then
  if [ -x /usr/local/cuda/bin/nvcc ]; then
    export PATH=$PATH:/usr/local/cuda/bin
  else
    echo "nvcc was not found: install the CUDA toolkit 12.x or 13.x and put its bin folder on PATH" >&2
    exit 1
  fi
fi

# CV-CUDA's wheel carries libnvcv_types and libcvcuda; the addon finds them through Python's site-packages.
wheel="cvcuda-cu13==0.19.0"
python3 -m pip install --quiet --no-deps "$wheel" 2> /dev/null ||
  python3 -m pip install --quiet --no-deps --user --break-system-packages "$wheel" ||
  echo "warning: $wheel could not be installed; the inspector runs, and says NVCV is missing" >&2

npm ci
npm run --silent build
