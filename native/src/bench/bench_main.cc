// Native benchmarks over the same core the addon uses; each prints one JSON object per line.
//   zci_bench wrap ITERATIONS FILE...  wrap + export + release of one frame of each file, interleaved, against a
//                                      device-to-device copy
//   zci_bench decode FILE FRAMES       the addon's decode loop (decode + wrap + evidence, no canary), frames/s
//   zci_bench loop FILE FRAMES [ROUNDS]  FFmpeg's plain decode loop, the core's decoder, and the inspection loop
//                                      with and without the proof, alternating (bench_loop.cc)
//   zci_bench reopen FILE1 FILE2 [ROUNDS]  each open to its first frame report, in turn, in one process
//   zci_bench nvdec-create FILE ROUNDS  the driver's own capability query, decoder creation and destruction for the
//                                      decoder FFmpeg asks for FILE (bench_nvdec.cc)
//   zci_bench soak FILE FRAMES         GPU memory in use and live NVCV handles every 100 frames
//   zci_bench memread FILE [FRAMES]    memory reads against one linear copy of the whole allocation (bench_memory.cc)
//   zci_bench probe FILE [READS]       a 64×64 tile read against downloading the whole allocation
//   zci_bench compare FILE [FRAMES]   decoder A/B compared on the device against download + host compare
//   zci_bench ledger FILE [FRAMES] [ROUNDS]  the copy ledger of each step beside a whole-frame download, and the
//                                      step's latency with the ledger on and off (bench_ledger.cc)
//   zci_bench threads N FILE...       FFmpeg's API alone, N threads of one process on one CUDA device, each decoding
//                                      the next file to its end: the reference rate of a scan (bench_threads.cc)
//   zci_bench regions PIXFMT WxH CODEDWxCODEDH RANGE...  labels of ranges of a frame in one buffer (no file, no GPU)
#include "bench_compare.h"
#include "bench_ledger.h"
#include "bench_loop.h"
#include "bench_memory.h"
#include "bench_nvdec.h"
#include "bench_threads.h"
#include "json_line.h"

#include "gpu/cuda_driver.h"
#include "gpu/cuda_kernels.h"
#include "common/error.h"
#include "evidence/evidence.h"
#include "session/session.h"
#include "nvcv/wrap.h"
#include "common/timing.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using zci::Clock;
using zci::percentile;

// One preview of the frame held at index (show() reuses it without decoding); a preview that fails throws its error.
zci::PreviewResult previewOf(zci::Session &session, int64_t index, const zci::PreviewRequest &request) {
  zci::ShowRequest show;
  show.frame.proof = false;
  show.previews.push_back(request);
  zci::ShowResult r = session.show(zci::FrameTarget::at(index), show);
  if (!r.previews.at(0).result) throw *r.previews.at(0).error;
  return *r.previews.at(0).result;
}

// Session options: ZCI_DECODE names the decode mode (default auto); ZCI_HOLD_FRAMES the frames held (default 2);
// ZCI_LEDGER=1 switches the copy ledger on (default off, as in the addon; zci_bench ledger switches it itself).
zci::DecoderOptions options() {
  zci::DecoderOptions o;
  if (const char *ledger = std::getenv("ZCI_LEDGER")) o.ledger = std::string(ledger) == "1";
  if (const char *hold = std::getenv("ZCI_HOLD_FRAMES")) o.holdFrames = std::max(1, std::min(16, std::atoi(hold)));
  const char *mode = std::getenv("ZCI_DECODE");
  if (!mode) return o;
  const auto named = zci::valueNamed(zci::kDecodeModeNames, mode);
  if (!named) {
    std::string names;
    for (const std::string &n : zci::namesOf(zci::kDecodeModeNames))
      names += (names.empty() ? "" : ", ") + n;
    throw zci::Error(zci::ErrorCode::InvalidArgument, std::string("ZCI_DECODE='") + mode + "' is no decode mode",
                     "Use one of " + names + ".");
  }
  o.mode = *named;
  return o;
}

// One clip's frame, ready to be wrapped again and again.
struct WrapSubject {
  std::string file;
  std::unique_ptr<zci::Session> session;
  zci::FramePtr frame;
  zci::FrameLayout layout;
  zci::FrameEvidence base;
  std::vector<void *> copies;
  std::vector<double> imageUs, fullUs, copyUs;
};

