/* The get_format callback of the recorder's test programs: FFmpeg's CUDA frames (NVDEC) or nothing, so a stream
 * NVDEC does not take fails instead of decoding in software. */
#ifndef ZCI_TEST_CUDA_FORMAT_H
#define ZCI_TEST_CUDA_FORMAT_H
#include <libavcodec/avcodec.h>

static enum AVPixelFormat cuda_format(AVCodecContext *ctx, const enum AVPixelFormat *formats) {
  const enum AVPixelFormat *f;
  (void)ctx;
  for (f = formats; *f != AV_PIX_FMT_NONE; ++f)
    if (*f == AV_PIX_FMT_CUDA) return *f;
  return AV_PIX_FMT_NONE;
}
#endif
