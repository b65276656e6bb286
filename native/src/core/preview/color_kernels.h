// YUV → RGB on the GPU for the frames CV-CUDA cannot convert (P010, full range, planar, 4:4:4), and image metrics.
#pragma once

#include <cstdint>

namespace zci::kernels {

/// Where a frame's samples are and how to read them.
struct YuvSource {
  const uint8_t *plane[3]; // Y, then Cb, Cr (semi-planar: plane[1] holds CbCr pairs, plane[2] unused)
  int64_t pitch[3];
  int width, height;
  int chromaShiftX, chromaShiftY; // log2 subsampling
  bool semiPlanar;
  int bytesPerSample; // 1 or 2
  int shift;          // bits to drop below the samples (P010: 6)
  int bitDepth;
  bool fullRange;
  float kr, kb; // matrix coefficients (BT.601: 0.299/0.114, BT.709: 0.2126/0.0722, BT.2020: 0.2627/0.0593)
};

/// Converts src into an RGB8 image (3 bytes per pixel, dstPitch bytes per row) on stream. Returns a cudaError_t.
int yuvToRgb8(const YuvSource &src, uint8_t *dst, int64_t dstPitch, void *stream);

} // namespace zci::kernels
