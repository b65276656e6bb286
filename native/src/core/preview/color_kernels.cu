#include "preview/color_kernels.h"
#include "preview/yuv_pixel.h"

#include <cuda_runtime.h>

namespace zci::kernels {
namespace {

__global__ void yuvToRgbKernel(YuvSource s, uint8_t *dst, int64_t dstPitch) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= s.width || y >= s.height) return;
  yuvPixelToRgb(s, x, y, dst + y * dstPitch + 3 * x);
}

} // namespace

int yuvToRgb8(const YuvSource &src, uint8_t *dst, int64_t dstPitch, void *stream) {
  dim3 block(32, 8);
  dim3 grid((src.width + 31) / 32, (src.height + 7) / 8);
  yuvToRgbKernel<<<grid, block, 0, static_cast<cudaStream_t>(stream)>>>(src, dst, dstPitch);
  return cudaGetLastError();
}

} // namespace zci::kernels
