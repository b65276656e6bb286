#include "evidence/evidence.h"

#include "evidence/canary_cvcuda.h"
#include "gpu/cuda_driver.h"
#include "gpu/cuda_kernels.h"
#include "evidence/memory_map.h"
#include "nvcv/nvcv_loader.h"

#include <algorithm>
#include <optional>

#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

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

namespace {

/// The bytes [address, address + 8) lie inside the allocation that holds FFmpeg's plane `index`, as measured for the
/// report: the driver's range for device memory, FFmpeg's own buffer for host memory. A wrong wrap can point past
/// it, into another plane's buffer or into memory the frame does not own; nothing is written there.
bool insidePlaneMemory(const FrameEvidence &e, size_t index, uintptr_t address) {
  const auto within = [address](uint64_t start, int64_t size) {
    return size >= 8 && address >= start && address - start <= static_cast<uint64_t>(size) - 8;
  };
  if (index >= e.planes.size()) return false;
  const PlaneEvidence &pe = e.planes[index];
  if (pe.separateAllocation) return pe.allocation && within(pe.allocation->start, pe.allocation->size);
  return e.allocation.rangeStart && e.allocation.rangeSize && within(*e.allocation.rangeStart, *e.allocation.rangeSize);
}

/// Writes the canary at `write`, reads it at `read`, restores, in host memory (the device's sites go to one kernel).
void exchangeHost(uint8_t *write, const uint8_t *read, const uint8_t canary[8], kernels::CanaryResult &r) {
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

} // namespace

void runAliasingProof(const AVFrame *frame, NVCVImageHandle image, const CudaDevice *cuda, FrameEvidence &out) {
  ProofEvidence &p = out.proof;
  const NvcvApi *api = nvcv();
  if (!out.wrap.available || !image || !api) {
    p.reason = "no NVCV image: there is no NVCV pointer to write through";
    return;
  }
  // The witness takes its addresses from NVCV itself, here, never from the report: a report whose NVCV pointers
  // were copied from FFmpeg's must not make the proof write and read one address.
  NVCVImageData exported{};
  if (const NVCVStatus s = api->imageExportData(image, &exported); s != NVCV_SUCCESS) {
    p.reason = "nvcvImageExportData failed inside the proof: " + nvcvErrorText(s);
    return;
  }
  p.witness = "nvcvImageExportData";
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  uint8_t canary[8];
  const uint64_t value = rng();
  std::memcpy(canary, &value, sizeof canary);
  p.canary = bytesHex(canary, 8);
  p.ran = true;
  p.passed = true;
  p.restored = true;
  std::optional<cuda::ScopedContext> scope;
  if (out.layout.device) {
    CUcontext ctx = out.allocation.context
                        ? reinterpret_cast<CUcontext>(static_cast<uintptr_t>(*out.allocation.context))
                        : (cuda ? cuda->ffmpegContext() : nullptr);
    scope.emplace(ctx);
  }
  const int planes = std::min<int>(exported.buffer.strided.numPlanes, static_cast<int>(out.planes.size()));
  if (planes < static_cast<int>(out.planes.size())) {
    p.passed = false;
    p.reason =
        "NVCV exported " + std::to_string(planes) + " planes, FFmpeg's frame has " + std::to_string(out.planes.size());
  }
  // Where the canary goes: the first row and the last row of every plane (a wrong start shows in both, a wrong
  // stride in the last), never outside the frame's memory.
  struct Site {
    int plane, row;
    CanarySite at;
  };
  std::vector<Site> sites;
  std::string outside; // the first site that lies outside its plane's memory
  for (int i = 0; i < planes; ++i) {
    const NVCVImagePlaneStrided &np = exported.buffer.strided.planes[i];
    const PlaneEvidence &pe = out.planes[static_cast<size_t>(i)];
    const int lastRow = std::max(0, np.height - 1);
    for (const int row : {0, lastRow}) {
      auto *write = reinterpret_cast<uint8_t *>(np.basePtr) + static_cast<int64_t>(row) * np.rowStride;
      const uint8_t *read = frame->data[i] + static_cast<int64_t>(row) * frame->linesize[i];
      if (!insidePlaneMemory(out, static_cast<size_t>(i), reinterpret_cast<uintptr_t>(write)) && outside.empty())
        outside = "plane " + std::to_string(pe.index) + ", row " + std::to_string(row);
      sites.push_back({pe.index, row, {write, np.rowStride, read, frame->linesize[i]}});
      if (lastRow == 0) break;
    }
  }
  // Every byte a canary would touch is checked before the first write: one site outside the plane's memory and no
  // write is made at all, so the frame is left exactly as FFmpeg handed it out.
  if (!outside.empty()) {
    p.passed = false;
    p.method = "none";
    p.reason = "not run: NVCV's address for " + outside +
               " lies outside the frame's memory (the allocation that holds FFmpeg's plane): nothing was written";
    return;
  }
  // On the device, CV-CUDA's own operator writes the canary where it is loaded; the canary kernel otherwise.
  std::vector<kernels::CanaryResult> results;
  p.method = out.layout.device ? "device-kernel" : "host-store";
  std::string why;
  if (out.layout.device && !sites.empty() && cvcudaWitnessAvailable(why)) {
    std::vector<CanarySite> at;
    for (const Site &s : sites)
      at.push_back(s.at);
    if (cvcudaCanaryExchange(at, canary, results, why)) p.method = "cvcuda-flip";
  }
  if (p.method != "cvcuda-flip") {
    if (out.layout.device && !why.empty()) p.witnessNote = "the canary kernel ran: " + why;
    results.assign(sites.size(), kernels::CanaryResult{});
    if (out.layout.device) {
      // Every site in one launch and one wait (on the legacy default stream, after FFmpeg's work there). With a wait
      // a site, the proof took about 0.4 ms of each frame of a whole-file inspect (scripts/gpu/inspect-cost.sh).
      std::vector<kernels::CanarySitePointers> at;
      for (const Site &s : sites)
        at.push_back({s.at.write, s.at.read});
      if (const int err =
              kernels::canaryExchangeSites(at.data(), static_cast<int>(at.size()), canary, results.data(), nullptr);
          err != 0) {
        p.passed = false;
        p.restored = false;
        p.reason = "the canary kernel failed: " + cuda::runtimeErrorText(err);
        return;
      }
    } else {
      for (size_t k = 0; k < sites.size(); ++k)
        exchangeHost(sites[k].at.write, sites[k].at.read, canary, results[k]);
    }
  }
  std::string readBack;
  for (size_t k = 0; k < sites.size(); ++k) {
    const kernels::CanaryResult &r = results[k];
    const bool seen = std::memcmp(r.seen, canary, 8) == 0;
    // FFmpeg's bytes as they were: when the canary reached them, the original bytes must be back; when it did not,
    // FFmpeg's row must read after the restore as it read during the write (the canary went to other memory).
    const bool restored = std::memcmp(r.after, seen ? r.original : r.seen, 8) == 0;
    readBack += (readBack.empty() ? "" : ",") + bytesHex(r.seen, 8);
    p.passed = p.passed && seen;
    p.restored = p.restored && restored;
    if (!seen && p.reason.empty())
      p.reason = "FFmpeg's plane " + std::to_string(sites[k].plane) + ", row " + std::to_string(sites[k].row) +
                 " did not see the canary written through NVCV's: not the same memory";
  }
  p.readBack = readBack;
  if (p.reason.empty()) {
    p.reason = std::string(p.method == "cvcuda-flip" ? "CV-CUDA's Flip wrote the canary" : "the canary was written") +
               " through NVCV's exported pointer and stride and read back through FFmpeg's, in the first and last row "
               "of every plane, and the original bytes were restored";
  }
}

} // namespace zci
