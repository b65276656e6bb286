// Runs a generated copy-as-code snippet on a real frame: decodes frame N of a file with FFmpeg (software, or NVDEC
// with "cuda"), calls the snippet's wrap function, exports the NVCV image and prints, as one JSON line, FFmpeg's
// data[i]/linesize[i] beside NVCV's exported planes, and whether the cleanup callback dropped the frame reference.
// Usage: harness FILE INDEX sw|cuda [COMMAND]: COMMAND, when given, runs while the image is alive with the plane
// pointers and pitches appended (ptr0 pitch0 ptr1 pitch1 ...).
// Built with ZCI_HARNESS_LIBRARY it is a shared library instead, whose zci_harness() calls back into its caller
// while the image is alive: a Python process loads it and runs a snippet on the frame in its own address space,
// where FFmpeg's device pointers are valid (they are not in another process).
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/dict.h>
#include <libavutil/frame.h>
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>
}

#include "snippet.h" // the generated snippet, its NVCV include replaced by nvcv-c-api.h

namespace {

int fail(const char *what) {
  std::fprintf(stderr, "harness: %s\n", what);
  return 2;
}

enum AVPixelFormat pickCuda(AVCodecContext *, const enum AVPixelFormat *formats) {
  for (const enum AVPixelFormat *f = formats; *f != AV_PIX_FMT_NONE; ++f)
    if (*f == AV_PIX_FMT_CUDA) return *f;
  return AV_PIX_FMT_NONE;
}

// Decodes display-order frame `index` into `frame`; 0 on success.
int decodeFrame(const char *file, int index, bool cuda, AVFrame *frame) {
  AVFormatContext *fmt = nullptr;
  if (avformat_open_input(&fmt, file, nullptr, nullptr) < 0) return fail("cannot open the file");
  avformat_find_stream_info(fmt, nullptr);
  const AVCodec *codec = nullptr;
  const int stream = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
  if (stream < 0) return fail("no video stream");
  AVCodecContext *ctx = avcodec_alloc_context3(codec);
  avcodec_parameters_to_context(ctx, fmt->streams[stream]->codecpar);
  if (cuda) {
    // The device's primary context, which the CUDA runtime (and so CV-CUDA and CuPy) uses too.
    AVDictionary *options = nullptr;
    av_dict_set(&options, "primary_ctx", "1", 0);
    const int created = av_hwdevice_ctx_create(&ctx->hw_device_ctx, AV_HWDEVICE_TYPE_CUDA, nullptr, options, 0);
    av_dict_free(&options);
    if (created < 0) return fail("no CUDA device for NVDEC");
    ctx->get_format = pickCuda;
  }
  if (avcodec_open2(ctx, codec, nullptr) < 0) return fail("cannot open the decoder");
  AVPacket *pkt = av_packet_alloc();
  int seen = -1, rc = 1;
  bool draining = false;
  while (rc == 1) {
    if (!draining) {
      if (av_read_frame(fmt, pkt) < 0) {
        draining = true;
        avcodec_send_packet(ctx, nullptr);
      } else if (pkt->stream_index != stream) {
        av_packet_unref(pkt);
        continue;
      } else {
        avcodec_send_packet(ctx, pkt);
        av_packet_unref(pkt);
      }
    }
    for (;;) {
      const int r = avcodec_receive_frame(ctx, frame);
      if (r == AVERROR(EAGAIN)) break;
      if (r < 0) {
        rc = fail("the frame index is past the end");
        break;
      }
      if (++seen == index) {
        rc = 0;
        break;
      }
      av_frame_unref(frame);
    }
  }
  av_packet_free(&pkt);
  avcodec_free_context(&ctx); // the frame keeps its own references to the buffers
  avformat_close_input(&fmt);
  return rc;
}

NVCVImageHandle wrap(const AVFrame *frame) {
#ifdef ZCI_SNIPPET_CPP
  try {
    return zciWrapFrame(frame).release();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "zciWrapFrame: %s\n", e.what());
    return nullptr;
  }
#else
  NVCVImageHandle image = nullptr;
  const int rc = zci_wrap_frame(frame, &image);
  if (rc != 0) std::fprintf(stderr, "zci_wrap_frame: %d\n", rc);
  return rc == 0 ? image : nullptr;
#endif
}

