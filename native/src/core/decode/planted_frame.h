// A deliberate fault in FFmpeg's frame for the tests, from ZCI_PLANT_FRAME, made before anything reads the frame:
// - "chroma-row": the chroma plane pointers one row (one pitch) later, as a plane-offset mistake in FFmpeg would be;
//   the decoder's witness must say the plane is one row after where the decoder wrote it, the A/B must name the row;
// - "chroma-sample": the chroma pointers one sample later (a few bytes); the A/B must name the sample;
// - "chroma-pitch": the chroma linesizes halved; the A/B must name the pitch;
// - "matrix" / "range": the frame's colour matrix (BT.601 and BT.709 swapped) or range tag changed; the A/B's RGB
//   line must name the assumption.
// A planted frame is named in its report (wrap.planted); it is never a real one.
#pragma once

#include "frame/ffmpeg_ptr.h"

#include <optional>
#include <string>

namespace zci {

/// When ZCI_PLANT_FRAME asks for it, replaces frame by a new reference to the same pictures whose chroma pointers
/// are one row later, and returns the fault's name; otherwise leaves frame alone and returns nothing.
std::optional<std::string> plantFrameFault(FramePtr &frame);

/// ZCI_PLANT_POOL=unreserved: the decoder reserves no NVDEC surfaces for the frames a session holds
/// (extra_hw_frames 0), so that held frames can exhaust the decoder's surfaces when frames are the surfaces (FFmpeg
/// before 6.0, or unsafe output). The tests measure what FFmpeg and the inspector do then.
bool plantedUnreservedPool();

} // namespace zci
