// Before FFmpeg's probe decodes anything: the NAL units of every H.264 or HEVC packet the probe could decode are
// counted, and a packet past the cap refuses the file (nal_count.h). avformat_find_stream_info decodes the first
// packets of a stream with the same decoder the session uses, so the cap in readPacket alone would come too late.
#include "decode/decoder.h"
#include "common/error.h"
#include "decode/nal_count.h"

extern "C" {
#include <libavformat/avformat.h>
}

#include <algorithm>
#include <string>

namespace zci {

Error tooManyNalUnits(const std::string &path, int64_t pos) {
  return Error(ErrorCode::MediaTooLarge,
               "A packet" + (pos >= 0 ? " at byte " + std::to_string(pos) : std::string()) + " of " + path +
                   " holds more than " + std::to_string(kMaxNalUnitsPerPacket) +
                   " NAL units, over the cap: FFmpeg's decoder keeps state for each NAL of a packet, so such a packet "
                   "costs gigabytes",
               "Encoders write one NAL unit per slice: this stream was made to exhaust memory, or is damaged. "
               "Re-encode it if it is genuine.");
}

void Decoder::prescanNalUnits(const AVFormatContext *opened) {
  bool any = false;
  for (unsigned i = 0; i < opened->nb_streams; ++i) {
    const AVCodecID id = opened->streams[i]->codecpar->codec_id;
    any = any || id == AV_CODEC_ID_H264 || id == AV_CODEC_ID_HEVC;
  }
  if (!any) return; // no H.264 or HEVC stream known from the header: nothing the cap applies to
  // A second, demux-only context over the same file: packets are read (FFmpeg's parser splits raw streams into
  // them) but never decoded, as far as the probe would read.
  AVFormatContext *raw = avformat_alloc_context();
  if (!raw) throw Error(ErrorCode::Internal, "Out of memory opening " + path_, "Close other sessions.");
  raw->interrupt_callback = opened->interrupt_callback;
  if (avformat_open_input(&raw, path_.c_str(), opened->iformat, nullptr) < 0) return; // the real open reports it
  FormatPtr scan(raw);
  // The scan reads under the open's guard (deadline, cancel, read-ahead cap), counted on its own context; the
  // real context is watched again afterwards, with the probe's allowance.
  struct Rewatch {
    CallGuard &guard;
    const AVFormatContext *opened;
    ~Rewatch() {
      guard.watch(opened);
      guard.enter(CallPhase::Probing, opened->probesize);
    }
  } rewatch{guard_, opened};
  guard_.watch(raw);
  guard_.enter(CallPhase::Probing, opened->probesize); // as the probe itself: it keeps the packets it reads
  std::vector<NalFraming> framing(raw->nb_streams);
  for (unsigned i = 0; i < raw->nb_streams; ++i)
    framing[i] = nalFramingOf(raw->streams[i]->codecpar);
  PacketPtr packet(av_packet_alloc());
  if (!packet) throw Error(ErrorCode::Internal, "Out of memory opening " + path_, "Close other sessions.");
  const int64_t bytes = std::max<int64_t>(opened->probesize, 1 << 20);
  int64_t read = 0;
  for (int n = 0; n < opened->max_probe_packets && read < bytes; ++n) {
    const int err = av_read_frame(raw, packet.get());
    if (guard_.stopping()) {
      av_packet_unref(packet.get());
      guard_.check(); // a read past the cap, the deadline or a cancel: the open's own error
    }
    if (err < 0) break;
    guard_.packetEnded();
    read += packet->size;
    const auto s = static_cast<size_t>(packet->stream_index);
    if (s < framing.size() && packet->size <= options_.maxPacketBytes) {
      const int64_t nals =
          countNalUnits(framing[s], packet->data, static_cast<size_t>(packet->size), kMaxNalUnitsPerPacket);
      if (nals > kMaxNalUnitsPerPacket) {
        throw tooManyNalUnits(path_, packet->pos);
      }
    }
    av_packet_unref(packet.get());
  }
}

} // namespace zci
