// Memory reads against an independent witness, and their cost against downloading the frame (bench_memory.cc).
#pragma once

#include "decode/decoder.h"

#include <string>
#include <vector>

namespace zci::bench {

/// Decodes frames of a file and, on each, compares at least 60 random ranges read through Session::readMemory
/// (inside the picture, in the hidden rows, across into the next plane, up to the allocation's end) with the same
/// bytes of one linear copy of the whole allocation (cuMemcpyDtoH; memcpy for host frames). One JSON line per frame;
/// returns 1 when any byte, count or label check failed.
int benchMemread(const std::string &file, int frames, const DecoderOptions &options);

/// Times reads of a 64×64-sample tile of plane 0 at random places (p50/p99 over reads) against downloading the
/// whole allocation with one linear copy, on frame 1 of a file; one JSON line.
int benchProbe(const std::string &file, int reads, const DecoderOptions &options);

/// Allocates a frame as av_frame_get_buffer does (planes one after another in one buffer), maps it with the coded
/// size given and reads each range: one JSON line per plane, then per range its spans, or its error. Arguments:
/// PIXFMT WxH CODEDWxCODEDH RANGE..., a range "p:PLANE:ROW:ROWS[:START:COUNT]" or "b:OFFSET:LENGTH".
int benchRegions(const std::vector<std::string> &args);

} // namespace zci::bench
