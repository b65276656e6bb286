// NVDEC's capability table: what the driver says this GPU's NVDEC decodes (cuvidGetDecoderCaps), per codec, chroma
// format and bit depth; and the answer for one stream, which decides between NVDEC and software + upload.
#pragma once

#include <cstdint>

extern "C" {
#include <libavcodec/codec_id.h>
}

#include <optional>
#include <string>
#include <vector>

namespace zci {

/// One row of the table (NvdecCapability in contract/environment.ts).
struct NvdecCapability {
  std::string codec;  // FFmpeg's codec name: "h264", "hevc", "av1", ...
  std::string chroma; // "4:0:0", "4:2:0", "4:2:2" or "4:4:4"
  int bitDepth = 8;
  bool supported = false;
  int nvdecs = 0; // engines that can take it
  int maxWidth = 0, maxHeight = 0, minWidth = 0, minHeight = 0;
  int64_t maxMacroblocks = 0;
  std::vector<std::string> outputFormats; // "nv12", "p016", "yuv444", "yuv444-16bit"
};

/// The table for device ordinal, every codec NVDEC has an id for, every chroma format and bit depth 8/10/12; empty,
/// with why, when the driver cannot be asked (no device, no pool library, no libnvcuvid). Asked of the driver once
/// per process and ordinal; later calls answer from that.
std::vector<NvdecCapability> nvdecCapabilities(int ordinal, std::string *why);

/// Asks the driver for ordinal's table now, if this process has not yet: a session calls it before its copy ledger
/// starts, so the queries' own device work is never in a ledger.
void warmNvdecCapabilities(int ordinal);

/// The driver's answer for a stream of codec, chroma subsampling (log2 of the horizontal and vertical factors, as in
/// AVPixFmtDescriptor; luma only: chromaW = chromaH = -1) and bit depth on device ordinal; nothing, with why, when
/// the codec has no NVDEC id or the driver cannot be asked.
std::optional<NvdecCapability> nvdecCapabilityFor(int ordinal, AVCodecID codec, int chromaW, int chromaH, int bitDepth,
                                                  std::string *why);

/// "NVDEC on this GPU cannot decode av1 4:2:0 8-bit (the driver's capability query, cuvidGetDecoderCaps)" or, for a
/// supported one whose size is over the limits, that; "" when cap allows width x height.
std::string nvdecRefusal(const NvdecCapability &cap, int width, int height);

} // namespace zci
