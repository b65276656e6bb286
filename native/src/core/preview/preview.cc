#include "preview/preview.h"

#include "preview/color_kernels.h"
#include "preview/preview_gpu.h"
#include "gpu/cuda_driver.h"
#include "gpu/device_placement.h"
#include "nvcv/cvcuda_api.h"
#include "common/error.h"
#include "nvcv/nvcv_loader.h"

extern "C" {
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

#include <cuda_runtime_api.h>

#include <algorithm>
#include <functional>
#include <memory>

namespace zci {

int swsMatrixFor(const AVFrame *f);

using namespace preview_gpu;

namespace {

struct Matrix {
  float kr, kb;
  NVCVColorSpec spec; // CV-CUDA's limited-range spec for AdvCvtColor
  const char *name;
};

Matrix matrixFor(const AVFrame *f, PreviewMatrix override) {
  int cs = SWS_CS_ITU601;
  switch (override) {
  case PreviewMatrix::Auto: cs = swsMatrixFor(f); break;
  case PreviewMatrix::Bt601: cs = SWS_CS_ITU601; break;
  case PreviewMatrix::Bt709: cs = SWS_CS_ITU709; break;
  case PreviewMatrix::Bt2020: cs = SWS_CS_BT2020; break;
  }
  switch (cs) {
  case SWS_CS_ITU709: return {0.2126f, 0.0722f, NVCV_COLOR_SPEC_BT709, "BT.709"};
  case SWS_CS_BT2020: return {0.2627f, 0.0593f, NVCV_COLOR_SPEC_BT2020, "BT.2020"};
  default: return {0.299f, 0.114f, NVCV_COLOR_SPEC_BT601, "BT.601"};
  }
}

// How the inspector's kernel reads this frame.
kernels::YuvSource yuvSource(const AVFrame *frame, const FrameLayout &layout, const Matrix &m, bool limited) {
  kernels::YuvSource s{};
  for (int i = 0; i < 3 && i < static_cast<int>(layout.planes.size()); ++i) {
    s.plane[i] = frame->data[i];
    s.pitch[i] = frame->linesize[i];
  }
  const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(layout.swFormat);
  s.width = frame->width;
  s.height = frame->height;
  s.chromaShiftX = d->log2_chroma_w;
  s.chromaShiftY = d->log2_chroma_h;
  s.semiPlanar = layout.planes.size() == 2;
  s.bytesPerSample = layout.planes[0].bitsPerComponentStored / 8;
  s.shift = layout.shift;
  s.bitDepth = layout.bitDepth;
  s.fullRange = !limited;
  s.kr = m.kr;
  s.kb = m.kb;
  return s;
}

// Rows from plane 0 to the chroma plane, when chroma follows luma at the same pitch (NVDEC's NV12 layout).
int chromaRow(const AVFrame *f) {
  const int64_t delta = f->data[1] - f->data[0];
  if (f->linesize[0] != f->linesize[1] || f->linesize[0] <= 0 || delta % f->linesize[0] != 0) return -1;
  return static_cast<int>(delta / f->linesize[0]);
}

// Operators on another device without peer access read a copy: the frame's bytes from plane 0's first byte to the
// last plane's coded end, copied once onto the current device. The view's planes point into the copy at their own
// offsets, so every plane keeps its pitch and the chroma row the kernels find is the frame's own.
const AVFrame *stagedCopy(const AVFrame *frame, const FrameLayout &layout, cudaStream_t st, AVFrame &view,
                          std::unique_ptr<DeviceBuffer> &copy) {
  const uint8_t *first = frame->data[0];
  const uint8_t *end = first;
  const int codedRow = chromaRow(frame);
  for (size_t i = 0; i < layout.planes.size(); ++i) {
    if (frame->data[i] < first) {
      throw Error(ErrorCode::OperatorUnsupported,
                  "Plane " + std::to_string(i) +
                      " lies before plane 0 in memory: the frame cannot be copied to the "
                      "operator device in one piece",
                  "Run the operators on the decoder's device, or turn peer access on.");
    }
    // Rows the kernels may read: the plane's own, scaled to the coded rows where chroma starts below the picture.
    int64_t rows = layout.planes[i].height;
    if (codedRow > frame->height && frame->height > 0) rows = (rows * codedRow + frame->height - 1) / frame->height;
    const uint8_t *planeEnd = frame->data[i] + static_cast<int64_t>(frame->linesize[i]) * rows;
    end = std::max(end, planeEnd);
  }
  const size_t bytes = static_cast<size_t>(end - first);
  copy = std::make_unique<DeviceBuffer>(bytes);
  check(cudaMemcpyAsync(copy->ptr, first, bytes, cudaMemcpyDefault, st), "cudaMemcpyAsync (to the operator device)");
  view = *frame;
  for (size_t i = 0; i < layout.planes.size(); ++i)
    view.data[i] = copy->bytes() + (frame->data[i] - first);
  return &view;
}

float elapsed(cudaEvent_t a, cudaEvent_t b) {
  float ms = 0;
  cudaEventElapsedTime(&ms, a, b);
  return ms;
}

// The numbers of a request; its enum values are valid by construction (the binding parsed them).
void validate(const PreviewRequest &r) {
  if (r.maxWidth < kThumbnailWidthMin || r.maxWidth > kThumbnailWidthMax) {
    throw Error(ErrorCode::InvalidArgument,
                "maxWidth must be " + std::to_string(kThumbnailWidthMin) + ".." + std::to_string(kThumbnailWidthMax),
                "Use 256.");
  }
  if (r.kernelSize < 3 || r.kernelSize > 31 || r.kernelSize % 2 == 0) {
    throw Error(ErrorCode::InvalidArgument, "kernelSize must be odd, 3..31", "Use 7.");
  }
  if (!(r.sigma > 0 && r.sigma <= 20)) throw Error(ErrorCode::InvalidArgument, "sigma must be in (0, 20]", "Use 2.");
  if (r.flipCode < -1 || r.flipCode > 1)
    throw Error(ErrorCode::InvalidArgument, "flipCode must be -1, 0 or 1", "Use 1.");
  if (!(r.threshold >= 0 && r.threshold <= 255))
    throw Error(ErrorCode::InvalidArgument, "threshold must be 0..255", "Use 128.");
}

} // namespace

PreviewResult runPreview(const AVFrame *frame, const FrameLayout &layout, const CudaDevice *cuda,
                         const OperatorPlacement &placement, const PreviewRequest &request) {
  validate(request);
  PreviewResult out;
  out.op = request.op;
  const int W = frame->width, H = frame->height;
  const int tw = std::min(request.maxWidth, W);
  const int th = std::max(1, static_cast<int>(static_cast<int64_t>(H) * tw / W));
  for (const PlaneGeometry &g : layout.planes)
    out.frameBytes += static_cast<int64_t>(g.width) * g.height * g.bytesPerPixel;

  if (request.reference || request.op == PreviewOp::Reference)
    out.reference = swscaleReference(frame, tw, th, out.referenceMethod, request.matrix);
  if (request.op == PreviewOp::Reference) {
    out.gpuReason = "the CPU reference only was asked for";
    return out;
  }
  if (!layout.device || !cuda) {
    throw Error(ErrorCode::NoCudaDevice, "Operators run on the GPU and this frame is in host memory (no CUDA device)",
                "Open the file on a machine with an NVIDIA GPU; the CPU reference thumbnail is still available.");
  }
  const NvcvApi *nv = nvcv();
  const CvcudaApi *cv = cvcudaApi();
  if (!nv || !cv) {
    throw Error(ErrorCode::CvcudaNotFound, "CV-CUDA is not loaded: " + cvcudaStatus().error,
                "Install CV-CUDA (pip install cvcuda-cu13) or set ZCI_NVCV_PATH to its libraries.");
  }
  // Across devices the operators run in their device's primary context, retained for the call, and their stream waits
  // for FFmpeg's work on the frame through an event recorded in FFmpeg's context (a stream may wait on another
  // device's event).
  const int operatorDevice = operatorDeviceFor(cuda, placement);
  const bool crossDevice = operatorDevice != cuda->ordinal();
  PrimaryContext operatorContext(crossDevice ? operatorDevice : -1);
  std::unique_ptr<CUevent_st, std::function<void(cudaEvent_t)>> decoded(nullptr, [cuda](cudaEvent_t e) {
    cuda::ScopedContext ffmpeg(cuda->ffmpegContext());
    cudaEventDestroy(e);
  });
  if (crossDevice) {
    cuda::ScopedContext ffmpeg(cuda->ffmpegContext());
    cudaEvent_t e = nullptr;
    check(cudaEventCreateWithFlags(&e, cudaEventDisableTiming), "cudaEventCreate");
    decoded.reset(e);
    check(cudaEventRecord(e, reinterpret_cast<cudaStream_t>(cuda->ffmpegStream())), "cudaEventRecord");
  }
  Operators &ops = crossDevice ? [&]() -> Operators & {
    cuda::ScopedContext there(operatorContext.get());
    return operatorsOn(*cv, operatorDevice);
  }()
      : operators(*cv);
  std::lock_guard<std::mutex> lock(ops.mutex);
  cuda::ScopedContext scope(crossDevice ? operatorContext.get() : cuda->ffmpegContext());

  cudaStream_t st = nullptr;
  check(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking), "cudaStreamCreate");
  std::unique_ptr<CUstream_st, void (*)(cudaStream_t)> stream(st, [](cudaStream_t s) { cudaStreamDestroy(s); });
  cudaEvent_t ev[6];
  for (auto &e : ev)
    check(cudaEventCreate(&e), "cudaEventCreate");
  std::unique_ptr<cudaEvent_t[], void (*)(cudaEvent_t *)> events(ev, [](cudaEvent_t *e) {
    for (int i = 0; i < 6; ++i)
      cudaEventDestroy(e[i]);
  });
  // Order after FFmpeg's work on the frame with an event on its stream, not a device-wide synchronisation.
  if (crossDevice) {
    check(cudaStreamWaitEvent(st, decoded.get(), 0), "cudaStreamWaitEvent");
  } else {
    check(cudaEventRecord(ev[5], reinterpret_cast<cudaStream_t>(cuda->ffmpegStream())), "cudaEventRecord");
    check(cudaStreamWaitEvent(st, ev[5], 0), "cudaStreamWaitEvent");
  }
  AVFrame stagedView{};
  std::unique_ptr<DeviceBuffer> staged;
  if (crossDevice && !placement.peerAccess) frame = stagedCopy(frame, layout, st, stagedView, staged);

  const Matrix m = matrixFor(frame, request.matrix);
  const bool limited = request.range == PreviewRange::Auto ? frame->color_range != AVCOL_RANGE_JPEG
                                                           : request.range == PreviewRange::Limited;
  const int codedRow = chromaRow(frame);
  const bool cvcudaCan =
      layout.swFormat == AV_PIX_FMT_NV12 && limited && codedRow >= H && codedRow % 2 == 0 && W % 2 == 0;
  const bool useCvcuda = request.op == PreviewOp::CvtColor;
  if (useCvcuda && !cvcudaCan) {
    throw Error(ErrorCode::OperatorUnsupported,
                "CV-CUDA's AdvCvtColor converts only 8-bit limited-range NV12 whose chroma starts on an even row; this "
                "frame is " +
                    layout.swFormatName,
                "Use the 'convert' preview, which the inspector's own kernel makes for every format.");
  }
  const int rows = useCvcuda ? codedRow : H;
  DeviceBuffer rgb(static_cast<size_t>(W) * rows * 3);
  check(cudaEventRecord(ev[0], st), "cudaEventRecord");
  if (useCvcuda) {
    // One NV12 tensor over the coded rows (chroma really starts there), converted, then viewed as H rows.
    Tensor in(*nv, frame->data[0], NVCV_DATA_TYPE_U8, "NHWC", {1, rows * 3 / 2, W, 1},
              {static_cast<int64_t>(frame->linesize[0]) * rows * 3 / 2, frame->linesize[0], 1, 1});
    auto outFull = rgbTensor(*nv, rgb.ptr, W, rows);
    checkNvcv(cv->advCvtColorSubmit(ops.cvt, st, in.h, outFull->h, NVCV_COLOR_YUV2RGB_NV12, m.spec),
              "cvcudaAdvCvtColorSubmit");
    out.converter = std::string("CV-CUDA AdvCvtColor YUV2RGB_NV12 with ") + m.name + " (limited range), over the " +
                    std::to_string(rows) + " coded rows, cropped to " + std::to_string(H);
  } else {
    kernels::YuvSource s = yuvSource(frame, layout, m, limited);
    check(kernels::yuvToRgb8(s, rgb.bytes(), static_cast<int64_t>(W) * 3, st), "yuvToRgb8");
    out.converter = std::string("the inspector's kernel: ") + layout.swFormatName + ", " + m.name +
                    (limited ? " limited" : " full") + " range";
  }
  check(cudaEventRecord(ev[1], st), "cudaEventRecord");
  auto rgbView = rgbTensor(*nv, rgb.ptr, W, H);

  // The chosen operator on the full-size RGB image.
  std::unique_ptr<DeviceBuffer> opBuffer;
  std::unique_ptr<Tensor> opOut;
  NVCVTensorHandle resizeIn = rgbView->h;
  if (request.op != PreviewOp::Convert && request.op != PreviewOp::CvtColor) {
    opBuffer = std::make_unique<DeviceBuffer>(static_cast<size_t>(W) * H * 3);
    opOut = rgbTensor(*nv, opBuffer->ptr, W, H);
    if (request.op == PreviewOp::Gaussian) {
      checkNvcv(cv->gaussianSubmit(ops.gaussian, st, rgbView->h, opOut->h, request.kernelSize, request.kernelSize,
                                   request.sigma, request.sigma, NVCV_BORDER_REPLICATE),
                "cvcudaGaussianSubmit");
    } else if (request.op == PreviewOp::Flip) {
      checkNvcv(cv->flipSubmit(ops.flip, st, rgbView->h, opOut->h, request.flipCode), "cvcudaFlipSubmit");
    } else {
      DeviceBuffer params(2 * sizeof(double));
      const double values[2] = {request.threshold, 255.0};
      check(cudaMemcpyAsync(params.ptr, values, sizeof values, cudaMemcpyHostToDevice, st), "cudaMemcpyAsync");
      Tensor thresh(*nv, params.bytes(), NVCV_DATA_TYPE_F64, "N", {1}, {8});
      Tensor maxval(*nv, params.bytes() + 8, NVCV_DATA_TYPE_F64, "N", {1}, {8});
      checkNvcv(cv->thresholdSubmit(ops.threshold, st, rgbView->h, opOut->h, thresh.h, maxval.h),
                "cvcudaThresholdSubmit");
      check(cudaStreamSynchronize(st), "cudaStreamSynchronize"); // params must outlive the submitted work
    }
    resizeIn = opOut->h;
  }
  check(cudaEventRecord(ev[2], st), "cudaEventRecord");

  DeviceBuffer small(static_cast<size_t>(tw) * th * 3);
  auto smallTensor = rgbTensor(*nv, small.ptr, tw, th);
  checkNvcv(cv->resizeSubmit(ops.resize, st, resizeIn, smallTensor->h, NVCV_INTERP_AREA), "cvcudaResizeSubmit");
  check(cudaEventRecord(ev[3], st), "cudaEventRecord");
  out.thumbnail.width = tw;
  out.thumbnail.height = th;
  out.thumbnail.rgb.resize(static_cast<size_t>(tw) * th * 3);
  check(cudaMemcpyAsync(out.thumbnail.rgb.data(), small.ptr, out.thumbnail.rgb.size(), cudaMemcpyDeviceToHost, st),
        "cudaMemcpyAsync");
  check(cudaEventRecord(ev[4], st), "cudaEventRecord");
  check(cudaStreamSynchronize(st), "cudaStreamSynchronize");
  out.gpu = true;
  out.bytesDownloaded = static_cast<int64_t>(out.thumbnail.rgb.size());
  out.convertMs = elapsed(ev[0], ev[1]);
  out.opMs = elapsed(ev[1], ev[2]);
  out.resizeMs = elapsed(ev[2], ev[3]);
  out.downloadMs = elapsed(ev[3], ev[4]);
  out.totalMs = elapsed(ev[0], ev[4]);

  if ((request.op == PreviewOp::Convert || request.op == PreviewOp::CvtColor || request.op == PreviewOp::Flip) &&
      request.reference) {
    RgbImage ref = out.reference;
    if (request.op == PreviewOp::Flip) {
      // The reference flipped on the CPU, exactly as CV-CUDA's flip codes define it.
      for (int y = 0; y < th; ++y) {
        for (int x = 0; x < tw; ++x) {
          const int sx = request.flipCode != 0 ? tw - 1 - x : x;
          const int sy = request.flipCode <= 0 ? th - 1 - y : y;
          for (int c = 0; c < 3; ++c)
            ref.rgb[(y * tw + x) * 3 + c] = out.reference.rgb[(sy * tw + sx) * 3 + c];
        }
      }
    }
    double psnr, maxAbs, meanAbs;
    compareImages(out.thumbnail, ref, psnr, maxAbs, meanAbs);
    out.psnr = psnr;
    out.maxAbsError = maxAbs;
    out.meanAbsError = meanAbs;
  }

  // What a naive single-tensor wrap (chroma assumed at row H) would show: the bug, in one picture.
  const bool semiPlanar = layout.planes.size() == 2;
  if (semiPlanar && codedRow > 0 && codedRow != H && request.op == PreviewOp::Convert) {
    kernels::YuvSource s = yuvSource(frame, layout, m, limited);
    s.plane[1] = frame->data[0] + static_cast<int64_t>(frame->linesize[0]) * H; // where the naive view looks
    DeviceBuffer wrongRgb(static_cast<size_t>(W) * H * 3);
    check(kernels::yuvToRgb8(s, wrongRgb.bytes(), static_cast<int64_t>(W) * 3, st), "yuvToRgb8");
    auto wrongOut = rgbTensor(*nv, wrongRgb.ptr, W, H);
    DeviceBuffer wrongSmall(static_cast<size_t>(tw) * th * 3);
    auto wrongSmallTensor = rgbTensor(*nv, wrongSmall.ptr, tw, th);
    checkNvcv(cv->resizeSubmit(ops.resize, st, wrongOut->h, wrongSmallTensor->h, NVCV_INTERP_AREA),
              "cvcudaResizeSubmit");
    out.wrongWrap.width = tw;
    out.wrongWrap.height = th;
    out.wrongWrap.rgb.resize(static_cast<size_t>(tw) * th * 3);
    check(
        cudaMemcpyAsync(out.wrongWrap.rgb.data(), wrongSmall.ptr, out.wrongWrap.rgb.size(), cudaMemcpyDeviceToHost, st),
        "cudaMemcpyAsync");
    check(cudaStreamSynchronize(st), "cudaStreamSynchronize");
    out.wrongWrapReason = "a [1," + std::to_string(H * 3 / 2) + "," + std::to_string(W) +
                          ",1] tensor assumes chroma at row " + std::to_string(H) + "; it starts at row " +
                          std::to_string(codedRow) + ", so " + std::to_string(codedRow - H) +
                          " padding rows are read as chroma and every chroma row is shifted";
  } else {
    out.wrongWrapReason = !semiPlanar     ? "not a 2-plane frame: no single-tensor view to get wrong"
                          : codedRow == H ? "chroma follows the display rows: the naive single-tensor view is right"
                                          : "shown with the convert preview";
  }
  return out;
}

} // namespace zci
