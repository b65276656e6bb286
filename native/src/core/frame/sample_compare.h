// How one logical plane's samples are read from memory, and the per-sample comparison both the CPU and the GPU run:
// the same inline code, compiled by the host compiler and by nvcc, so that the two paths agree by construction.
#pragma once

#include <cstdint>

#ifdef __CUDACC__
#define ZCI_HD __host__ __device__
#else
#define ZCI_HD
#endif

namespace zci::samples {

/// Where one logical plane (Y, U or V) lies: sample x of row y is the little-endian word of `bytes` bytes at
/// base + y * pitch + x * step + offset, and its value is (word >> shift) masked to depth bits.
struct PlaneAccess {
  const uint8_t *base = nullptr;
  int64_t pitch = 0;
  int step = 1;   // bytes from one sample of this plane to the next (NV12's U: 2, P010's U: 4)
  int offset = 0; // bytes to this plane's sample inside a step (NV12's V: 1, P010's V: 2)
  int bytes = 1;  // 1 or 2
  int shift = 0;  // P010: 6 (the samples sit in the high bits)
  int depth = 8;  // bits of the value compared
};

/// The stored word of a sample.
ZCI_HD inline unsigned wordAt(const PlaneAccess &p, int x, int y) {
  const uint8_t *s = p.base + y * p.pitch + static_cast<int64_t>(x) * p.step + p.offset;
  return p.bytes == 2 ? static_cast<unsigned>(s[0] | (s[1] << 8)) : s[0];
}

/// The value of a stored word.
ZCI_HD inline unsigned valueOf(const PlaneAccess &p, unsigned word) {
  return (word >> p.shift) & ((1u << p.depth) - 1u);
}

/// The heat map cell of a sample: cells × cells over a width × height plane.
ZCI_HD inline int cellOf(int x, int y, int width, int height, int cellsX, int cellsY) {
  const int cx = static_cast<int>(static_cast<int64_t>(x) * cellsX / width);
  const int cy = static_cast<int>(static_cast<int64_t>(y) * cellsY / height);
  return cy * cellsX + cx;
}

/// What comparing one plane found, as the device accumulates it (atomics) and the host copies it back.
struct PlaneStats {
  unsigned long long differing = 0;
  unsigned long long firstIndex = ~0ull; // smallest y * width + x that differs
  unsigned maxAbsDiff = 0;
  unsigned rawDiffer = 0; // 1 when some stored words differ (values may still be equal: P010 >> 6 vs 10-bit)
};

} // namespace zci::samples
