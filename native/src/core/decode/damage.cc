#include "decode/damage.h"

extern "C" {
#include <libavutil/frame.h>
}

namespace zci {

FrameDamage describeDamage(const AVFrame *frame, FrameMessages messages, bool frameThreads) {
  FrameDamage d;
  // With frame threads, FFmpeg may hand out a frame before its error concealment ran, and set its flags later: read
  // at once, they hold the concealment in some runs and nothing in others (h264-damaged-642x362.mp4 in software).
  // The error the decoder logged while decoding the frame's packet is then the only steady sign of damage.
  const int flags = frameThreads ? 0 : frame->decode_error_flags;
  for (const Named<int> &bit : kDecodeErrorFlagNames) {
    if (flags & bit.value) d.flags.emplace_back(bit.name);
  }
  d.concealed = flags != 0 || (!frameThreads && (frame->flags & AV_FRAME_FLAG_CORRUPT)) || messages.anyError;
  d.messages = std::move(messages.lines);
  return d;
}

} // namespace zci
