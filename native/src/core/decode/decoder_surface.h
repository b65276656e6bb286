// The decoder's own witness for FFmpeg's plane pointers: the surface NVDEC mapped for the frame (its pointer and
// pitch as cuvidMapVideoFrame returned them, recorded by the NVDEC pool library) and where NVDEC put each plane in it,
// beside where FFmpeg's pointers say the planes are; or, where FFmpeg copied the mapped picture into a frame of its
// own pool (6.0 and later), or FFmpeg's cuvid decoder copied it (always), the surface it copied from and where in it
// FFmpeg read each plane, and how many rows.
#pragma once

#include "frame/frame_evidence.h"

#include <cstdint>

namespace zci {

/// Fills out.decoderSurface from the pool library's record of NVDEC's mappings; says why when there is no witness.
/// mappingSequence is the pool's number for the picture mapped while FFmpeg produced the frame (0: unknown);
/// retrieveHeight the frame height FFmpeg's nvdec placed the planes with, displayHeight the stream's (0: unknown,
/// the frame's own height is taken; for a cuvid frame, the container's height, which its copy must cover).
void gatherDecoderSurface(FrameEvidence &out, uint64_t mappingSequence, int retrieveHeight = 0, int displayHeight = 0);

} // namespace zci
