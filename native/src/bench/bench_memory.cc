// Memory reads checked and timed against a witness that shares none of the read code: the allocation as the CUDA
// driver reports it for plane 0's pointer, copied whole with one linear cuMemcpyDtoH (host frames: memcpy of the
// buffer the frame report names).
//   memread  random ranges through Session::readMemory, byte for byte against the witness
//   probe    a 64×64 tile read against downloading the whole allocation
//   regions  ranges of a frame FFmpeg allocates in one buffer (av_frame_get_buffer), labelled: the planes-in-one-
//            allocation layout that software decoding never hands out, for the tier without a GPU
#include "bench_memory.h"

#include "json_line.h"

#include "gpu/cuda_driver.h"
#include "common/error.h"
#include "frame/ffmpeg_ptr.h"
#include "session/session.h"
#include "common/timing.h"

extern "C" {
#include <libavutil/pixdesc.h>
}

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace zci::bench {
namespace {

// The whole allocation that holds plane 0, copied to the host in one linear copy.
struct Witness {
  int64_t frameIndex = 0; // the held frame the reads name
  uint64_t start = 0;
  int64_t size = 0;
  std::vector<uint8_t> bytes;
  std::string how;
  CUcontext context = nullptr;
};

Witness locate(const FrameEvidence &e) {
  Witness w;
  w.frameIndex = e.frameIndex;
  if (!e.layout.device) {
    if (!e.allocation.rangeStart || !e.allocation.rangeSize)
      throw Error(ErrorCode::Internal, "the frame report names no host buffer", "");
    w.start = *e.allocation.rangeStart;
    w.size = *e.allocation.rangeSize;
    w.how = "memcpy";
    return w;
  }
  const cuda::PointerAttributes a =
      cuda::pointerAttributes(reinterpret_cast<const void *>(static_cast<uintptr_t>(e.planes.at(0).ffmpegPointer)));
  if (!a.ok) throw Error(ErrorCode::CudaError, "cuPointerGetAttributes: " + a.error, "");
  w.start = a.rangeStart;
  w.size = static_cast<int64_t>(a.rangeSize);
  w.context = reinterpret_cast<CUcontext>(static_cast<uintptr_t>(a.context));
  w.how = "cuMemcpyDtoH";
  return w;
}

// Copies the whole allocation into out (sized already).
void copyWhole(const Witness &w, uint8_t *out) {
  if (w.how == "memcpy") {
    std::memcpy(out, reinterpret_cast<const void *>(static_cast<uintptr_t>(w.start)), static_cast<size_t>(w.size));
    return;
  }
  cuda::ScopedContext scope(w.context);
  const CUresult r = cuda::driver()->memcpyDtoH(out, static_cast<CUdeviceptr>(w.start), static_cast<size_t>(w.size));
  if (r != CUDA_SUCCESS) throw Error(ErrorCode::CudaError, "cuMemcpyDtoH: " + cuda::driverErrorName(r), "");
}

Witness witness(const FrameEvidence &e) {
  Witness w = locate(e);
  w.bytes.resize(static_cast<size_t>(w.size));
  copyWhole(w, w.bytes.data());
  return w;
}

// A plane as the witness sees it: where it starts in the witnessed allocation, and how many rows of it fit.
struct PlaneSpot {
  bool inside = false;
  int64_t offset = 0, pitch = 0, height = 0, visible = 0, rowsToEnd = 0;
};

std::vector<PlaneSpot> spots(const FrameEvidence &e, const Witness &w) {
  std::vector<PlaneSpot> out;
  for (const PlaneEvidence &p : e.planes) {
    PlaneSpot s;
    s.inside = p.ffmpegPointer >= w.start && p.ffmpegPointer < w.start + static_cast<uint64_t>(w.size);
    s.offset = static_cast<int64_t>(p.ffmpegPointer - w.start);
    s.pitch = p.pitch;
    s.height = p.geometry.height;
    s.visible = p.visibleBytesPerRow;
    s.rowsToEnd = s.inside && s.pitch > 0 ? (w.size - s.offset) / s.pitch : 0;
    out.push_back(s);
  }
  return out;
}

// What the checks of one frame found.
struct Tally {
  int ranges = 0, byteMismatches = 0, countMismatches = 0, labelMismatches = 0;
  int hiddenRowReads = 0, crossingReads = 0, tailReads = 0, nextPlaneSpans = 0;
  int64_t bytesAsked = 0, bytesRead = 0, witnessBytes = 0;
};

// One range: read it, compare it with the witness at [offset + i*pitch, +width) for each row.
void checkRange(Session &session, const Witness &w, const MemoryRange &range, int64_t offset, int64_t rows,
                int64_t width, int64_t pitch, Tally &t) {
  const int64_t before = session.totalBytesRead();
  const MemoryReadResult r = session.readMemory(w.frameIndex, range, nullptr);
  t.ranges += 1;
  t.bytesAsked += rows * width;
  t.bytesRead += r.bytesRead;
  if (r.bytesRead != rows * width || static_cast<int64_t>(r.data.size()) != rows * width ||
      session.totalBytesRead() - before != rows * width || r.offset != offset) {
    t.countMismatches += 1;
    return;
  }
  for (int64_t i = 0; i < rows; ++i) {
    if (std::memcmp(r.data.data() + i * width, w.bytes.data() + offset + i * pitch, static_cast<size_t>(width)) != 0) {
      t.byteMismatches += 1;
      break;
    }
  }
  int64_t covered = 0;
  for (const RegionSpan &s : r.regions) {
    if (s.start != covered) t.labelMismatches += 1;
    covered += s.length;
    if (s.region == MemoryRegion::NextPlane) t.nextPlaneSpans += 1;
  }
  if (covered != rows * width) t.labelMismatches += 1;
}

int64_t pick(std::mt19937_64 &rng, int64_t lo, int64_t hi) { // inclusive
  return hi <= lo ? lo : std::uniform_int_distribution<int64_t>(lo, hi)(rng);
}

Tally checkFrame(Session &session, const FrameEvidence &e, std::mt19937_64 &rng) {
  const Witness w = witness(e);
  const std::vector<PlaneSpot> planes = spots(e, w);
  Tally t;
  t.witnessBytes = w.size;
  // Five kinds in turn, until 60 ranges were read (a plane in an allocation of its own is skipped).
  for (int attempt = 0; t.ranges < 60 && attempt < 1000; ++attempt) {
    const int kind = attempt % 5;
    if (kind == 3) { // the allocation's tail: a byte range that ends at its last byte
      const int64_t length = pick(rng, 1, std::min<int64_t>(w.size, 65536));
      MemoryRange range;
      range.planeRange = false;
      range.offset = w.size - length;
      range.length = length;
      checkRange(session, w, range, range.offset, 1, length, length, t);
      t.tailReads += 1;
      continue;
    }
    if (kind == 4) { // anywhere in the allocation
      const int64_t length = pick(rng, 1, std::min<int64_t>(w.size, kMemoryReadCap));
      MemoryRange range;
      range.planeRange = false;
      range.offset = pick(rng, 0, w.size - length);
      range.length = length;
      checkRange(session, w, range, range.offset, 1, length, length, t);
      continue;
    }
    const int p = static_cast<int>(pick(rng, 0, static_cast<int64_t>(planes.size()) - 1));
    const PlaneSpot &s = planes[static_cast<size_t>(p)];
    if (!s.inside || s.rowsToEnd < 1) continue; // a plane in an allocation of its own: plane 0's witness lacks it
    MemoryRange range;
    range.plane = p;
    const int64_t start = pick(rng, 0, s.pitch - 1);
    const int64_t width = pick(rng, 1, s.pitch - start);
    int64_t first = 0, last = 0;
    if (kind == 0) { // inside the picture
      first = pick(rng, 0, s.height - 1);
      last = pick(rng, first, std::min(s.height - 1, first + 63));
    } else if (kind == 1) { // the rows below the picture, to the end of what the allocation holds of this plane
      if (s.rowsToEnd <= s.height) continue;
      first = pick(rng, s.height, s.rowsToEnd - 1);
      last = pick(rng, first, s.rowsToEnd - 1);
      t.hiddenRowReads += 1;
    } else { // from the last rows of the picture across whatever follows (the next plane, where there is one)
      first = pick(rng, std::max<int64_t>(0, s.height - 4), s.height - 1);
      last = pick(rng, first, std::min(s.rowsToEnd - 1, first + 700));
      t.crossingReads += 1;
    }
    const int64_t rows = std::min(last - first + 1, kMemoryReadCap / width);
    range.row = first;
    range.rows = rows;
    range.byteStart = start;
    range.byteCount = width;
    checkRange(session, w, range, s.offset + first * s.pitch + start, rows, width, s.pitch, t);
  }
  return t;
}

} // namespace

int benchMemread(const std::string &file, int frames, const DecoderOptions &options) {
  Session session(file, options);
  const int64_t count = session.decoder().info().frameCount;
  std::mt19937_64 rng(20261130);
  bool ok = true;
  for (int i = 0; i < frames; ++i) {
    const int64_t index = (count - 1) * i / std::max(1, frames - 1);
    FrameRequest request;
    request.proof = false;
    const FrameEvidence e = session.show(FrameTarget::at(index), ShowRequest{request}).report;
    const Tally t = checkFrame(session, e, rng);
    const bool frameOk = t.byteMismatches == 0 && t.countMismatches == 0 && t.labelMismatches == 0 && t.ranges >= 50 &&
                         t.bytesRead == t.bytesAsked;
    ok = ok && frameOk;
    JsonLine j;
    j.add("bench", "memread")
        .add("file", file)
        .add("decodePath", decodePathName(session.decoder().info().decodePath))
        .add("format", e.layout.swFormatName)
        .add("frame", index)
        .add("witness", e.layout.device ? "cuMemcpyDtoH" : "memcpy")
        .add("allocationBytes", t.witnessBytes)
        .add("planesInOneAllocation", e.allocation.planesInOneAllocation)
        .add("ranges", t.ranges)
        .add("hiddenRowReads", t.hiddenRowReads)
        .add("crossingReads", t.crossingReads)
        .add("tailReads", t.tailReads)
        .add("nextPlaneSpans", t.nextPlaneSpans)
        .add("bytesAsked", t.bytesAsked)
        .add("bytesRead", t.bytesRead)
        .add("byteMismatches", t.byteMismatches)
        .add("countMismatches", t.countMismatches)
        .add("labelMismatches", t.labelMismatches)
        .add("ok", frameOk)
        .print();
  }
  return ok ? 0 : 1;
}

int benchProbe(const std::string &file, int reads, const DecoderOptions &options) {
  Session session(file, options);
  FrameRequest request;
  request.proof = false;
  const FrameEvidence e = session.show(FrameTarget::at(1), ShowRequest{request}).report;
  const PlaneEvidence &y = e.planes.at(0);
  const int64_t width = 64LL * y.geometry.bytesPerPixel, rows = 64;
  std::mt19937_64 rng(64);
  auto tile = [&] {
    MemoryRange range;
    range.plane = 0;
    range.row = pick(rng, 0, y.geometry.height - rows);
    range.rows = rows;
    range.byteStart = pick(rng, 0, y.visibleBytesPerRow - width);
    range.byteCount = width;
    return session.readMemory(e.frameIndex, range, nullptr);
  };
  for (int i = 0; i < 10; ++i) // warm-up: first-touch costs are not what a probe pays
    tile();
  std::vector<double> tileUs;
  for (int i = 0; i < reads; ++i) {
    const auto t0 = Clock::now();
    const MemoryReadResult r = tile();
    tileUs.push_back(usSince(t0));
    if (r.bytesRead != rows * width) throw Error(ErrorCode::Internal, "a tile read copied the wrong count", "");
  }
  Witness w = locate(e);
  std::vector<uint8_t> whole(static_cast<size_t>(w.size));
  copyWhole(w, whole.data());
  std::vector<double> wholeUs;
  const int copies = std::max(10, reads / 4);
  for (int i = 0; i < copies; ++i) {
    const auto t0 = Clock::now();
    copyWhole(w, whole.data());
    wholeUs.push_back(usSince(t0));
  }
  JsonLine j;
  j.add("bench", "probe")
      .add("file", file)
      .add("decodePath", decodePathName(session.decoder().info().decodePath))
      .add("format", e.layout.swFormatName)
      .add("width", e.width)
      .add("height", e.height)
      .add("reads", reads)
      .add("tileBytes", rows * width)
      .add("tileP50Us", percentile(tileUs, 50))
      .add("tileP99Us", percentile(tileUs, 99))
      .add("wholeCopy", w.how)
      .add("wholeBytes", w.size)
      .add("wholeCopies", copies)
      .add("wholeP50Us", percentile(wholeUs, 50))
      .add("wholeP99Us", percentile(wholeUs, 99))
      .print();
  return 0;
}

namespace {

// "WxH" into two numbers.
bool size(const std::string &text, int &w, int &h) {
  return std::sscanf(text.c_str(), "%dx%d", &w, &h) == 2 && w > 0 && h > 0 && w <= 16384 && h <= 16384;
}

// "p:PLANE:ROW:ROWS[:START:COUNT]" or "b:OFFSET:LENGTH".
bool parseRange(const std::string &text, MemoryRange &r) {
  long long a = 0, b = 0, c = 0, d = 0, e = 0;
  if (std::sscanf(text.c_str(), "b:%lld:%lld", &a, &b) == 2) {
    r.planeRange = false;
    r.offset = a;
    r.length = b;
    return true;
  }
  const int n = std::sscanf(text.c_str(), "p:%lld:%lld:%lld:%lld:%lld", &a, &b, &c, &d, &e);
  if (n != 3 && n != 5) return false;
  r.plane = static_cast<int>(a);
  r.row = b;
  r.rows = c;
  if (n == 5) {
    r.byteStart = d;
    r.byteCount = e;
  }
  return true;
}

} // namespace

int benchRegions(const std::vector<std::string> &args) {
  int w = 0, h = 0, codedW = 0, codedH = 0;
  const AVPixelFormat format = args.empty() ? AV_PIX_FMT_NONE : av_get_pix_fmt(args[0].c_str());
  if (args.size() < 3 || format == AV_PIX_FMT_NONE || !size(args[1], w, h) || !size(args[2], codedW, codedH)) {
    std::fprintf(stderr, "usage: zci_bench regions PIXFMT WxH CODEDWxCODEDH RANGE...\n");
    return 2;
  }
  FramePtr frame(av_frame_alloc());
  frame->format = format;
  frame->width = w;
  frame->height = h;
  if (av_frame_get_buffer(frame.get(), 64) < 0) throw Error(ErrorCode::Internal, "av_frame_get_buffer failed", "");
  // Every byte of the buffer different from its neighbours, so a read from the wrong place shows.
  for (int i = 0; i < frame->buf[0]->size; ++i)
    frame->buf[0]->data[i] = static_cast<uint8_t>(i * 131 + i / 251);
  const FrameMemory memory = mapFrameMemory(frame.get(), describeFrame(frame.get()), codedW, codedH);
  const MappedAllocation &a = memory.allocations.at(0);
  for (const MappedPlane &p : memory.planes) {
    JsonLine j;
    j.add("plane", p.index)
        .add("allocation", p.allocation)
        .add("offset", p.offset)
        .add("pitch", p.pitch)
        .add("rows", p.rows)
        .add("width", p.width)
        .add("height", p.height)
        .add("codedWidth", p.codedWidth)
        .add("codedHeight", p.codedHeight)
        .add("bytesPerPixel", p.bytesPerPixel)
        .add("allocationBytes", a.size)
        .print();
  }
  for (size_t i = 3; i < args.size(); ++i) {
    JsonLine j;
    j.add("range", args[i]);
    MemoryRange range;
    if (!parseRange(args[i], range)) {
      j.add("error", "unreadable range").print();
      continue;
    }
    try {
      const MemoryReadResult r = readFrameMemory(memory, range, nullptr);
      std::string spans;
      for (const RegionSpan &s : r.regions) {
        spans += (spans.empty() ? "" : ",") + std::string(nameOf(kMemoryRegionNames, s.region)) + "/" +
                 (s.plane < 0 ? "-" : std::to_string(s.plane)) + "/" + std::to_string(s.length);
      }
      bool equal = true;
      const uint8_t *base = reinterpret_cast<const uint8_t *>(static_cast<uintptr_t>(r.allocationStart));
      for (int64_t row = 0; row < r.rows; ++row) {
        equal = equal && std::memcmp(r.data.data() + row * r.bytesPerRow, base + r.offset + row * r.rowPitch,
                                     static_cast<size_t>(r.bytesPerRow)) == 0;
      }
      j.add("offset", r.offset).add("bytes", r.bytesRead).add("bytesEqual", equal).add("spans", spans);
    } catch (const Error &e) {
      j.add("error", errorCodeName(e.code())).add("message", std::string(e.what()));
    }
    j.print();
  }
  return 0;
}

} // namespace zci::bench
