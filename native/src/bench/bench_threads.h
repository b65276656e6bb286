// The reference decode rate of a scan: FFmpeg's own API in N threads of one process on one CUDA device
// (bench_threads.cc).
#pragma once

#include <string>
#include <vector>

namespace zci::bench {

/// Decodes every file of the list once, THREADS at a time, each with its own FFmpeg NVDEC decoder on one shared CUDA
/// device; prints one JSON line: files, frames, frames that came out of NVDEC, seconds and frames per second.
int benchThreads(int threads, const std::vector<std::string> &files);

} // namespace zci::bench
