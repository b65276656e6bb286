// The inspection loop against the decoder it inspects, in one binary and one process, alternating rounds:
//   plain    FFmpeg's API alone: read, send, receive, unref (NVDEC through a CUDA device FFmpeg creates itself)
//   decoder  the core's Decoder::frameAt, frame after frame, no wrap and no evidence
//   inspect  Session::frame without the aliasing proof (decode + wrap + export + evidence)
//   proof    Session::frame with the aliasing proof on every frame
// Each variant opens its file before the clock starts and is timed from its first frame to its last.
#include "bench_loop.h"

#include "gpu/decoder_pool.h"

#include "json_line.h"

#include "session/session.h"
#include "common/timing.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/hwcontext.h>
}

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace zci::bench {
namespace {

double secondsSince(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

AVPixelFormat preferCuda(AVCodecContext *, const AVPixelFormat *formats) {
  for (const AVPixelFormat *p = formats; *p != AV_PIX_FMT_NONE; ++p)
    if (*p == AV_PIX_FMT_CUDA) return *p;
  return formats[0];
}

// What one timed pass produced.
struct Pass {
  int frames = 0;
  double seconds = 0;
  std::map<std::string, double> stageUs; // summed per stage, where the variant reports stages
};

void check(int err, const char *what) {
  if (err < 0) {
    char buf[128];
    av_strerror(err, buf, sizeof buf);
    throw std::runtime_error(std::string(what) + ": " + buf);
  }
}

// FFmpeg's API alone, the way its own examples decode with a hardware device: the first frame out starts the clock.
Pass plainPass(const std::string &file, int limit) {
  AVFormatContext *fmt = nullptr;
  check(avformat_open_input(&fmt, file.c_str(), nullptr, nullptr), "avformat_open_input");
  check(avformat_find_stream_info(fmt, nullptr), "avformat_find_stream_info");
  const AVCodec *codec = nullptr;
  const int stream = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
  check(stream, "av_find_best_stream");
  AVCodecContext *ctx = avcodec_alloc_context3(codec);
  check(avcodec_parameters_to_context(ctx, fmt->streams[stream]->codecpar), "avcodec_parameters_to_context");
  AVBufferRef *device = nullptr;
  check(av_hwdevice_ctx_create(&device, AV_HWDEVICE_TYPE_CUDA, nullptr, nullptr, 0), "av_hwdevice_ctx_create");
  ctx->hw_device_ctx = av_buffer_ref(device);
  ctx->get_format = preferCuda;
  check(avcodec_open2(ctx, codec, nullptr), "avcodec_open2");
  AVPacket *pkt = av_packet_alloc();
  AVFrame *frame = av_frame_alloc();
  Pass pass;
  Clock::time_point t0{};
  bool eof = false;
  while (pass.frames < limit) {
    int err = avcodec_receive_frame(ctx, frame);
    if (err == 0) {
      if (frame->format != AV_PIX_FMT_CUDA) throw std::runtime_error("plain loop: NVDEC did not decode " + file);
      if (pass.frames++ == 0) t0 = Clock::now();
      av_frame_unref(frame);
      continue;
    }
    if (err == AVERROR_EOF) break;
    if (err != AVERROR(EAGAIN)) check(err, "avcodec_receive_frame");
    if (eof) continue;
    if (av_read_frame(fmt, pkt) < 0) {
      avcodec_send_packet(ctx, nullptr);
      eof = true;
      continue;
    }
    if (pkt->stream_index == stream) avcodec_send_packet(ctx, pkt);
    av_packet_unref(pkt);
  }
  pass.seconds = secondsSince(t0);
  pass.frames -= 1; // the first frame started the clock
  av_frame_free(&frame);
  av_packet_free(&pkt);
  avcodec_free_context(&ctx);
  av_buffer_unref(&device);
  avformat_close_input(&fmt);
  return pass;
}

// The core's decoder alone: frames 1..n-1 after the open decoded frame 0.
Pass decoderPass(const std::string &file, int limit, const DecoderOptions &options) {
  Session session(file, options);
  const int n = static_cast<int>(std::min<int64_t>(limit, session.decoder().info().frameCount));
  session.decoder().frameAt(0);
  Pass pass;
  const auto t0 = Clock::now();
  for (int i = 1; i < n; ++i)
    session.decoder().frameAt(i);
  pass.seconds = secondsSince(t0);
  pass.frames = n - 1;
  return pass;
}

// The inspection loop: frames 1..n-1, with or without the aliasing proof, summing the report's own stage timings.
Pass inspectPass(const std::string &file, int limit, const DecoderOptions &options, bool proof) {
  Session session(file, options);
  const int n = static_cast<int>(std::min<int64_t>(limit, session.decoder().info().frameCount));
  session.show(FrameTarget::at(0), ShowRequest{{proof}});
  Pass pass;
  const auto t0 = Clock::now();
  for (int i = 1; i < n; ++i) {
    const FrameEvidence e = session.show(FrameTarget::at(i), ShowRequest{{proof}}).report;
    pass.stageUs["decodeUs"] += e.decodeUs;
    pass.stageUs["wrapUs"] += e.wrapUs;
    pass.stageUs["exportUs"] += e.exportUs;
    pass.stageUs["evidenceUs"] += e.evidenceUs;
    pass.stageUs["witnessUs"] += e.witnessUs;
    if (proof && !e.proof.passed) throw std::runtime_error("aliasing proof failed on frame " + std::to_string(i));
  }
  pass.seconds = secondsSince(t0);
  pass.frames = n - 1;
  return pass;
}

} // namespace

int benchLoop(const std::string &file, int frames, int rounds, const DecoderOptions &options) {
  const std::vector<std::pair<std::string, std::function<Pass()>>> variants = {
      {"plain", [&] { return plainPass(file, frames); }},
      {"decoder", [&] { return decoderPass(file, frames, options); }},
      {"inspect", [&] { return inspectPass(file, frames, options, false); }},
      {"proof", [&] { return inspectPass(file, frames, options, true); }},
  };
  for (int round = 0; round < rounds; ++round) {
    for (const auto &[name, run] : variants) {
      const Pass pass = run();
      JsonLine j;
      j.add("bench", "loop")
          .add("file", file)
          .add("variant", name)
          .add("round", round)
          .add("frames", pass.frames)
          .add("seconds", pass.seconds)
          .add("fps", pass.frames / pass.seconds);
      for (const auto &[stage, us] : pass.stageUs)
        j.add(stage.c_str(), us / pass.frames);
      j.print();
      std::fflush(stdout);
    }
  }
  return 0;
}

int benchReopen(const std::string &first, const std::string &second, int rounds, const DecoderOptions &options) {
  for (int round = 0; round < rounds; ++round) {
    for (const std::string &file : {first, second}) {
      const auto t0 = Clock::now();
      Session session(file, options);
      const FrameEvidence e = session.show(FrameTarget::at(0), ShowRequest{{false}}).report;
      const double ms = secondsSince(t0) * 1000.0;
      const OpenTimings &t = session.decoder().openTimings();
      // A seek forward past a few key frames, and one back to the start (each flushes the decoder).
      const int64_t far = session.decoder().info().frameCount / 2;
      auto t1 = Clock::now();
      session.show(FrameTarget::at(far), ShowRequest{{false}});
      const double seekForwardMs = secondsSince(t1) * 1000.0;
      t1 = Clock::now();
      session.show(FrameTarget::at(0), ShowRequest{{false}});
      const double seekBackMs = secondsSince(t1) * 1000.0;
      JsonLine j;
      j.add("bench", "reopen")
          .add("file", file)
          .add("round", round)
          .add("decodePath", decodePathName(session.decoder().info().decodePath))
          .add("toFirstReportMs", ms)
          .add("probeMs", t.probeMs)
          .add("prescanMs", t.prescanMs)
          .add("indexMs", t.indexMs)
          .add("cudaMs", t.cudaMs)
          .add("firstFrameMs", t.firstFrameMs)
          .add("nvdecDecoder", t.nvdecDecoder)
          .add("decoderPool", decoder_pool::status().active)
          .add("frameMs", e.decodeUs / 1000.0)
          .add("seekForwardMs", seekForwardMs)
          .add("seekBackMs", seekBackMs)
          .print();
      std::fflush(stdout);
    }
  }
  return 0;
}

} // namespace zci::bench
