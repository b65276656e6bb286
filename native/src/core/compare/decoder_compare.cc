// Same frame, two decoders: opening the file twice, normalising each frame's packing to logical planes of sample
// values, and comparing them on the device (decoder_compare.cu) or the host with the same per-sample code.
#include "compare/decoder_compare.h"

#include "preview/color_kernels.h"
#include "gpu/cuda_driver.h"
#include "decode/decoder.h"
#include "common/error.h"
#include "decode/planted_frame.h"
#include "preview/yuv_pixel.h"

extern "C" {
#include <libavutil/hwcontext.h>
#include <libavutil/hwcontext_cuda.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <memory>

namespace zci {

int swsMatrixFor(const AVFrame *f); // preview_reference.cc

namespace {

using samples::PlaneAccess;
using samples::PlaneStats;

constexpr const char *kPlaneNames[] = {"Y", "U", "V"};

Error unavailable(const std::string &why) {
  return Error(ErrorCode::DecoderCompareUnavailable, "The decoder comparison cannot run: " + why,
               "Compare on a machine with an NVIDIA GPU whose FFmpeg has NVDEC, or compare the software decoder "
               "against itself (decoders 'software,software').");
}

void check(int err, const char *what) {
  if (err != 0)
    throw Error(ErrorCode::CudaError, std::string(what) + ": " + cuda::runtimeErrorText(err), "Check the GPU.");
}

// The software format of a frame (a CUDA frame's frames context holds it).
AVPixelFormat softwareFormat(const AVFrame *f) {
  if (f->format == AV_PIX_FMT_CUDA && f->hw_frames_ctx)
    return reinterpret_cast<AVHWFramesContext *>(f->hw_frames_ctx->data)->sw_format;
  return static_cast<AVPixelFormat>(f->format);
}

// FFmpeg's CUDA context and stream of a device frame.
const AVCUDADeviceContext *cudaOf(const AVFrame *f) {
  auto *frames = reinterpret_cast<AVHWFramesContext *>(f->hw_frames_ctx->data);
  return static_cast<const AVCUDADeviceContext *>(frames->device_ctx->hwctx);
}

// How logical plane `comp` of a frame is read, its values normalised to `depth` bits.
PlaneAccess accessFor(const AVFrame *f, const AVPixFmtDescriptor *d, int comp, int depth) {
  const AVComponentDescriptor &c = d->comp[comp];
  PlaneAccess p;
  p.base = f->data[c.plane];
  p.pitch = f->linesize[c.plane];
  p.step = c.step;
  p.offset = c.offset;
  p.bytes = (c.depth + c.shift + 7) / 8;
  p.shift = c.shift + (c.depth - depth); // 16-bit containers of 10-bit samples (NVDEC's yuv444p16le) keep the MSBs
  p.depth = depth;
  return p;
}

bool semiPlanar(const AVPixFmtDescriptor *d) {
  return d->nb_components >= 3 && d->comp[1].plane == d->comp[2].plane;
}

std::string describeSide(const AVPixFmtDescriptor *d, const PlaneAccess &y) {
  return std::string(d->name) + (y.shift ? " >> " + std::to_string(y.shift) : "");
}

// The word at a sample, wherever the plane is (device: one small copy back).
unsigned readWord(const PlaneAccess &p, int x, int y, bool device, int64_t &downloaded) {
  if (!device) return samples::wordAt(p, x, y);
  uint8_t bytes[2] = {0, 0};
  const uint8_t *at = p.base + y * p.pitch + static_cast<int64_t>(x) * p.step + p.offset;
  check(cudaMemcpy(bytes, at, static_cast<size_t>(p.bytes), cudaMemcpyDeviceToHost), "cudaMemcpy");
  downloaded += p.bytes;
  return p.bytes == 2 ? static_cast<unsigned>(bytes[0] | (bytes[1] << 8)) : bytes[0];
}

// Writes a word at a sample: a direct write on the host, cuMemcpyHtoD of the word on the device.
void writeWord(const PlaneAccess &p, int x, int y, bool device, unsigned word) {
  uint8_t *at = const_cast<uint8_t *>(p.base) + y * p.pitch + static_cast<int64_t>(x) * p.step + p.offset;
  const uint8_t bytes[2] = {static_cast<uint8_t>(word & 0xff), static_cast<uint8_t>(word >> 8)};
  if (!device) {
    std::copy(bytes, bytes + p.bytes, at);
    return;
  }
  std::string why;
  const cuda::DriverApi *drv = cuda::driver(&why);
  if (!drv) throw Error(ErrorCode::CudaError, "The CUDA driver API is not usable: " + why, "Check the driver.");
  const CUresult r =
      drv->memcpyHtoD(static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(at)), bytes, static_cast<size_t>(p.bytes));
  if (r != CUDA_SUCCESS)
    throw Error(ErrorCode::CudaError, "cuMemcpyHtoD of the planted sample: " + cuda::driverErrorName(r),
                "Check the GPU.");
  // From pageable memory the copy may return before its DMA lands; the comparison runs on a non-blocking stream.
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
}

void compareOnHost(const PlaneAccess &a, const PlaneAccess &b, int w, int h, int cellsX, int cellsY, PlaneStats &st,
                   std::vector<uint32_t> &heat) {
  heat.assign(static_cast<size_t>(cellsX) * cellsY, 0);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const unsigned wa = samples::wordAt(a, x, y), wb = samples::wordAt(b, x, y);
      const unsigned va = samples::valueOf(a, wa), vb = samples::valueOf(b, wb);
      if (wa != wb) st.rawDiffer = 1;
      if (va == vb) continue;
      st.differing++;
      st.maxAbsDiff = std::max(st.maxAbsDiff, va > vb ? va - vb : vb - va);
      st.firstIndex = std::min(st.firstIndex, static_cast<unsigned long long>(y) * w + x);
      heat[samples::cellOf(x, y, w, h, cellsX, cellsY)]++;
    }
  }
}

