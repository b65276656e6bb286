// Decoding: choosing the decode path, seeking, and handing out frames by display index (opening: decoder_input.cc).
#include "decode/decoder.h"

#include "gpu/cuda_driver.h"
#include "decode/decoder_pool.h"
#include "common/error.h"
#include "decode/ffmpeg_compat.h"
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

// Packets sent without a frame coming out before the NVDEC probe gives up (a stream NVDEC rejects yields none).
constexpr int kProbePacketLimit = 48;
// Default frame threads for NVDEC decoding (measured in docs/benchmarks.md).
constexpr int kNvdecThreads = 1;

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

// Frame threads let NVDEC work on several pictures at once; each adds a decode surface (NVDEC allows 32).
int nvdecThreads() {
  const char *env = std::getenv("ZCI_NVDEC_THREADS");
  return env ? std::max(1, std::min(8, std::atoi(env))) : kNvdecThreads;
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

std::string joinErrors(const std::vector<std::string> &errors) {
  std::string out;
  for (const auto &e : errors)
    out += (out.empty() ? "" : "; ") + e;
  return out;
}

} // namespace

Decoder::Decoder(const std::string &path, const DecoderOptions &options, CancelFlag cancel)
    : path_(path), options_(options) {
  if (options_.holdFrames < 1 || options_.holdFrames > 16) {
    throw Error(ErrorCode::InvalidArgument, "holdFrames must be between 1 and 16", "Pass a small number such as 2.");
  }
  if (options_.maxPixels < kMaxPixelsMin || options_.maxPixels > kMaxPixelsMax ||
      options_.maxPacketBytes < kMaxPacketBytesMin || options_.maxPacketBytes > kMaxPacketBytesMax ||
      std::min(options_.openDeadlineMs, options_.frameDeadlineMs) < kDeadlineMsMin ||
      std::max(options_.openDeadlineMs, options_.frameDeadlineMs) > kDeadlineMsMax) {
    throw Error(ErrorCode::InvalidArgument, "maxPixels, maxPacketBytes or a deadline is out of its range",
                "See OpenOptions in native/index.d.ts for each option's range.");
  }
  packet_.reset(av_packet_alloc());
  guard_.arm("Opening " + path_, options_.openDeadlineMs, "openDeadlineMs", std::move(cancel), options_.maxPacketBytes);
  auto t0 = std::chrono::steady_clock::now();
  auto lap = [&t0] {
    const auto now = std::chrono::steady_clock::now();
    const double ms = std::chrono::duration<double, std::milli>(now - t0).count();
    t0 = now;
    return ms;
  };
  openInput();
  timings_.probeMs = lap();
  guard_.enter(CallPhase::Indexing);
  indexPackets();
  timings_.indexMs = lap();
  guard_.enter(CallPhase::Decoding);
  settlePath(lap);
  guard_.disarm();
}

Decoder::~Decoder() {
  codec_.reset(); // the codec's frames reference the CUDA device: free them first
  uploadFrames_.reset();
  if (sws_) sws_freeContext(sws_);
}

