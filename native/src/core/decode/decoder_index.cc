// Indexing a stream's video packets into display order: timestamps where the container has them, numbers made
// from decode order for raw Annex-B streams, and the warnings about timestamps that cannot be trusted.
#include "decode/decoder.h"
#include "decode/nal_count.h"

#include "common/error.h"
#include "frame/ffmpeg_compat.h"

extern "C" {
#include <libavformat/avformat.h>
}

#include <algorithm>
#include <cstring>

namespace zci {
namespace {

// What the NAL units of one Annex-B packet say about seeking to it.
struct NalScan {
  bool idr = false;     // an IDR picture: nothing decoded after it is shown before it (H.264; HEVC without RADL)
  bool leading = false; // an HEVC RADL picture: decoded after its IDR but shown before it
};

NalScan scanNals(const uint8_t *data, int size, AVCodecID codec) {
  NalScan scan;
  for (int i = 0; i + 3 < size; ++i) {
    if (data[i] != 0 || data[i + 1] != 0 || data[i + 2] != 1) continue;
    const uint8_t header = data[i + 3];
    if (codec == AV_CODEC_ID_H264) {
      scan.idr = scan.idr || (header & 0x1f) == 5;
    } else {
      const int type = (header >> 1) & 0x3f;
      scan.idr = scan.idr || type == 19 || type == 20;       // IDR_W_RADL, IDR_N_LP
      scan.leading = scan.leading || type == 6 || type == 7; // RADL_N, RADL_R
    }
    i += 3;
  }
  return scan;
}

// Raw H.264 and HEVC: FFmpeg's demuxers give their packets no timestamps.
bool isRawAnnexB(const AVFormatContext *fmt, const AVStream *st) {
  const char *name = fmt->iformat->name;
  const AVCodecID id = st->codecpar->codec_id;
  return (std::strcmp(name, "h264") == 0 && id == AV_CODEC_ID_H264) ||
         (std::strcmp(name, "hevc") == 0 && id == AV_CODEC_ID_HEVC);
}

} // namespace

int64_t Decoder::readPacket() {
  const int err = av_read_frame(fmt_.get(), packet_.get());
  if (guard_.stopping()) {
    av_packet_unref(packet_.get()); // an interrupted read says AVERROR_EXIT; the guard says why
    guard_.check();
  }
  if (err < 0) return err;
  guard_.packetEnded();
  if (packet_->size > options_.maxPacketBytes) {
    const int64_t size = packet_->size, pos = packet_->pos;
    av_packet_unref(packet_.get());
    throw Error(ErrorCode::MediaTooLarge,
                "A packet of " + bytesText(size) + (pos >= 0 ? " at byte " + std::to_string(pos) : "") + " of " +
                    path_ + " is over the packet-size cap of " + bytesText(options_.maxPacketBytes),
                "If the file is genuine, raise the cap with the open option maxPacketBytes.");
  }
  // Counted before FFmpeg's parser state grows with them (nal_count.h).
  const int64_t nals =
      countNalUnits(nalFraming_, packet_->data, static_cast<size_t>(packet_->size), kMaxNalUnitsPerPacket);
  if (nals > kMaxNalUnitsPerPacket) {
    const int64_t pos = packet_->pos;
    av_packet_unref(packet_.get());
    throw tooManyNalUnits(path_, pos);
  }
  return 0;
}

void Decoder::indexPackets() {
  AVStream *st = fmt_->streams[streamIndex_];
  nalFraming_ = nalFramingOf(st->codecpar);
  raw_ = isRawAnnexB(fmt_.get(), st);
  if (raw_) {
    const AVFieldOrder order = st->codecpar->field_order;
    if (order != AV_FIELD_UNKNOWN && order != AV_FIELD_PROGRESSIVE) {
      throw Error(ErrorCode::DecodeFailed,
                  path_ + " is a raw interlaced stream: its fields cannot be numbered as frames without decoding",
                  "Remux it into MP4 or MKV, which carry timestamps: ffmpeg -i IN -c copy OUT.mkv");
    }
    AVRational rate = av_guess_frame_rate(fmt_.get(), st, nullptr);
    if (rate.num <= 0 || rate.den <= 0) rate = {25, 1};
    frameTicks_ = std::max<int64_t>(1, av_rescale_q(1, av_inv_q(rate), st->time_base));
  }
  bool readError = false;
  std::string readErrorText;
  int64_t lastPacketEnd = -1, packets = 0;
  for (;;) {
    const int64_t err = readPacket();
    if (err < 0) {
      if (err != AVERROR_EOF) {
        readError = true;
        readErrorText = avError(static_cast<int>(err));
      }
      break;
    }
    if (packet_->stream_index == streamIndex_) {
      if (raw_) {
        indexRawPacket(packets);
      } else {
        const int64_t ts = packet_->pts != AV_NOPTS_VALUE ? packet_->pts : packet_->dts;
        if (ts == AV_NOPTS_VALUE) {
          av_packet_unref(packet_.get());
          throw Error(ErrorCode::DecodeFailed,
                      "The video stream has packets without timestamps, so frames cannot be indexed",
                      "Remux the stream into MP4 or MKV: ffmpeg -i IN -c copy OUT.mp4");
        }
        pts_.push_back(ts);
        if (packet_->flags & AV_PKT_FLAG_KEY) {
          keyPts_.push_back(ts);
          keyDts_.emplace(ts, packet_->dts != AV_NOPTS_VALUE ? packet_->dts : ts);
        }
      }
      packets++;
      lastPacketEnd = packet_->pos >= 0 ? packet_->pos + packet_->size : -1;
    }
    av_packet_unref(packet_.get());
  }
  // In a file cut short, the last packet read ends at the end of the file: it is cut too, not a frame.
  const int64_t fileSize = fmt_->pb ? avio_size(fmt_->pb) : -1;
  const bool truncated = readError || st->nb_frames > packets;
  if (truncated && !pts_.empty() && lastPacketEnd >= fileSize) {
    const int64_t partial = pts_.back();
    pts_.pop_back();
    packets--;
    if (!keyPts_.empty() && keyPts_.back() == partial) {
      keyPts_.pop_back();
      keyDts_.erase(partial);
      if (raw_) keyPos_.pop_back();
    }
  }
  std::sort(pts_.begin(), pts_.end());
  pts_.erase(std::unique(pts_.begin(), pts_.end()), pts_.end());
  std::sort(keyPts_.begin(), keyPts_.end()); // raw key packets come in display order already: keyPos_ stays aligned
  keyPts_.erase(std::unique(keyPts_.begin(), keyPts_.end()), keyPts_.end());
  if (pts_.empty()) {
    throw Error(st->nb_frames > 0 || readError ? ErrorCode::TruncatedFile : ErrorCode::DecodeFailed,
                "The video stream of " + path_ + " holds no readable frame" +
                    (readError ? " (" + readErrorText + ")" : ""),
                "The file is damaged or cut short; re-copy or re-encode it.");
  }
  if (keyPts_.empty()) keyPts_.push_back(pts_.front());

  const int64_t count = static_cast<int64_t>(pts_.size());
  if (truncated) {
    info_.warnings.push_back(
        {WarningCode::TruncatedFile, "The container declares " + std::to_string(st->nb_frames) + " frames but only " +
                                         std::to_string(packets) + " could be read" +
                                         (readError ? " (" + readErrorText + ")" : "") + "; the file is cut short"});
  }
  info_.frameCount = count;
  info_.frameCountExact = true; // every packet was read: the count is exact, not estimated from duration
  const int64_t merged = packets - count;
  if (merged > 0) {
    // Frames are told apart by timestamp: packets that share one are one frame here, so some cannot be reached.
    info_.frameCountExact = false;
    info_.warnings.push_back(
        {WarningCode::DuplicateTimestamps,
         std::to_string(merged) + " of " + std::to_string(packets) +
             " video packets repeat the timestamp of another packet and were merged: " + std::to_string(count) +
             " frames are listed, but the stream may hold up to " + std::to_string(packets)});
  }
  for (int64_t k : keyPts_)
    info_.keyFrames.push_back(indexOfPts(k));
}

void Decoder::indexRawPacket(int64_t decodeIndex) {
  const AVCodecID codec = fmt_->streams[streamIndex_]->codecpar->codec_id;
  const NalScan scan = scanNals(packet_->data, packet_->size, codec);
  auto refuse = [&](const std::string &why) {
    av_packet_unref(packet_.get());
    return Error(ErrorCode::DecodeFailed,
                 path_ + " is a raw " + avcodec_get_name(codec) +
                     " stream whose frames cannot be numbered without decoding: " + why,
                 "Remux it into MP4 or MKV, which carry timestamps: ffmpeg -i IN -c copy OUT.mkv");
  };
  if (scan.leading) throw refuse("it has leading pictures (RADL), shown before the IDR picture they follow");
  if (decodeIndex == 0 && !scan.idr) throw refuse("it does not start with an IDR picture");
  // Decode order numbers the packets; an IDR picture is shown after everything decoded before it and before
  // everything decoded after it, so its display index is its decode index. Frames between IDRs are numbered as
  // they come out of the decoder (Decoder::receive).
  const int64_t ticks = decodeIndex * frameTicks_;
  pts_.push_back(ticks);
  if (scan.idr && packet_->pos >= 0) {
    keyPts_.push_back(ticks);
    keyPos_.push_back(packet_->pos);
  }
}

void Decoder::checkRawSeek() {
  const int64_t sought = rawSeekPos_;
  rawSeekPos_ = -1;
  const int64_t landed = packet_->pos;
  if (landed != sought) {
    av_packet_unref(packet_.get());
    throw Error(ErrorCode::DecodeFailed,
                "Seeking in the raw stream " + path_ + " landed at byte " + std::to_string(landed) +
                    ", not at the IDR picture at byte " + std::to_string(sought),
                "Remux it into MP4 or MKV, which carry timestamps: ffmpeg -i IN -c copy OUT.mkv");
  }
  rawKeySerial_ = packetSerial_ + 1; // the tag this packet is about to get
}

void Decoder::numberRawFrame(AVFrame *frame) {
  if (rawKeySerial_ >= 0 && ffcompat::frameTag(frame) != rawKeySerial_) {
    throw Error(ErrorCode::DecodeFailed,
                "In the raw stream " + path_ +
                    ", a frame came out before the IDR picture sought: frames cannot be "
                    "numbered without timestamps",
                "Remux it into MP4 or MKV, which carry timestamps: ffmpeg -i IN -c copy OUT.mkv");
  }
  rawKeySerial_ = -1;
  const int64_t n = nextRawIndex_++;
  const auto count = static_cast<int64_t>(pts_.size());
  // A frame past the last packet's number (there should be none) gets a time after every listed frame.
  frame->pts = n < count ? pts_[static_cast<size_t>(n)] : pts_.back() + (n - count + 1) * frameTicks_;
  frame->best_effort_timestamp = frame->pts;
}

} // namespace zci
