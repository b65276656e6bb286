#include "color_kernels.h"

#include <cuda_runtime.h>

namespace zci::kernels {
namespace {

__device__ float sampleAt(const uint8_t *row, int index, int bytes, int shift) {
  unsigned v = bytes == 2 ? (row[2 * index] | (row[2 * index + 1] << 8)) : row[index];
  return static_cast<float>(v >> shift);
}

__device__ uint8_t toByte(float x) {
  return static_cast<uint8_t>(fminf(fmaxf(x * 255.0f + 0.5f, 0.0f), 255.0f));
}

__global__ void yuvToRgbKernel(YuvSource s, uint8_t *dst, int64_t dstPitch) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= s.width || y >= s.height) return;
  const float scale = static_cast<float>(1 << (s.bitDepth - 8));
  const float maxv = static_cast<float>((1 << s.bitDepth) - 1);
  const int cx = x >> s.chromaShiftX, cy = y >> s.chromaShiftY;
  const float yv = sampleAt(s.plane[0] + y * s.pitch[0], x, s.bytesPerSample, s.shift);
  float cb, cr;
  if (s.semiPlanar) {
    const uint8_t *row = s.plane[1] + cy * s.pitch[1];
    cb = sampleAt(row, 2 * cx, s.bytesPerSample, s.shift);
    cr = sampleAt(row, 2 * cx + 1, s.bytesPerSample, s.shift);
  } else {
    cb = sampleAt(s.plane[1] + cy * s.pitch[1], cx, s.bytesPerSample, s.shift);
    cr = sampleAt(s.plane[2] + cy * s.pitch[2], cx, s.bytesPerSample, s.shift);
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
  uint8_t *out = dst + y * dstPitch + 3 * x;
  out[0] = toByte(r);
  out[1] = toByte(g);
  out[2] = toByte(b);
}

} // namespace

int yuvToRgb8(const YuvSource &src, uint8_t *dst, int64_t dstPitch, void *stream) {
  dim3 block(32, 8);
  dim3 grid((src.width + 31) / 32, (src.height + 7) / 8);
  yuvToRgbKernel<<<grid, block, 0, static_cast<cudaStream_t>(stream)>>>(src, dst, dstPitch);
  return cudaGetLastError();
}

} // namespace zci::kernels
