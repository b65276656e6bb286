// The differences between the FFmpeg series the addon builds against (5.1 and 7.1), in one place. The rest of the
// core calls these and never tests a version itself.
#pragma once

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/frame.h>
}

#include <cstdint>
#include <cstring>

namespace zci::ffcompat {

// FFmpeg 6.0 added AVPacket.opaque with AV_CODEC_FLAG_COPY_OPAQUE; 7.0 removed reordered_opaque.
#if LIBAVCODEC_VERSION_MAJOR >= 60
constexpr bool kPacketOpaque = true;
#else
constexpr bool kPacketOpaque = false;
#endif

// FFmpeg 6.0 made nvdec copy each mapped picture into a frame of the hw frames pool (av_frame_make_writable in
// nvdec_retrieve_data), unless the caller sets AV_HWACCEL_FLAG_UNSAFE_OUTPUT; before, a frame was the mapped surface.
#if LIBAVCODEC_VERSION_MAJOR >= 60
constexpr bool kNvdecCopies = true;
#else
constexpr bool kNvdecCopies = false;
#endif
/// True when the FFmpeg loaded carries the project's odd-height fix (docs/upstream: its version ends in
/// "-nvdec-odd-height"): nvdec places each plane of a 4:2:0 or 4:4:4 surface where NVDEC wrote it and its copy takes
/// every row of each plane. Asked of the library loaded, not the headers: the fix changes no header.
inline bool nvdecPlacesPlanesAsWritten() {
  return std::strstr(av_version_info(), "-nvdec-odd-height") != nullptr;
}

#ifdef AV_HWACCEL_FLAG_UNSAFE_OUTPUT
constexpr bool kUnsafeOutputFlag = true;
constexpr int kUnsafeOutput = AV_HWACCEL_FLAG_UNSAFE_OUTPUT;
#else
constexpr bool kUnsafeOutputFlag = false;
constexpr int kUnsafeOutput = 0;
#endif

/// Asks the decoder to carry each packet's tag to the frame made from it.
inline void enablePacketTags(AVCodecContext *codec) {
#if LIBAVCODEC_VERSION_MAJOR >= 60
  codec->flags |= AV_CODEC_FLAG_COPY_OPAQUE;
#else
  (void)codec;
#endif
}

/// Tags the packet about to be sent; the frame decoded from it carries the tag back (frameTag).
inline void tagPacket(AVCodecContext *codec, AVPacket *packet, int64_t tag) {
#if LIBAVCODEC_VERSION_MAJOR >= 60
  (void)codec;
  packet->opaque = reinterpret_cast<void *>(static_cast<intptr_t>(tag));
#else
  (void)packet;
  codec->reordered_opaque = tag;
#endif
}

/// The tag of the packet a frame was decoded from.
inline int64_t frameTag(const AVFrame *frame) {
#if LIBAVCODEC_VERSION_MAJOR >= 60
  return static_cast<int64_t>(reinterpret_cast<intptr_t>(frame->opaque));
#else
  return frame->reordered_opaque;
#endif
}

/// The stream's display matrix (rotation and flips, 9 x int32), or null. FFmpeg 6.1 moved stream side data into
/// AVCodecParameters.coded_side_data (libavcodec 60.30) and deprecated av_stream_get_side_data.
inline const int32_t *displayMatrix(const AVStream *st) {
#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(60, 30, 100)
  const AVPacketSideData *sd = av_packet_side_data_get(st->codecpar->coded_side_data, st->codecpar->nb_coded_side_data,
                                                       AV_PKT_DATA_DISPLAYMATRIX);
  return sd && sd->size >= 9 * sizeof(int32_t) ? reinterpret_cast<const int32_t *>(sd->data) : nullptr;
#else
  size_t size = 0;
  const uint8_t *d = av_stream_get_side_data(st, AV_PKT_DATA_DISPLAYMATRIX, &size);
  return d && size >= 9 * sizeof(int32_t) ? reinterpret_cast<const int32_t *>(d) : nullptr;
#endif
}

/// Whether a frame is a key frame (AVFrame.key_frame is deprecated since 6.1 in favour of a flag).
inline bool isKeyFrame(const AVFrame *frame) {
#ifdef AV_FRAME_FLAG_KEY
  return (frame->flags & AV_FRAME_FLAG_KEY) != 0;
#else
  return frame->key_frame != 0;
#endif
}

} // namespace zci::ffcompat
