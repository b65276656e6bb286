// How many NAL units an H.264 or HEVC packet holds, counted before FFmpeg's decoder sees it: FFmpeg's H.264 and HEVC
// decoders keep state of several KB for each NAL of a packet while they decode it, so a packet of a few MB made of
// tiny NAL units costs gigabytes. The decoder refuses a packet past kMaxNalUnitsPerPacket (options.h).
#pragma once

#include <cstddef>
#include <cstdint>

struct AVCodecParameters;

namespace zci {

/// How a stream's packets frame their NAL units.
struct NalFraming {
  bool counted = false; // H.264 or HEVC: the count applies; other codecs are not counted
  int lengthPrefix = 0; // 1, 2 or 4: length-prefixed (avcC / hvcC, as in MP4 and Matroska); 0: Annex-B start codes
};

/// The framing of an H.264 (isHevc false) or HEVC stream from its extradata (avcC or hvcC where it starts with 1).
NalFraming nalFraming(bool isHevc, const uint8_t *extradata, size_t extradataSize);

/// The framing of a stream from its parameters: counted for H.264 and HEVC (from their extradata), not otherwise.
NalFraming nalFramingOf(const AVCodecParameters *par);

/// NAL units in a packet, counting at most `stopAfter` + 1 (the caller only needs to know whether the cap is passed).
/// Annex-B: start codes (00 00 01); length-prefixed: the lengths, stopping at one that runs past the packet.
int64_t countNalUnits(const NalFraming &framing, const uint8_t *data, size_t size, int64_t stopAfter);

} // namespace zci
