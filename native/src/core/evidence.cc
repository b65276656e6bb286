#include "evidence.h"

#include "cuda_driver.h"
#include "cuda_kernels.h"
#include "memory_map.h"

#include <cstdio>
#include <cstring>
#include <random>

namespace zci {
namespace {

std::string bytesHex(const uint8_t *b, size_t n) {
  std::string s;
  char buf[4];
  for (size_t i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, "%02x", b[i]);
    s += buf;
  }
  return s;
}

std::string memoryName(unsigned type) {
  switch (type) {
  case CU_MEMORYTYPE_DEVICE: return "device";
  case CU_MEMORYTYPE_HOST: return "host-pinned";
  case CU_MEMORYTYPE_UNIFIED: return "managed";
  default: return "unknown";
  }
}

} // namespace

void gatherPlanesAndAllocation(const AVFrame *frame, const FrameLayout &layout, FrameEvidence &out) {
  int codedWidth = 0, codedHeight = 0;
  frameCodedSize(frame, out.codedWidth, out.codedHeight, &codedWidth, &codedHeight);
  const FrameMemory memory = mapFrameMemory(frame, layout, codedWidth, codedHeight);
  const MappedPlane *plane0 = memory.planes.empty() ? nullptr : &memory.planes[0];
  const int home = plane0 ? plane0->allocation : -1; // plane 0's allocation, the one the report describes
  for (size_t i = 0; i < layout.planes.size(); ++i) {
    const MappedPlane &m = memory.planes[i];
    PlaneEvidence p;
    p.index = static_cast<int>(i);
    p.geometry = layout.planes[i];
    p.ffmpegPointer = m.address;
    p.pitch = m.pitch;
    p.visibleBytesPerRow = static_cast<int64_t>(p.geometry.width) * p.geometry.bytesPerPixel;
    p.rightPadding = p.pitch - p.visibleBytesPerRow;
    p.codedWidth = m.codedWidth;
    p.codedHeight = m.codedHeight;
    p.codedColumnsNotDisplayed = m.codedWidth - m.width;
    p.separateAllocation = home >= 0 && m.allocation >= 0 && m.allocation != home;
    if (p.separateAllocation) {
      const MappedAllocation &own = memory.allocations[static_cast<size_t>(m.allocation)];
      p.allocation = PlaneAllocation{own.start, own.size};
    }
    if (home >= 0 && m.allocation == home) {
      p.offsetFromPlane0 = m.offset - plane0->offset;
      p.offsetInAllocation = m.offset;
    }
    if (i + 1 < memory.planes.size() && m.pitch > 0 && m.allocation >= 0) {
      const MappedPlane &next = memory.planes[i + 1];
      const int64_t gap = next.offset - m.offset;
      if (next.allocation == m.allocation && gap > 0 && gap % m.pitch == 0) p.rowsBeforeNextPlane = gap / m.pitch;
    }
    if (m.allocation >= 0 && m.pitch > 0 && m.rows >= m.height) {
      p.codedRowsNotDisplayed = m.codedHeight - m.height;
      p.allocatorPaddingRows = m.rows - m.codedHeight;
      p.hiddenRowsAfter = m.rows - m.height;
    }
    out.planes.push_back(p);
  }

  AllocationEvidence &a = out.allocation;
  a.source = layout.device ? "cuda-driver" : "host";
  a.memory = layout.device ? "unknown" : "host";
  if (home < 0) {
    a.error = memory.error;
    return;
  }
  const MappedAllocation &alloc = memory.allocations[static_cast<size_t>(home)];
  a.rangeStart = alloc.start;
  a.rangeSize = alloc.size;
  a.planesInOneAllocation = memory.allocations.size() == 1 && memory.error.empty();
  if (layout.device) {
    a.memory = memoryName(alloc.memoryType);
    a.device = alloc.device;
    a.context = alloc.context;
    a.bufferId = std::to_string(alloc.bufferId);
    return;
  }
  // A driver, where there is one, also tells pinned host memory from pageable.
  cuda::PointerAttributes attrs = cuda::pointerAttributes(frame->data[0]);
  if (attrs.ok && attrs.memoryType == CU_MEMORYTYPE_HOST) a.memory = "host-pinned";
}

