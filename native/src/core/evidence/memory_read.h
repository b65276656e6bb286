// Reading a bounded byte range of a frame's allocation: only those bytes reach the host, labelled by region.
#pragma once

#include "decode/guard.h"
#include "evidence/memory_map.h"

#include <cstdint>
#include <optional>
#include <vector>

extern "C" {
#include <libavutil/frame.h>
}

namespace zci {

/// The most bytes one read may copy to the host (MEMORY_READ_CAP in contract/memory.ts).
inline constexpr int64_t kMemoryReadCap = 1LL << 20;

/// The most ranges one batch read takes (readFrameMemories); each stays within kMemoryReadCap.
inline constexpr int kMemoryReadsPerCall = 16;

/// What to read. A plane range: rows of one plane in its pitch from its first byte (they may run past the plane),
/// bytes byteStart..byteStart+byteCount of each row (default the whole pitch). A byte range: offset and length from
/// the first byte of plane 0's allocation.
struct MemoryRange {
  bool planeRange = true;
  int plane = 0;
  int64_t row = 0, rows = 1;
  std::optional<int64_t> byteStart, byteCount;
  int64_t offset = 0, length = 1;
};

/// A run of bytes of the answer in one region; plane -1 for OutsidePlanes.
struct RegionSpan {
  int64_t start = 0, length = 0;
  MemoryRegion region = MemoryRegion::OutsidePlanes;
  int plane = -1;
};

/// What a read brought back (MemoryRead in contract/memory.ts, with the bytes themselves).
struct MemoryReadResult {
  int64_t frameIndex = 0;
  bool device = false; // one 2-D copy from the device; else read from host memory
  std::optional<int> plane;
  std::optional<int64_t> row;
  int64_t offset = 0; // of the first byte from the allocation's start
  int64_t rows = 0, bytesPerRow = 0, rowPitch = 0;
  std::vector<uint8_t> data; // rows × bytesPerRow, packed
  std::vector<RegionSpan> regions;
  uint64_t allocationStart = 0;
  int64_t allocationSize = 0;
  bool separate = false; // the allocation holds no other plane
  uint64_t address = 0;  // of the first byte read
  int64_t bytesRead = 0, totalBytesRead = 0, cap = kMemoryReadCap;
};

/// Reads range from a mapped frame (mapFrameMemory): checks the plane and columns (INVALID_ARGUMENT), the cap
/// (MEMORY_READ_TOO_LARGE) and the allocation (MEMORY_ALLOCATION_UNKNOWN, MEMORY_RANGE_OUTSIDE_ALLOCATION) before any
/// copy, then copies only the bytes asked: one cuMemcpy2D in the allocation's context for device memory (ordered
/// after FFmpeg's work on the legacy default stream), memcpy for host memory. CANCELLED when cancel is set first.
MemoryReadResult readFrameMemory(const FrameMemory &memory, const MemoryRange &range, const CancelFlag &cancel);

/// Reads 1 to kMemoryReadsPerCall ranges of one mapped frame in one call, each as readFrameMemory reads it (its
/// cap, its checks, its own copy). Every range is checked before the first copy, so a batch with a range that fails
/// copies nothing and rejects with that range's error, its message naming the range ("Range 2: ..."); fewer than one
/// or more than kMemoryReadsPerCall ranges: INVALID_ARGUMENT. CANCELLED when cancel is set before a copy.
std::vector<MemoryReadResult> readFrameMemories(const FrameMemory &memory, const std::vector<MemoryRange> &ranges,
                                                const CancelFlag &cancel);

/// Labels len bytes from offset of one allocation, rowCount rows rowPitch apart, into spans of the packed answer.
std::vector<RegionSpan> labelRows(const FrameMemory &memory, int allocation, int readingPlane, int64_t offset,
                                  int64_t rowCount, int64_t rowPitch, int64_t bytesPerRow);

} // namespace zci
