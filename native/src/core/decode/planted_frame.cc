#include "decode/planted_frame.h"

extern "C" {
#include <libavutil/frame.h>
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

#include <cstdlib>

namespace zci {

int swsMatrixFor(const AVFrame *f); // preview_reference.cc

namespace {

enum class FrameFault { None, ChromaRow, ChromaSample, ChromaPitch, Matrix, Range };

FrameFault plantedFault() {
  static const FrameFault fault = [] {
    const char *v = std::getenv("ZCI_PLANT_FRAME");
    const std::string s = v ? v : "";
    return s == "chroma-row"      ? FrameFault::ChromaRow
           : s == "chroma-sample" ? FrameFault::ChromaSample
           : s == "chroma-pitch"  ? FrameFault::ChromaPitch
           : s == "matrix"        ? FrameFault::Matrix
           : s == "range"         ? FrameFault::Range
                                  : FrameFault::None;
  }();
  return fault;
}

// The software format of a frame (a CUDA frame's frames context holds it).
const AVPixFmtDescriptor *softwareDescriptor(const AVFrame *f) {
  if (f->format == AV_PIX_FMT_CUDA && f->hw_frames_ctx)
    return av_pix_fmt_desc_get(reinterpret_cast<AVHWFramesContext *>(f->hw_frames_ctx->data)->sw_format);
  return av_pix_fmt_desc_get(static_cast<AVPixelFormat>(f->format));
}

} // namespace

std::optional<std::string> plantFrameFault(FramePtr &frame) {
  const FrameFault fault = plantedFault();
  if (fault == FrameFault::None || !frame || !frame->data[1]) return std::nullopt;
  // A new AVFrame referencing the same buffers: the decoder's own reference keeps FFmpeg's pointers and tags.
  FramePtr planted(av_frame_clone(frame.get()));
  if (!planted) return std::nullopt;
  std::string name;
  switch (fault) {
  case FrameFault::ChromaRow:
    for (int p = 1; p < AV_NUM_DATA_POINTERS && planted->data[p]; ++p)
      planted->data[p] += planted->linesize[p];
    name = "frame chroma-row: FFmpeg's chroma pointers moved one row later before the wrap";
    break;
  case FrameFault::ChromaSample: {
    const AVPixFmtDescriptor *d = softwareDescriptor(planted.get());
    const int step = d ? d->comp[1].step : 1;
    for (int p = 1; p < AV_NUM_DATA_POINTERS && planted->data[p]; ++p)
      planted->data[p] += step;
    name = "frame chroma-sample: FFmpeg's chroma pointers moved one sample (" + std::to_string(step) +
           " bytes) later before the wrap";
    break;
  }
  case FrameFault::ChromaPitch:
    // Half the pitch: every row read stays inside the plane FFmpeg's pitch spans.
    for (int p = 1; p < AV_NUM_DATA_POINTERS && planted->data[p]; ++p)
      planted->linesize[p] /= 2;
    name = "frame chroma-pitch: FFmpeg's chroma linesizes halved before the wrap";
    break;
  case FrameFault::Matrix: {
    const bool was709 = swsMatrixFor(planted.get()) == SWS_CS_ITU709;
    planted->colorspace = was709 ? AVCOL_SPC_BT470BG : AVCOL_SPC_BT709;
    name = std::string("frame matrix: the frame's colour matrix tag changed to ") + (was709 ? "BT.601" : "BT.709");
    break;
  }
  case FrameFault::Range: {
    const bool full = planted->color_range == AVCOL_RANGE_JPEG;
    planted->color_range = full ? AVCOL_RANGE_MPEG : AVCOL_RANGE_JPEG;
    name = std::string("frame range: the frame's range tag changed to ") + (full ? "limited" : "full");
    break;
  }
  case FrameFault::None: break;
  }
  frame = std::move(planted);
  return name;
}

bool plantedUnreservedPool() {
  static const bool unreserved = [] {
    const char *v = std::getenv("ZCI_PLANT_POOL");
    return v && std::string(v) == "unreserved";
  }();
  return unreserved;
}

} // namespace zci
