// The inspection loop against the decoder it inspects, alternating in one process (see bench_loop.cc).
#pragma once

#include "decode/decoder.h"

#include <string>

namespace zci::bench {

/// Prints one JSON line per variant and round: frames per second, and the mean stage timings where reported.
int benchLoop(const std::string &file, int frames, int rounds, const DecoderOptions &options);

/// Opens two files in turn in one process, rounds times: each open to its first frame report, in milliseconds, with
/// the open's own stage timings (the first open pays for the CUDA context; later ones should not).
int benchReopen(const std::string &first, const std::string &second, int rounds, const DecoderOptions &options);

} // namespace zci::bench