// Interleaves the clips in every iteration, so that all sizes see the same machine state.
int benchWrap(const std::vector<std::string> &files, int iterations) {
  std::vector<WrapSubject> subjects(files.size());
  for (size_t k = 0; k < files.size(); ++k) {
    WrapSubject &w = subjects[k];
    w.file = files[k];
    w.session = std::make_unique<zci::Session>(w.file, options());
    w.frame = w.session->decoder().frameAt(1);
    w.layout = zci::describeFrame(w.frame.get());
    zci::gatherPlanesAndAllocation(w.frame.get(), w.layout, w.base);
    if (w.layout.device) {
      zci::cuda::ScopedContext scope(w.session->decoder().cuda()->ffmpegContext());
      for (size_t p = 0; p < w.layout.planes.size(); ++p) {
        void *dst = nullptr;
        cudaMalloc(&dst, static_cast<size_t>(w.frame->linesize[p]) * w.layout.planes[p].height);
        w.copies.push_back(dst);
      }
    }
  }
  auto live = std::make_shared<std::atomic<int>>(0);
  auto timed = [](auto &&body) {
    const auto t0 = Clock::now();
    body();
    return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
  };
  for (int i = 0; i < iterations; ++i) {
    for (WrapSubject &w : subjects) {
      zci::FrameEvidence e;
      e.planes = w.base.planes;
      // What the benchmark is about: image wrap + export + release, nothing else.
      w.imageUs.push_back(timed([&] { zci::WrappedFrame f(zci::refFrame(w.frame.get()), w.layout, e, live, false); }));
      if (!e.wrap.available) {
        std::fprintf(stderr, "wrap failed: %s\n", e.wrap.reason.c_str());
        return 1;
      }
      zci::FrameEvidence e2;
      e2.planes = w.base.planes;
      // The inspector's full wrap: plus the single-tensor view (wrapped too where it is valid).
      w.fullUs.push_back(timed([&] { zci::WrappedFrame f(zci::refFrame(w.frame.get()), w.layout, e2, live, true); }));
      if (w.layout.device) {
        zci::cuda::ScopedContext scope(w.session->decoder().cuda()->ffmpegContext());
        w.copyUs.push_back(timed([&] {
          for (size_t p = 0; p < w.layout.planes.size(); ++p) {
            zci::kernels::copyPlaneDevice(w.copies[p], w.frame->linesize[p], w.frame->data[p], w.frame->linesize[p],
                                          static_cast<int64_t>(w.layout.planes[p].width) *
                                              w.layout.planes[p].bytesPerPixel,
                                          w.layout.planes[p].height, nullptr);
          }
          cudaStreamSynchronize(nullptr);
        }));
      }
    }
  }
  for (WrapSubject &w : subjects) {
    zci::bench::JsonLine j;
    j.add("bench", "wrap")
        .add("file", w.file)
        .add("width", w.frame->width)
        .add("height", w.frame->height)
        .add("device", w.layout.device)
        .add("iterations", iterations)
        .add("wrapP50Us", percentile(w.imageUs, 50))
        .add("wrapP99Us", percentile(w.imageUs, 99))
        .add("fullWrapP50Us", percentile(w.fullUs, 50))
        .add("fullWrapP99Us", percentile(w.fullUs, 99));
    if (!w.copyUs.empty()) j.add("copyP50Us", percentile(w.copyUs, 50)).add("copyP99Us", percentile(w.copyUs, 99));
    j.add("liveHandlesAfter", static_cast<int64_t>(live->load())).print();
    if (w.layout.device) {
      zci::cuda::ScopedContext scope(w.session->decoder().cuda()->ffmpegContext());
      for (void *p : w.copies)
        cudaFree(p);
    }
  }
  return 0;
}

int benchDecode(const std::string &file, int frames) {
  const auto opened = Clock::now();
  zci::Session session(file, options());
  const double openSeconds = std::chrono::duration<double>(Clock::now() - opened).count();
  const int64_t count = session.decoder().info().frameCount;
  const int n = static_cast<int>(std::min<int64_t>(frames, count));
  const auto t0 = Clock::now();
  for (int i = 0; i < n; ++i)
    session.show(zci::FrameTarget::at(i), zci::ShowRequest{{false}});
  const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  zci::bench::JsonLine j;
  j.add("bench", "decode")
      .add("file", file)
      .add("decodePath", zci::decodePathName(session.decoder().info().decodePath))
      .add("nvdecThreads", std::getenv("ZCI_NVDEC_THREADS") ? std::getenv("ZCI_NVDEC_THREADS") : "default")
      .add("frames", n)
      .add("openSeconds", openSeconds)
      .add("probeMs", session.decoder().openTimings().probeMs)
      .add("indexMs", session.decoder().openTimings().indexMs)
      .add("cudaMs", session.decoder().openTimings().cudaMs)
      .add("firstFrameMs", session.decoder().openTimings().firstFrameMs)
      .add("seconds", seconds)
      .add("fps", n / seconds);
  j.print();
  return 0;
}

