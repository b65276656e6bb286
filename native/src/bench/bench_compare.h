// The decoder comparison's cost: compared on the device (statistics back) against downloading and comparing on the
// host (bench_compare.cc).
#pragma once

#include <string>

namespace zci::bench {

/// Decodes the first `frames` frames of a file with NVDEC (ZCI_DECODE may name another mode for A) and with the
/// software decoder, and per frame times one comparison on the device against downloading frame A whole and
/// comparing on the host. One JSON line per frame and one summary line; returns 1 when a bit-exact codec's frames
/// differ or the two comparisons disagree.
int benchCompare(const std::string &file, int frames);

} // namespace zci::bench
