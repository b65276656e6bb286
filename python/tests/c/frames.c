/* FFmpeg's NVDEC frames for the recorder's Python tests: a shared library that opens a file with the CUDA hwaccel on
 * the device's primary context (the one torch and CuPy use) and hands out each decoded CUDA frame's planes, as a
 * Python pipeline holding FFmpeg's frames would see them. A frame stays alive until the next call or the close.
 *   void *zci_frames_open(const char *path, char *error, int error_size);
 *   int zci_frames_next(void *frames, zci_frames_frame *out);  0: a frame, 1: the end, 2: not a CUDA frame, -1: error
 *   void zci_frames_close(void *frames); */
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/dict.h>
#include <libavutil/frame.h>
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda_format.h"

typedef struct zci_frames_frame {
  int num_planes;
  unsigned long long pointer[4];
  int pitch[4];
  int width, height, coded_width, coded_height;
  char format[32]; /* the frames context's sw_format, FFmpeg's name */
} zci_frames_frame;

typedef struct zci_frames {
  AVFormatContext *fmt;
  AVCodecContext *ctx;
  AVBufferRef *device;
  AVPacket *pkt;
  AVFrame *frame;
  int stream, ended;
} zci_frames;

void zci_frames_close(void *handle) {
  zci_frames *z = (zci_frames *)handle;
  if (z == NULL) return;
  av_frame_free(&z->frame);
  av_packet_free(&z->pkt);
  avcodec_free_context(&z->ctx);
  av_buffer_unref(&z->device);
  avformat_close_input(&z->fmt);
  free(z);
}

static void *failed(zci_frames *z, const char *what, int err, char *error, int error_size) {
  char text[128];
  av_strerror(err, text, sizeof text);
  snprintf(error, (size_t)error_size, "%s: %s", what, text);
  zci_frames_close(z);
  return NULL;
}

void *zci_frames_open(const char *path, char *error, int error_size) {
  zci_frames *z = (zci_frames *)calloc(1, sizeof *z);
  const AVCodec *codec = NULL;
  AVDictionary *options = NULL;
  int err;
  if (z == NULL) return NULL;
  z->pkt = av_packet_alloc();
  z->frame = av_frame_alloc();
  if ((err = avformat_open_input(&z->fmt, path, NULL, NULL)) < 0) return failed(z, "open", err, error, error_size);
  if ((err = avformat_find_stream_info(z->fmt, NULL)) < 0) return failed(z, "probe", err, error, error_size);
  z->stream = av_find_best_stream(z->fmt, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
  if (z->stream < 0) return failed(z, "stream", z->stream, error, error_size);
  z->ctx = avcodec_alloc_context3(codec);
  avcodec_parameters_to_context(z->ctx, z->fmt->streams[z->stream]->codecpar);
  av_dict_set(&options, "primary_ctx", "1", 0);
  err = av_hwdevice_ctx_create(&z->device, AV_HWDEVICE_TYPE_CUDA, NULL, options, 0);
  av_dict_free(&options);
  if (err < 0) return failed(z, "cuda", err, error, error_size);
  z->ctx->hw_device_ctx = av_buffer_ref(z->device);
  z->ctx->get_format = cuda_format;
  if ((err = avcodec_open2(z->ctx, codec, NULL)) < 0) return failed(z, "codec", err, error, error_size);
  return z;
}

int zci_frames_next(void *handle, zci_frames_frame *out) {
  zci_frames *z = (zci_frames *)handle;
  const AVHWFramesContext *frames;
  const char *name;
  int err, i;
  av_frame_unref(z->frame);
  while ((err = avcodec_receive_frame(z->ctx, z->frame)) == AVERROR(EAGAIN)) {
    if (z->ended) return 1;
    err = av_read_frame(z->fmt, z->pkt);
    if (err < 0) {
      z->ended = 1;
      avcodec_send_packet(z->ctx, NULL);
      continue;
    }
    if (z->pkt->stream_index == z->stream && avcodec_send_packet(z->ctx, z->pkt) < 0 && !z->ended) {
      av_packet_unref(z->pkt);
      return -1;
    }
    av_packet_unref(z->pkt);
  }
  if (err == AVERROR_EOF) return 1;
  if (err < 0) return -1;
  memset(out, 0, sizeof *out);
  if (z->frame->format != AV_PIX_FMT_CUDA || z->frame->hw_frames_ctx == NULL) {
    name = av_get_pix_fmt_name((enum AVPixelFormat)z->frame->format);
    snprintf(out->format, sizeof out->format, "%s", name ? name : "?");
    return 2;
  }
  frames = (const AVHWFramesContext *)(const void *)z->frame->hw_frames_ctx->data;
  name = av_get_pix_fmt_name(frames->sw_format);
  snprintf(out->format, sizeof out->format, "%s", name ? name : "?");
  for (i = 0; i < 4 && z->frame->data[i] != NULL; ++i) {
    out->pointer[i] = (unsigned long long)(size_t)z->frame->data[i];
    out->pitch[i] = z->frame->linesize[i];
  }
  out->num_planes = i;
  out->width = z->frame->width, out->height = z->frame->height;
  out->coded_width = frames->width, out->coded_height = frames->height;
  return 0;
}
