#include "nvcv/wrap.h"

#include "nvcv/nvcv_loader.h"
#include "common/timing.h"

#include <chrono>
#include <cstdlib>
#include <optional>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace zci {
namespace {

std::atomic<int> gLiveAll{0};

// What NVCV's cleanup callback releases: the frame reference and one count of live handles.
// Counted as live only once NVCV has taken it (adopted); freed by NVCV's cleanup, or here when NVCV refused it.
struct CleanupContext {
  AVFrame *frame;
  std::shared_ptr<std::atomic<int>> live;
  bool adopted = false;

  void adopt() {
    adopted = true;
    live->fetch_add(1);
    gLiveAll.fetch_add(1);
  }
  static void release(void *ctx) {
    auto *c = static_cast<CleanupContext *>(ctx);
    av_frame_free(&c->frame);
    if (c->adopted) {
      c->live->fetch_sub(1);
      gLiveAll.fetch_sub(1);
    }
    delete c;
  }
};

void releaseImageFrame(void *ctx, const NVCVImageData *) {
  CleanupContext::release(ctx);
}
void releaseTensorFrame(void *ctx, const NVCVTensorData *) {
  CleanupContext::release(ctx);
}

NVCVColorSpec colorSpecFor(const AVFrame *f, const FrameLayout &layout) {
  const bool full = f->color_range == AVCOL_RANGE_JPEG;
  switch (f->colorspace) {
  case AVCOL_SPC_BT470BG:
  case AVCOL_SPC_SMPTE170M: return full ? NVCV_COLOR_SPEC_BT601_ER : NVCV_COLOR_SPEC_BT601;
  case AVCOL_SPC_BT2020_NCL:
  case AVCOL_SPC_BT2020_CL: return full ? NVCV_COLOR_SPEC_BT2020_ER : NVCV_COLOR_SPEC_BT2020;
  case AVCOL_SPC_BT709: return full ? NVCV_COLOR_SPEC_BT709_ER : NVCV_COLOR_SPEC_BT709;
  default:
    // Unspecified: the convention players follow (HD is BT.709, SD is BT.601).
    if (f->height >= 720) return full ? NVCV_COLOR_SPEC_BT709_ER : NVCV_COLOR_SPEC_BT709;
    return full ? NVCV_COLOR_SPEC_BT601_ER : NVCV_COLOR_SPEC_BT601;
  }
}

std::string lastNvcvMessage(NVCVStatus status) {
  return nvcvErrorText(status);
}

// NVCV composes names of unnamed formats (BT.709 NV12, P010…) on every call, and reuses one buffer for them:
// copy each name once and keep it.
std::string formatNameOf(const NvcvApi &a, NVCVImageFormat fmt) {
  static std::mutex mutex;
  static std::unordered_map<NVCVImageFormat, std::string> names;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = names.find(fmt);
  if (it == names.end()) it = names.emplace(fmt, a.imageFormatGetName(fmt)).first;
  return it->second;
}

// A deliberate wrong wrap for the tests, from ZCI_PLANT_WRAP: the verdicts must be able to turn red. Each one is
// named in the report (wrap.planted), so a planted report can never pass for a real one.
enum class PlantedWrap { None, ChromaRow, Pitch, Format };

PlantedWrap plantedWrap() {
  static const PlantedWrap planted = [] {
    const char *v = std::getenv("ZCI_PLANT_WRAP");
    const std::string s = v ? v : "";
    if (s == "chroma-row") return PlantedWrap::ChromaRow;
    if (s == "pitch") return PlantedWrap::Pitch;
    if (s == "format") return PlantedWrap::Format;
    return PlantedWrap::None;
  }();
  return planted;
}

/// Applies the planted fault to the descriptor about to be wrapped; its name, or nothing when none applies.
std::optional<std::string> plant(const AVFrame *frame, const FrameLayout &layout, NVCVImageData &data) {
  switch (plantedWrap()) {
  case PlantedWrap::None: return std::nullopt;
  case PlantedWrap::ChromaRow:
    if (data.buffer.strided.numPlanes < 2) return std::nullopt;
    data.buffer.strided.planes[1].basePtr += data.buffer.strided.planes[1].rowStride;
    return "chroma-row: plane 1 wrapped one row after FFmpeg's pointer";
  case PlantedWrap::Pitch:
    data.buffer.strided.planes[0].rowStride += 64;
    return "pitch: plane 0 wrapped with FFmpeg's pitch + 64 bytes";
  case PlantedWrap::Format: {
    const bool bt709 = colorSpecFor(frame, layout) == NVCV_COLOR_SPEC_BT709;
    std::string why;
    const NVCVImageFormat other =
        nvcvFormatFor(layout, frame, &why, bt709 ? NVCV_COLOR_SPEC_BT2020 : NVCV_COLOR_SPEC_BT709);
    if (!other || other == data.format) return std::nullopt;
    data.format = other;
    return std::string("format: wrapped as ") + (bt709 ? "BT.2020" : "BT.709") + " instead of the stream's colour spec";
  }
  }
  return std::nullopt;
}

} // namespace

