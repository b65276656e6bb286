// The decoder's own witness for FFmpeg's plane pointers: the surface NVDEC mapped for the frame (its pointer and
// pitch as cuvidMapVideoFrame returned them, recorded by the NVDEC pool library) and where NVDEC put each plane in it,
// beside where FFmpeg's pointers say the planes are.
#pragma once

#include "evidence.h"

namespace zci {

/// Fills out.decoderSurface from the pool library's record of NVDEC's mappings; says why when there is no witness.
void gatherDecoderSurface(FrameEvidence &out);

} // namespace zci
