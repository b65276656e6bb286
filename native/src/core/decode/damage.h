// What went wrong decoding one frame: FFmpeg's decode_error_flags by name, whether the picture is partly FFmpeg's
// concealment rather than the stream's, and the decoder's messages about the packet the frame came from.
#pragma once

#include "common/named.h"
#include "decode/log_capture.h"
#include "frame/frame_evidence.h"

#include <string>
#include <vector>

extern "C" {
struct AVFrame;
}

namespace zci {

/// The names of AVFrame.decode_error_flags bits (FF_DECODE_ERROR_*), in bit order.
inline constexpr Named<int> kDecodeErrorFlagNames[] = {
    {1, "invalid-bitstream"}, {2, "missing-reference"}, {4, "concealment-active"}, {8, "decode-slices"}};

/// The damage of a decoded frame, from its flags and the messages logged while its packet was decoded. With
/// frameThreads (a decoder running frame threads), FFmpeg may set a frame's flags after the frame is out, so what
/// they hold when read differs from run to run: they are left out, and the messages alone say whether it concealed.
FrameDamage describeDamage(const AVFrame *frame, FrameMessages messages, bool frameThreads);

} // namespace zci
