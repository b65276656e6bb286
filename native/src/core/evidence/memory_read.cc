#include "evidence/memory_read.h"

#include "gpu/cuda_driver.h"
#include "common/error.h"

#include <cstring>

namespace zci {
namespace {

Error invalid(const std::string &message, const std::string &remedy) {
  return Error(ErrorCode::InvalidArgument, message, remedy);
}

// "bytes 100..199 (100 bytes)": a range asked, as the messages print it.
std::string spanText(int64_t first, int64_t end) {
  return "bytes " + std::to_string(first) + ".." + std::to_string(end - 1) + " (" + std::to_string(end - first) +
         " bytes)";
}

// The whole read as one rectangle of an allocation: rows × bytesPerRow, rowPitch apart, from offset.
struct Rect {
  int allocation = -1;
  int readingPlane = -1;
  int64_t offset = 0, rows = 1, bytesPerRow = 0, rowPitch = 0;
  int64_t end() const { return offset + (rows - 1) * rowPitch + bytesPerRow; }
};

void checkCap(int64_t bytes, const std::string &what) {
  if (bytes > kMemoryReadCap) {
    throw Error(ErrorCode::MemoryReadTooLarge,
                what + " asks for " + std::to_string(bytes) + " bytes, over the cap of " + bytesText(kMemoryReadCap) +
                    " per read",
                "Ask for at most " + bytesText(kMemoryReadCap) +
                    " at once (fewer rows, fewer bytes a row, or a shorter byte range); read a larger region as "
                    "several reads.");
  }
}

void checkAllocation(const FrameMemory &memory, int allocation, const std::string &what) {
  if (allocation >= 0) return;
  throw Error(ErrorCode::MemoryAllocationUnknown,
              "The allocation of " + what + " is unknown" + (memory.error.empty() ? "" : ": " + memory.error),
              "Reopen the file; if the CUDA driver refuses the frame's pointers, check nvidia-smi and the driver.");
}

void checkInside(const FrameMemory &memory, const Rect &r, const std::string &what) {
  const int64_t size = memory.allocations[static_cast<size_t>(r.allocation)].size;
  if (r.offset >= 0 && r.end() <= size) return;
  throw Error(ErrorCode::MemoryRangeOutsideAllocation,
              "The range asked (" + what + ") covers " + spanText(r.offset, r.end()) +
                  ", which does not lie inside the allocation of " + std::to_string(size) + " bytes",
              "Ask for a range that ends inside the allocation (its size is in the frame report).");
}

// Rows and offsets past these are refused before any arithmetic on them (the RPC allows far less).
constexpr int64_t kMaxRows = 1LL << 24;
constexpr int64_t kMaxOffset = 1LL << 48;

// The plane range as a rectangle; INVALID_ARGUMENT for a plane the frame lacks or columns past the pitch.
Rect planeRect(const FrameMemory &memory, const MemoryRange &range) {
  if (range.row < 0 || range.row > kMaxRows || range.rows < 1 || range.rows > kMaxRows) {
    throw invalid("A plane range needs a first row from 0 and a row count from 1, each at most " +
                      std::to_string(kMaxRows),
                  "Name the rows to read.");
  }
  const int planes = static_cast<int>(memory.planes.size());
  if (range.plane < 0 || range.plane >= planes) {
    throw invalid("The frame has no plane " + std::to_string(range.plane) + "; it has " + std::to_string(planes),
                  "Name a plane from 0 to " + std::to_string(planes - 1) + ".");
  }
  const MappedPlane &p = memory.planes[static_cast<size_t>(range.plane)];
  const int64_t start = range.byteStart.value_or(0);
  const int64_t count = range.byteCount.value_or(p.pitch - start);
  if (start < 0 || count < 1 || start + count > p.pitch) {
    throw invalid("Bytes " + std::to_string(start) + ".." + std::to_string(start + count - 1) + " of a row of plane " +
                      std::to_string(p.index) + " are not inside its pitch of " + std::to_string(p.pitch) + " bytes",
                  "Ask for byteStart + byteCount of at most the pitch; read further rows to go past a row's end.");
  }
  Rect r;
  r.allocation = p.allocation;
  r.readingPlane = p.index;
  r.offset = p.offset + range.row * p.pitch + start;
  r.rows = range.rows;
  r.bytesPerRow = count;
  r.rowPitch = p.pitch;
  return r;
}

void copyRect(const FrameMemory &memory, const Rect &r, uint8_t *out) {
  const MappedAllocation &a = memory.allocations[static_cast<size_t>(r.allocation)];
  const uint64_t first = a.start + static_cast<uint64_t>(r.offset);
  if (!memory.device) {
    for (int64_t i = 0; i < r.rows; ++i) {
      std::memcpy(out + i * r.bytesPerRow, reinterpret_cast<const uint8_t *>(first + i * r.rowPitch),
                  static_cast<size_t>(r.bytesPerRow));
    }
    return;
  }
  std::string why;
  if (!cuda::driver(&why))
    throw Error(ErrorCode::CudaError, "The CUDA driver API is not usable: " + why, "Check nvidia-smi.");
  // The frame's context; the synchronous copy runs on its legacy default stream, after FFmpeg's work there.
  cuda::ScopedContext scope(reinterpret_cast<CUcontext>(static_cast<uintptr_t>(a.context)));
  const CUresult result = cuda::copyRowsToHost(first, r.rowPitch, out, r.bytesPerRow, r.bytesPerRow, r.rows);
  if (result != CUDA_SUCCESS) {
    throw Error(ErrorCode::CudaError,
                "Copying " + spanText(r.offset, r.end()) +
                    " to the host failed: cuMemcpy2D: " + cuda::driverErrorName(result),
                "The GPU may be in an error state; reopen the file.");
  }
}

} // namespace

std::vector<RegionSpan> labelRows(const FrameMemory &memory, int allocation, int readingPlane, int64_t offset,
                                  int64_t rowCount, int64_t rowPitch, int64_t bytesPerRow) {
  std::vector<RegionSpan> spans;
  int64_t at = 0; // index in the packed answer
  for (int64_t i = 0; i < rowCount; ++i) {
    const int64_t rowStart = offset + i * rowPitch, rowEnd = rowStart + bytesPerRow;
    for (int64_t o = rowStart; o < rowEnd;) {
      const RegionRun run = regionAt(memory, allocation, o, readingPlane, rowEnd);
      const int64_t length = run.end - o;
      RegionSpan *last = spans.empty() ? nullptr : &spans.back();
      if (last && last->region == run.region && last->plane == run.plane)
        last->length += length;
      else
        spans.push_back({at, length, run.region, run.plane});
      at += length;
      o = run.end;
    }
  }
  return spans;
}

namespace {

// A range checked against the frame (plane, columns, cap, allocation), ready to copy; what says it in messages.
struct PlannedRead {
  Rect rect;
  std::optional<int> plane;
  std::optional<int64_t> row;
};

PlannedRead planRead(const FrameMemory &memory, const MemoryRange &range) {
  PlannedRead plan;
  Rect &r = plan.rect;
  std::string what;
  if (range.planeRange) {
    r = planeRect(memory, range);
    what = "rows " + std::to_string(range.row) + ".." + std::to_string(range.row + range.rows - 1) + " of plane " +
           std::to_string(range.plane);
    checkCap(r.rows * r.bytesPerRow, "Reading " + std::to_string(r.rows) + " rows of " + std::to_string(r.bytesPerRow) +
                                         " bytes of plane " + std::to_string(range.plane));
    plan.plane = range.plane;
    plan.row = range.row;
  } else {
    if (range.offset < 0 || range.offset > kMaxOffset || range.length < 1)
      throw invalid("A byte range needs an offset from 0 to " + std::to_string(kMaxOffset) + " and a length >= 1",
                    "Name a non-empty range.");
    checkCap(range.length, "Reading bytes from offset " + std::to_string(range.offset));
    r.allocation = memory.planes.empty() ? -1 : memory.planes[0].allocation;
    r.offset = range.offset;
    r.rows = 1;
    r.bytesPerRow = range.length;
    r.rowPitch = range.length;
    what = "offset " + std::to_string(range.offset) + ", length " + std::to_string(range.length);
  }
  checkAllocation(memory, r.allocation, range.planeRange ? "plane " + std::to_string(range.plane) : "plane 0");
  checkInside(memory, r, what);
  return plan;
}

void checkCancel(const CancelFlag &cancel) {
  if (cancel && cancel->load()) {
    throw Error(ErrorCode::Cancelled, "Reading the frame's memory was cancelled", "Read it again when you want it.");
  }
}

MemoryReadResult copyPlanned(const FrameMemory &memory, const PlannedRead &plan) {
  const Rect &r = plan.rect;
  MemoryReadResult out;
  out.plane = plan.plane;
  out.row = plan.row;
  const MappedAllocation &a = memory.allocations[static_cast<size_t>(r.allocation)];
  out.device = memory.device;
  out.offset = r.offset;
  out.rows = r.rows;
  out.bytesPerRow = r.bytesPerRow;
  out.rowPitch = r.rowPitch;
  out.allocationStart = a.start;
  out.allocationSize = a.size;
  int planesHere = 0;
  for (const MappedPlane &p : memory.planes)
    planesHere += p.allocation == r.allocation ? 1 : 0;
  out.separate = planesHere == 1 && memory.planes.size() > 1;
  out.address = a.start + static_cast<uint64_t>(r.offset);
  out.data.resize(static_cast<size_t>(r.rows * r.bytesPerRow));
  copyRect(memory, r, out.data.data());
  out.bytesRead = static_cast<int64_t>(out.data.size());
  out.regions = labelRows(memory, r.allocation, r.readingPlane, r.offset, r.rows, r.rowPitch, r.bytesPerRow);
  return out;
}

} // namespace

MemoryReadResult readFrameMemory(const FrameMemory &memory, const MemoryRange &range, const CancelFlag &cancel) {
  const PlannedRead plan = planRead(memory, range);
  checkCancel(cancel);
  return copyPlanned(memory, plan);
}

std::vector<MemoryReadResult> readFrameMemories(const FrameMemory &memory, const std::vector<MemoryRange> &ranges,
                                                const CancelFlag &cancel) {
  if (ranges.empty() || ranges.size() > static_cast<size_t>(kMemoryReadsPerCall)) {
    throw invalid("A batch read takes 1 to " + std::to_string(kMemoryReadsPerCall) + " ranges, not " +
                      std::to_string(ranges.size()),
                  "Split the ranges over several calls.");
  }
  std::vector<PlannedRead> plans;
  plans.reserve(ranges.size());
  for (size_t i = 0; i < ranges.size(); ++i) {
    try {
      plans.push_back(planRead(memory, ranges[i]));
    } catch (const Error &e) {
      throw Error(e.code(), "Range " + std::to_string(i) + ": " + e.what(), e.remedy());
    }
  }
  checkCancel(cancel);
  std::vector<MemoryReadResult> out;
  out.reserve(plans.size());
  for (const PlannedRead &plan : plans) {
    checkCancel(cancel);
    out.push_back(copyPlanned(memory, plan));
  }
  return out;
}

} // namespace zci
