// The core's own GPU work: the aliasing canary and plane sampling for thumbnails. Plain C++ declarations.
#pragma once

#include <cstdint>

namespace zci::kernels {

/// What the canary kernel saw: the bytes before, the bytes read through the other pointer, the bytes after restore.
struct CanaryResult {
  uint8_t original[8];
  uint8_t seen[8];
  uint8_t after[8];
};

/// Where one exchange writes the canary, and where it reads it back.
struct CanarySitePointers {
  void *write;
  const void *read;
};

/// For each site in order, as separate launches on one stream would: writes canary through its write pointer, reads
/// through its read pointer, restores. One thread, one wait for every site of a frame. Returns a cudaError_t value.
int canaryExchangeSites(const CanarySitePointers *sites, int count, const uint8_t canary[8], CanaryResult *results,
                        void *stream);

/// Which samples of a plane make a grey thumbnail.
struct SampleSpec {
  const void *base;
  int64_t pitch;
  int width, height;  // plane size in pixels
  int bytesPerPixel;  // container bytes per pixel of the plane
  int channelOffset;  // byte offset of the channel within a pixel
  int bytesPerSample; // 1 or 2
  int shift;          // right shift that leaves the significant bits
  int bitDepth;
};

/// Samples spec nearest-neighbour into outWidth×outHeight grey bytes in host memory (only those bytes are copied).
int samplePlaneDevice(const SampleSpec &spec, uint8_t *hostOut, int outWidth, int outHeight, void *stream);

/// The same on a host plane.
void samplePlaneHost(const SampleSpec &spec, uint8_t *out, int outWidth, int outHeight);

/// One device-to-device copy of a pitched plane (the benchmark's reference for "a copy"). Returns a cudaError_t.
int copyPlaneDevice(void *dst, int64_t dstPitch, const void *src, int64_t srcPitch, int64_t widthBytes, int height,
                    void *stream);

} // namespace zci::kernels