// A device buffer freed with its scope.
struct DeviceBuffer {
  void *ptr = nullptr;
  explicit DeviceBuffer(size_t bytes) { check(cudaMalloc(&ptr, std::max<size_t>(bytes, 1)), "cudaMalloc"); }
  ~DeviceBuffer() { cudaFree(ptr); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  uint8_t *bytes() const { return static_cast<uint8_t *>(ptr); }
};

// A host frame copied to one device buffer, each plane's rows packed (pitch = the row's bytes).
struct DeviceCopy {
  std::unique_ptr<DeviceBuffer> buffer;
  AVFrame view{}; // data/linesize pointing into buffer
  int64_t bytes = 0;
};

void uploadFrame(const AVFrame *f, cudaStream_t st, DeviceCopy &out) {
  const auto fmt = static_cast<AVPixelFormat>(f->format);
  const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(fmt);
  const int planes = av_pix_fmt_count_planes(fmt);
  int64_t rowBytes[4] = {0, 0, 0, 0}, rows[4] = {0, 0, 0, 0}, offset[4] = {0, 0, 0, 0};
  int64_t total = 0;
  for (int p = 0; p < planes; ++p) {
    rowBytes[p] = av_image_get_linesize(fmt, f->width, p);
    rows[p] = (p == 1 || p == 2) ? AV_CEIL_RSHIFT(f->height, d->log2_chroma_h) : f->height;
    offset[p] = total;
    total += rowBytes[p] * rows[p];
  }
  out.buffer = std::make_unique<DeviceBuffer>(static_cast<size_t>(total));
  out.bytes = total;
  out.view.width = f->width;
  out.view.height = f->height;
  out.view.format = f->format;
  for (int p = 0; p < planes; ++p) {
    out.view.data[p] = out.buffer->bytes() + offset[p];
    out.view.linesize[p] = static_cast<int>(rowBytes[p]);
    check(cudaMemcpy2DAsync(out.view.data[p], rowBytes[p], f->data[p], f->linesize[p], rowBytes[p], rows[p],
                            cudaMemcpyHostToDevice, st),
          "cudaMemcpy2DAsync");
  }
}

const char *matrixName(int swsMatrix) {
  return swsMatrix == SWS_CS_ITU709 ? "BT.709" : swsMatrix == SWS_CS_BT2020 ? "BT.2020" : "BT.601";
}

float kr(int m) {
  return m == SWS_CS_ITU709 ? 0.2126f : m == SWS_CS_BT2020 ? 0.2627f : 0.299f;
}
float kb(int m) {
  return m == SWS_CS_ITU709 ? 0.0722f : m == SWS_CS_BT2020 ? 0.0593f : 0.114f;
}

// How the inspector's kernel reads frame a.
kernels::YuvSource yuvSourceFor(const AVFrame *a, const AVPixFmtDescriptor *d, const PlaneAccess &y, int depth) {
  kernels::YuvSource s{};
  for (int i = 0; i < 3; ++i) {
    s.plane[i] = a->data[i];
    s.pitch[i] = a->linesize[i];
  }
  s.width = a->width;
  s.height = a->height;
  s.chromaShiftX = d->log2_chroma_w;
  s.chromaShiftY = d->log2_chroma_h;
  s.semiPlanar = semiPlanar(d);
  s.bytesPerSample = y.bytes;
  s.shift = y.shift;
  s.bitDepth = depth;
  s.fullRange = a->color_range == AVCOL_RANGE_JPEG;
  const int m = swsMatrixFor(a);
  s.kr = kr(m);
  s.kb = kb(m);
  return s;
}

// swscale's RGB24 of frame b at full size, with the frame's own matrix and range.
std::vector<uint8_t> swscaleRgb(const AVFrame *b, RgbCompare &out) {
  const auto fmt = static_cast<AVPixelFormat>(b->format);
  SwsContext *sws = sws_getContext(b->width, b->height, fmt, b->width, b->height, AV_PIX_FMT_RGB24,
                                   SWS_POINT | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nullptr, nullptr, nullptr);
  if (!sws) throw Error(ErrorCode::UnsupportedCodec, "swscale cannot convert this frame's format", "Try another file.");
  const int m = swsMatrixFor(b);
  const int full = b->color_range == AVCOL_RANGE_JPEG ? 1 : 0;
  sws_setColorspaceDetails(sws, sws_getCoefficients(m), full, sws_getCoefficients(m), 1, 0, 1 << 16, 1 << 16);
  std::vector<uint8_t> rgb(static_cast<size_t>(b->width) * b->height * 3);
  uint8_t *dst[4] = {rgb.data(), nullptr, nullptr, nullptr};
  int dstStride[4] = {b->width * 3, 0, 0, 0};
  sws_scale(sws, b->data, b->linesize, 0, b->height, dst, dstStride);
  sws_freeContext(sws);
  out.converterB = std::string("swscale ") + av_get_pix_fmt_name(fmt) +
                   " -> rgb24 (point sampling, full chroma interpolation, accurate rounding) on the software frame";
  out.matrixB = matrixName(m);
  out.rangeB = full ? "full" : "limited";
  return rgb;
}

PlaneAccess rgbAccess(const uint8_t *base, int width) {
  PlaneAccess p;
  p.base = base;
  p.pitch = static_cast<int64_t>(width) * 3;
  return p; // one byte per sample, depth 8: a plane 3 × width samples wide
}

// The other matrix and range assumptions for A's RGB, each as a source and its words, in order: every matrix at A's
// range, then every matrix at the other range.
struct RgbAssumption {
  kernels::YuvSource source;
  std::string words;
};

std::vector<RgbAssumption> rgbAssumptions(const kernels::YuvSource &own, int ownMatrix) {
  std::vector<RgbAssumption> out;
  for (const bool full : {own.fullRange, !own.fullRange}) {
    for (const int m : {SWS_CS_ITU601, SWS_CS_ITU709, SWS_CS_BT2020}) {
      if (full == own.fullRange && m == ownMatrix) continue;
      kernels::YuvSource s = own;
      s.fullRange = full;
      s.kr = kr(m);
      s.kb = kb(m);
      out.push_back({s, std::string("RGB within ") + std::to_string(kRgbTolerance) + " of B's when A is converted as " +
                            matrixName(m) + " " + (full ? "full" : "limited") + " range"});
    }
  }
  return out;
}

// Tries the assumptions with convertAndCompare (a source -> the largest difference from B's RGB); fills r's tried
// list and cause.
template <typename ConvertAndCompare>
void explainRgb(RgbCompare &r, const kernels::YuvSource &own, int ownMatrix, ConvertAndCompare convertAndCompare) {
  for (const RgbAssumption &a : rgbAssumptions(own, ownMatrix)) {
    r.explanationsTried.push_back(a.words);
    if (convertAndCompare(a.source) <= kRgbTolerance) {
      r.cause = a.words + ", not as " + matrixName(ownMatrix) + " " + (own.fullRange ? "full" : "limited") +
                " range as A's frame says: a range or matrix assumption";
      return;
    }
  }
}

void finishRgb(RgbCompare &r, const PlaneStats &st, const std::vector<uint8_t> &aHost, const uint8_t *aDevice,
               const std::vector<uint8_t> &b, int64_t &downloaded) {
  r.done = true;
  r.differing = static_cast<int64_t>(st.differing);
  r.maxAbsDiff = static_cast<int>(st.maxAbsDiff);
  if (st.differing == 0) return;
  const int rowSamples = r.width * 3;
  const int sx = static_cast<int>(st.firstIndex % rowSamples), sy = static_cast<int>(st.firstIndex / rowSamples);
  r.hasFirst = true;
  r.firstX = sx / 3;
  r.firstY = sy;
  r.firstChannel = sx % 3;
  const size_t at = static_cast<size_t>(st.firstIndex);
  if (aDevice) {
    uint8_t v = 0;
    check(cudaMemcpy(&v, aDevice + at, 1, cudaMemcpyDeviceToHost), "cudaMemcpy");
    downloaded += 1;
    r.valueA = v;
  } else {
    r.valueA = aHost[at];
  }
  r.valueB = b[at];
}

// What A's plane c is, read another way, for the explanations: the reading and the words for it.
struct Reading {
  PlaneAccess a, b;
  int width = 0, height = 0;
  std::string words;
};

// The ways of reading A's plane c (against B's same plane unless said) that test one explanation each, in order: the
// plane k rows after or before FFmpeg's pointer (an offset mistake), the other chroma plane (U and V swapped), the
// samples in other bits of 16-bit words (a packing mistake).
std::vector<Reading> readingsOf(int c, const PlaneAccess pa[3], const PlaneAccess pb[3], const int w[3],
                                const int h[3]) {
  std::vector<Reading> out;
  const std::string name = kPlaneNames[c];
  for (int k : {1, -1, 2, -2}) {
    const int rows = h[c] - std::abs(k);
    if (rows < 2) continue;
    Reading r{pa[c], pb[c], w[c], rows, ""};
    if (k > 0)
      r.a.base += k * r.a.pitch; // A from row k, against B from row 0
    else
      r.b.base += -k * r.b.pitch; // A from row 0, against B from row -k
    r.words = name + " identical when read " + std::to_string(std::abs(k)) + (std::abs(k) == 1 ? " row " : " rows ") +
              (k > 0 ? "after" : "before") + " FFmpeg's pointer: a plane-offset mistake";
    out.push_back(r);
  }
  // An offset mistake whose frame also lost its last row (FFmpeg 6.0 and later copy the rows FFmpeg's pointer covers,
  // so a plane copied from one row early lacks the decoder's last row).
  if (h[c] - 2 >= 2) {
    Reading r{pa[c], pb[c], w[c], h[c] - 2, ""};
    r.a.base += r.a.pitch;
    r.words = name + " identical but for its last row when read 1 row after FFmpeg's pointer: a plane-offset " +
              "mistake, and the frame lacks the plane's last row";
    out.push_back(r);
  }
  // A plane that starts one sample after or before FFmpeg's pointer (an offset of a few bytes, not whole rows).
  for (int k : {1, -1}) {
    if (w[c] < 2) break;
    Reading r{pa[c], pb[c], w[c] - 1, h[c], ""};
    if (k > 0)
      r.a.base += r.a.step; // A from sample 1, against B from sample 0
    else
      r.b.base += r.b.step; // A from sample 0, against B from sample 1
    const std::string bytes = std::to_string(pa[c].step) + (pa[c].step == 1 ? " byte" : " bytes");
    r.words = name + " identical when read 1 sample (" + bytes + ") " + (k > 0 ? "after" : "before") +
              " FFmpeg's pointer: a plane-offset mistake of " + bytes;
    out.push_back(r);
  }
  // Rows a pitch apart other than FFmpeg's linesize: another plane's, or twice or half its own. Only the rows that
  // lie inside the plane as FFmpeg's pointer and linesize span it are read, so no reading leaves the frame.
  const int64_t rowBytes = static_cast<int64_t>(w[c]) * pa[c].step;
  std::vector<int64_t> pitches;
  for (int k = 0; k < 3; ++k)
    if (k != c) pitches.push_back(pa[k].pitch);
  pitches.push_back(pa[c].pitch * 2);
  if (pa[c].pitch % 2 == 0) pitches.push_back(pa[c].pitch / 2);
  std::vector<int64_t> triedPitches;
  for (const int64_t pitch : pitches) {
    if (pitch == pa[c].pitch || pitch < rowBytes ||
        std::find(triedPitches.begin(), triedPitches.end(), pitch) != triedPitches.end())
      continue;
    triedPitches.push_back(pitch);
    const int64_t rows = std::min<int64_t>(h[c], (static_cast<int64_t>(h[c] - 1) * pa[c].pitch) / pitch + 1);
    if (rows < 2) continue;
    Reading r{pa[c], pb[c], w[c], static_cast<int>(rows), ""};
    r.a.pitch = pitch;
    r.words = name + " identical when read with a pitch of " + std::to_string(pitch) + " bytes instead of FFmpeg's " +
              std::to_string(pa[c].pitch) + ": a pitch mistake" +
              (rows < h[c] ? " (rows 0.." + std::to_string(rows - 1) + ", as far as FFmpeg's plane reaches)" : "");
    out.push_back(r);
  }
  if (c > 0) {
    const int other = c == 1 ? 2 : 1;
    out.push_back(
        {pa[other], pb[c], w[c], h[c], name + " identical to A's " + kPlaneNames[other] + ": U and V swapped"});
  }
  if (pa[c].bytes == 2) {
    for (int shift : {0, 2, 4, 6}) {
      if (shift == pa[c].shift || shift + pa[c].depth > 16) continue;
      Reading r{pa[c], pb[c], w[c], h[c], ""};
      r.a.shift = shift;
      r.words = name + " identical when A's 16-bit words hold the samples in bits " + std::to_string(shift) + ".." +
                std::to_string(shift + pa[c].depth - 1) + ": a packing mistake";
      out.push_back(r);
    }
  }
  return out;
}

// Tries the explanations for the planes that differ, with compare (one plane: A, B, width, height -> samples that
// differ); fills tried and returns the first under which every differing plane is identical, or "".
template <typename Compare>
std::string explain(const PlaneStats stats[3], const PlaneAccess pa[3], const PlaneAccess pb[3], const int w[3],
                    const int h[3], Compare compare, std::vector<std::string> &tried) {
  std::vector<std::string> found;
  for (int c = 0; c < 3; ++c) {
    if (stats[c].differing == 0) continue;
    std::string hit;
    for (const Reading &r : readingsOf(c, pa, pb, w, h)) {
      tried.push_back(r.words.substr(0, r.words.find(':')));
      if (compare(r.a, r.b, r.width, r.height) == 0) {
        hit = r.words;
        break;
      }
    }
    if (hit.empty()) return "";
    found.push_back(hit);
  }
  std::string out;
  for (const std::string &f : found)
    out += (out.empty() ? "" : "; ") + f;
  return out;
}

} // namespace

