// The CPU reference for previews: FFmpeg's swscale converts and scales the same frame with the same matrix and range.
#include "preview/preview.h"

#include "common/error.h"
#include "frame/ffmpeg_ptr.h"

extern "C" {
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace zci {

/// The swscale matrix the inspector uses for a frame: the stream's, or the HD/SD convention when unspecified.
int swsMatrixFor(const AVFrame *f) {
  switch (f->colorspace) {
  case AVCOL_SPC_BT470BG:
  case AVCOL_SPC_SMPTE170M: return SWS_CS_ITU601;
  case AVCOL_SPC_BT2020_NCL:
  case AVCOL_SPC_BT2020_CL: return SWS_CS_BT2020;
  case AVCOL_SPC_BT709: return SWS_CS_ITU709;
  default: return f->height >= 720 ? SWS_CS_ITU709 : SWS_CS_ITU601;
  }
}

/// The swscale matrix for a frame under a preview's matrix choice: the frame's own (auto) or the one forced.
int swsMatrixFor(const AVFrame *f, PreviewMatrix choice) {
  switch (choice) {
  case PreviewMatrix::Bt601: return SWS_CS_ITU601;
  case PreviewMatrix::Bt709: return SWS_CS_ITU709;
  case PreviewMatrix::Bt2020: return SWS_CS_BT2020;
  case PreviewMatrix::Auto: break;
  }
  return swsMatrixFor(f);
}

/// Converts and scales frame (host or CUDA; CUDA frames are downloaded whole, for the reference only) to RGB24, with
/// the matrix the preview was asked for: a "what if" matrix applies to the reference as to the kernel.
RgbImage swscaleReference(const AVFrame *frame, int width, int height, std::string &method, PreviewMatrix choice) {
  FramePtr host;
  const AVFrame *src = frame;
  if (frame->format == AV_PIX_FMT_CUDA) {
    host.reset(av_frame_alloc());
    if (av_hwframe_transfer_data(host.get(), frame, 0) < 0) {
      throw Error(ErrorCode::CudaError, "Downloading the frame for the CPU reference failed", "Reopen the file.");
    }
    host->color_range = frame->color_range;
    host->colorspace = frame->colorspace;
    src = host.get();
  }
  const auto fmt = static_cast<AVPixelFormat>(src->format);
  SwsContext *sws = sws_getContext(src->width, src->height, fmt, width, height, AV_PIX_FMT_RGB24,
                                   SWS_AREA | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nullptr, nullptr, nullptr);
  if (!sws) throw Error(ErrorCode::UnsupportedCodec, "swscale cannot convert this frame's format", "Try another file.");
  const int matrix = swsMatrixFor(frame, choice);
  const int srcFull = frame->color_range == AVCOL_RANGE_JPEG ? 1 : 0;
  sws_setColorspaceDetails(sws, sws_getCoefficients(matrix), srcFull, sws_getCoefficients(matrix), 1, 0, 1 << 16,
                           1 << 16);
  RgbImage out;
  out.width = width;
  out.height = height;
  out.rgb.resize(static_cast<size_t>(width) * height * 3);
  uint8_t *dst[4] = {out.rgb.data(), nullptr, nullptr, nullptr};
  int dstStride[4] = {width * 3, 0, 0, 0};
  sws_scale(sws, src->data, src->linesize, 0, src->height, dst, dstStride);
  sws_freeContext(sws);
  method = std::string("swscale ") + av_get_pix_fmt_name(fmt) + " -> rgb24, area scaling, " +
           (matrix == SWS_CS_ITU709   ? "BT.709"
            : matrix == SWS_CS_BT2020 ? "BT.2020"
                                      : "BT.601") +
           (srcFull ? " full range" : " limited range") +
           (choice == PreviewMatrix::Auto ? "" : " (the matrix asked for, not the stream's)");
  return out;
}

void compareImages(const RgbImage &a, const RgbImage &b, double &psnr, double &maxAbs, double &meanAbs) {
  double sq = 0, sum = 0;
  int worst = 0;
  const size_t n = std::min(a.rgb.size(), b.rgb.size());
  for (size_t i = 0; i < n; ++i) {
    const int d = std::abs(static_cast<int>(a.rgb[i]) - static_cast<int>(b.rgb[i]));
    worst = std::max(worst, d);
    sum += d;
    sq += static_cast<double>(d) * d;
  }
  const double mse = n ? sq / static_cast<double>(n) : 0;
  psnr = mse > 0 ? 10.0 * std::log10(255.0 * 255.0 / mse) : 99.0;
  maxAbs = worst;
  meanAbs = n ? sum / static_cast<double>(n) : 0;
}

} // namespace zci
