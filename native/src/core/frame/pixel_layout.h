// What the planes of a decoded frame are, from FFmpeg's pixel format descriptor (not guessed from the codec).
#pragma once

extern "C" {
#include <libavutil/frame.h>
#include <libavutil/pixfmt.h>
}

#include <string>
#include <vector>

namespace zci {

/// One plane's geometry in its own pixels.
struct PlaneGeometry {
  std::string name; // "Y", "UV", "U", "V", …
  int width = 0;    // pixels of this plane
  int height = 0;   // rows of this plane
  int bytesPerPixel = 0;
  int channels = 0;               // components stored in this plane
  int bitsPerComponentStored = 0; // container bits: 8 or 16
};

/// The frame's memory layout as FFmpeg defines it.
struct FrameLayout {
  AVPixelFormat swFormat = AV_PIX_FMT_NONE;
  std::string swFormatName;
  std::string hwFormatName; // "cuda" for device frames, empty for host frames
  int bitDepth = 0;
  int shift = 0;           // bits the samples are shifted left within their container (P010: 6)
  std::string subsampling; // "4:2:0", "4:2:2", "4:4:4", "4:0:0"
  bool device = false;
  std::vector<PlaneGeometry> planes;
};

/// Describes a frame (host or AV_PIX_FMT_CUDA); throws NOT_LINEAR_MEMORY for a frame whose planes are not linear
/// memory (frame_memory.h), UNSUPPORTED_CODEC for bitstream or packed formats we can't draw.
FrameLayout describeFrame(const AVFrame *frame);

/// "tv" | "pc" | "unspecified".
std::string colorRangeName(const AVFrame *frame);
/// "bt709", "bt470bg", "smpte170m", "bt2020nc", … (FFmpeg's names), or "unspecified".
std::string colorMatrixName(const AVFrame *frame);

} // namespace zci