bool codecIsBitExact(const std::string &codec, std::string &why) {
  if (codec == "h264" || codec == "hevc" || codec == "vp9" || codec == "av1" || codec == "vp8") {
    why = "the " + codec +
          " standard specifies the decoding process exactly: every conforming decoder outputs the "
          "same samples";
    return true;
  }
  why = "the " + codec + " standard allows decoders to differ (e.g. an inverse transform accurate only to a tolerance)";
  return false;
}

FrameCompare compareFrames(const AVFrame *aIn, const AVFrame *b, int streamDepth, int codedWidth, int codedHeight,
                           bool rgb, CompareWhere where, const std::optional<ComparePlant> &plant,
                           PlantReport *planted) {
  const auto t0 = std::chrono::steady_clock::now();
  FrameCompare out;
  const AVFrame *a = aIn;
  const bool aOnDevice = a->format == AV_PIX_FMT_CUDA;
  const bool onDevice = aOnDevice && where == CompareWhere::Auto;
  out.where = onDevice ? "device" : "host";
  const AVPixelFormat fa = softwareFormat(a), fb = softwareFormat(b);
  const AVPixFmtDescriptor *da = av_pix_fmt_desc_get(fa), *db = av_pix_fmt_desc_get(fb);
  if (!da || !db || b->format == AV_PIX_FMT_CUDA)
    throw unavailable("frame B must be a software frame of a known pixel format");
  out.formatA = da->name;
  out.formatB = db->name;
  // FFmpeg 6.0 and later hand out NVDEC frames copied into a frame of their frames context, whose size is the coded
  // size rounded up to even: an odd-sized stream's frame A is one row or column larger than the software decoder's.
  // The stream's size is compared; the extra row or column is FFmpeg's padding, named in the compared area.
  const bool evenPadded = a->width >= b->width && a->height >= b->height && a->width - b->width <= 1 &&
                          a->height - b->height <= 1 && (a->width % 2 == 0) && (a->height % 2 == 0);
  if ((!evenPadded && (a->width != b->width || a->height != b->height)) || da->log2_chroma_w != db->log2_chroma_w ||
      da->log2_chroma_h != db->log2_chroma_h || da->nb_components < 3 || db->nb_components < 3 ||
      da->comp[0].depth < streamDepth || db->comp[0].depth < streamDepth || (da->flags & AV_PIX_FMT_FLAG_RGB) ||
      (db->flags & AV_PIX_FMT_FLAG_RGB)) {
    throw unavailable("the two frames do not have the same size and sampling: " + std::string(da->name) + " " +
                      std::to_string(a->width) + "x" + std::to_string(a->height) + " against " + db->name + " " +
                      std::to_string(b->width) + "x" + std::to_string(b->height));
  }
  out.bitDepth = streamDepth;
  const int cw = b->width, ch = b->height; // the size compared: the stream's

  // The naive path: frame A downloaded whole, compared on the host.
  FramePtr downloaded, writable;
  if (aOnDevice && !onDevice) {
    downloaded.reset(av_frame_alloc());
    if (av_hwframe_transfer_data(downloaded.get(), a, 0) < 0)
      throw Error(ErrorCode::CudaError, "Downloading frame A for the host comparison failed", "Check the GPU.");
    av_frame_copy_props(downloaded.get(), a);
    for (int p = 0; p < 4 && downloaded->data[p]; ++p)
      out.bytesDownloaded += static_cast<int64_t>(downloaded->linesize[p]) *
                             ((p == 1 || p == 2) ? AV_CEIL_RSHIFT(a->height, da->log2_chroma_h) : a->height);
    a = downloaded.get();
  }
  // A planted sample on a host frame goes into a frame of our own (the decoder may still read its reference).
  if (plant && a->format != AV_PIX_FMT_CUDA) {
    writable.reset(av_frame_clone(a));
    if (!writable || av_frame_make_writable(writable.get()) < 0)
      throw Error(ErrorCode::Internal, "Out of memory copying the frame for the planted sample", "Close other files.");
    a = writable.get();
  }
  const bool aDevice = a->format == AV_PIX_FMT_CUDA;
  // FFmpeg's context is current for everything that touches frame A's memory: the plant, the kernels, the restore.
  std::unique_ptr<cuda::ScopedContext> scope;
  if (aDevice) scope = std::make_unique<cuda::ScopedContext>(cudaOf(a)->cuda_ctx);

  const int w[3] = {cw, AV_CEIL_RSHIFT(cw, da->log2_chroma_w), AV_CEIL_RSHIFT(cw, da->log2_chroma_w)};
  const int h[3] = {ch, AV_CEIL_RSHIFT(ch, da->log2_chroma_h), AV_CEIL_RSHIFT(ch, da->log2_chroma_h)};
  PlaneAccess pa[3], pbHost[3];
  for (int c = 0; c < 3; ++c) {
    pa[c] = accessFor(a, da, c, streamDepth);
    pbHost[c] = accessFor(b, db, c, streamDepth);
  }
  out.normalisation = describeSide(da, pa[0]) + " vs " + describeSide(db, pbHost[0]);
  if (semiPlanar(da) || semiPlanar(db)) {
    out.normalisation += std::string("; UV deinterleaved") + (semiPlanar(da) && semiPlanar(db) ? ""
                                                              : semiPlanar(da)                 ? " (A)"
                                                                                               : " (B)");
  }
  if (pa[0].shift == 0 && pbHost[0].shift == 0 && !semiPlanar(da) && !semiPlanar(db))
    out.normalisation += "; as stored";
  out.codedRowsCompared = false;
  out.comparedArea = "the displayed " + std::to_string(cw) + "x" + std::to_string(ch);
  if (a->width != cw || a->height != ch)
    out.comparedArea += " (frame A is " + std::to_string(a->width) + "x" + std::to_string(a->height) +
                        ", FFmpeg's frame rounded up to even: its extra row or column was not compared)";
  std::string hidden;
  if (codedHeight > ch) hidden = "rows " + std::to_string(ch) + ".." + std::to_string(codedHeight - 1);
  if (codedWidth > cw)
    hidden += (hidden.empty() ? "" : " and ") + std::string("columns ") + std::to_string(cw) + ".." +
              std::to_string(codedWidth - 1);
  out.comparedArea += hidden.empty()
                          ? "; the coded size is the same, nothing hidden"
                          : "; of the coded " + std::to_string(std::max(codedWidth, cw)) + "x" +
                                std::to_string(std::max(codedHeight, ch)) + ", " + hidden + " were not compared";

  // The planted sample.
  unsigned plantOriginal = 0;
  if (plant) {
    const ComparePlant &p = *plant;
    if (p.plane < 0 || p.plane > 2 || p.x < 0 || p.y < 0 || p.x >= w[p.plane] || p.y >= h[p.plane] || p.value < 0 ||
        p.value >= (1 << streamDepth)) {
      throw Error(ErrorCode::InvalidArgument,
                  "The planted sample must lie in plane 0..2 (" + std::to_string(w[0]) + "x" + std::to_string(h[0]) +
                      " luma, " + std::to_string(w[1]) + "x" + std::to_string(h[1]) + " chroma) with a value 0.." +
                      std::to_string((1 << streamDepth) - 1),
                  "Pick a position inside the plane and a value the bit depth can hold.");
    }
    const PlaneAccess &q = pa[p.plane];
    int64_t ignored = 0;
    plantOriginal = readWord(q, p.x, p.y, aDevice, ignored);
    const unsigned mask = ((1u << q.depth) - 1u) << q.shift;
    writeWord(q, p.x, p.y, aDevice, (plantOriginal & ~mask) | (static_cast<unsigned>(p.value) << q.shift));
    if (planted) {
      planted->plant = p;
      planted->original = static_cast<int>(samples::valueOf(q, plantOriginal));
      planted->how = aDevice ? "cuMemcpyHtoD of one " + std::to_string(q.bytes) + "-byte word into the device frame"
                             : "a direct write of one " + std::to_string(q.bytes) + "-byte word into the host frame";
    }
  }

  PlaneStats stats[3];
  std::vector<uint32_t> heat[3];
  int cellsX[3], cellsY[3];
  for (int c = 0; c < 3; ++c) {
    cellsX[c] = std::min(kHeatCellsX, w[c]);
    cellsY[c] = std::min(kHeatCellsY, h[c]);
  }
  std::vector<uint8_t> rgbA, rgbB;
  std::unique_ptr<DeviceBuffer> rgbADevice;
  PlaneStats rgbStats;
  try {
    if (aDevice) {
      const AVCUDADeviceContext *cu = cudaOf(a);
      cudaStream_t st = nullptr;
      check(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking), "cudaStreamCreate");
      std::unique_ptr<CUstream_st, void (*)(cudaStream_t)> stream(st, [](cudaStream_t s) { cudaStreamDestroy(s); });
      cudaEvent_t after = nullptr;
      check(cudaEventCreate(&after), "cudaEventCreate");
      cudaEventRecord(after, reinterpret_cast<cudaStream_t>(cu->stream)); // after FFmpeg's work on the frame
      cudaStreamWaitEvent(st, after, 0);
      cudaEventDestroy(after);
      DeviceCopy bDev;
      uploadFrame(b, st, bDev);
      out.bytesUploaded += bDev.bytes;
      PlaneAccess pbDev[3];
      for (int c = 0; c < 3; ++c)
        pbDev[c] = accessFor(&bDev.view, db, c, streamDepth);
      float ms = 0;
      check(device::comparePlanes(pa, pbDev, w, h, cellsX, cellsY, 3, stats, heat, st, &ms), "comparePlanes");
      if (stats[0].differing + stats[1].differing + stats[2].differing > 0) {
        out.cause = explain(
            stats, pa, pbDev, w, h,
            [&](const PlaneAccess &x, const PlaneAccess &y, int width, int height) {
              PlaneStats one;
              std::vector<uint32_t> cells[1];
              const int c1 = 1;
              check(device::comparePlanes(&x, &y, &width, &height, &c1, &c1, 1, &one, cells, st, nullptr),
                    "comparePlanes");
              out.bytesDownloaded += static_cast<int64_t>(sizeof one);
              return one.differing;
            },
            out.explanationsTried);
      }
      out.bytesDownloaded += static_cast<int64_t>(sizeof stats);
      for (int c = 0; c < 3; ++c)
        out.bytesDownloaded += static_cast<int64_t>(heat[c].size() * sizeof(uint32_t));
      if (rgb) {
        rgbADevice = std::make_unique<DeviceBuffer>(static_cast<size_t>(cw) * ch * 3);
        const kernels::YuvSource ys = yuvSourceFor(a, da, pa[0], streamDepth);
        check(kernels::yuvToRgb8(ys, rgbADevice->bytes(), static_cast<int64_t>(cw) * 3, st), "yuvToRgb8");
        RgbCompare tmp;
        rgbB = swscaleRgb(b, tmp);
        DeviceBuffer rgbBDevice(rgbB.size());
        check(cudaMemcpyAsync(rgbBDevice.ptr, rgbB.data(), rgbB.size(), cudaMemcpyHostToDevice, st), "cudaMemcpy");
        out.bytesUploaded += static_cast<int64_t>(rgbB.size());
        const PlaneAccess ra = rgbAccess(rgbADevice->bytes(), cw), rb = rgbAccess(rgbBDevice.bytes(), cw);
        const int rw = cw * 3, rh = ch, one = 1;
        std::vector<uint32_t> rgbHeat[1];
        check(device::comparePlanes(&ra, &rb, &rw, &rh, &one, &one, 1, &rgbStats, rgbHeat, st, nullptr),
              "comparePlanes");
        out.bytesDownloaded += static_cast<int64_t>(sizeof rgbStats);
        if (static_cast<int>(rgbStats.maxAbsDiff) > kRgbTolerance) {
          DeviceBuffer other(static_cast<size_t>(cw) * ch * 3);
          explainRgb(tmp, ys, swsMatrixFor(a), [&](const kernels::YuvSource &source) {
            check(kernels::yuvToRgb8(source, other.bytes(), static_cast<int64_t>(cw) * 3, st), "yuvToRgb8");
            const PlaneAccess ro = rgbAccess(other.bytes(), cw);
            PlaneStats stats;
            std::vector<uint32_t> cells[1];
            check(device::comparePlanes(&ro, &rb, &rw, &rh, &one, &one, 1, &stats, cells, st, nullptr),
                  "comparePlanes");
            out.bytesDownloaded += static_cast<int64_t>(sizeof stats);
            return static_cast<int>(stats.maxAbsDiff);
          });
        }
        out.rgb = tmp;
      }
    } else {
      for (int c = 0; c < 3; ++c)
        compareOnHost(pa[c], pbHost[c], w[c], h[c], cellsX[c], cellsY[c], stats[c], heat[c]);
      if (stats[0].differing + stats[1].differing + stats[2].differing > 0) {
        out.cause = explain(
            stats, pa, pbHost, w, h,
            [](const PlaneAccess &x, const PlaneAccess &y, int width, int height) {
              PlaneStats one;
              std::vector<uint32_t> cells;
              compareOnHost(x, y, width, height, 1, 1, one, cells);
              return one.differing;
            },
            out.explanationsTried);
      }
      if (rgb) {
        RgbCompare tmp;
        rgbB = swscaleRgb(b, tmp);
        const kernels::YuvSource ys = yuvSourceFor(a, da, pa[0], streamDepth);
        rgbA.resize(rgbB.size());
        for (int y = 0; y < ch; ++y)
          for (int x = 0; x < cw; ++x)
            kernels::yuvPixelToRgb(ys, x, y, rgbA.data() + (static_cast<size_t>(y) * cw + x) * 3);
        std::vector<uint32_t> rgbHeat;
        compareOnHost(rgbAccess(rgbA.data(), cw), rgbAccess(rgbB.data(), cw), cw * 3, ch, 1, 1, rgbStats, rgbHeat);
        if (static_cast<int>(rgbStats.maxAbsDiff) > kRgbTolerance) {
          std::vector<uint8_t> other(rgbB.size());
          explainRgb(tmp, ys, swsMatrixFor(a), [&](const kernels::YuvSource &source) {
            for (int y = 0; y < ch; ++y)
              for (int x = 0; x < cw; ++x)
                kernels::yuvPixelToRgb(source, x, y, other.data() + (static_cast<size_t>(y) * cw + x) * 3);
            PlaneStats stats;
            std::vector<uint32_t> cells;
            compareOnHost(rgbAccess(other.data(), cw), rgbAccess(rgbB.data(), cw), cw * 3, ch, 1, 1, stats, cells);
            return static_cast<int>(stats.maxAbsDiff);
          });
        }
        out.rgb = tmp;
      }
    }

    for (int c = 0; c < 3; ++c) {
      PlaneCompare pc;
      pc.name = kPlaneNames[c];
      pc.width = w[c];
      pc.height = h[c];
      pc.differing = static_cast<int64_t>(stats[c].differing);
      pc.identical = pc.differing == 0;
      pc.maxAbsDiff = static_cast<int>(stats[c].maxAbsDiff);
      pc.rawWordsDiffer = stats[c].rawDiffer != 0;
      pc.heatWidth = cellsX[c];
      pc.heatHeight = cellsY[c];
      pc.heat = std::move(heat[c]);
      if (!pc.identical) {
        pc.hasFirst = true;
        pc.firstX = static_cast<int>(stats[c].firstIndex % static_cast<unsigned long long>(w[c]));
        pc.firstY = static_cast<int>(stats[c].firstIndex / static_cast<unsigned long long>(w[c]));
        pc.valueA = static_cast<int>(
            samples::valueOf(pa[c], readWord(pa[c], pc.firstX, pc.firstY, aDevice, out.bytesDownloaded)));
        pc.valueB = static_cast<int>(samples::valueOf(pbHost[c], samples::wordAt(pbHost[c], pc.firstX, pc.firstY)));
      }
      out.identical = out.identical && pc.identical;
      out.rawWordsDiffer = out.rawWordsDiffer || pc.rawWordsDiffer;
      out.planes.push_back(std::move(pc));
    }
    if (rgb) {
      const int m = swsMatrixFor(a);
      out.rgb.converterA = aDevice ? "the inspector's kernel (color_kernels.cu) on the GPU, on frame A"
                                   : "the inspector's conversion formula (yuv_pixel.h) on the CPU, on frame A";
      out.rgb.matrixA = matrixName(m);
      out.rgb.rangeA = a->color_range == AVCOL_RANGE_JPEG ? "full" : "limited";
      out.rgb.width = cw;
      out.rgb.height = ch;
      finishRgb(out.rgb, rgbStats, rgbA, rgbADevice ? rgbADevice->bytes() : nullptr, rgbB, out.bytesDownloaded);
    } else {
      out.rgb.why = "not asked for";
    }
  } catch (...) {
    if (plant) {
      try {
        writeWord(pa[plant->plane], plant->x, plant->y, aDevice, plantOriginal);
      } catch (...) {}
    }
    throw;
  }
  if (plant) writeWord(pa[plant->plane], plant->x, plant->y, aDevice, plantOriginal); // restored
  out.matched = out.identical;
  out.compareMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

