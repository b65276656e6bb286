#include "frame/pixel_layout.h"

#include "common/error.h"
#include "frame/frame_memory.h"

extern "C" {
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>
}

#include <algorithm>

namespace zci {

namespace {

std::string planeName(const AVPixFmtDescriptor *d, int plane) {
  static const char *yuv[] = {"Y", "U", "V", "A"};
  static const char *rgb[] = {"R", "G", "B", "A"};
  const bool isRgb = (d->flags & AV_PIX_FMT_FLAG_RGB) != 0;
  std::string name;
  for (int c = 0; c < d->nb_components; ++c) {
    if (d->comp[c].plane == plane) name += isRgb ? rgb[c] : yuv[c];
  }
  return name;
}

} // namespace

FrameLayout describeFrame(const AVFrame *frame) {
  // Every use of a frame's pointers (the report, the wrap, thumbnails, previews, memory reads) starts here: a frame
  // whose planes are handles (CUDA arrays, another API's surfaces) is refused before one is read as an address.
  requireLinearMemory(frame, "inspected");
  FrameLayout out;
  auto format = static_cast<AVPixelFormat>(frame->format);
  if (format == AV_PIX_FMT_CUDA) {
    out.device = true;
    out.hwFormatName = "cuda";
    format = reinterpret_cast<AVHWFramesContext *>(frame->hw_frames_ctx->data)->sw_format;
  }
  const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(format);
  if (!d || (d->flags & (AV_PIX_FMT_FLAG_HWACCEL | AV_PIX_FMT_FLAG_BITSTREAM | AV_PIX_FMT_FLAG_PAL))) {
    throw Error(ErrorCode::UnsupportedCodec,
                std::string("Frames in ") + (d ? d->name : "an unknown format") + " cannot be inspected",
                "Choose another decode path, or transcode to a YUV format.");
  }
  out.swFormat = format;
  out.swFormatName = d->name;
  out.bitDepth = d->comp[0].depth;
  out.shift = d->comp[0].shift;
  const int cw = d->log2_chroma_w, ch = d->log2_chroma_h;
  if (d->nb_components < 3)
    out.subsampling = "4:0:0";
  else if (cw == 1 && ch == 1)
    out.subsampling = "4:2:0";
  else if (cw == 1 && ch == 0)
    out.subsampling = "4:2:2";
  else if (cw == 0 && ch == 0)
    out.subsampling = "4:4:4";
  else
    out.subsampling = "other";

  const int planes = av_pix_fmt_count_planes(format);
  for (int p = 0; p < planes; ++p) {
    PlaneGeometry g;
    g.name = planeName(d, p);
    bool chroma = false;
    int bytes = 0;
    for (int c = 0; c < d->nb_components; ++c) {
      if (d->comp[c].plane != p) continue;
      g.channels++;
      bytes = std::max(bytes, d->comp[c].step);
      if (c == 1 || c == 2) chroma = !(d->flags & AV_PIX_FMT_FLAG_RGB);
      g.bitsPerComponentStored = d->comp[c].depth + d->comp[c].shift > 8 ? 16 : 8;
    }
    g.bytesPerPixel = bytes;
    g.width = chroma ? AV_CEIL_RSHIFT(frame->width, cw) : frame->width;
    g.height = chroma ? AV_CEIL_RSHIFT(frame->height, ch) : frame->height;
    out.planes.push_back(g);
  }
  return out;
}

std::string colorRangeName(const AVFrame *frame) {
  const char *n = av_color_range_name(frame->color_range);
  return n ? n : "unspecified";
}

std::string colorMatrixName(const AVFrame *frame) {
  const char *n = av_color_space_name(frame->colorspace);
  return n ? n : "unspecified";
}

} // namespace zci
