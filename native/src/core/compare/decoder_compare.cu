// The device side of the decoder comparison: one kernel per logical plane over two frames in device memory, counting
// differing samples with atomics (largest difference, first position as the smallest linear index, heat map cells);
// only the statistics and heat maps are copied back.
#include "compare/decoder_compare.h"

#include <cuda_runtime.h>

namespace zci::device {
namespace {

__global__ void comparePlaneKernel(samples::PlaneAccess a, samples::PlaneAccess b, int width, int height, int cellsX,
                                   int cellsY, samples::PlaneStats *stats, uint32_t *heat) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  const unsigned wa = samples::wordAt(a, x, y), wb = samples::wordAt(b, x, y);
  const unsigned va = samples::valueOf(a, wa), vb = samples::valueOf(b, wb);
  if (wa != wb && !*static_cast<volatile unsigned *>(&stats->rawDiffer)) stats->rawDiffer = 1;
  if (va == vb) return;
  atomicAdd(&stats->differing, 1ull);
  atomicMax(&stats->maxAbsDiff, va > vb ? va - vb : vb - va);
  atomicMin(&stats->firstIndex, static_cast<unsigned long long>(y) * width + x);
  atomicAdd(&heat[samples::cellOf(x, y, width, height, cellsX, cellsY)], 1u);
}

} // namespace

int comparePlanes(const samples::PlaneAccess *a, const samples::PlaneAccess *b, const int *width, const int *height,
                  const int *cellsX, const int *cellsY, int n, samples::PlaneStats *stats, std::vector<uint32_t> *heat,
                  void *stream, float *ms) {
  const auto st = static_cast<cudaStream_t>(stream);
  size_t heatCells = 0;
  for (int i = 0; i < n; ++i)
    heatCells += static_cast<size_t>(cellsX[i]) * cellsY[i];
  const size_t statsBytes = sizeof(samples::PlaneStats) * n;
  void *buffer = nullptr;
  cudaError_t err = cudaMalloc(&buffer, statsBytes + heatCells * sizeof(uint32_t));
  if (err != cudaSuccess) return err;
  auto *dStats = static_cast<samples::PlaneStats *>(buffer);
  auto *dHeat = reinterpret_cast<uint32_t *>(static_cast<uint8_t *>(buffer) + statsBytes);
  cudaEvent_t ev[2];
  cudaEventCreate(&ev[0]);
  cudaEventCreate(&ev[1]);
  std::vector<samples::PlaneStats> init(n);
  err = cudaMemcpyAsync(dStats, init.data(), statsBytes, cudaMemcpyHostToDevice, st);
  if (err == cudaSuccess) err = cudaMemsetAsync(dHeat, 0, heatCells * sizeof(uint32_t), st);
  cudaEventRecord(ev[0], st);
  size_t cell = 0;
  for (int i = 0; i < n && err == cudaSuccess; ++i) {
    dim3 block(32, 8);
    dim3 grid((width[i] + 31) / 32, (height[i] + 7) / 8);
    comparePlaneKernel<<<grid, block, 0, st>>>(a[i], b[i], width[i], height[i], cellsX[i], cellsY[i], dStats + i,
                                               dHeat + cell);
    err = cudaGetLastError();
    cell += static_cast<size_t>(cellsX[i]) * cellsY[i];
  }
  cudaEventRecord(ev[1], st);
  if (err == cudaSuccess) err = cudaMemcpyAsync(stats, dStats, statsBytes, cudaMemcpyDeviceToHost, st);
  std::vector<uint32_t> allHeat(heatCells);
  if (err == cudaSuccess)
    err = cudaMemcpyAsync(allHeat.data(), dHeat, heatCells * sizeof(uint32_t), cudaMemcpyDeviceToHost, st);
  if (err == cudaSuccess) err = cudaStreamSynchronize(st);
  if (err == cudaSuccess && ms) cudaEventElapsedTime(ms, ev[0], ev[1]);
  cell = 0;
  for (int i = 0; i < n && err == cudaSuccess; ++i) {
    const size_t cells = static_cast<size_t>(cellsX[i]) * cellsY[i];
    heat[i].assign(allHeat.begin() + cell, allHeat.begin() + cell + cells);
    cell += cells;
  }
  cudaEventDestroy(ev[0]);
  cudaEventDestroy(ev[1]);
  cudaFree(buffer);
  return err;
}

} // namespace zci::device
