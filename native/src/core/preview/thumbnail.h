// Small grey pictures of each plane channel: sampled where the frame lives, only the small result copied out.
#pragma once

#include "frame/pixel_layout.h"
#include "frame/thumbnail.h"

#include <vector>

namespace zci {

/// One thumbnail per channel of each plane (NV12 gives Y, U, V), at most maxWidth wide.
std::vector<Thumbnail> planeThumbnails(const AVFrame *frame, const FrameLayout &layout, int maxWidth);

} // namespace zci
