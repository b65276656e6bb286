// Choosing the decode path: opening the codec for NVDEC, software + upload or software, and settling which one
// decodes this file (NVDEC first for 'auto', with the reason when it falls back).
#include "decode/decoder.h"

#include "gpu/cuda_driver.h"
#include "gpu/decoder_pool.h"
#include "common/error.h"
#include "frame/ffmpeg_compat.h"
#include "frame/frame_memory.h"
#include "gpu/nvdec_caps.h"
#include "decode/planted_frame.h"

extern "C" {
#include <libavutil/display.h>
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>

namespace zci {

namespace {

// Default frame threads for NVDEC decoding: one, so each frame's error flags are read as FFmpeg set them (damage.h).
constexpr int kNvdecThreads = 1;
constexpr int kNvdecThreadsMax = 8;

// opaque is one of the decoder's packet slots, which point at its wantHw_ flag (FFmpeg copies opaque into frame-thread
// contexts, which ask too).
AVPixelFormat pickFormat(AVCodecContext *ctx, const AVPixelFormat *formats) {
  const auto *slot = static_cast<const PacketSlot *>(ctx->opaque);
  const bool wantHw = slot && slot->wantHw && *slot->wantHw;
  AVPixelFormat software = AV_PIX_FMT_NONE;
  for (const AVPixelFormat *p = formats; *p != AV_PIX_FMT_NONE; ++p) {
    if (*p == AV_PIX_FMT_CUDA && wantHw) return *p;
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(*p);
    if (software == AV_PIX_FMT_NONE && d && !(d->flags & AV_PIX_FMT_FLAG_HWACCEL)) software = *p;
  }
  return software; // FFmpeg calls again without CUDA when NVDEC's init fails; we then take software
}

// Frame threads let NVDEC work on several pictures at once; each adds a decode surface (NVDEC allows 32). The open's
// own choice, else ZCI_NVDEC_THREADS (the benchmarks' override of the default), else the default.
int nvdecThreads(int asked) {
  if (asked > 0) return std::min(kNvdecThreadsMax, asked);
  const char *env = std::getenv("ZCI_NVDEC_THREADS");
  return env ? std::max(1, std::min(kNvdecThreadsMax, std::atoi(env))) : kNvdecThreads;
}

bool codecHasCudaHwaccel(const AVCodec *codec) {
  for (int i = 0;; ++i) {
    const AVCodecHWConfig *c = avcodec_get_hw_config(codec, i);
    if (!c) return false;
    if (c->device_type == AV_HWDEVICE_TYPE_CUDA && (c->methods & AV_CODEC_HW_CONFIG_METHOD_HW_DEVICE_CTX)) return true;
  }
}

// The decoder FFmpeg uses for id: for NVDEC, one with the CUDA hwaccel (FFmpeg's own AV1 decoder is the one for
// AV1, where libdav1d comes first), never a *_cuvid decoder (a whole NVDEC decoder of its own, not the hwaccel this
// inspector witnesses); otherwise FFmpeg's first choice.
const AVCodec *decoderFor(AVCodecID id, bool nvdec) {
  const AVCodec *first = avcodec_find_decoder(id);
  if (!nvdec || !first || codecHasCudaHwaccel(first)) return first;
  void *it = nullptr;
  while (const AVCodec *c = av_codec_iterate(&it)) {
    if (c->id == id && av_codec_is_decoder(c) && !(c->capabilities & AV_CODEC_CAP_HARDWARE) && codecHasCudaHwaccel(c))
      return c;
  }
  return first;
}

// FFmpeg's *_cuvid decoder for id (h264_cuvid, mpeg2_cuvid, …): a decoder of its own that drives NVDEC through
// NVIDIA's parser and copies each picture out of NVDEC's surface; null when this FFmpeg was built without one.
const AVCodec *cuvidDecoderFor(AVCodecID id) {
  void *it = nullptr;
  while (const AVCodec *c = av_codec_iterate(&it)) {
    if (c->id == id && av_codec_is_decoder(c) && c->wrapper_name && std::strcmp(c->wrapper_name, "cuvid") == 0)
      return c;
  }
  return nullptr;
}

// The *_cuvid decoders this FFmpeg has, for the remedy of a stream none of them decodes.
std::string cuvidDecoderNames() {
  std::string names;
  void *it = nullptr;
  while (const AVCodec *c = av_codec_iterate(&it)) {
    if (av_codec_is_decoder(c) && c->wrapper_name && std::strcmp(c->wrapper_name, "cuvid") == 0)
      names += (names.empty() ? "" : ", ") + std::string(c->name);
  }
  return names.empty() ? "none" : names;
}

} // namespace

// FFmpeg's NVDEC loader (ffnvcodec's dynlink_loader.h) logs "Cannot load <symbol>" when a library lacks an entry
// point, and nvdec.c "Failed loading nvcuvid" when that made the whole loader fail.
bool nvdecLoaderFailed(const std::string &errors) {
  return errors.find("Cannot load cuvid") != std::string::npos ||
         errors.find("Cannot load libnvcuvid") != std::string::npos ||
         errors.find("Failed loading nvcuvid") != std::string::npos;
}

void Decoder::openCodec(DecodePath path) {
  AVStream *st = fmt_->streams[streamIndex_];
  const AVCodec *codec = path == DecodePath::Cuvid ? cuvidDecoderFor(st->codecpar->codec_id)
                                                   : decoderFor(st->codecpar->codec_id, path == DecodePath::Nvdec);
  if (!codec) throw Error(ErrorCode::NvdecUnavailable, "FFmpeg has no decoder for this path", "Choose 'auto'.");
  codec_.reset(avcodec_alloc_context3(codec));
  if (!codec_) throw Error(ErrorCode::Internal, "Out of memory allocating a decoder", "Close other sessions.");
  avcodec_parameters_to_context(codec_.get(), st->codecpar);
  codec_->pkt_timebase = st->time_base;
  codec_->max_pixels = options_.maxPixels; // a picture over the budget is refused before it is allocated
  wantHw_ = path == DecodePath::Nvdec || path == DecodePath::Cuvid;
  gotHw_ = false;
  for (PacketSlot &slot : slots_)
    slot.wantHw = &wantHw_;
  codec_->opaque = &slots_[0]; // tells pickFormat whether to choose CUDA, and tags the decoder's messages
  if (wantHw_) {
    codec_->hw_device_ctx = av_buffer_ref(cuda_->hwDevice());
    codec_->extra_hw_frames = plantedUnreservedPool() ? 0 : options_.holdFrames;
    if (options_.unsafeOutput) codec_->hwaccel_flags |= ffcompat::kUnsafeOutput;
    // a cuvid decoder has no frame threads
    codec_->thread_count = path == DecodePath::Cuvid ? 1 : nvdecThreads(options_.nvdecThreads);
  } else {
    codec_->thread_count = 0;
  }
  codec_->get_format = pickFormat;
  log_->forDecoder(codec_.get(), slots_.data(), slots_.size());
  ffcompat::enablePacketTags(codec_.get());
  int err = avcodec_open2(codec_.get(), codec, nullptr);
  if (err < 0) {
    throw Error(ErrorCode::DecodeFailed,
                std::string("FFmpeg could not open the ") + codec->name + " decoder: " + avError(err),
                "The stream may use a profile this FFmpeg cannot decode.");
  }
  sentEof_ = drained_ = false;
  lastIndex_ = -1;
}

void Decoder::settlePath(const std::function<double()> &lap) {
  AVStream *st = fmt_->streams[streamIndex_];
  const AVCodec *codec = decoderFor(st->codecpar->codec_id, true);
  const std::string codecName = avcodec_get_name(st->codecpar->codec_id);
  const DecodeMode mode = options_.mode;

  std::string noCuda;
  const bool hasCuda = cuda::deviceCount(&noCuda) > 0;
  DecodePath path = DecodePath::Software;
  std::string reason;
  // The driver's own word on this GPU's NVDEC for the stream, before FFmpeg is asked to try: its refusal, or empty
  // (also when the driver was not asked, which *unasked then says).
  std::string unasked;
  bool asked = false;
  const auto nvdecRefusalOfStream = [&]() {
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(static_cast<AVPixelFormat>(st->codecpar->format));
    const auto cap = nvdecCapabilityFor(
        options_.device, st->codecpar->codec_id, d && d->nb_components > 1 ? d->log2_chroma_w : (d ? -1 : 1),
        d && d->nb_components > 1 ? d->log2_chroma_h : (d ? -1 : 1), d ? d->comp[0].depth : 8, &unasked);
    asked = cap.has_value();
    return cap ? nvdecRefusal(*cap, st->codecpar->width, st->codecpar->height) : std::string();
  };

  if (mode == DecodeMode::Cuvid) {
    if (!hasCuda)
      throw Error(ErrorCode::NoCudaDevice,
                  "FFmpeg's cuvid decoders were requested but no CUDA device is usable: " + noCuda,
                  "Install the NVIDIA driver, or choose decode 'auto'.");
    const AVCodec *cuvid = cuvidDecoderFor(st->codecpar->codec_id);
    if (!cuvid)
      throw Error(
          ErrorCode::NvdecUnavailable, "This FFmpeg has no cuvid decoder for " + codecName,
          "Choose decode 'auto' (FFmpeg's NVDEC hwaccel); this FFmpeg's cuvid decoders: " + cuvidDecoderNames() + ".");
    // A cuvid decoder drives the same NVDEC: where the driver says this GPU cannot decode the stream, FFmpeg's
    // decoder would fail to open with no more than EINVAL (av1_cuvid on an H100).
    const std::string refusal = nvdecRefusalOfStream();
    if (!refusal.empty())
      throw Error(ErrorCode::NvdecUnavailable, refusal,
                  std::string("FFmpeg's ") + cuvid->name +
                      " decoder drives this NVDEC; choose decode 'software', or 'auto' (decoded on the CPU).");
    path = DecodePath::Cuvid;
    reason = std::string("FFmpeg's ") + cuvid->name + " decoder was requested";
  } else if (mode == DecodeMode::Software) {
    reason = "software decoding was requested";
  } else if (mode == DecodeMode::SoftwareUpload) {
    path = DecodePath::SoftwareUpload;
    reason = "software decoding with upload to CUDA was requested";
  } else if (!hasCuda) {
    if (mode == DecodeMode::Nvdec) {
      throw Error(ErrorCode::NoCudaDevice, "NVDEC was requested but no CUDA device is usable: " + noCuda,
                  "Install the NVIDIA driver, or choose software decoding.");
    }
    reason = "no CUDA device: " + noCuda;
  } else if (!codecHasCudaHwaccel(codec)) {
    if (mode == DecodeMode::Nvdec) {
      throw Error(ErrorCode::NvdecUnavailable, "FFmpeg has no NVDEC hwaccel for " + codecName,
                  "Choose software decoding, or transcode to H.264 or HEVC.");
    }
    path = DecodePath::SoftwareUpload;
    reason = "FFmpeg has no NVDEC hwaccel for " + codecName + "; decoded on the CPU and uploaded";
  } else {
    const std::string refusal = nvdecRefusalOfStream();
    if (!refusal.empty()) {
      if (mode == DecodeMode::Nvdec)
        throw Error(ErrorCode::NvdecUnavailable, refusal, "Choose software decoding (decode: 'software-upload').");
      path = DecodePath::SoftwareUpload;
      reason = refusal + "; decoded on the CPU and uploaded";
    } else {
      path = DecodePath::Nvdec;
      reason = mode == DecodeMode::Nvdec ? "NVDEC was requested" : "NVDEC decodes this stream";
      if (!asked) reason += " (the driver's capabilities were not asked: " + unasked + ")";
    }
  }

  if (path != DecodePath::Software)
    cuda_ = std::make_unique<CudaDevice>(options_.device, options_.context, options_.initOrder);
  timings_.cudaMs = lap();
  info_.device = cuda_ ? options_.device : -1;

  seekTo(0);                         // indexing read to the end
  decoder_pool::takeThreadOutcome(); // forget an earlier creation on this thread
  openCodec(path);
  FramePtr first = decodeNext();
  if (path == DecodePath::Nvdec) {
    // Empty with the pool in use: FFmpeg made the decoder on a frame thread, whose outcome this thread cannot see.
    const std::string outcome = decoder_pool::takeThreadOutcome();
    timings_.nvdecDecoder = !outcome.empty() ? outcome : decoder_pool::status().active ? "unknown" : "created";
  }
  if (path == DecodePath::Nvdec && (!first || first->format != AV_PIX_FMT_CUDA)) {
    std::string why = joinErrors(log_->errors());
    const FrameMemoryVerdict memory =
        first ? classifyFrameMemory(frameMemoryFacts(first.get())) : FrameMemoryVerdict{FrameMemoryKind::Host, ""};
    if (why.empty())
      why = !first ? "no frame came out"
            : memory.kind == FrameMemoryKind::Host
                ? "FFmpeg fell back to software frames"
                : "FFmpeg handed out frames that are not linear memory: " + memory.why;
    // Asked for NVDEC alone, frames that are handles are named as such (NOT_LINEAR_MEMORY); auto decodes in software.
    if (mode == DecodeMode::Nvdec && first) requireLinearMemory(first.get(), "inspected");
    if (mode == DecodeMode::Nvdec) {
      throw Error(ErrorCode::NvdecUnavailable, "NVDEC cannot decode this " + codecName + " stream: " + why,
                  "Choose software decoding (decode: 'software' or 'software-upload').");
    }
    path = DecodePath::SoftwareUpload;
    timings_.nvdecDecoder.clear();
    reason = "NVDEC cannot decode this stream (" + why + "); decoded on the CPU and uploaded";
    if (decoder_pool::status().active && nvdecLoaderFailed(why))
      reason = "the NVDEC pool library is active, but NVDEC never came up: FFmpeg's loader did not find what it "
               "asked for in it (" +
               why + "); decoded on the CPU and uploaded. A newer FFmpeg may ask for an entry point the pool " +
               "library does not export: update the inspector";
    log_->clear();
    seekTo(0);
    openCodec(path);
    first = decodeNext();
  }
  if (path == DecodePath::Cuvid && (!first || first->format != AV_PIX_FMT_CUDA)) {
    std::string why = joinErrors(log_->errors());
    if (why.empty()) why = first ? "it handed out host frames" : "no frame came out";
    throw Error(ErrorCode::NvdecUnavailable, std::string(codec_->codec->name) + " cannot decode this stream: " + why,
                "Choose decode 'auto' (FFmpeg's NVDEC hwaccel) or 'software'.");
  }
  // A cuvid decoder sizes its frames from NVIDIA's parser, which rounds an odd display size up to even where the
  // hwaccel keeps the stream's: said beside the path, since every plane's rows follow from it.
  if (path == DecodePath::Cuvid && first &&
      (first->width != st->codecpar->width || first->height != st->codecpar->height))
    reason += "; its frames are " + std::to_string(first->width) + "x" + std::to_string(first->height) +
              " where the stream is " + std::to_string(st->codecpar->width) + "x" +
              std::to_string(st->codecpar->height) + " (FFmpeg's NVDEC hwaccel hands out the stream's size)";
  if (!first) {
    checkPixels(codec_->coded_width, codec_->coded_height, "coded "); // the decoder refused a picture over budget
    std::string why = joinErrors(log_->errors());
    throw Error(ErrorCode::DecodeFailed, "No frame could be decoded from " + path_ + (why.empty() ? "" : ": " + why),
                "The file may be damaged; try another file or re-encode it.");
  }

  checkPixels(codec_->coded_width, codec_->coded_height, "coded ");
  timings_.firstFrameMs = lap();
  info_.path = path_;
  info_.container = fmt_->iformat->name;
  info_.codec = codecName;
  const char *profile = avcodec_profile_name(st->codecpar->codec_id, st->codecpar->profile);
  info_.profile = profile ? profile : "unknown";
  const AVPixelFormat swFormat = codec_->sw_pix_fmt != AV_PIX_FMT_NONE ? codec_->sw_pix_fmt : codec_->pix_fmt;
  const AVPixFmtDescriptor *desc = av_pix_fmt_desc_get(swFormat);
  info_.pixelFormat = desc ? desc->name : "unknown";
  info_.bitDepth = desc ? desc->comp[0].depth : 0;
  info_.width = st->codecpar->width;
  info_.height = st->codecpar->height;
  info_.codedWidth = codec_->coded_width;
  info_.codedHeight = codec_->coded_height;
  info_.frameRate = av_q2d(av_guess_frame_rate(fmt_.get(), st, nullptr));
  if (const int32_t *matrix = ffcompat::displayMatrix(st)) {
    const double degrees = av_display_rotation_get(matrix);
    info_.rotationDegrees = std::isnan(degrees) ? 0 : degrees;
    // A negative determinant of the 2x2 part: the picture is mirrored as well as turned.
    info_.displayFlipped =
        static_cast<int64_t>(matrix[0]) * matrix[4] - static_cast<int64_t>(matrix[1]) * matrix[3] < 0;
  }
  const char *range = av_color_range_name(st->codecpar->color_range);
  info_.colorRange = range ? range : "unknown";
  info_.durationSeconds = st->duration != AV_NOPTS_VALUE ? static_cast<double>(st->duration) * av_q2d(st->time_base)
                                                         : static_cast<double>(fmt_->duration) / AV_TIME_BASE;
  if (raw_) {
    info_.frameRate = 1 / (static_cast<double>(frameTicks_) * av_q2d(st->time_base));
    info_.durationSeconds = static_cast<double>(info_.frameCount) / info_.frameRate;
  }
  info_.decodePath = path;
  info_.nvdecOutput = path == DecodePath::Cuvid   ? "copy" // cuvid copies every picture out of NVDEC's surface
                      : path != DecodePath::Nvdec ? ""
                      : !ffcompat::kNvdecCopies   ? "mapped-surface"
                      : options_.unsafeOutput     ? "unsafe-output"
                                                  : "copy";
  info_.pathReason = reason;
  info_.frameThreads = (codec_->active_thread_type & FF_THREAD_FRAME) != 0 ? std::max(1, codec_->thread_count) : 1;
  // NVDEC's surface count is the codec's frames context pool size (DPB + 2 + extra_hw_frames + threads); the
  // frames it hands out point at another context whose pool size FFmpeg leaves at 0.
  if (path == DecodePath::Nvdec && codec_->hw_frames_ctx) {
    poolSize_ = reinterpret_cast<AVHWFramesContext *>(codec_->hw_frames_ctx->data)->initial_pool_size;
  }
  // The first frame is kept, and the decoder stays where it is: the first request (frame 0, or one just after it)
  // needs no seek, whose flush costs NVDEC's H.264 decoder tens of milliseconds or more. Raw streams number their
  // frames from a seek, so they seek back as before.
  const int64_t firstPts = first->best_effort_timestamp != AV_NOPTS_VALUE ? first->best_effort_timestamp : first->pts;
  pendingIndex_ = raw_ ? -1 : indexOfPts(firstPts);
  if (pendingIndex_ >= 0) {
    pending_ = std::move(first);
    pendingMessages_ = std::move(outMessages_);
  } else {
    first.reset();
    seekTo(0);
  }
}

} // namespace zci