// Called while the image is alive with the AVFrame's address, then its planes: "frame ptr0 pitch0 ptr1 pitch1 ...";
// its status is reported.
using During = std::function<int(const std::string &planes)>;

int runHarness(const char *file, int index, bool cuda, const During &during) {
  AVFrame *frame = av_frame_alloc();
  if (decodeFrame(file, index, cuda, frame) != 0) return 2;
  const int refsBefore = av_buffer_get_ref_count(frame->buf[0]);
  NVCVImageHandle image = wrap(frame);
  if (!image) return 3;
  const int refsWrapped = av_buffer_get_ref_count(frame->buf[0]);
  NVCVImageData out{};
  const NVCVStatus exported = nvcvImageExportData(image, &out);
  int commandStatus = -1;
  if (during) {
    std::string planes = std::to_string(reinterpret_cast<uintptr_t>(frame));
    for (int i = 0; i < out.buffer.strided.numPlanes; ++i)
      planes +=
          " " + std::to_string(reinterpret_cast<uintptr_t>(frame->data[i])) + " " + std::to_string(frame->linesize[i]);
    std::fflush(stdout);
    commandStatus = during(planes);
  }
  nvcvImageDecRef(image, nullptr);
  const int refsAfter = av_buffer_get_ref_count(frame->buf[0]);
  std::printf("{\"format\":\"%s\",\"exportStatus\":%d,\"exportedFormat\":\"0x%" PRIx64 "\",\"bufferType\":%d,",
              av_get_pix_fmt_name(static_cast<AVPixelFormat>(frame->format)), exported, out.format, out.bufferType);
  std::printf("\"refsBefore\":%d,\"refsWrapped\":%d,\"refsAfter\":%d,\"commandStatus\":%d,\"planes\":[", refsBefore,
              refsWrapped, refsAfter, commandStatus);
  for (int i = 0; i < out.buffer.strided.numPlanes; ++i) {
    const NVCVImagePlaneStrided &p = out.buffer.strided.planes[i];
    std::printf("%s{\"ffmpegPointer\":\"0x%" PRIxPTR "\",\"linesize\":%d,\"nvcvPointer\":\"0x%" PRIxPTR
                "\",\"rowStride\":%d,\"width\":%d,\"height\":%d}",
                i ? "," : "", reinterpret_cast<uintptr_t>(frame->data[i]), frame->linesize[i],
                reinterpret_cast<uintptr_t>(p.basePtr), p.rowStride, p.width, p.height);
  }
  std::printf("]}\n");
  std::fflush(stdout);
  av_frame_free(&frame);
  return 0;
}

} // namespace

#ifdef ZCI_HARNESS_LIBRARY
/// Decodes frame INDEX of FILE (mode "sw" or "cuda"), wraps it with the snippet and calls `during` with its planes
/// while the image is alive; prints the harness's JSON line and returns its status (0 when all ran).
extern "C" __attribute__((visibility("default"))) int zci_harness(const char *file, int index, const char *mode,
                                                                  int (*during)(const char *planes)) {
  During hook;
  if (during) hook = [during](const std::string &planes) { return during(planes.c_str()); };
  return runHarness(file, index, std::strcmp(mode, "cuda") == 0, hook);
}
#else
int main(int argc, char **argv) {
  if (argc < 4) return fail("usage: harness FILE INDEX sw|cuda [COMMAND]");
  During hook;
  if (argc > 4) {
    const std::string command = argv[4];
    hook = [command](const std::string &planes) { return std::system((command + " " + planes).c_str()); };
  }
  return runHarness(argv[1], std::atoi(argv[2]), std::strcmp(argv[3], "cuda") == 0, hook);
}
#endif
