#include "evidence/memory_map.h"

#include "gpu/cuda_driver.h"

extern "C" {
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>
}

#include <algorithm>

namespace zci {
namespace {

// The host buffer (FFmpeg's AVBufferRef) that holds ptr, or nullptr.
const AVBufferRef *hostBufferOf(const AVFrame *f, const uint8_t *ptr) {
  for (const AVBufferRef *b : f->buf) {
    if (b && ptr >= b->data && ptr < b->data + b->size) return b;
  }
  for (int i = 0; i < f->nb_extended_buf; ++i) {
    const AVBufferRef *b = f->extended_buf[i];
    if (b && ptr >= b->data && ptr < b->data + b->size) return b;
  }
  return nullptr;
}

// The allocation of ptr in memory.allocations (added when new), or -1 with memory.error set.
int allocationOf(const AVFrame *frame, const uint8_t *ptr, int plane, FrameMemory &memory) {
  MappedAllocation found;
  if (memory.device) {
    const cuda::PointerAttributes attrs = cuda::pointerAttributes(ptr);
    if (!attrs.ok) {
      if (memory.error.empty()) memory.error = "plane " + std::to_string(plane) + ": " + attrs.error;
      return -1;
    }
    found = {attrs.rangeStart,   static_cast<int64_t>(attrs.rangeSize), attrs.context, attrs.bufferId, attrs.memoryType,
             attrs.deviceOrdinal};
  } else {
    const AVBufferRef *buf = hostBufferOf(frame, ptr);
    if (!buf) {
      if (memory.error.empty())
        memory.error = "plane " + std::to_string(plane) + " lies in no buffer the frame references";
      return -1;
    }
    found.start = reinterpret_cast<uintptr_t>(buf->data);
    found.size = static_cast<int64_t>(buf->size);
  }
  for (size_t i = 0; i < memory.allocations.size(); ++i) {
    if (memory.allocations[i].start == found.start && memory.allocations[i].size == found.size)
      return static_cast<int>(i);
  }
  memory.allocations.push_back(found);
  return static_cast<int>(memory.allocations.size() - 1);
}

// True when plane p of the format carries chroma (its size is subsampled).
bool isChromaPlane(const AVPixFmtDescriptor *d, int p) {
  if (!d || (d->flags & AV_PIX_FMT_FLAG_RGB)) return false;
  for (int c = 1; c < std::min<int>(3, d->nb_components); ++c)
    if (d->comp[c].plane == p) return true;
  return false;
}

} // namespace

void frameCodedSize(const AVFrame *frame, int decoderCodedWidth, int decoderCodedHeight, int *width, int *height) {
  int w = decoderCodedWidth, h = decoderCodedHeight;
  if (frame->format == AV_PIX_FMT_CUDA && frame->hw_frames_ctx) {
    const auto *fc = reinterpret_cast<const AVHWFramesContext *>(frame->hw_frames_ctx->data);
    w = fc->width;
    h = fc->height;
  }
  *width = std::max(w, frame->width);
  *height = std::max(h, frame->height);
}

FrameMemory mapFrameMemory(const AVFrame *frame, const FrameLayout &layout, int codedWidth, int codedHeight) {
  FrameMemory memory;
  memory.device = layout.device;
  const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(layout.swFormat);
  for (size_t i = 0; i < layout.planes.size(); ++i) {
    const PlaneGeometry &g = layout.planes[i];
    MappedPlane p;
    p.index = static_cast<int>(i);
    p.address = reinterpret_cast<uintptr_t>(frame->data[i]);
    p.pitch = frame->linesize[i];
    p.bytesPerPixel = g.bytesPerPixel;
    p.width = g.width;
    p.height = g.height;
    const bool chroma = isChromaPlane(d, p.index);
    p.codedWidth = std::max(g.width, chroma ? AV_CEIL_RSHIFT(codedWidth, d->log2_chroma_w) : codedWidth);
    p.codedHeight = std::max(g.height, chroma ? AV_CEIL_RSHIFT(codedHeight, d->log2_chroma_h) : codedHeight);
    if (p.bytesPerPixel > 0 && p.pitch > 0)
      p.codedWidth = std::min<int64_t>(p.codedWidth, std::max<int64_t>(g.width, p.pitch / p.bytesPerPixel));
    p.allocation = allocationOf(frame, frame->data[i], p.index, memory);
    if (p.allocation >= 0) p.offset = static_cast<int64_t>(p.address - memory.allocations[p.allocation].start);
    memory.planes.push_back(p);
  }
  // Each plane owns the whole rows from its first byte to the next plane in its allocation, or to the allocation's
  // end; what is left of a row there lies in no plane.
  for (MappedPlane &p : memory.planes) {
    if (p.allocation < 0 || p.pitch <= 0) continue;
    int64_t end = memory.allocations[p.allocation].size;
    for (const MappedPlane &q : memory.planes) {
      if (q.allocation == p.allocation && q.offset > p.offset) end = std::min(end, q.offset);
    }
    p.rows = std::max<int64_t>(0, (end - p.offset) / p.pitch);
    if (p.rows >= p.height) p.codedHeight = static_cast<int>(std::min<int64_t>(p.codedHeight, p.rows));
  }
  return memory;
}

RegionRun regionAt(const FrameMemory &memory, int allocation, int64_t offset, int readingPlane, int64_t limit) {
  const MappedPlane *holder = nullptr;
  int64_t nextStart = memory.allocations.at(static_cast<size_t>(allocation)).size;
  for (const MappedPlane &p : memory.planes) {
    if (p.allocation != allocation || p.pitch <= 0) continue;
    if (offset >= p.offset && offset < p.rowsEnd())
      holder = &p;
    else if (p.offset > offset)
      nextStart = std::min(nextStart, p.offset);
  }
  if (!holder) return {MemoryRegion::OutsidePlanes, -1, std::min(limit, nextStart)};
  const MappedPlane &p = *holder;
  const auto run = [&](MemoryRegion region, int64_t end) { return RegionRun{region, p.index, std::min(limit, end)}; };
  if (readingPlane >= 0 && p.index != readingPlane) return run(MemoryRegion::NextPlane, p.rowsEnd());
  const int64_t row = (offset - p.offset) / p.pitch;
  const int64_t rowStart = p.offset + row * p.pitch;
  const int64_t column = offset - rowStart;
  const int64_t coded = std::min(p.codedBytes(), p.pitch);
  const int64_t visible = std::min(p.visibleBytes(), coded);
  if (row < p.height && column < visible) return run(MemoryRegion::Visible, rowStart + visible);
  if (row < p.codedHeight) {
    if (column < coded) return run(MemoryRegion::CodedNotDisplayed, rowStart + coded);
    return run(MemoryRegion::RightPadding, rowStart + p.pitch);
  }
  return run(MemoryRegion::AllocatorPadding, p.rowsEnd());
}

} // namespace zci
