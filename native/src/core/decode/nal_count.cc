#include "decode/nal_count.h"

extern "C" {
#include <libavcodec/codec_par.h>
}

#include <algorithm>

namespace zci {

NalFraming nalFramingOf(const AVCodecParameters *par) {
  if (par->codec_id != AV_CODEC_ID_H264 && par->codec_id != AV_CODEC_ID_HEVC) return NalFraming{};
  return nalFraming(par->codec_id == AV_CODEC_ID_HEVC, par->extradata,
                    static_cast<size_t>(std::max(0, par->extradata_size)));
}

NalFraming nalFraming(bool isHevc, const uint8_t *extradata, size_t extradataSize) {
  NalFraming f;
  f.counted = true;
  if (extradata == nullptr || extradataSize == 0 || extradata[0] != 1) return f; // Annex-B (or no extradata)
  // avcC: lengthSizeMinusOne in the low two bits of byte 4; hvcC: of byte 21.
  const size_t at = isHevc ? 21 : 4;
  if (extradataSize <= at) return f;
  const int length = (extradata[at] & 3) + 1;
  f.lengthPrefix = length == 3 ? 0 : length; // 3 is not a valid length size; FFmpeg refuses it too
  return f;
}

int64_t countNalUnits(const NalFraming &framing, const uint8_t *data, size_t size, int64_t stopAfter) {
  if (!framing.counted || data == nullptr) return 0;
  int64_t n = 0;
  if (framing.lengthPrefix == 0) {
    for (size_t i = 0; i + 2 < size && n <= stopAfter; ++i) {
      if (data[i] == 0 && data[i + 1] == 0 && data[i + 2] == 1) {
        ++n;
        i += 2;
      }
    }
    return n;
  }
  const auto width = static_cast<size_t>(framing.lengthPrefix);
  size_t at = 0;
  while (at + width <= size && n <= stopAfter) {
    uint64_t length = 0;
    for (size_t k = 0; k < width; ++k)
      length = (length << 8) | data[at + k];
    at += width;
    if (length > size - at) break; // a length past the packet: FFmpeg reports it; nothing more to count
    at += static_cast<size_t>(length);
    ++n;
  }
  return n;
}

} // namespace zci
