#include "evidence.h"

#include "cuda_driver.h"
#include "cuda_kernels.h"

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

// For a plane with nothing after it in its allocation: the rows the allocation still holds below the picture.
void rowsLeftInRange(PlaneEvidence &p, uint64_t rangeEnd) {
  if (p.pitch <= 0 || rangeEnd <= p.ffmpegPointer) return;
  const auto rows = static_cast<int64_t>((rangeEnd - p.ffmpegPointer) / static_cast<uint64_t>(p.pitch));
  if (rows >= p.geometry.height) p.hiddenRowsAfter = rows - p.geometry.height;
}

} // namespace

void gatherPlanesAndAllocation(const AVFrame *frame, const FrameLayout &layout, FrameEvidence &out) {
  const auto base = reinterpret_cast<uintptr_t>(frame->data[0]);
  for (size_t i = 0; i < layout.planes.size(); ++i) {
    PlaneEvidence p;
    p.index = static_cast<int>(i);
    p.geometry = layout.planes[i];
    p.ffmpegPointer = reinterpret_cast<uintptr_t>(frame->data[i]);
    p.pitch = frame->linesize[i];
    p.visibleBytesPerRow = static_cast<int64_t>(p.geometry.width) * p.geometry.bytesPerPixel;
    p.rightPadding = p.pitch - p.visibleBytesPerRow;
    p.offsetFromPlane0 = static_cast<int64_t>(p.ffmpegPointer - base);
    if (i + 1 < layout.planes.size() && p.pitch > 0) {
      const int64_t gap = static_cast<int64_t>(reinterpret_cast<uintptr_t>(frame->data[i + 1]) - p.ffmpegPointer);
      if (gap > 0 && gap % p.pitch == 0) {
        p.rowsBeforeNextPlane = gap / p.pitch;
        p.hiddenRowsAfter = gap / p.pitch - p.geometry.height;
      }
    }
    out.planes.push_back(p);
  }

  AllocationEvidence &a = out.allocation;
  if (layout.device) {
    a.source = "cuda-driver";
    cuda::PointerAttributes attrs = cuda::pointerAttributes(frame->data[0]);
    if (!attrs.ok) {
      a.error = attrs.error;
      return;
    }
    a.memory = memoryName(attrs.memoryType);
    a.device = attrs.deviceOrdinal;
    a.context = attrs.context;
    a.rangeStart = attrs.rangeStart;
    a.rangeSize = static_cast<int64_t>(attrs.rangeSize);
    a.bufferId = std::to_string(attrs.bufferId);
    bool together = true;
    for (PlaneEvidence &p : out.planes) {
      cuda::PointerAttributes pa = p.index == 0 ? attrs : cuda::pointerAttributes(frame->data[p.index]);
      const bool inside = pa.ok && pa.bufferId == attrs.bufferId;
      together = together && inside;
      if (inside) p.offsetInAllocation = static_cast<int64_t>(p.ffmpegPointer - attrs.rangeStart);
    }
    a.planesInOneAllocation = together;
    if (together) rowsLeftInRange(out.planes.back(), attrs.rangeStart + attrs.rangeSize);
    return;
  }

  a.source = "host";
  a.memory = "host";
  const AVBufferRef *buf = hostBufferOf(frame, frame->data[0]);
  if (!buf) {
    a.error = "plane 0 lies in no buffer the frame references";
    return;
  }
  a.rangeStart = reinterpret_cast<uintptr_t>(buf->data);
  a.rangeSize = static_cast<int64_t>(buf->size);
  bool together = true;
  for (PlaneEvidence &p : out.planes) {
    const AVBufferRef *own = hostBufferOf(frame, frame->data[p.index]);
    const bool inside = own == buf;
    together = together && inside;
    if (inside) p.offsetInAllocation = static_cast<int64_t>(p.ffmpegPointer - *a.rangeStart);
    const bool sharesWithNext =
        p.index + 1 < static_cast<int>(out.planes.size()) && hostBufferOf(frame, frame->data[p.index + 1]) == own;
    if (own && !sharesWithNext) rowsLeftInRange(p, reinterpret_cast<uintptr_t>(own->data) + own->size);
  }
  a.planesInOneAllocation = together;
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
