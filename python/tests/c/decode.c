/* Decodes a file's first frames with FFmpeg's NVDEC hwaccel and records each through the C header, as a user's
 * pipeline would: the source is FFmpeg's CUDA frame, the wrapped object the same planes (a correct wrap).
 *   decode FILE FACTS.jsonl FRAMES
 * Prints one line a frame recorded, or what was not: "recorded N", "not-read N <format>", or an error. */
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/frame.h>
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>
#include <stdlib.h>
#include "cuda_format.h"
#define ZCI_RECORDER_IMPLEMENTATION
#include "zci_recorder.h"

static int fail(const char *what, int err) {
  char text[128];
  av_strerror(err, text, sizeof text);
  printf("error %s: %s\n", what, text);
  return 1;
}

int main(int argc, char **argv) {
  AVFormatContext *fmt = NULL;
  AVCodecContext *ctx = NULL;
  AVBufferRef *device = NULL;
  AVPacket *pkt = av_packet_alloc();
  AVFrame *frame = av_frame_alloc();
  const AVCodec *codec = NULL;
  zci_recorder *rec;
  char error[512] = "";
  int stream, err, wanted, done = 0, ended = 0;
  if (argc < 4) {
    printf("usage: decode FILE FACTS.jsonl FRAMES\n");
    return 2;
  }
  wanted = atoi(argv[3]);
  if ((err = avformat_open_input(&fmt, argv[1], NULL, NULL)) < 0) return fail("open", err);
  if ((err = avformat_find_stream_info(fmt, NULL)) < 0) return fail("probe", err);
  if ((stream = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)) < 0) return fail("stream", stream);
  ctx = avcodec_alloc_context3(codec);
  avcodec_parameters_to_context(ctx, fmt->streams[stream]->codecpar);
  if ((err = av_hwdevice_ctx_create(&device, AV_HWDEVICE_TYPE_CUDA, NULL, NULL, 0)) < 0) return fail("cuda", err);
  ctx->hw_device_ctx = av_buffer_ref(device);
  ctx->get_format = cuda_format;
  if ((err = avcodec_open2(ctx, codec, NULL)) < 0) return fail("codec", err);
  rec = zci_open(argv[2], error, sizeof error);
  if (rec == NULL) {
    printf("refused: %s\n", error);
    return 3;
  }
  while (done < wanted && !ended) {
    err = av_read_frame(fmt, pkt);
    if (err < 0) {
      ended = 1;
      avcodec_send_packet(ctx, NULL);
    } else if (pkt->stream_index != stream) {
      av_packet_unref(pkt);
      continue;
    } else {
      err = avcodec_send_packet(ctx, pkt);
      av_packet_unref(pkt);
      if (err < 0 && err != AVERROR(EAGAIN)) return fail("decode", err);
    }
    while (done < wanted && avcodec_receive_frame(ctx, frame) == 0) {
      zci_frame_desc source;
      char label[32];
      if (zci_from_avframe(frame, &source) != 0) {
        const char *name =
            frame->hw_frames_ctx
                ? av_get_pix_fmt_name(((AVHWFramesContext *)(void *)frame->hw_frames_ctx->data)->sw_format)
                : av_get_pix_fmt_name((enum AVPixelFormat)frame->format);
        printf("not-read %d %s\n", done, name ? name : "?");
      } else {
        snprintf(label, sizeof label, "frame %d", done);
        if (zci_frame(rec, &source, &source, label, NULL, 0) != 0) {
          printf("error record %d: %s\n", done, zci_last_error(rec));
          zci_close(rec);
          return 1;
        }
        printf("recorded %d\n", done);
      }
      av_frame_unref(frame);
      ++done;
    }
  }
  zci_close(rec);
  av_frame_free(&frame);
  av_packet_free(&pkt);
  avcodec_free_context(&ctx);
  av_buffer_unref(&device);
  avformat_close_input(&fmt);
  return 0;
}