// Step-to-thumbnail: decode, then convert + resize + download on the GPU, against the naive path (the whole frame
// downloaded, converted and scaled on the CPU by swscale), frame after frame.
int benchPreview(const std::string &file, int frames) {
  zci::Session session(file, options());
  const int n = static_cast<int>(std::min<int64_t>(frames, session.decoder().info().frameCount));
  std::vector<double> decodeMs, gpuMs, naiveMs;
  int64_t gpuBytes = 0, frameBytes = 0;
  zci::PreviewRequest req;
  req.reference = false;
  auto ms = [](Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); };
  for (int i = 0; i < n; ++i) {
    auto t0 = Clock::now();
    session.show(zci::FrameTarget::at(i), zci::ShowRequest{{false}});
    decodeMs.push_back(ms(t0));
    t0 = Clock::now();
    zci::PreviewResult r = previewOf(session, i, req);
    gpuMs.push_back(ms(t0));
    gpuBytes = r.bytesDownloaded;
    frameBytes = r.frameBytes;
    zci::PreviewRequest naive;
    naive.op = zci::PreviewOp::Reference;
    t0 = Clock::now();
    previewOf(session, i, naive);
    naiveMs.push_back(ms(t0));
  }
  zci::bench::JsonLine j;
  j.add("bench", "preview")
      .add("file", file)
      .add("frames", n)
      .add("decodeP50Ms", percentile(decodeMs, 50))
      .add("decodeP99Ms", percentile(decodeMs, 99))
      .add("gpuPreviewP50Ms", percentile(gpuMs, 50))
      .add("gpuPreviewP99Ms", percentile(gpuMs, 99))
      .add("naiveP50Ms", percentile(naiveMs, 50))
      .add("naiveP99Ms", percentile(naiveMs, 99))
      .add("bytesPerPreview", gpuBytes)
      .add("frameBytes", frameBytes);
  j.print();
  return 0;
}

int benchSoak(const std::string &file, int frames) {
  zci::Session session(file, options());
  const int64_t count = session.decoder().info().frameCount;
  for (int i = 0; i < frames; ++i) {
    session.show(zci::FrameTarget::at(i % count), zci::ShowRequest{{false}});
    if (i % 100 == 0 || i == frames - 1) {
      zci::cuda::ScopedContext scope(session.decoder().cuda() ? session.decoder().cuda()->ffmpegContext() : nullptr);
      zci::bench::JsonLine j;
      j.add("bench", "soak")
          .add("frame", i)
          .add("gpuMemoryUsed", zci::cuda::deviceMemoryUsed())
          .add("liveHandles", session.liveHandles());
      j.print();
    }
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc >= 2 && std::string(argv[1]) == "regions") {
    try {
      return zci::bench::benchRegions(std::vector<std::string>(argv + 2, argv + argc));
    } catch (const zci::Error &e) {
      std::fprintf(stderr, "%s: %s\n", zci::errorCodeName(e.code()), e.what());
      return 1;
    }
  }
  if (argc >= 4 && std::string(argv[1]) == "threads")
    return zci::bench::benchThreads(std::max(1, std::atoi(argv[2])), std::vector<std::string>(argv + 3, argv + argc));
  const bool countOptional = argc == 3 && (std::string(argv[1]) == "memread" || std::string(argv[1]) == "probe" ||
                                           std::string(argv[1]) == "compare" || std::string(argv[1]) == "ledger");
  if (argc < 4 && !countOptional) {
    std::fprintf(stderr, "usage: zci_bench wrap COUNT FILE... | zci_bench <decode|soak> FILE COUNT | "
                         "zci_bench <memread|probe|compare> FILE [COUNT]\n");
    return 2;
  }
  const std::string mode = argv[1], file = argv[2];
  const int count = argc > 3 ? std::atoi(argv[3]) : 0;
  try {
    if (mode == "memread") return zci::bench::benchMemread(file, count > 0 ? count : 3, options());
    if (mode == "probe") return zci::bench::benchProbe(file, count > 0 ? count : 200, options());
    if (mode == "wrap") return benchWrap(std::vector<std::string>(argv + 3, argv + argc), std::atoi(argv[2]));
    if (mode == "decode") return benchDecode(file, count);
    if (mode == "soak") return benchSoak(file, count);
    if (mode == "reopen") return zci::bench::benchReopen(file, argv[3], argc > 4 ? std::atoi(argv[4]) : 3, options());
    if (mode == "nvdec-create") return zci::bench::benchNvdecCreate(file, count > 0 ? count : 4, options());
    if (mode == "loop") return zci::bench::benchLoop(file, count, argc > 4 ? std::atoi(argv[4]) : 3, options());
    if (mode == "preview") return benchPreview(file, count);
    if (mode == "compare") return zci::bench::benchCompare(file, count > 0 ? count : 30);
    if (mode == "ledger")
      return zci::bench::benchLedger(file, count > 0 ? count : 30, argc > 4 ? std::atoi(argv[4]) : 3, options());
  } catch (const zci::Error &e) {
    std::fprintf(stderr, "%s: %s (%s)\n", zci::errorCodeName(e.code()), e.what(), e.remedy().c_str());
    return 1;
  }
  std::fprintf(stderr, "unknown mode %s\n", mode.c_str());
  return 2;
}
