// RAII owners for FFmpeg objects, so every exit path releases them.
#pragma once

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/buffer.h>
#include <libavutil/frame.h>
}

#include <memory>
#include <string>

namespace zci {

struct FormatCloser {
  void operator()(AVFormatContext *f) const { avformat_close_input(&f); }
};
struct CodecFreer {
  void operator()(AVCodecContext *c) const { avcodec_free_context(&c); }
};
struct FrameFreer {
  void operator()(AVFrame *f) const { av_frame_free(&f); }
};
struct PacketFreer {
  void operator()(AVPacket *p) const { av_packet_free(&p); }
};
struct BufferUnref {
  void operator()(AVBufferRef *b) const { av_buffer_unref(&b); }
};

using FormatPtr = std::unique_ptr<AVFormatContext, FormatCloser>;
using CodecPtr = std::unique_ptr<AVCodecContext, CodecFreer>;
using FramePtr = std::unique_ptr<AVFrame, FrameFreer>;
using PacketPtr = std::unique_ptr<AVPacket, PacketFreer>;
using BufferPtr = std::unique_ptr<AVBufferRef, BufferUnref>;

/// A new reference to the same frame data (av_frame_ref), or nullptr.
FramePtr refFrame(const AVFrame *src);

/// av_err2str as a std::string.
std::string avError(int err);

} // namespace zci
