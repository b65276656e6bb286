// One pixel of the inspector's YUV -> RGB conversion, shared by the GPU kernel (color_kernels.cu) and the CPU run
// the decoder comparison makes where there is no GPU: one formula, two compilers.
#pragma once

#include "preview/color_kernels.h"
#include "frame/sample_compare.h"

#include <cstdint>

namespace zci::kernels {

/// A stored sample as a float value (the low `shift` bits dropped).
ZCI_HD inline float yuvSampleAt(const uint8_t *row, int index, int bytes, int shift) {
  const unsigned v = bytes == 2 ? (row[2 * index] | (row[2 * index + 1] << 8)) : row[index];
  return static_cast<float>(v >> shift);
}

/// A [0, 1] value as a rounded byte.
ZCI_HD inline uint8_t yuvToByte(float x) {
  const float v = x * 255.0f + 0.5f;
  return static_cast<uint8_t>(v < 0.0f ? 0.0f : (v > 255.0f ? 255.0f : v));
}

/// Converts pixel (x, y) of s into out[0..2] (R, G, B).
ZCI_HD inline void yuvPixelToRgb(const YuvSource &s, int x, int y, uint8_t *out) {
  const float scale = static_cast<float>(1 << (s.bitDepth - 8));
  const float maxv = static_cast<float>((1 << s.bitDepth) - 1);
  const int cx = x >> s.chromaShiftX, cy = y >> s.chromaShiftY;
  const float yv = yuvSampleAt(s.plane[0] + y * s.pitch[0], x, s.bytesPerSample, s.shift);
  float cb, cr;
  if (s.semiPlanar) {
    const uint8_t *row = s.plane[1] + cy * s.pitch[1];
    cb = yuvSampleAt(row, 2 * cx, s.bytesPerSample, s.shift);
    cr = yuvSampleAt(row, 2 * cx + 1, s.bytesPerSample, s.shift);
  } else {
    cb = yuvSampleAt(s.plane[1] + cy * s.pitch[1], cx, s.bytesPerSample, s.shift);
    cr = yuvSampleAt(s.plane[2] + cy * s.pitch[2], cx, s.bytesPerSample, s.shift);
  }
  float Y, Cb, Cr;
  if (s.fullRange) {
    Y = yv / maxv;
    Cb = (cb - 128.0f * scale) / maxv;
    Cr = (cr - 128.0f * scale) / maxv;
  } else {
    Y = (yv - 16.0f * scale) / (219.0f * scale);
    Cb = (cb - 128.0f * scale) / (224.0f * scale);
    Cr = (cr - 128.0f * scale) / (224.0f * scale);
  }
  const float r = Y + 2.0f * (1.0f - s.kr) * Cr;
  const float b = Y + 2.0f * (1.0f - s.kb) * Cb;
  const float g = (Y - s.kr * r - s.kb * b) / (1.0f - s.kr - s.kb);
  out[0] = yuvToByte(r);
  out[1] = yuvToByte(g);
  out[2] = yuvToByte(b);
}

} // namespace zci::kernels
