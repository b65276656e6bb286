#include "decode/damage.h"

extern "C" {
#include <libavutil/frame.h>
}

namespace zci {

FrameDamage describeDamage(const AVFrame *frame, FrameMessages messages) {
  FrameDamage d;
  for (const Named<int> &bit : kDecodeErrorFlagNames) {
    if (frame->decode_error_flags & bit.value) d.flags.emplace_back(bit.name);
  }
  // With frame threads, FFmpeg hands out a frame before its error concealment ran, so its flags stay 0: the error
  // the decoder logged while decoding the frame's packet is then the only sign of damage.
  d.concealed = frame->decode_error_flags != 0 || (frame->flags & AV_FRAME_FLAG_CORRUPT) || messages.anyError;
  d.messages = std::move(messages.lines);
  return d;
}

} // namespace zci
