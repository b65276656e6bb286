// Opening a file and indexing its video packets: the checks that say what is wrong with a file, by code.
#include "decoder.h"

#include "error.h"

extern "C" {
#include <libavformat/avformat.h>
}

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace zci {
namespace {

// An MP4 that starts with its 'ftyp' box but yields no stream lost its index: it was cut short.
bool isMp4WithoutIndex(const std::string &path, unsigned streams) {
  if (streams > 0) return false;
  char head[8] = {0};
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  const size_t n = std::fread(head, 1, sizeof head, f);
  std::fclose(f);
  return n == sizeof head && std::memcmp(head + 4, "ftyp", 4) == 0;
}

Error truncatedIndex(const std::string &path) {
  return Error(ErrorCode::TruncatedFile, path + " is cut short: its index (the MP4 'moov' box) is missing",
               "Copy the file again in full; a recording that was not finished has no index.");
}

} // namespace

void Decoder::openInput() {
  struct stat st {};
  if (stat(path_.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) {
      throw Error(ErrorCode::FileNotFound, "No file at " + path_, "Check the path; open a file that exists.");
    }
    throw Error(ErrorCode::FileUnreadable, "Cannot read " + path_ + ": " + std::strerror(errno),
                "Check the file's permissions.");
  }
  if (S_ISDIR(st.st_mode)) throw Error(ErrorCode::FileUnreadable, path_ + " is a folder", "Open a video file.");
  if (access(path_.c_str(), R_OK) != 0) {
    throw Error(ErrorCode::FileUnreadable, "Cannot read " + path_ + ": " + std::strerror(errno),
                "Check the file's permissions.");
  }
  if (st.st_size == 0)
    throw Error(ErrorCode::EmptyFile, path_ + " is empty (0 bytes)", "Open a video file with content.");

  AVFormatContext *raw = avformat_alloc_context();
  log_ = std::make_unique<LogCapture>(raw); // registered before opening, to hear the demuxer's complaints
  int err = avformat_open_input(&raw, path_.c_str(), nullptr, nullptr);
  const bool noIndex = isMp4WithoutIndex(path_, err < 0 ? 0 : raw->nb_streams);
  if (err < 0 && noIndex) throw truncatedIndex(path_);
  if (err < 0) {
    throw Error(ErrorCode::NotAVideo, "FFmpeg does not recognise " + path_ + " as a media file: " + avError(err),
                "Open a video file (MP4, MKV, raw H.264/HEVC); the file may be damaged.");
  }
  fmt_.reset(raw);
  err = avformat_find_stream_info(raw, nullptr);
  if (err < 0) {
    throw Error(ErrorCode::NotAVideo, "FFmpeg could not read stream information from " + path_ + ": " + avError(err),
                "The file may be damaged or truncated.");
  }
  const AVCodec *codec = nullptr;
  streamIndex_ = av_find_best_stream(raw, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
  if (streamIndex_ == AVERROR_STREAM_NOT_FOUND) {
    int audio = 0, other = 0;
    for (unsigned i = 0; i < raw->nb_streams; ++i) {
      (raw->streams[i]->codecpar->codec_type == AVMEDIA_TYPE_AUDIO ? audio : other)++;
    }
    if (raw->nb_streams == 0) {
      if (noIndex) throw truncatedIndex(path_);
      throw Error(ErrorCode::NotAVideo, path_ + " holds no media streams FFmpeg recognises", "Open a video file.");
    }
    throw Error(ErrorCode::NoVideoStream,
                path_ + " has no video stream (" + std::to_string(audio) + " audio, " + std::to_string(other) +
                    " other stream(s))",
                "Open a file that contains video.");
  }
  if (streamIndex_ < 0 || !codec) {
    const AVStream *s = streamIndex_ >= 0 ? raw->streams[streamIndex_] : nullptr;
    throw Error(ErrorCode::UnsupportedCodec,
                std::string("No decoder for the video stream") +
                    (s ? std::string(" (") + avcodec_get_name(s->codecpar->codec_id) + ")" : ""),
                "Use an FFmpeg build that includes this decoder, or transcode the file to H.264 or HEVC.");
  }
  if (raw->streams[streamIndex_]->disposition & AV_DISPOSITION_ATTACHED_PIC) {
    throw Error(ErrorCode::NoVideoStream, path_ + " has only a cover picture, no video",
                "Open a file that contains video.");
  }
  for (unsigned i = 0; i < raw->nb_streams; ++i) {
    if (static_cast<int>(i) != streamIndex_) raw->streams[i]->discard = AVDISCARD_ALL;
  }
}

void Decoder::indexPackets() {
  AVStream *st = fmt_->streams[streamIndex_];
  bool readError = false;
  std::string readErrorText;
  int64_t lastPacketEnd = -1;
  for (;;) {
    int err = av_read_frame(fmt_.get(), packet_.get());
    if (err < 0) {
      if (err != AVERROR_EOF) {
        readError = true;
        readErrorText = avError(err);
      }
      break;
    }
    if (packet_->stream_index == streamIndex_) {
      int64_t ts = packet_->pts != AV_NOPTS_VALUE ? packet_->pts : packet_->dts;
      if (ts == AV_NOPTS_VALUE) {
        av_packet_unref(packet_.get());
        throw Error(ErrorCode::DecodeFailed,
                    "The video stream has packets without timestamps, so frames cannot be indexed",
                    "Remux the stream into MP4 or MKV: ffmpeg -i IN -c copy OUT.mp4");
      }
      pts_.push_back(ts);
      if (packet_->flags & AV_PKT_FLAG_KEY) keyPts_.push_back(ts);
      lastPacketEnd = packet_->pos >= 0 ? packet_->pos + packet_->size : -1;
    }
    av_packet_unref(packet_.get());
  }
  // In a file cut short, the last packet read ends at the end of the file: it is cut too, not a frame.
  const int64_t fileSize = fmt_->pb ? avio_size(fmt_->pb) : -1;
  const bool truncated = readError || st->nb_frames > static_cast<int64_t>(pts_.size());
  if (truncated && !pts_.empty() && lastPacketEnd >= fileSize) {
    const int64_t partial = pts_.back();
    pts_.pop_back();
    if (!keyPts_.empty() && keyPts_.back() == partial) keyPts_.pop_back();
  }
  std::sort(pts_.begin(), pts_.end());
  pts_.erase(std::unique(pts_.begin(), pts_.end()), pts_.end());
  std::sort(keyPts_.begin(), keyPts_.end());
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
        {ErrorCode::TruncatedFile, "The container declares " + std::to_string(st->nb_frames) + " frames but only " +
                                       std::to_string(count) + " could be read" +
                                       (readError ? " (" + readErrorText + ")" : "") + "; the file is cut short"});
  }
  info_.frameCount = count;
  info_.frameCountExact = true; // every packet was read: the count is exact, not estimated from duration
  for (int64_t k : keyPts_)
    info_.keyFrames.push_back(indexOfPts(k));
}

} // namespace zci
