// Whether a frame's planes are linear memory the inspector may read through their data pointers: host memory, or
// pitched CUDA device memory (AV_PIX_FMT_CUDA, whose frames context's pool hands out CUdeviceptr allocations). FFmpeg's
// development branch adds CUDA-array frames (AV_PIX_FMT_CUARRAY, named "cuarray"; its frames context has that
// format): data[0] holds a CUarray handle and data[1] an index into the context's surfaces, no address. Every other
// hardware format is some API's handle too. Such frames are refused with NOT_LINEAR_MEMORY before a pointer is read.
//
// AV_PIX_FMT_CUARRAY is appended to the pixel formats after AV_PIX_FMT_OHCODEC, so its number depends on the FFmpeg;
// the FFmpeg versions built here have no such format. It is known by the name libavutil gives it at run time.
#pragma once

extern "C" {
#include <libavutil/frame.h>
}

#include <string>

namespace zci {

/// What decides whether a frame's planes are linear: the names and flags libavutil's descriptors give for the frame's
/// format and its frames context. Built from a frame by frameMemoryFacts, or by hand (a test's synthetic frame).
struct FrameMemoryFacts {
  int formatNumber = -1;          // frame->format
  std::string format;             // its name ("cuda", "nv12", "cuarray"), empty when libavutil names none
  bool formatIsHardware = true;   // its descriptor says AV_PIX_FMT_FLAG_HWACCEL, or it has no descriptor
  bool hasFramesContext = false;  // frame->hw_frames_ctx is set
  std::string framesFormat;       // the frames context's (hardware) format's name
  std::string swFormat;           // the frames context's sw_format's name
  bool swFormatIsHardware = true; // sw_format's descriptor says AV_PIX_FMT_FLAG_HWACCEL, or it has none
  std::string deviceType;         // the frames context's device type ("cuda"), empty when unknown
};

/// What a frame's planes are.
enum class FrameMemoryKind {
  Host,         // a software format: the planes are host addresses
  LinearDevice, // AV_PIX_FMT_CUDA over a CUDA frames context: pitched device memory
  CudaArray,    // FFmpeg's cuarray frames: CUarray handles
  NotLinear,    // any other hardware format, or one libavutil does not know: handles, not addresses
};

/// The kind, and for a frame that is not linear what makes it so.
struct FrameMemoryVerdict {
  FrameMemoryKind kind = FrameMemoryKind::NotLinear;
  std::string why; // empty for Host and LinearDevice
};

/// The verdict from the facts alone (no FFmpeg call): linear only where the facts say so.
FrameMemoryVerdict classifyFrameMemory(const FrameMemoryFacts &facts);

/// The facts of a frame, read through libavutil.
FrameMemoryFacts frameMemoryFacts(const AVFrame *frame);

/// Throws NOT_LINEAR_MEMORY, with what the planes are and the FFmpeg option that gives linear frames, when the facts
/// say the planes are not linear memory; `use` names what was about to read them ("inspected", "compared").
void requireLinearMemory(const FrameMemoryFacts &facts, const std::string &use);

/// requireLinearMemory for a frame's own facts.
void requireLinearMemory(const AVFrame *frame, const std::string &use);

} // namespace zci
