// What creating and destroying an NVDEC decoder costs the driver, measured on its own libnvcuvid (bench_nvdec.cc).
#pragma once

#include "decode/decoder.h"

#include <string>

namespace zci::bench {

/// Opens FILE on NVDEC to learn the decoder FFmpeg asks for (codec, coded size, bit depth, surfaces), then, ROUNDS
/// times, asks the driver's own libnvcuvid (not the pool) for the capability query, a decoder with those parameters,
/// and its destruction, each timed; one JSON line per round.
int benchNvdecCreate(const std::string &file, int rounds, const DecoderOptions &options);

} // namespace zci::bench
