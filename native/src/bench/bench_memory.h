// Memory reads against an independent witness, and their cost against downloading the frame (bench_memory.cc).
#pragma once

#include "decoder.h"

#include <string>

namespace zci::bench {

/// Decodes frames of a file and, on each, compares at least 60 random ranges read through Session::readMemory
/// (inside the picture, in the hidden rows, across into the next plane, up to the allocation's end) with the same
/// bytes of one linear copy of the whole allocation (cuMemcpyDtoH; memcpy for host frames). One JSON line per frame;
/// returns 1 when any byte, count or label check failed.
int benchMemread(const std::string &file, int frames, const DecoderOptions &options);

/// Times reads of a 64×64-sample tile of plane 0 at random places (p50/p99 over reads) against downloading the
/// whole allocation with one linear copy, on frame 1 of a file; one JSON line.
int benchProbe(const std::string &file, int reads, const DecoderOptions &options);

} // namespace zci::bench
