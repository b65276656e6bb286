// Opening a file: the checks that say what is wrong with a file, by code, and the budgets enforced before FFmpeg
// allocates frames (packets are indexed in decoder_index.cc).
#include "decode/decoder.h"

#include "common/error.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
}

#include <cerrno>
#include <chrono>
#include <cmath>
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

// What a path that is not a regular file is, or nullptr for a regular file (folders are told apart before).
const char *specialKind(mode_t mode) {
  if (S_ISREG(mode)) return nullptr;
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// A frame rate a video stream plausibly has; outside it, the timescale (or the timestamps on it) is broken.
constexpr double kMinPlausibleFps = 1.0 / 60, kMaxPlausibleFps = 10000;
constexpr int kMaxTimeBaseDen = 1000000000;

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
  if (const char *kind = specialKind(st.st_mode)) {
    // Reading a pipe or a device could block forever or never end; its size says nothing.
    throw Error(ErrorCode::NotARegularFile, path_ + " is " + kind + ", not a regular file",
                "Save the video to a file first, then open that file.");
  }
  if (access(path_.c_str(), R_OK) != 0) {
    throw Error(ErrorCode::FileUnreadable, "Cannot read " + path_ + ": " + std::strerror(errno),
                "Check the file's permissions.");
  }
  if (st.st_size == 0)
    throw Error(ErrorCode::EmptyFile, path_ + " is empty (0 bytes)", "Open a video file with content.");

  openFormat(false);
  std::string why;
  if (oddTimescale(why)) {
    // An MP4 edit list is measured in the movie's timescale and applied in the track's: with a broken track
    // timescale it cuts most samples away (which looked like truncation). Opened again without it, every frame is
    // listed.
    const bool mov = std::strstr(fmt_->iformat->name, "mov") != nullptr;
    if (mov) {
      fmt_.reset();
      openFormat(true);
    }
    info_.warnings.push_back(
        {WarningCode::OddTimescale, "The video stream's timescale is odd (" + why +
                                        "): its times and frame rate cannot be trusted" +
                                        (mov ? "; its edit list was ignored so that every frame is listed" : "")});
  }
}

void Decoder::openFormat(bool ignoreEditList) {
  AVFormatContext *raw = avformat_alloc_context();
  if (!raw) throw Error(ErrorCode::Internal, "Out of memory opening " + path_, "Close other sessions.");
  raw->interrupt_callback.callback = &CallGuard::interrupt;
  raw->interrupt_callback.opaque = &guard_;
  log_ = std::make_unique<LogCapture>(raw); // registered before opening, to hear the demuxer's complaints
  guard_.watch(raw);
  guard_.enter(CallPhase::Probing, raw->probesize); // FFmpeg keeps the packets it probes: allow for them
  AVDictionary *formatOptions = nullptr;
  if (ignoreEditList) av_dict_set(&formatOptions, "ignore_editlist", "1", 0);
  int err = avformat_open_input(&raw, path_.c_str(), nullptr, &formatOptions);
  av_dict_free(&formatOptions);
  if (err < 0) {
    guard_.watch(nullptr); // FFmpeg freed the context
    guard_.check();
  }
  const bool noIndex = isMp4WithoutIndex(path_, err < 0 ? 0 : raw->nb_streams);
  if (err < 0 && noIndex) throw truncatedIndex(path_);
  if (err < 0) {
    throw Error(ErrorCode::NotAVideo, "FFmpeg does not recognise " + path_ + " as a media file: " + avError(err),
                "Open a video file (MP4, MKV, raw H.264/HEVC); the file may be damaged.");
  }
  fmt_.reset(raw);
  const auto prescanStart = std::chrono::steady_clock::now();
  prescanNalUnits(raw); // before the probe decodes the first packets
  timings_.prescanMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - prescanStart).count();
  // The pixel budget reaches the decoders FFmpeg opens to probe, before they allocate a picture.
  std::vector<AVDictionary *> streamOptions(raw->nb_streams, nullptr);
  for (AVDictionary *&d : streamOptions)
    av_dict_set_int(&d, "max_pixels", options_.maxPixels, 0);
  err = avformat_find_stream_info(raw, streamOptions.empty() ? nullptr : streamOptions.data());
  for (AVDictionary *&d : streamOptions)
    av_dict_free(&d);
  guard_.check();
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
  AVStream *video = raw->streams[streamIndex_];
  if (video->disposition & AV_DISPOSITION_ATTACHED_PIC) {
    throw Error(ErrorCode::NoVideoStream, path_ + " has only a cover picture, no video",
                "Open a file that contains video.");
  }
  checkPixels(video->codecpar->width, video->codecpar->height, "");
  if (const AVCodecParserContext *parser = av_stream_get_parser(video))
    checkPixels(parser->coded_width, parser->coded_height, "coded ");
  for (unsigned i = 0; i < raw->nb_streams; ++i) {
    if (static_cast<int>(i) != streamIndex_) raw->streams[i]->discard = AVDISCARD_ALL;
  }
}

void Decoder::checkPixels(int width, int height, const char *what) const {
  const int64_t pixels = static_cast<int64_t>(width) * height;
  if (width <= 0 || height <= 0 || pixels <= options_.maxPixels) return;
  throw Error(ErrorCode::MediaTooLarge,
              path_ + "'s video is " + what + std::to_string(width) + "x" + std::to_string(height) + " (" +
                  std::to_string(pixels) + " pixels), over the pixel budget of " + std::to_string(options_.maxPixels) +
                  " pixels",
              "If the file is genuine, raise the budget with the open option maxPixels (at most " +
                  std::to_string(kMaxPixelsMax) + ", 16384x16384).");
}

bool Decoder::oddTimescale(std::string &why) const {
  const AVStream *st = fmt_->streams[streamIndex_];
  const AVRational tb = st->time_base;
  const std::string tbText = std::to_string(tb.num) + "/" + std::to_string(tb.den);
  // FFmpeg replaces a zero or negative MP4 timescale with 1 and says so: the time base alone looks fine then.
  const std::string replaced = log_->lineWith("time scale");
  const AVRational rate =
      st->avg_frame_rate.num > 0 && st->avg_frame_rate.den > 0 ? st->avg_frame_rate : st->r_frame_rate;
  const double fps = rate.num > 0 && rate.den > 0 ? av_q2d(rate) : 0;
  if (tb.num <= 0 || tb.den <= 0 || tb.den > kMaxTimeBaseDen) {
    why = "time base " + tbText;
  } else if (!replaced.empty()) {
    why = "FFmpeg: '" + replaced + "'; time base " + tbText;
  } else if (fps > 0 && (fps < kMinPlausibleFps || fps > kMaxPlausibleFps)) {
    char text[64];
    std::snprintf(text, sizeof text, "%.6g", fps);
    why = "time base " + tbText + ", " + text + " frames per second";
  }
  return !why.empty();
}

} // namespace zci