int liveNvcvHandles() {
  return gLiveAll.load();
}

NVCVImageFormat nvcvFormatFor(const FrameLayout &layout, const AVFrame *frame, std::string *why,
                              std::optional<NVCVColorSpec> spec) {
  const NvcvApi *a = nvcv();
  if (!a) {
    *why = nvcvStatus().error;
    return 0;
  }
  NVCVChromaSubsampling css;
  NVCVPacking p[4] = {NVCV_PACKING_0, NVCV_PACKING_0, NVCV_PACKING_0, NVCV_PACKING_0};
  switch (layout.swFormat) {
  case AV_PIX_FMT_NV12: css = NVCV_CSS_420, p[0] = NVCV_PACKING_X8, p[1] = NVCV_PACKING_X8_Y8; break;
  case AV_PIX_FMT_NV24: css = NVCV_CSS_444, p[0] = NVCV_PACKING_X8, p[1] = NVCV_PACKING_X8_Y8; break;
  case AV_PIX_FMT_P010LE: css = NVCV_CSS_420, p[0] = NVCV_PACKING_X10b6, p[1] = NVCV_PACKING_X10b6_Y10b6; break;
  case AV_PIX_FMT_P016LE: css = NVCV_CSS_420, p[0] = NVCV_PACKING_X16, p[1] = NVCV_PACKING_X16_Y16; break;
  case AV_PIX_FMT_YUV420P:
  case AV_PIX_FMT_YUVJ420P: css = NVCV_CSS_420, p[0] = p[1] = p[2] = NVCV_PACKING_X8; break;
  case AV_PIX_FMT_YUV422P: css = NVCV_CSS_422, p[0] = p[1] = p[2] = NVCV_PACKING_X8; break;
  case AV_PIX_FMT_YUV444P:
  case AV_PIX_FMT_YUVJ444P: css = NVCV_CSS_444, p[0] = p[1] = p[2] = NVCV_PACKING_X8; break;
  case AV_PIX_FMT_YUV420P10LE: css = NVCV_CSS_420, p[0] = p[1] = p[2] = NVCV_PACKING_b6X10; break;
  case AV_PIX_FMT_YUV444P10LE: css = NVCV_CSS_444, p[0] = p[1] = p[2] = NVCV_PACKING_b6X10; break;
  case AV_PIX_FMT_YUV444P16LE: css = NVCV_CSS_444, p[0] = p[1] = p[2] = NVCV_PACKING_X16; break;
  default: *why = "NVCV has no image format for FFmpeg's " + layout.swFormatName; return 0;
  }
  NVCVImageFormat fmt = 0;
  NVCVStatus s = a->makeYCbCrImageFormat(&fmt, spec.value_or(colorSpecFor(frame, layout)), css, NVCV_MEM_LAYOUT_PL,
                                         NVCV_DATA_KIND_UNSIGNED, NVCV_SWIZZLE_XYZ0, p[0], p[1], p[2], p[3],
                                         NVCV_ALPHA_ASSOCIATED, nullptr);
  if (s != NVCV_SUCCESS) {
    *why = "nvcvMakeYCbCrImageFormat: " + lastNvcvMessage(s);
    return 0;
  }
  // The library's own reading of the format must agree with FFmpeg's planes.
  int32_t planes = 0;
  a->imageFormatGetNumPlanes(fmt, &planes);
  if (planes != static_cast<int32_t>(layout.planes.size())) {
    *why = "NVCV's format has " + std::to_string(planes) + " planes, FFmpeg's frame " +
           std::to_string(layout.planes.size());
    return 0;
  }
  for (int32_t i = 0; i < planes; ++i) {
    int32_t bpp = 0;
    a->imageFormatGetPlaneBitsPerPixel(fmt, i, &bpp);
    if (bpp != layout.planes[i].bytesPerPixel * 8) {
      *why = "NVCV's plane " + std::to_string(i) + " has " + std::to_string(bpp) + " bits per pixel, FFmpeg's " +
             std::to_string(layout.planes[i].bytesPerPixel * 8);
      return 0;
    }
  }
  return fmt;
}

WrappedFrame::WrappedFrame(FramePtr frame, const FrameLayout &layout, FrameEvidence &e,
                           std::shared_ptr<std::atomic<int>> live, bool tryTensor)
    : owned_(std::move(frame)), live_(std::move(live)) {
  frame_ = owned_.get();
  wrapImage(layout, e);
  if (image_ && tryTensor) wrapTensor(layout, e);
}

