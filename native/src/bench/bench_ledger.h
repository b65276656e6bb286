// The copy ledger of the inspector's frame step beside a naive whole-frame download, and the cost of tracing.
#pragma once

#include "decode/decoder.h"

#include <string>

namespace zci::bench {

/// For each of frames steps (show with proof and 256-wide thumbnails) one JSON line with the ledger's records and
/// totals by stage, then the same frame downloaded whole (cuMemcpy2D of every plane, pitch × rows, to the host)
/// under the stage "naive" with its own ledger; then the step's latency with the ledger on and off, alternating
/// over rounds (>= 3) in one session, p50/p99 of each. Returns 1 when tracing could not run.
int benchLedger(const std::string &file, int frames, int rounds, const DecoderOptions &options);

} // namespace zci::bench
