// The GPU's decode limit as FFmpeg's own API reaches it, the reference a scan is measured against: N threads in one
// process share one CUDA device (one av_hwdevice_ctx_create, so one context), each takes the next file of the list,
// opens its own decoder and decodes to the end, frames left on the GPU. No inspector code runs.
#include "bench_threads.h"

#include "json_line.h"
#include "common/timing.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/hwcontext.h>
}

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace zci::bench {
namespace {

AVPixelFormat preferCuda(AVCodecContext *, const AVPixelFormat *formats) {
  for (const AVPixelFormat *p = formats; *p != AV_PIX_FMT_NONE; ++p)
    if (*p == AV_PIX_FMT_CUDA) return *p;
  return formats[0];
}

// One file decoded to its end on the shared device; its frames, and how many came out of NVDEC (CUDA frames).
struct FileCount {
  int64_t frames = 0, cudaFrames = 0;
  std::string error;
};

FileCount decodeFile(const std::string &file, AVBufferRef *device) {
  FileCount out;
  AVFormatContext *fmt = nullptr;
  AVCodecContext *ctx = nullptr;
  AVPacket *pkt = av_packet_alloc();
  AVFrame *frame = av_frame_alloc();
  const AVCodec *codec = nullptr;
  int stream = -1;
  if (avformat_open_input(&fmt, file.c_str(), nullptr, nullptr) < 0 || avformat_find_stream_info(fmt, nullptr) < 0 ||
      (stream = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)) < 0) {
    out.error = "cannot open";
  } else {
    ctx = avcodec_alloc_context3(codec);
    avcodec_parameters_to_context(ctx, fmt->streams[stream]->codecpar);
    ctx->hw_device_ctx = av_buffer_ref(device);
    ctx->get_format = preferCuda;
    if (avcodec_open2(ctx, codec, nullptr) < 0) out.error = "cannot open the decoder";
  }
  const auto drain = [&] {
    while (avcodec_receive_frame(ctx, frame) == 0) {
      ++out.frames;
      if (frame->format == AV_PIX_FMT_CUDA) ++out.cudaFrames;
      av_frame_unref(frame);
    }
  };
  while (out.error.empty() && av_read_frame(fmt, pkt) >= 0) {
    if (pkt->stream_index == stream && avcodec_send_packet(ctx, pkt) >= 0) drain();
    av_packet_unref(pkt);
  }
  if (out.error.empty()) {
    avcodec_send_packet(ctx, nullptr);
    drain();
  }
  av_frame_free(&frame);
  av_packet_free(&pkt);
  avcodec_free_context(&ctx);
  avformat_close_input(&fmt);
  return out;
}

} // namespace

int benchThreads(int threads, const std::vector<std::string> &files) {
  AVBufferRef *device = nullptr;
  if (av_hwdevice_ctx_create(&device, AV_HWDEVICE_TYPE_CUDA, nullptr, nullptr, 0) < 0) {
    std::fprintf(stderr, "av_hwdevice_ctx_create failed: no CUDA device\n");
    return 1;
  }
  std::atomic<size_t> next{0};
  std::atomic<int64_t> frames{0}, cudaFrames{0}, failed{0};
  const auto t0 = Clock::now();
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&] {
      for (size_t i = next++; i < files.size(); i = next++) {
        const FileCount c = decodeFile(files[i], device);
        frames += c.frames;
        cudaFrames += c.cudaFrames;
        if (!c.error.empty()) ++failed;
      }
    });
  for (std::thread &t : pool)
    t.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  av_buffer_unref(&device);
  JsonLine j;
  j.add("bench", "threads")
      .add("threads", threads)
      .add("files", static_cast<int64_t>(files.size()))
      .add("failed", failed.load())
      .add("frames", frames.load())
      .add("cudaFrames", cudaFrames.load())
      .add("seconds", seconds)
      .add("fps", seconds > 0 ? static_cast<double>(frames.load()) / seconds : 0.0);
  j.print();
  return 0;
}

} // namespace zci::bench
