// Software frames uploaded into FFmpeg's CUDA frames (the software-upload path), converted first where needed.
#include "decode/decoder.h"

#include "gpu/cuda_driver.h"
#include "common/error.h"

extern "C" {
#include <libavutil/hwcontext.h>
#include <libavutil/hwcontext_cuda.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

namespace zci {
namespace {

// The format a software frame is uploaded as: one FFmpeg's CUDA frames can hold. FFmpeg's CUDA pool lays out
// yuv420p with V first and U starting height / 2 rows after it (hwcontext_cuda.c, cuda_get_buffer): at an odd height
// the two chroma planes share a row, so an odd-height yuv420p frame goes up as NV12 (the same samples, interleaved),
// whose chroma plane has every row.
AVPixelFormat uploadFormat(AVPixelFormat f, int height) {
  switch (f) {
  case AV_PIX_FMT_YUV420P:
  case AV_PIX_FMT_YUVJ420P: return height % 2 == 1 ? AV_PIX_FMT_NV12 : AV_PIX_FMT_YUV420P;
  case AV_PIX_FMT_NV12:
  case AV_PIX_FMT_YUV444P:
  case AV_PIX_FMT_P010LE:
  case AV_PIX_FMT_P016LE:
  case AV_PIX_FMT_YUV444P16LE: return f;
  case AV_PIX_FMT_YUVJ444P: return AV_PIX_FMT_YUV444P;
  case AV_PIX_FMT_YUV420P10LE:
  case AV_PIX_FMT_YUV420P12LE: return AV_PIX_FMT_P016LE;
  case AV_PIX_FMT_YUV444P10LE:
  case AV_PIX_FMT_YUV444P12LE: return AV_PIX_FMT_YUV444P16LE;
  default: return AV_PIX_FMT_NONE;
  }
}

/// FFmpeg's CUDA upload (hwcontext_cuda.c, 5.1 to 7.1) copies height >> the chroma shift rows of each chroma plane:
/// on an odd height the plane's last row (the one AV_CEIL_RSHIFT counts) stays as the pool left it. This copies that
/// row, one row per chroma plane, so the uploaded frame holds every sample the software decoder made.
void uploadLastChromaRows(const AVFrame *src, const AVFrame *dst, const AVHWDeviceContext *device) {
  const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(static_cast<AVPixelFormat>(src->format));
  if (!d || d->log2_chroma_h == 0) return;
  const int full = AV_CEIL_RSHIFT(src->height, d->log2_chroma_h), copied = src->height >> d->log2_chroma_h;
  if (full == copied) return;
  const cuda::DriverApi *api = cuda::driver();
  if (!api) throw Error(ErrorCode::CudaError, "Uploading a frame's last chroma row: no CUDA driver", "Check the GPU.");
  const auto *cu = static_cast<const AVCUDADeviceContext *>(device->hwctx);
  cuda::ScopedContext scope(cu->cuda_ctx);
  for (int p = 1; p < 4 && src->data[p] && dst->data[p]; ++p) {
    if (p == 3) break; // an alpha plane is full height
    const size_t bytes = static_cast<size_t>(std::min(src->linesize[p], dst->linesize[p]));
    const auto at = reinterpret_cast<CUdeviceptr>(dst->data[p] + static_cast<ptrdiff_t>(copied) * dst->linesize[p]);
    const CUresult r = api->memcpyHtoD(at, src->data[p] + static_cast<ptrdiff_t>(copied) * src->linesize[p], bytes);
    if (r != CUDA_SUCCESS)
      throw Error(ErrorCode::CudaError, "Uploading a frame's last chroma row failed: " + cuda::driverErrorName(r),
                  "Check the GPU.");
  }
}

} // namespace

FramePtr Decoder::upload(const AVFrame *sw) {
  const auto swFormat = static_cast<AVPixelFormat>(sw->format);
  const AVPixelFormat target = uploadFormat(swFormat, sw->height);
  if (target == AV_PIX_FMT_NONE) {
    throw Error(ErrorCode::UnsupportedCodec,
                std::string("Frames in ") + av_get_pix_fmt_name(swFormat) + " cannot be uploaded to CUDA frames",
                "Choose software decoding for this file.");
  }
  const AVFrame *src = sw;
  if (target != swFormat) {
    sws_ = sws_getCachedContext(sws_, sw->width, sw->height, swFormat, sw->width, sw->height, target, SWS_POINT,
                                nullptr, nullptr, nullptr);
    converted_.reset(av_frame_alloc());
    converted_->format = target;
    converted_->width = sw->width;
    converted_->height = sw->height;
    if (!sws_ || av_frame_get_buffer(converted_.get(), 0) < 0 || sws_scale_frame(sws_, converted_.get(), sw) < 0) {
      throw Error(ErrorCode::DecodeFailed, "Converting a frame for upload failed",
                  "Choose software decoding for this file.");
    }
    av_frame_copy_props(converted_.get(), sw);
    src = converted_.get();
  }
  if (!uploadFrames_) {
    BufferPtr frames(av_hwframe_ctx_alloc(cuda_->hwDevice()));
    auto *fc = reinterpret_cast<AVHWFramesContext *>(frames->data);
    fc->format = AV_PIX_FMT_CUDA;
    fc->sw_format = target;
    fc->width = sw->width;
    fc->height = sw->height;
    fc->initial_pool_size = options_.holdFrames + 2;
    int err = av_hwframe_ctx_init(frames.get());
    if (err < 0) {
      throw Error(ErrorCode::CudaError, "Creating CUDA frames for upload failed: " + avError(err),
                  "Check the GPU's free memory.");
    }
    poolSize_ = fc->initial_pool_size;
    uploadFrames_ = std::move(frames);
  }
  FramePtr dst(av_frame_alloc());
  int err = av_hwframe_get_buffer(uploadFrames_.get(), dst.get(), 0);
  if (err >= 0) err = av_hwframe_transfer_data(dst.get(), src, 0);
  if (err < 0) throw Error(ErrorCode::CudaError, "Uploading a frame to CUDA failed: " + avError(err), "Check the GPU.");
  uploadLastChromaRows(src, dst.get(), reinterpret_cast<const AVHWDeviceContext *>(cuda_->hwDevice()->data));
  av_frame_copy_props(dst.get(), sw);
  return dst;
}

} // namespace zci
