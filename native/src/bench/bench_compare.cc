#include "bench_compare.h"

#include "json_line.h"

#include "decode/decoder.h"
#include "compare/decoder_compare.h"
#include "common/error.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace zci::bench {
namespace {

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

} // namespace

int benchCompare(const std::string &file, int frames) {
  DecoderOptions oa, ob;
  oa.mode = DecodeMode::Nvdec;
  if (const char *mode = std::getenv("ZCI_DECODE")) {
    const auto named = valueNamed(kDecodeModeNames, mode);
    if (named) oa.mode = *named;
  }
  ob.mode = DecodeMode::Software;
  Decoder a(file, oa);
  Decoder b(file, ob);
  const StreamInfo &info = b.info();
  std::string why;
  const bool bitExact = codecIsBitExact(info.codec, why);
  const int n = static_cast<int>(std::min<int64_t>(frames > 0 ? frames : 30, info.frameCount));
  std::vector<double> deviceMs, hostMs;
  int64_t differing = 0, uploaded = 0, downDevice = 0, downHost = 0;
  bool disagree = false;
  for (int i = 0; i < n; ++i) {
    FramePtr fa = a.frameAt(i), fb = b.frameAt(i);
    // Alternate which runs first, so neither always finds the caches warm.
    FrameCompare dev, host;
    if (i % 2 == 0) {
      dev = compareFrames(fa.get(), fb.get(), info.bitDepth, info.codedWidth, info.codedHeight, false,
                          CompareWhere::Auto);
      host = compareFrames(fa.get(), fb.get(), info.bitDepth, info.codedWidth, info.codedHeight, false,
                           CompareWhere::Host);
    } else {
      host = compareFrames(fa.get(), fb.get(), info.bitDepth, info.codedWidth, info.codedHeight, false,
                           CompareWhere::Host);
      dev = compareFrames(fa.get(), fb.get(), info.bitDepth, info.codedWidth, info.codedHeight, false,
                          CompareWhere::Auto);
    }
    int64_t d = 0, dh = 0;
    for (size_t p = 0; p < dev.planes.size(); ++p) {
      d += dev.planes[p].differing;
      dh += host.planes[p].differing;
    }
    if (d != dh || dev.rawWordsDiffer != host.rawWordsDiffer) disagree = true;
    differing += d;
    uploaded += dev.bytesUploaded;
    downDevice += dev.bytesDownloaded;
    downHost += host.bytesDownloaded;
    deviceMs.push_back(dev.compareMs);
    hostMs.push_back(host.compareMs);
    JsonLine()
        .add("bench", "compare")
        .add("file", file)
        .add("frame", i)
        .add("decoderA", decodePathName(a.info().decodePath))
        .add("formatA", dev.formatA)
        .add("formatB", dev.formatB)
        .add("where", dev.where)
        .add("identical", dev.identical)
        .add("rawWordsDiffer", dev.rawWordsDiffer)
        .add("differing", d)
        .add("deviceMs", dev.compareMs)
        .add("hostMs", host.compareMs)
        .add("bytesUploaded", dev.bytesUploaded)
        .add("bytesDownloadedDevice", dev.bytesDownloaded)
        .add("bytesDownloadedHost", host.bytesDownloaded)
        .print();
  }
  JsonLine()
      .add("bench", "compare-summary")
      .add("file", file)
      .add("codec", info.codec)
      .add("width", info.width)
      .add("height", info.height)
      .add("bitDepth", info.bitDepth)
      .add("frames", n)
      .add("decoderA", decodePathName(a.info().decodePath))
      .add("bitExactCodec", bitExact)
      .add("differing", differing)
      .add("deviceAndHostAgree", !disagree)
      .add("deviceMsMedian", median(deviceMs))
      .add("hostMsMedian", median(hostMs))
      .add("bytesUploaded", uploaded)
      .add("bytesDownloadedDevice", downDevice)
      .add("bytesDownloadedHost", downHost)
      .print();
  return (bitExact && differing > 0) || disagree ? 1 : 0;
}

} // namespace zci::bench
