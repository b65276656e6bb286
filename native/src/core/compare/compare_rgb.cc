// The decoder comparison's RGB line: how A is converted, swscale's RGB of B, and the matrix and range assumptions
// that explain a difference.
#include "compare/compare_parts.h"

extern "C" {
#include <libswscale/swscale.h>
}

namespace zci::compare_parts {

const char *matrixName(int swsMatrix) {
  return swsMatrix == SWS_CS_ITU709 ? "BT.709" : swsMatrix == SWS_CS_BT2020 ? "BT.2020" : "BT.601";
}

namespace {

float kr(int m) {
  return m == SWS_CS_ITU709 ? 0.2126f : m == SWS_CS_BT2020 ? 0.2627f : 0.299f;
}
float kb(int m) {
  return m == SWS_CS_ITU709 ? 0.0722f : m == SWS_CS_BT2020 ? 0.0593f : 0.114f;
}

// How the inspector's kernel reads frame a.
} // namespace

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
void explainRgb(RgbCompare &r, const kernels::YuvSource &own, int ownMatrix,
                const std::function<int(const kernels::YuvSource &)> &convertAndCompare) {
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

} // namespace zci::compare_parts
