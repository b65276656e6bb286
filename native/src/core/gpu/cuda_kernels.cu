#include "gpu/cuda_kernels.h"

#include <cuda_runtime.h>

namespace zci::kernels {
namespace {

// The sites one launch carries, by value.
constexpr int kSitesPerLaunch = 8;
struct SiteBatch {
  int count;
  CanarySitePointers at[kSitesPerLaunch];
};

// One thread: the point is which memory the pointers reach, not throughput. The sites go one after another, each
// restored before the next is written, so a canary of one site is never read at another.
__global__ void canaryKernel(SiteBatch batch, uint8_t c0, uint8_t c1, uint8_t c2, uint8_t c3, uint8_t c4, uint8_t c5,
                             uint8_t c6, uint8_t c7, CanaryResult *results) {
  const uint8_t canary[8] = {c0, c1, c2, c3, c4, c5, c6, c7};
  for (int k = 0; k < batch.count; ++k) {
    volatile uint8_t *vw = static_cast<uint8_t *>(batch.at[k].write);
    const volatile uint8_t *vr = static_cast<const uint8_t *>(batch.at[k].read);
    CanaryResult *out = results + k;
    for (int i = 0; i < 8; ++i)
      out->original[i] = vw[i];
    for (int i = 0; i < 8; ++i)
      vw[i] = canary[i];
    __threadfence();
    for (int i = 0; i < 8; ++i)
      out->seen[i] = vr[i];
    for (int i = 0; i < 8; ++i)
      vw[i] = out->original[i];
    __threadfence();
    for (int i = 0; i < 8; ++i)
      out->after[i] = vr[i];
  }
}

__device__ __host__ inline uint8_t sampleAt(const SampleSpec &s, int x, int y) {
  const uint8_t *row = static_cast<const uint8_t *>(s.base) + static_cast<int64_t>(y) * s.pitch;
  const uint8_t *p = row + static_cast<int64_t>(x) * s.bytesPerPixel + s.channelOffset;
  unsigned v = s.bytesPerSample == 2 ? (p[0] | (p[1] << 8)) : p[0];
  v >>= s.shift;
  return static_cast<uint8_t>(s.bitDepth > 8 ? v >> (s.bitDepth - 8) : v);
}

__global__ void sampleKernel(SampleSpec s, uint8_t *out, int ow, int oh) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= ow || y >= oh) return;
  const int sx = static_cast<int>((static_cast<int64_t>(x) * s.width) / ow);
  const int sy = static_cast<int>((static_cast<int64_t>(y) * s.height) / oh);
  out[y * ow + x] = sampleAt(s, sx, sy);
}

} // namespace

int canaryExchangeSites(const CanarySitePointers *sites, int count, const uint8_t canary[8], CanaryResult *results,
                        void *stream) {
  if (count <= 0) return cudaSuccess;
  auto st = static_cast<cudaStream_t>(stream);
  CanaryResult *dev = nullptr;
  cudaError_t err = cudaMallocAsync(reinterpret_cast<void **>(&dev), sizeof(CanaryResult) * count, st);
  if (err != cudaSuccess) return err;
  // Launches on one stream run in order: more sites than one launch carries stay one after another.
  for (int first = 0; err == cudaSuccess && first < count; first += kSitesPerLaunch) {
    SiteBatch batch{};
    batch.count = count - first < kSitesPerLaunch ? count - first : kSitesPerLaunch;
    for (int k = 0; k < batch.count; ++k)
      batch.at[k] = sites[first + k];
    canaryKernel<<<1, 1, 0, st>>>(batch, canary[0], canary[1], canary[2], canary[3], canary[4], canary[5], canary[6],
                                  canary[7], dev + first);
    err = cudaGetLastError();
  }
  if (err == cudaSuccess) err = cudaMemcpyAsync(results, dev, sizeof(CanaryResult) * count, cudaMemcpyDeviceToHost, st);
  cudaFreeAsync(dev, st);
  cudaError_t syncErr = cudaStreamSynchronize(st);
  return err != cudaSuccess ? err : syncErr;
}

int samplePlaneDevice(const SampleSpec &spec, uint8_t *hostOut, int ow, int oh, void *stream) {
  auto st = static_cast<cudaStream_t>(stream);
  uint8_t *dev = nullptr;
  const size_t bytes = static_cast<size_t>(ow) * oh;
  cudaError_t err = cudaMallocAsync(reinterpret_cast<void **>(&dev), bytes, st);
  if (err != cudaSuccess) return err;
  dim3 block(16, 16);
  dim3 grid((ow + 15) / 16, (oh + 15) / 16);
  sampleKernel<<<grid, block, 0, st>>>(spec, dev, ow, oh);
  err = cudaGetLastError();
  if (err == cudaSuccess) err = cudaMemcpyAsync(hostOut, dev, bytes, cudaMemcpyDeviceToHost, st);
  cudaFreeAsync(dev, st);
  cudaError_t syncErr = cudaStreamSynchronize(st);
  return err != cudaSuccess ? err : syncErr;
}

void samplePlaneHost(const SampleSpec &spec, uint8_t *out, int ow, int oh) {
  for (int y = 0; y < oh; ++y) {
    const int sy = static_cast<int>((static_cast<int64_t>(y) * spec.height) / oh);
    for (int x = 0; x < ow; ++x) {
      const int sx = static_cast<int>((static_cast<int64_t>(x) * spec.width) / ow);
      out[y * ow + x] = sampleAt(spec, sx, sy);
    }
  }
}

int copyPlaneDevice(void *dst, int64_t dstPitch, const void *src, int64_t srcPitch, int64_t widthBytes, int height,
                    void *stream) {
  return cudaMemcpy2DAsync(dst, dstPitch, src, srcPitch, widthBytes, height, cudaMemcpyDeviceToDevice,
                           static_cast<cudaStream_t>(stream));
}

} // namespace zci::kernels
