# The inspector's environment from an unpacked GPU bundle, for the benchmark scripts that source it: the bundle's
# FFmpeg (its libraries and its command line), its NVCV and its Node; zci runs the command line through its launcher
# (bin/zerocopy-inspector: the prestart library preloaded where the bundle has it) on that Node.
# Usage: . bundle-env.sh BUNDLE_DIR   (sets node, and the function zci)
bundle=${1:?usage: . bundle-env.sh BUNDLE_DIR}
export LD_LIBRARY_PATH=$bundle/ffmpeg/lib
export ZCI_NVCV_PATH=$bundle/nvcv
export PATH=$bundle/ffmpeg/bin:$PATH
node=$bundle/node/bin/node
zci() { ZCI_NODE=$node "$bundle/bin/zerocopy-inspector" "$@"; }
