/* zci_recorder.h: Zero-Copy Inspector's recorder for C and C++ (C99, needs only cuda.h).
 *
 * Records, in your process, what a zero-copy wrap of a decoded frame really is: every plane pointer and pitch of
 * the source and of the wrapped object, the allocation each lies in (cuMemGetAddressRange, buffer id, memory type,
 * device, context), whether the decode's stream had finished at hand-over (cuStreamQuery, never a wait), bytes at
 * each plane boundary and a subsampled thumbnail grid (bounded reads on a stream of its own), and, when asked, the
 * aliasing proof. It writes one JSON line a frame; `zci-recorder pack facts.jsonl -o run.zci` (the Python
 * package in python/) turns them into a capture the inspector opens.
 *
 * In one C file:  #define ZCI_RECORDER_IMPLEMENTATION  then  #include "zci_recorder.h"  (its implementation,
 * zci_recorder_impl.h, comes in from beside it: copy the two files together).
 * The driver is loaded with dlopen at zci_open: nothing links against libcuda (link with -ldl on old glibc).
 * Include libavutil/frame.h and libavutil/hwcontext.h before this header for zci_from_avframe; fill an NVCV
 * image's planes from nvcvImageExportData with zci_make_plane. */
#ifndef ZCI_RECORDER_H
#define ZCI_RECORDER_H
#include <cuda.h>
#include <stddef.h>
#include <stdio.h>
#ifdef __cplusplus
extern "C" {
#endif

#define ZCI_MAX_PLANES 8

/** One plane: `height` rows of `width` samples of `bytes_per_sample` bytes, rows `pitch` bytes apart. */
typedef struct zci_plane {
  CUdeviceptr pointer;
  long long pitch;
  int width, height, bytes_per_sample;
  const char *name; /* "Y", "UV", "U", "V" … */
} zci_plane;

/** A frame or a wrapped object as planes, with what its producer says (0 / NULL where it says nothing). */
typedef struct zci_frame_desc {
  int num_planes;
  zci_plane planes[ZCI_MAX_PLANES];
  const char *kind;         /* "avframe", "nvcv", "raw" */
  const char *pixel_format; /* FFmpeg's name, "nv12" */
  int coded_width, coded_height;
  double time_seconds;
} zci_frame_desc;

typedef struct zci_recorder zci_recorder;

/** Opens a recorder writing facts to `path`; NULL with the reason in `error` (for example "no CUDA driver: …"). */
zci_recorder *zci_open(const char *path, char *error, size_t error_size);
/** Records one frame; 0, or -1 with zci_last_error() naming what was wrong (nothing is written for it). */
int zci_frame(zci_recorder *rec, const zci_frame_desc *source, const zci_frame_desc *wrapped, const char *label,
              CUstream stream, int proof);
const char *zci_last_error(const zci_recorder *rec);
void zci_close(zci_recorder *rec);

/** A plane, for filling zci_frame_desc from NVCV's nvcvImageExportData or your own decoder's surface. */
static inline zci_plane zci_make_plane(CUdeviceptr pointer, long long pitch, int width, int height,
                                       int bytes_per_sample, const char *name) {
  zci_plane p;
  p.pointer = pointer, p.pitch = pitch, p.width = width, p.height = height;
  p.bytes_per_sample = bytes_per_sample, p.name = name;
  return p;
}

#if defined(AVUTIL_FRAME_H) && defined(AVUTIL_HWCONTEXT_H)
/** A CUDA AVFrame's planes as its frames context's sw_format lays them out: NV12, P010 and P016 (luma, then
 * interleaved chroma at half height), YUV444P and YUV444P16 (three full planes); its coded size the frames context's
 * (the surfaces NVDEC decodes into, e.g. 1920x1088 for 1080p); -1 for any other frame or format. */
static inline int zci_from_avframe(const AVFrame *f, zci_frame_desc *out) {
  static const char *const names[3] = {"Y", "U", "V"};
  const AVHWFramesContext *frames;
  int bytes, i;
  if (f->format != AV_PIX_FMT_CUDA || !f->hw_frames_ctx) return -1;
  frames = (const AVHWFramesContext *)(const void *)f->hw_frames_ctx->data;
  out->kind = "avframe", out->time_seconds = 0;
  out->coded_width = frames->width, out->coded_height = frames->height;
  switch (frames->sw_format) {
  case AV_PIX_FMT_NV12:
  case AV_PIX_FMT_P010LE:
  case AV_PIX_FMT_P016LE:
    bytes = frames->sw_format == AV_PIX_FMT_NV12 ? 1 : 2;
    out->num_planes = 2;
    out->pixel_format = bytes == 1 ? "nv12" : frames->sw_format == AV_PIX_FMT_P010LE ? "p010le" : "p016le";
    out->planes[0] = zci_make_plane((CUdeviceptr)(size_t)f->data[0], f->linesize[0], f->width, f->height, bytes, "Y");
    out->planes[1] = zci_make_plane((CUdeviceptr)(size_t)f->data[1], f->linesize[1], (f->width + 1) / 2,
                                    (f->height + 1) / 2, 2 * bytes, "UV");
    return 0;
  case AV_PIX_FMT_YUV444P:
  case AV_PIX_FMT_YUV444P16LE:
    bytes = frames->sw_format == AV_PIX_FMT_YUV444P ? 1 : 2;
    out->num_planes = 3;
    out->pixel_format = bytes == 1 ? "yuv444p" : "yuv444p16le";
    for (i = 0; i < 3; ++i)
      out->planes[i] =
          zci_make_plane((CUdeviceptr)(size_t)f->data[i], f->linesize[i], f->width, f->height, bytes, names[i]);
    return 0;
  default: return -1;
  }
}
#endif

#ifdef __cplusplus
}
#endif
#endif /* ZCI_RECORDER_H */

#ifdef ZCI_RECORDER_IMPLEMENTATION
#include "zci_recorder_impl.h"
#endif