void gatherContexts(const CudaDevice *cuda, FrameEvidence &out) {
  ContextEvidence &c = out.context;
  if (!cuda) {
    c.strategy = "no CUDA context: frames are decoded and held in host memory";
    return;
  }
  c.strategy = cuda->strategy();
  c.ffmpegContext = reinterpret_cast<uintptr_t>(cuda->ffmpegContext());
  c.ffmpegStream = reinterpret_cast<uintptr_t>(cuda->ffmpegStream());
  c.inspectorStream = 0; // the legacy default stream of the frame's context: ordered after FFmpeg's work on it
  const uint64_t runtime = cuda->runtimeContext();
  if (runtime) c.runtimeContext = runtime;
  c.allocationContext = out.allocation.context;
  if (c.runtimeContext && c.allocationContext) {
    c.oneContext = *c.ffmpegContext == *c.runtimeContext && *c.runtimeContext == *c.allocationContext;
  }
}

void runAliasingProof(const AVFrame *frame, const CudaDevice *cuda, FrameEvidence &out) {
  ProofEvidence &p = out.proof;
  if (!out.wrap.available) {
    p.reason = "no NVCV image: there is no NVCV pointer to write through";
    return;
  }
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  uint8_t canary[8];
  const uint64_t value = rng();
  std::memcpy(canary, &value, sizeof canary);
  p.canary = bytesHex(canary, 8);
  p.ran = true;
  p.passed = true;
  p.restored = true;
  std::string readBack;
  for (const PlaneEvidence &pe : out.planes) {
    if (!pe.nvcvPointer) {
      p.passed = false;
      p.reason = "plane " + std::to_string(pe.index) + " has no NVCV pointer";
      continue;
    }
    auto *write = reinterpret_cast<uint8_t *>(static_cast<uintptr_t>(*pe.nvcvPointer));
    const uint8_t *read = frame->data[pe.index];
    kernels::CanaryResult r{};
    if (out.layout.device) {
      p.method = "device-kernel";
      CUcontext ctx = out.allocation.context
                          ? reinterpret_cast<CUcontext>(static_cast<uintptr_t>(*out.allocation.context))
                          : (cuda ? cuda->ffmpegContext() : nullptr);
      cuda::ScopedContext scope(ctx);
      int err = kernels::canaryExchange(write, read, canary, &r, nullptr);
      if (err != 0) {
        p.passed = false;
        p.restored = false;
        p.reason = "the canary kernel failed: " + cuda::runtimeErrorText(err);
        return;
      }
    } else {
      p.method = "host-store";
      volatile uint8_t *vw = write;
      const volatile uint8_t *vr = read;
      for (int i = 0; i < 8; ++i)
        r.original[i] = vw[i];
      for (int i = 0; i < 8; ++i)
        vw[i] = canary[i];
      for (int i = 0; i < 8; ++i)
        r.seen[i] = vr[i];
      for (int i = 0; i < 8; ++i)
        vw[i] = r.original[i];
      for (int i = 0; i < 8; ++i)
        r.after[i] = vr[i];
    }
    const bool seen = std::memcmp(r.seen, canary, 8) == 0;
    const bool restored = std::memcmp(r.after, r.original, 8) == 0;
    readBack += (readBack.empty() ? "" : ",") + bytesHex(r.seen, 8);
    p.passed = p.passed && seen;
    p.restored = p.restored && restored;
  }
  p.readBack = readBack;
  if (p.reason.empty()) {
    p.reason = p.passed ? "the canary written through NVCV's pointer was read back through FFmpeg's pointer on every "
                          "plane, and the original bytes were restored"
                        : "FFmpeg's pointer did not see the canary written through NVCV's pointer: not the same memory";
  }
}

} // namespace zci
