// What went wrong decoding one frame: FFmpeg's decode_error_flags by name, whether the picture is partly FFmpeg's
// concealment rather than the stream's, and the decoder's messages about the packet the frame came from.
#pragma once

#include "decode/log_capture.h"
#include "common/named.h"

#include <string>
#include <vector>

extern "C" {
struct AVFrame;
}

namespace zci {

/// The names of AVFrame.decode_error_flags bits (FF_DECODE_ERROR_*), in bit order.
inline constexpr Named<int> kDecodeErrorFlagNames[] = {
    {1, "invalid-bitstream"}, {2, "missing-reference"}, {4, "concealment-active"}, {8, "decode-slices"}};

/// The damage section of a frame report.
struct FrameDamage {
  bool concealed = false;            // FFmpeg flagged the frame, or its decoder logged an error decoding it
  std::vector<std::string> flags;    // names of the decode_error_flags bits set
  std::vector<std::string> messages; // the decoder's warnings and errors about this frame's packet
};

/// The damage of a decoded frame, from its flags and the messages logged while its packet was decoded.
FrameDamage describeDamage(const AVFrame *frame, FrameMessages messages);

} // namespace zci
