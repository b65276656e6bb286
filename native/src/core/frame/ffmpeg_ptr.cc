#include "frame/ffmpeg_ptr.h"

extern "C" {
#include <libavutil/error.h>
}

namespace zci {

FramePtr refFrame(const AVFrame *src) {
  FramePtr dst(av_frame_alloc());
  if (!dst || av_frame_ref(dst.get(), src) < 0) return nullptr;
  return dst;
}

std::string avError(int err) {
  char buf[AV_ERROR_MAX_STRING_SIZE] = {0};
  av_strerror(err, buf, sizeof buf);
  return buf;
}

} // namespace zci
