#include "planted_frame.h"

extern "C" {
#include <libavutil/frame.h>
}

#include <cstdlib>

namespace zci {

std::optional<std::string> plantFrameFault(FramePtr &frame) {
  static const bool chromaRow = [] {
    const char *v = std::getenv("ZCI_PLANT_FRAME");
    return v && std::string(v) == "chroma-row";
  }();
  if (!chromaRow || !frame || !frame->data[1]) return std::nullopt;
  // A new AVFrame referencing the same buffers: the decoder's own reference keeps FFmpeg's pointers.
  FramePtr planted(av_frame_clone(frame.get()));
  if (!planted) return std::nullopt;
  for (int p = 1; p < AV_NUM_DATA_POINTERS && planted->data[p]; ++p)
    planted->data[p] += planted->linesize[p];
  frame = std::move(planted);
  return std::string("frame chroma-row: FFmpeg's chroma pointers moved one row later before the wrap");
}

bool plantedUnreservedPool() {
  static const bool unreserved = [] {
    const char *v = std::getenv("ZCI_PLANT_POOL");
    return v && std::string(v) == "unreserved";
  }();
  return unreserved;
}

} // namespace zci
