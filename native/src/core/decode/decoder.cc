// Decoding: seeking, and handing out frames by display index (opening: decoder_input.cc; the decode path:
// decoder_path.cc).
#include "decode/decoder.h"

#include "gpu/cuda_driver.h"
#include "gpu/decoder_pool.h"
#include "common/error.h"
#include "frame/ffmpeg_compat.h"
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

} // namespace

std::string joinErrors(const std::vector<std::string> &errors) {
  std::string out;
  for (const auto &e : errors)
    out += (out.empty() ? "" : "; ") + e;
  return out;
}

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
    // MPEG program and transport streams seek by decode timestamps: by the key frame's presentation timestamp, a
    // B-frame stream lands on the packet decoded after it (a P frame), and the key frame never comes out.
    const auto dts = keyDts_.find(keyPts_[k]);
    const bool byDts = (fmt_->iformat->flags & AVFMT_TS_DISCONT) != 0 && dts != keyDts_.end();
    err = av_seek_frame(fmt_.get(), streamIndex_, byDts ? dts->second : keyPts_[k], AVSEEK_FLAG_BACKWARD);
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
    // A cuvid decoder reports the height it rounded up to even (its copy's own height): the stream's height, from
    // the container, is what the copy must cover.
    const bool cuvid = info_.decodePath == DecodePath::Cuvid;
    keepMappingSequence(frame.get(), nvdecRetrieveHeight(codec_.get()),
                        cuvid ? fmt_->streams[streamIndex_]->codecpar->height : codec_->height);
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
      const bool frameThreads = (codec_->active_thread_type & FF_THREAD_FRAME) != 0 && codec_->thread_count != 1;
      damage_ = describeDamage(f.get(), std::move(outMessages_), frameThreads);
      return f;
    }
    if (pts > target) break;
  }
  std::string why = joinErrors(log_->errors());
  lastIndex_ = -1;
  // FFmpeg's nvdec says this when every surface of the decoder is taken: where frames are the mapped surfaces
  // (FFmpeg before 6.0, or unsafe output), by the frames held. Not damage: the file decodes once frames are released.
  // FFmpeg 9.0 runs out at the map instead: with frames held as mapped surfaces, cuvidMapVideoFrame fails with
  // CUDA_ERROR_MAP_FAILED once the driver maps no more (seen on an H100 at 11 held frames of a 27-surface pool).
  const bool mappedFrames = info_.nvdecOutput == "mapped-surface" || info_.nvdecOutput == "unsafe-output";
  const bool mapRefused = mappedFrames && why.find("cuvidMapVideoFrame") != std::string::npos &&
                          why.find("CUDA_ERROR_MAP_FAILED") != std::string::npos;
  if (why.find("No decoder surfaces left") != std::string::npos || mapRefused) {
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