void Decoder::openCodec(DecodePath path) {
  AVStream *st = fmt_->streams[streamIndex_];
  const AVCodec *codec = decoderFor(st->codecpar->codec_id, path == DecodePath::Nvdec);
  codec_.reset(avcodec_alloc_context3(codec));
  if (!codec_) throw Error(ErrorCode::Internal, "Out of memory allocating a decoder", "Close other sessions.");
  avcodec_parameters_to_context(codec_.get(), st->codecpar);
  codec_->pkt_timebase = st->time_base;
  codec_->max_pixels = options_.maxPixels; // a picture over the budget is refused before it is allocated
  wantHw_ = path == DecodePath::Nvdec;
  gotHw_ = false;
  for (PacketSlot &slot : slots_)
    slot.wantHw = &wantHw_;
  codec_->opaque = &slots_[0]; // tells pickFormat whether to choose CUDA, and tags the decoder's messages
  if (wantHw_) {
    codec_->hw_device_ctx = av_buffer_ref(cuda_->hwDevice());
    codec_->extra_hw_frames = plantedUnreservedPool() ? 0 : options_.holdFrames;
    if (options_.unsafeOutput) codec_->hwaccel_flags |= ffcompat::kUnsafeOutput;
    codec_->thread_count = nvdecThreads();
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

  if (mode == DecodeMode::Software) {
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
    // The driver's own word on this GPU's NVDEC for the stream, before FFmpeg is asked to try.
    std::string unasked;
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(static_cast<AVPixelFormat>(st->codecpar->format));
    const auto cap = nvdecCapabilityFor(
        options_.device, st->codecpar->codec_id, d && d->nb_components > 1 ? d->log2_chroma_w : (d ? -1 : 1),
        d && d->nb_components > 1 ? d->log2_chroma_h : (d ? -1 : 1), d ? d->comp[0].depth : 8, &unasked);
    const std::string refusal = cap ? nvdecRefusal(*cap, st->codecpar->width, st->codecpar->height) : "";
    if (!refusal.empty()) {
      if (mode == DecodeMode::Nvdec)
        throw Error(ErrorCode::NvdecUnavailable, refusal, "Choose software decoding (decode: 'software-upload').");
      path = DecodePath::SoftwareUpload;
      reason = refusal + "; decoded on the CPU and uploaded";
    } else {
      path = DecodePath::Nvdec;
      reason = mode == DecodeMode::Nvdec ? "NVDEC was requested" : "NVDEC decodes this stream";
      if (!cap) reason += " (the driver's capabilities were not asked: " + unasked + ")";
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
    if (why.empty()) why = first ? "FFmpeg fell back to software frames" : "no frame came out";
    if (mode == DecodeMode::Nvdec) {
      throw Error(ErrorCode::NvdecUnavailable, "NVDEC cannot decode this " + codecName + " stream: " + why,
                  "Choose software decoding (decode: 'software' or 'software-upload').");
    }
    path = DecodePath::SoftwareUpload;
    timings_.nvdecDecoder.clear();
    reason = "NVDEC cannot decode this stream (" + why + "); decoded on the CPU and uploaded";
    log_->clear();
    seekTo(0);
    openCodec(path);
    first = decodeNext();
  }
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
  info_.nvdecOutput = path != DecodePath::Nvdec ? ""
                      : !ffcompat::kNvdecCopies ? "mapped-surface"
                      : options_.unsafeOutput   ? "unsafe-output"
                                                : "copy";
  info_.pathReason = reason;
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

int64_t Decoder::indexOfPts(int64_t pts) const {
  auto it = std::lower_bound(pts_.begin(), pts_.end(), pts);
  if (it == pts_.end() || *it != pts) return -1;
  return it - pts_.begin();
}

double Decoder::timeOf(int64_t index) const {
  return static_cast<double>(pts_.at(static_cast<size_t>(index))) * av_q2d(fmt_->streams[streamIndex_]->time_base);
}

int64_t Decoder::indexAtTime(double seconds) const {
  const double tb = av_q2d(fmt_->streams[streamIndex_]->time_base);
  // A time printed from timeOf() (9 significant digits) must map back to the same frame: snap to a near tick.
  const double ticks = seconds / tb;
  const auto target =
      static_cast<int64_t>(std::fabs(ticks - std::round(ticks)) < 1e-3 ? std::round(ticks) : std::ceil(ticks));
  auto it = std::lower_bound(pts_.begin(), pts_.end(), target);
  if (it == pts_.end()) return static_cast<int64_t>(pts_.size()) - 1;
  return it - pts_.begin();
}

void Decoder::seekTo(int64_t index) {
  pending_.reset();
  pendingIndex_ = -1;
  const int64_t target = pts_.at(static_cast<size_t>(index));
  auto it = std::upper_bound(keyPts_.begin(), keyPts_.end(), target);
  const size_t k = it == keyPts_.begin() ? 0 : static_cast<size_t>(it - keyPts_.begin() - 1);
  guard_.enter(CallPhase::Seeking);
  int err = 0;
  if (raw_) {
    // No timestamps to seek by: to the IDR packet's byte, and number the frames from its display index.
    rawSeekPos_ = keyPos_.at(k);
    nextRawIndex_ = keyPts_[k] / frameTicks_;
    rawKeySerial_ = -1;
    err = av_seek_frame(fmt_.get(), streamIndex_, rawSeekPos_, AVSEEK_FLAG_BYTE);
  } else {
    err = av_seek_frame(fmt_.get(), streamIndex_, keyPts_[k], AVSEEK_FLAG_BACKWARD);
  }
  guard_.check();
  guard_.enter(CallPhase::Decoding);
  if (err < 0) {
    throw Error(ErrorCode::DecodeFailed, "Seeking to frame " + std::to_string(index) + " failed: " + avError(err),
                "The file's index may be damaged; remux it with ffmpeg -c copy.");
  }
  if (codec_) avcodec_flush_buffers(codec_.get());
  log_->clearFrameMessages();
  sentEof_ = drained_ = false;
  lastIndex_ = -1;
}

// The pool library's number for the picture NVDEC mapped while FFmpeg made this frame, kept with the frame in its
// opaque_ref (the caller's field, freed with the frame): the decoder's witness for a frame FFmpeg copied (6.0 and
// later unmap the surface before the frame comes out).
namespace {

/// What an NVDEC frame keeps in its opaque_ref: the pool's number for the picture mapped while FFmpeg made it, and
/// the height FFmpeg's nvdec read the mapped picture with.
struct MappingNote {
  uint64_t sequence = 0;
  int32_t retrieveHeight = 0, displayHeight = 0;
};

} // namespace

void keepMappingSequence(AVFrame *frame, int retrieveHeight, int displayHeight) {
  MappingNote note;
  note.sequence = decoder_pool::threadLastSequence();
  note.retrieveHeight = retrieveHeight;
  note.displayHeight = displayHeight;
  if (note.sequence == 0) return;
  AVBufferRef *ref = av_buffer_alloc(sizeof note);
  if (!ref) return;
  std::memcpy(ref->data, &note, sizeof note);
  av_buffer_unref(&frame->opaque_ref);
  frame->opaque_ref = ref;
}

uint64_t mappingSequenceOf(const AVFrame *frame) {
  MappingNote note;
  if (frame->opaque_ref && frame->opaque_ref->size >= sizeof note)
    std::memcpy(&note, frame->opaque_ref->data, sizeof note);
  return note.sequence;
}

RetrieveHeights retrieveHeightsOf(const AVFrame *frame) {
  MappingNote note;
  if (frame->opaque_ref && frame->opaque_ref->size >= sizeof note)
    std::memcpy(&note, frame->opaque_ref->data, sizeof note);
  return {note.retrieveHeight, note.displayHeight};
}

int nvdecRetrieveHeight(const AVCodecContext *codec) {
  // FFmpeg's nvdec_retrieve_data places plane i at the sum of pitch x (frame height >> the plane's vertical shift)
  // over the planes before it, with the frame's height as ff_get_buffer left it: decoders that export their
  // cropping (H.264, HEVC, MJPEG) allocate at the larger of the display and coded heights and crop afterwards; the
  // others at the display height.
  switch (codec->codec_id) {
  case AV_CODEC_ID_H264:
  case AV_CODEC_ID_HEVC:
  case AV_CODEC_ID_MJPEG: return std::max(codec->height, codec->coded_height);
  default: return codec->height;
  }
}

FramePtr Decoder::receive() {
  FramePtr frame(av_frame_alloc());
  int err = avcodec_receive_frame(codec_.get(), frame.get());
  if (err == AVERROR(EAGAIN)) return nullptr;
  if (err == AVERROR_EOF) {
    drained_ = true;
    return nullptr;
  }
  if (err < 0) return nullptr; // the decoder logged why; LogCapture keeps it for the error we may raise
  outMessages_ = log_->takeFrameMessages(ffcompat::frameTag(frame.get()));
  if (raw_) numberRawFrame(frame.get());
  if (frame->format == AV_PIX_FMT_CUDA) {
    gotHw_ = true;
    keepMappingSequence(frame.get(), nvdecRetrieveHeight(codec_.get()), codec_->height);
    return frame;
  }
  if (cuda_ && !wantHw_) return upload(frame.get());
  return frame;
}

FramePtr Decoder::decodeNext() {
  if (pending_) {
    outMessages_ = std::move(pendingMessages_);
    pendingIndex_ = -1;
    return std::move(pending_);
  }
  int sentWithoutFrame = 0;
  for (;;) {
    FramePtr f = receive();
    if (f) return f;
    if (drained_) return nullptr;
    if (wantHw_ && !gotHw_ && sentWithoutFrame >= kProbePacketLimit) return nullptr;
    guard_.check();
    if (sentEof_) {
      // Flushing: receive() returns EAGAIN only while output is pending, so keep asking.
      continue;
    }
    if (readPacket() < 0) {
      avcodec_send_packet(codec_.get(), nullptr);
      sentEof_ = true;
      continue;
    }
    if (packet_->stream_index == streamIndex_) {
      if (raw_ && rawSeekPos_ >= 0) checkRawSeek();
      ++packetSerial_;
      ffcompat::tagPacket(codec_.get(), packet_.get(), packetSerial_); // tags the frame of this packet
      PacketSlot &slot = slots_[static_cast<size_t>(packetSerial_) % slots_.size()];
      slot.tag.store(packetSerial_, std::memory_order_relaxed);
      codec_->opaque = &slot; // and the messages logged decoding it, in whichever thread's context
      avcodec_send_packet(codec_.get(), packet_.get()); // a rejected packet is logged and skipped
      sentWithoutFrame++;
    }
    av_packet_unref(packet_.get());
  }
}

FramePtr Decoder::frameAt(int64_t index, CancelFlag cancel) {
  const auto count = static_cast<int64_t>(pts_.size());
  if (index < 0 || index >= count) {
    throw Error(ErrorCode::FrameOutOfRange,
                "Frame " + std::to_string(index) + " does not exist; the stream has " + std::to_string(count) +
                    " frames",
                "Pick a frame between 0 and " + std::to_string(count - 1) + ".");
  }
  guard_.arm("Decoding frame " + std::to_string(index) + " of " + path_, options_.frameDeadlineMs, "frameDeadlineMs",
             std::move(cancel), options_.maxPacketBytes);
  guard_.enter(CallPhase::Decoding);
  try {
    FramePtr f = decodeTo(index);
    guard_.disarm();
    return f;
  } catch (...) {
    guard_.disarm();
    lastIndex_ = -1; // the decoder stopped somewhere: the next request seeks
    throw;
  }
}

FramePtr Decoder::decodeTo(int64_t index) {
  const int64_t target = pts_[static_cast<size_t>(index)];
  // Decode forward when that reaches the target in no more frames than seeking to the key frame before it would
  // (a seek also flushes the decoder, so it costs a few frames more).
  auto key = std::upper_bound(keyPts_.begin(), keyPts_.end(), target);
  const int64_t keyIndex = indexOfPts(key == keyPts_.begin() ? keyPts_.front() : *(key - 1));
  constexpr int64_t kFlushCost = 4;
  const bool fromPending = pending_ && pendingIndex_ <= index && index - pendingIndex_ <= index - keyIndex + kFlushCost;
  const bool forward = fromPending || (lastIndex_ >= 0 && index > lastIndex_ && !drained_ &&
                                       index - lastIndex_ <= index - keyIndex + kFlushCost);
  if (!forward) seekTo(index);
  log_->clear();
  while (FramePtr f = decodeNext()) {
    const int64_t pts = f->best_effort_timestamp != AV_NOPTS_VALUE ? f->best_effort_timestamp : f->pts;
    const int64_t at = indexOfPts(pts);
    if (at >= 0) lastIndex_ = at;
    if (pts == target) {
      damage_ = describeDamage(f.get(), std::move(outMessages_));
      return f;
    }
    if (pts > target) break;
  }
  std::string why = joinErrors(log_->errors());
  lastIndex_ = -1;
  // FFmpeg's nvdec says this when every surface of the decoder is taken: where frames are the mapped surfaces
  // (FFmpeg before 6.0, or unsafe output), by the frames held. Not damage: the file decodes once frames are released.
  if (why.find("No decoder surfaces left") != std::string::npos) {
    throw Error(ErrorCode::DecodeFailed,
                "Frame " + std::to_string(index) + " could not be decoded: NVDEC has no surface left (" + why +
                    "). The decoder has " + std::to_string(poolSize_) +
                    " surfaces; a frame that is a mapped surface (FFmpeg before 6.0, or unsafe output) keeps its "
                    "surface while it is held, and the decoder needs the rest for its reference frames",
                "Hold fewer frames, or let FFmpeg copy each frame (turn unsafe output off); opening the file again "
                "releases every surface.");
  }
  throw Error(ErrorCode::DecodeFailed,
              "Frame " + std::to_string(index) + " could not be decoded" + (why.empty() ? "" : ": " + why),
              "The file may be damaged around this frame; try a neighbouring frame.");
}

} // namespace zci