WrappedFrame::~WrappedFrame() {
  const NvcvApi *a = nvcv();
  if (a && tensor_) a->tensorDecRef(tensor_, nullptr);
  if (a && image_) a->imageDecRef(image_, nullptr); // the cleanup callback frees the frame reference
}

void WrappedFrame::wrapImage(const FrameLayout &layout, FrameEvidence &e) {
  WrapEvidence &w = e.wrap;
  const NvcvApi *a = nvcv();
  if (!a) {
    w.reason = "NVCV is not loaded: " + nvcvStatus().error;
    return;
  }
  std::string why;
  const NVCVImageFormat fmt = nvcvFormatFor(layout, frame_, &why);
  if (!fmt) {
    w.reason = why;
    return;
  }
  w.formatCode = fmt;
  w.formatName = formatNameOf(*a, fmt);
  w.numPlanes = static_cast<int64_t>(layout.planes.size());

  NVCVImageData data{};
  data.format = fmt;
  data.bufferType = layout.device ? NVCV_IMAGE_BUFFER_STRIDED_CUDA : NVCV_IMAGE_BUFFER_STRIDED_HOST;
  data.buffer.strided.numPlanes = static_cast<int32_t>(layout.planes.size());
  for (size_t i = 0; i < layout.planes.size(); ++i) {
    NVCVImagePlaneStrided &p = data.buffer.strided.planes[i];
    int32_t pw = 0, ph = 0;
    a->imageFormatGetPlaneSize(fmt, static_cast<int32_t>(i), frame_->width, frame_->height, &pw, &ph);
    p.width = pw;
    p.height = ph;
    p.rowStride = frame_->linesize[i];
    p.basePtr = reinterpret_cast<NVCVByte *>(frame_->data[i]);
  }
  w.expectedFormatCode = fmt;
  w.planted = plant(frame_, layout, data);
  if (w.planted) {
    w.formatCode = data.format;
    w.formatName = formatNameOf(*a, data.format);
  }

  auto *ctx = new CleanupContext{nullptr, live_};
  ctx->frame = av_frame_clone(frame_);
  const auto t0 = Clock::now();
  NVCVStatus s = a->imageWrapDataConstruct(&data, releaseImageFrame, ctx, &image_);
  std::string hostRefusal;
  if (s != NVCV_SUCCESS && !layout.device) {
    // NVCV (0.19) refuses host memory; a STRIDED_CUDA descriptor over it is checked and exported without access.
    hostRefusal = lastNvcvMessage(s);
    data.bufferType = NVCV_IMAGE_BUFFER_STRIDED_CUDA;
    s = a->imageWrapDataConstruct(&data, releaseImageFrame, ctx, &image_);
    descriptorOnly_ = s == NVCV_SUCCESS;
  }
  e.wrapUs = usSince(t0);
  if (s != NVCV_SUCCESS) {
    CleanupContext::release(ctx);
    image_ = nullptr;
    w.reason = "nvcvImageWrapDataConstruct: " + lastNvcvMessage(s);
    return;
  }
  ctx->adopt();
  w.available = true;
  w.handleLive = true;
  w.bufferType = data.bufferType == NVCV_IMAGE_BUFFER_STRIDED_CUDA ? "STRIDED_CUDA" : "STRIDED_HOST";
  w.descriptorOnly = descriptorOnly_;
  w.hostRefusal = hostRefusal.empty() ? std::nullopt : std::optional<std::string>(hostRefusal);
  w.reason = descriptorOnly_
                 ? "NVCV refused STRIDED_HOST (" + hostRefusal +
                       "); the host planes are wrapped with a STRIDED_CUDA descriptor that NVCV validates and exports "
                       "without touching memory: layout evidence only, no CV-CUDA operator may run on it"
                 : "wrapped without a copy: the image holds a reference to FFmpeg's frame until NVCV destroys it";

  // The evidence: NVCV's own export of the handle, never the struct filled above.
  NVCVImageData exported{};
  const auto t1 = Clock::now();
  s = a->imageExportData(image_, &exported);
  e.exportUs = usSince(t1);
  if (s != NVCV_SUCCESS) {
    w.reason = "nvcvImageExportData: " + lastNvcvMessage(s);
    return;
  }
  for (size_t i = 0; i < e.planes.size() && i < static_cast<size_t>(exported.buffer.strided.numPlanes); ++i) {
    const NVCVImagePlaneStrided &p = exported.buffer.strided.planes[i];
    PlaneEvidence &pe = e.planes[i];
    pe.nvcvPointer = static_cast<int64_t>(reinterpret_cast<uintptr_t>(p.basePtr));
    pe.nvcvRowStride = p.rowStride;
    // Pointer identity alone: the row stride is a fact of its own (nvcvRowStride beside pitch), judged apart.
    pe.match = reinterpret_cast<uintptr_t>(p.basePtr) == pe.ffmpegPointer;
  }
  w.formatCode = exported.format;
  w.formatName = formatNameOf(*a, exported.format);
  w.formatMatch = exported.format == fmt;
  if (!*w.formatMatch) w.reason += "; NVCV's exported format is not the one FFmpeg's frame implies";
}