CompareResult compareDecoders(const std::string &path, const CompareRequest &request, CancelFlag cancel) {
  const auto t0 = std::chrono::steady_clock::now();
  if (request.frames.size() > static_cast<size_t>(kCompareFramesMax)) {
    throw Error(ErrorCode::InvalidArgument, "frames may list at most " + std::to_string(kCompareFramesMax) + " indices",
                "Compare fewer frames at a time.");
  }
  if (request.a == DecodeMode::Auto || request.b != DecodeMode::Software) {
    throw Error(ErrorCode::InvalidArgument,
                "The decoders compared are A: 'nvdec', 'software' or 'software-upload' against B: 'software'",
                "Use decoders 'nvdec,software' (the default) or 'software,software'.");
  }
  for (int64_t f : request.frames) {
    if (f < 0) {
      throw Error(ErrorCode::FrameOutOfRange, "Frame " + std::to_string(f) + " does not exist",
                  "Pick frames from 0 up.");
    }
  }
  DecoderOptions oa, ob;
  oa.mode = request.a;
  oa.device = request.device;
  ob.mode = DecodeMode::Software;
  std::unique_ptr<Decoder> da;
  try {
    da = std::make_unique<Decoder>(path, oa, cancel);
  } catch (const Error &e) {
    if (request.a != DecodeMode::Software &&
        (e.code() == ErrorCode::NoCudaDevice || e.code() == ErrorCode::NvdecUnavailable ||
         e.code() == ErrorCode::CudaError)) {
      throw unavailable(std::string(nameOf(kDecodeModeNames, request.a)) + " decoding is not usable here (" +
                        errorCodeName(e.code()) + ": " + e.what() + ")");
    }
    throw;
  }
  Decoder db(path, ob, cancel);
  const StreamInfo &info = db.info();
  std::vector<int64_t> frames = request.frames;
  if (frames.empty()) { // every frame
    if (info.frameCount > kCompareFramesMax) {
      throw Error(ErrorCode::InvalidArgument,
                  "The stream has " + std::to_string(info.frameCount) + " frames, more than the " +
                      std::to_string(kCompareFramesMax) + " one comparison may cover",
                  "Name the frames to compare.");
    }
    for (int64_t f = 0; f < info.frameCount; ++f)
      frames.push_back(f);
  }
  for (int64_t f : frames) {
    if (f >= info.frameCount) {
      throw Error(ErrorCode::FrameOutOfRange,
                  "Frame " + std::to_string(f) + " does not exist; the stream has " + std::to_string(info.frameCount) +
                      " frames",
                  "Pick frames between 0 and " + std::to_string(info.frameCount - 1) + ".");
    }
  }
  CompareResult out;
  out.path = path;
  out.codec = info.codec;
  out.profile = info.profile;
  out.decoderA = decodePathName(da->info().decodePath);
  out.decoderB = decodePathName(info.decodePath);
  out.pathReasonA = da->info().pathReason;
  out.bitExactCodec = codecIsBitExact(info.codec, out.bitExactWhy);
  for (int64_t index : frames) {
    if (cancel && cancel->load())
      throw Error(ErrorCode::Cancelled, "Comparing decoders of " + path + " was cancelled",
                  "Compare again when needed.");
    FramePtr fa = da->frameAt(index, cancel);
    plantFrameFault(fa); // side A only: the A/B must name a planted chroma row
    FramePtr fb = db.frameAt(index, cancel);
    // The plant goes into the first frame compared only: one sample, one place to report.
    const bool plantHere = request.plant && index == frames.front() && !out.plant;
    PlantReport planted;
    FrameCompare fc = compareFrames(fa.get(), fb.get(), info.bitDepth, info.codedWidth, info.codedHeight, request.rgb,
                                    request.where, plantHere ? request.plant : std::nullopt, &planted);
    if (plantHere) {
      planted.frame = index;
      out.plant = planted;
    }
    fc.index = index;
    fc.bitExactRequired = out.bitExactCodec;
    out.allIdentical = out.allIdentical && fc.identical;
    out.bitExactMismatch = out.bitExactMismatch || (fc.bitExactRequired && !fc.identical);
    out.frames.push_back(std::move(fc));
  }
  out.totalMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

} // namespace zci
