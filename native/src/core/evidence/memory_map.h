// Where a frame's bytes lie: its allocations, each plane's rows in them, and the region every byte belongs to.
#pragma once

#include "common/named.h"
#include "frame/pixel_layout.h"

#include <cstdint>
#include <string>
#include <vector>

extern "C" {
#include <libavutil/frame.h>
}

namespace zci {

/// The region a byte belongs to, relative to the plane it is read through (contract/memory.ts).
enum class MemoryRegion { Visible, RightPadding, CodedNotDisplayed, AllocatorPadding, NextPlane, OutsidePlanes };

/// The names of MemoryRegion, in the order of MEMORY_REGIONS.
inline constexpr Named<MemoryRegion> kMemoryRegionNames[] = {
    {MemoryRegion::Visible, "visible"},
    {MemoryRegion::RightPadding, "right-padding"},
    {MemoryRegion::CodedNotDisplayed, "coded-not-displayed"},
    {MemoryRegion::AllocatorPadding, "allocator-padding"},
    {MemoryRegion::NextPlane, "next-plane"},
    {MemoryRegion::OutsidePlanes, "outside-planes"},
};

/// One allocation that holds planes: the driver's range (device) or FFmpeg's buffer (host).
struct MappedAllocation {
  uint64_t start = 0;
  int64_t size = 0;
  uint64_t context = 0;    // the owning CUDA context (device memory), 0 for host memory
  uint64_t bufferId = 0;   // the driver's buffer id (device memory)
  unsigned memoryType = 0; // the driver's CUmemorytype (device memory)
  int device = -1;         // the driver's device ordinal (device memory)
};

/// One plane's rows inside its allocation, with the frame's display and coded sizes in this plane's samples.
struct MappedPlane {
  int index = 0;
  uint64_t address = 0; // FFmpeg's data[index]
  int64_t pitch = 0;
  int allocation = -1; // index into FrameMemory::allocations; -1 when the plane lies in none known
  int64_t offset = 0;  // of the plane's first byte from its allocation's start
  int bytesPerPixel = 0;
  int width = 0, height = 0;           // displayed samples and rows
  int codedWidth = 0, codedHeight = 0; // decoded samples and rows (>= displayed; <= what the rows hold)
  int64_t rows = 0;                    // whole rows of pitch up to the next plane in the allocation, or to its end
  /// Bytes of a row that are displayed, decoded: width and coded width times the bytes per sample.
  int64_t visibleBytes() const { return static_cast<int64_t>(width) * bytesPerPixel; }
  int64_t codedBytes() const { return static_cast<int64_t>(codedWidth) * bytesPerPixel; }
  /// One past the last byte of the plane's whole rows, from its allocation's start.
  int64_t rowsEnd() const { return offset + rows * pitch; }
};

/// A frame's memory: every allocation its planes lie in, and every plane. error is set when an allocation could
/// not be found (the driver refused the pointer, or a host plane lies in no buffer the frame references).
struct FrameMemory {
  bool device = false;
  std::vector<MappedAllocation> allocations; // allocations[planes[0].allocation] holds plane 0
  std::vector<MappedPlane> planes;
  std::string error;
};

/// The frame's coded size in samples: its CUDA frames context's size (NVDEC decodes into surfaces of the coded size;
/// an upload's surfaces are the displayed size), or for host frames the decoder's coded size; never below display.
void frameCodedSize(const AVFrame *frame, int decoderCodedWidth, int decoderCodedHeight, int *width, int *height);

/// Maps a frame's planes onto their allocations; coded sizes are the frame's (frameCodedSize), scaled per plane.
FrameMemory mapFrameMemory(const AVFrame *frame, const FrameLayout &layout, int codedWidth, int codedHeight);

/// A run of bytes of one allocation that lie in one region: [offset, end), plane -1 for OutsidePlanes.
struct RegionRun {
  MemoryRegion region = MemoryRegion::OutsidePlanes;
  int plane = -1;
  int64_t end = 0;
};

/// The region of the byte at offset in allocation, as read through readingPlane (-1: a byte range, where every plane
/// is labelled with its own kinds), and where that run of bytes ends (never past limit).
RegionRun regionAt(const FrameMemory &memory, int allocation, int64_t offset, int readingPlane, int64_t limit);

} // namespace zci
