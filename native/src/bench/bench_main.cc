// Native benchmarks over the same core the addon uses; each prints one JSON object per line.
//   zci_bench wrap FILE ITERATIONS     wrap + export + release of one frame, against a device-to-device copy
//   zci_bench decode FILE FRAMES       the addon's decode loop (decode + wrap + evidence, no canary), frames/s
//   zci_bench soak FILE FRAMES         GPU memory in use and live NVCV handles every 100 frames
#include "cuda_driver.h"
#include "cuda_kernels.h"
#include "error.h"
#include "evidence.h"
#include "json.h"
#include "session.h"
#include "wrap.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  const size_t i = std::min(v.size() - 1, static_cast<size_t>(p / 100.0 * static_cast<double>(v.size())));
  return v[i];
}

zci::DecoderOptions options() {
  zci::DecoderOptions o;
  const char *mode = std::getenv("ZCI_DECODE");
  o.mode = mode ? mode : "auto";
  return o;
}

int benchWrap(const std::string &file, int iterations) {
  zci::Session session(file, options());
  session.frame(0, {false, false});
  zci::Decoder &d = session.decoder();
  zci::FramePtr frame = d.frameAt(1);
  const zci::FrameLayout layout = zci::describeFrame(frame.get());
  zci::FrameEvidence base;
  zci::gatherPlanesAndAllocation(frame.get(), layout, base);
  auto live = std::make_shared<std::atomic<int>>(0);

  std::vector<double> wrapUs, copyUs;
  for (int i = 0; i < iterations; ++i) {
    zci::FrameEvidence e;
    e.planes = base.planes;
    const auto t0 = Clock::now();
    { zci::WrappedFrame w(zci::refFrame(frame.get()), layout, e, live); }
    wrapUs.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
    if (!e.wrap.available) {
      std::fprintf(stderr, "wrap failed: %s\n", e.wrap.reason.c_str());
      return 1;
    }
  }
  if (layout.device) {
    zci::cuda::ScopedContext scope(d.cuda()->ffmpegContext());
    std::vector<void *> dst(layout.planes.size());
    for (size_t p = 0; p < layout.planes.size(); ++p) {
      cudaMalloc(&dst[p], static_cast<size_t>(frame->linesize[p]) * layout.planes[p].height);
    }
    for (int i = 0; i < iterations; ++i) {
      const auto t0 = Clock::now();
      for (size_t p = 0; p < layout.planes.size(); ++p) {
        zci::kernels::copyPlaneDevice(dst[p], frame->linesize[p], frame->data[p], frame->linesize[p],
                                      static_cast<int64_t>(layout.planes[p].width) * layout.planes[p].bytesPerPixel,
                                      layout.planes[p].height, nullptr);
      }
      cudaStreamSynchronize(nullptr);
      copyUs.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
    }
    for (void *p : dst) cudaFree(p);
  }
  zci::JsonWriter j;
  j.beginObject()
      .field("bench", "wrap")
      .field("file", file)
      .field("width", frame->width)
      .field("height", frame->height)
      .field("device", layout.device)
      .field("iterations", iterations)
      .field("wrapP50Us", percentile(wrapUs, 50))
      .field("wrapP99Us", percentile(wrapUs, 99));
  if (!copyUs.empty()) j.field("copyP50Us", percentile(copyUs, 50)).field("copyP99Us", percentile(copyUs, 99));
  j.field("liveHandlesAfter", static_cast<int64_t>(live->load())).endObject();
  std::printf("%s\n", j.str().c_str());
  return 0;
}

int benchDecode(const std::string &file, int frames) {
  zci::Session session(file, options());
  const int64_t count = session.decoder().facts().frameCount;
  const int n = static_cast<int>(std::min<int64_t>(frames, count));
  const auto t0 = Clock::now();
  for (int i = 0; i < n; ++i) session.frame(i, {false, true});
  const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  zci::JsonWriter j;
  j.beginObject()
      .field("bench", "decode")
      .field("file", file)
      .field("decodePath", zci::decodePathName(session.decoder().facts().decodePath))
      .field("nvdecThreads", std::getenv("ZCI_NVDEC_THREADS") ? std::getenv("ZCI_NVDEC_THREADS") : "default")
      .field("frames", n)
      .field("seconds", seconds)
      .field("fps", n / seconds)
      .endObject();
  std::printf("%s\n", j.str().c_str());
  return 0;
}

int benchSoak(const std::string &file, int frames) {
  zci::Session session(file, options());
  const int64_t count = session.decoder().facts().frameCount;
  for (int i = 0; i < frames; ++i) {
    session.frame(i % count, {false, false});
    if (i % 100 == 0 || i == frames - 1) {
      zci::cuda::ScopedContext scope(session.decoder().cuda() ? session.decoder().cuda()->ffmpegContext() : nullptr);
      zci::JsonWriter j;
      j.beginObject()
          .field("bench", "soak")
          .field("frame", i)
          .field("gpuMemoryUsed", zci::cuda::deviceMemoryUsed())
          .field("liveHandles", session.liveHandles())
          .endObject();
      std::printf("%s\n", j.str().c_str());
    }
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: zci_bench <wrap|decode|soak> FILE COUNT\n");
    return 2;
  }
  const std::string mode = argv[1], file = argv[2];
  const int count = std::atoi(argv[3]);
  try {
    if (mode == "wrap") return benchWrap(file, count);
    if (mode == "decode") return benchDecode(file, count);
    if (mode == "soak") return benchSoak(file, count);
  } catch (const zci::Error &e) {
    std::fprintf(stderr, "%s: %s (%s)\n", e.code().c_str(), e.what(), e.remedy().c_str());
    return 1;
  }
  std::fprintf(stderr, "unknown mode %s\n", mode.c_str());
  return 2;
}
