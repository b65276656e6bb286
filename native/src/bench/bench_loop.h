// The inspection loop against the decoder it inspects, alternating in one process (see bench_loop.cc).
#pragma once

#include "decoder.h"

#include <string>

namespace zci::bench {

/// Prints one JSON line per variant and round: frames per second, and the mean stage timings where reported.
int benchLoop(const std::string &file, int frames, int rounds, const DecoderOptions &options);

} // namespace zci::bench