void WrappedFrame::wrapTensor(const FrameLayout &layout, FrameEvidence &e) {
  TensorEvidence &t = e.wrap.tensor;
  const bool semiPlanar420 = layout.planes.size() == 2 && layout.subsampling == "4:2:0";
  if (!semiPlanar420) {
    t.reason = layout.planes.size() == 1
                   ? "one plane: the image is already a single tensor"
                   : "CV-CUDA's single-tensor view is defined for 2-plane 4:2:0 frames (NV12/P010); this frame has " +
                         std::to_string(layout.planes.size()) + " planes (" + layout.swFormatName + ")";
    return;
  }
  t.attempted = true;
  const int64_t pitch0 = frame_->linesize[0], pitch1 = frame_->linesize[1];
  const int h = frame_->height, w = frame_->width;
  const int64_t delta = frame_->data[1] - frame_->data[0];
  t.assumedChromaRow = h;
  t.actualChromaRow = pitch0 > 0 && delta % pitch0 == 0 ? std::optional<int64_t>(delta / pitch0) : std::nullopt;
  const int bytes = layout.planes[0].bytesPerPixel;
  t.shape = {1, static_cast<int64_t>(h) * 3 / 2, w, 1};
  t.layout = "NHWC";
  if (pitch0 != pitch1) {
    t.reason = "the planes have different pitches (" + std::to_string(pitch0) + " and " + std::to_string(pitch1) +
               " bytes); one tensor has one row stride";
    return;
  }
  if (h % 2 != 0 || w % 2 != 0) {
    t.reason = "odd size " + std::to_string(w) + "x" + std::to_string(h) + ": a 1.5xH tensor needs even sides";
    return;
  }
  if (delta != pitch0 * h) {
    if (t.actualChromaRow) {
      const int64_t row = *t.actualChromaRow;
      t.reason = "chroma starts at row " + std::to_string(row) + ", not at row " + std::to_string(h) + ": a [1," +
                 std::to_string(h * 3 / 2) + "," + std::to_string(w) + ",1] tensor would read " +
                 std::to_string(row - h) + " padding rows as chroma";
      if (row > h && row % 2 == 0) {
        t.reason += "; a [1," + std::to_string(row * 3 / 2) + "," + std::to_string(w) +
                    ",1] tensor over the coded rows is valid if its output is cropped to " + std::to_string(h) +
                    " rows";
      }
    } else {
      t.reason = "the chroma plane does not start on a row boundary of the luma plane (" + std::to_string(delta) +
                 " bytes apart, pitch " + std::to_string(pitch0) + ")";
    }
    return;
  }
  const NvcvApi *a = nvcv();
  NVCVTensorData d{};
  d.dtype = bytes == 1 ? NVCV_DATA_TYPE_U8 : NVCV_DATA_TYPE_U16;
  a->tensorLayoutMake("NHWC", &d.layout);
  d.rank = 4;
  d.shape[0] = 1, d.shape[1] = static_cast<int64_t>(h) * 3 / 2, d.shape[2] = w, d.shape[3] = 1;
  d.bufferType = NVCV_TENSOR_BUFFER_STRIDED_CUDA;
  d.buffer.strided.strides[0] = pitch0 * d.shape[1];
  d.buffer.strided.strides[1] = pitch0;
  d.buffer.strided.strides[2] = bytes;
  d.buffer.strided.strides[3] = bytes;
  d.buffer.strided.basePtr = reinterpret_cast<NVCVByte *>(frame_->data[0]);
  auto *ctx = new CleanupContext{av_frame_clone(frame_), live_};
  NVCVStatus s = a->tensorWrapDataConstruct(&d, releaseTensorFrame, ctx, &tensor_);
  if (s != NVCV_SUCCESS) {
    CleanupContext::release(ctx);
    tensor_ = nullptr;
    t.reason = "the layout allows one tensor but nvcvTensorWrapDataConstruct refused: " + lastNvcvMessage(s);
    return;
  }
  ctx->adopt();
  NVCVTensorData out{};
  s = a->tensorExportData(tensor_, &out);
  t.valid = s == NVCV_SUCCESS && out.buffer.strided.basePtr == d.buffer.strided.basePtr && out.rank == 4 &&
            out.buffer.strided.strides[1] == pitch0;
  t.reason = t.valid ? "chroma follows the display rows at the same pitch: one [1," + std::to_string(h * 3 / 2) + "," +
                           std::to_string(w) + ",1] tensor, wrapped and exported by NVCV"
                     : "NVCV exported a different tensor than it was given";
}

} // namespace zci
