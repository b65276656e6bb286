#include "frame/frame_memory.h"

#include "common/error.h"

extern "C" {
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>
}

namespace zci {

namespace {

// The name libavutil gives FFmpeg's CUDA-array pixel format, and the one of its linear CUDA format.
constexpr const char *kCudaArray = "cuarray";
constexpr const char *kCuda = "cuda";

std::string formatText(const FrameMemoryFacts &f) {
  return f.format.empty() ? "pixel format number " + std::to_string(f.formatNumber) : "'" + f.format + "'";
}

// Why a frame in FFmpeg's CUDA format is not linear device memory, or empty when it is.
std::string cudaFrameFault(const FrameMemoryFacts &f) {
  if (!f.hasFramesContext) return "a CUDA frame without a frames context: nothing says what its pointers are";
  if (f.framesFormat != kCuda)
    return "a CUDA frame whose frames context is in " +
           (f.framesFormat.empty() ? std::string("a format libavutil does not name") : "'" + f.framesFormat + "'");
  if (f.deviceType != kCuda)
    return "a CUDA frame whose frames context belongs to " +
           (f.deviceType.empty() ? std::string("no known device type") : "a '" + f.deviceType + "' device");
  if (f.swFormat.empty() || f.swFormatIsHardware)
    return "a CUDA frame whose frames context's software format is " +
           (f.swFormat.empty() ? std::string("one libavutil does not name") : "'" + f.swFormat + "', itself a handle");
  return "";
}

} // namespace

FrameMemoryVerdict classifyFrameMemory(const FrameMemoryFacts &f) {
  if (f.format == kCudaArray || (f.hasFramesContext && f.framesFormat == kCudaArray))
    return {FrameMemoryKind::CudaArray, "its planes are CUDA arrays (FFmpeg's cuarray frames): data[0] is a CUarray "
                                        "handle and data[1] an index into the frames context's surfaces, no address"};
  if (f.format == kCuda) {
    std::string fault = cudaFrameFault(f);
    if (fault.empty()) return {FrameMemoryKind::LinearDevice, ""};
    return {FrameMemoryKind::NotLinear, std::move(fault)};
  }
  if (!f.format.empty() && !f.formatIsHardware) return {FrameMemoryKind::Host, ""};
  if (f.format.empty())
    return {FrameMemoryKind::NotLinear, "its " + formatText(f) +
                                            " is one this libavutil does not know, so nothing "
                                            "says its data pointers are addresses"};
  return {FrameMemoryKind::NotLinear, "its format " + formatText(f) +
                                          " is a hardware format other than CUDA's linear one: its data pointers are "
                                          "that API's handles"};
}

FrameMemoryFacts frameMemoryFacts(const AVFrame *frame) {
  FrameMemoryFacts f;
  f.formatNumber = frame->format;
  const auto format = static_cast<AVPixelFormat>(frame->format);
  if (const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(format)) {
    f.format = d->name ? d->name : "";
    f.formatIsHardware = (d->flags & AV_PIX_FMT_FLAG_HWACCEL) != 0;
  }
  if (!frame->hw_frames_ctx) return f;
  f.hasFramesContext = true;
  const auto *frames = reinterpret_cast<const AVHWFramesContext *>(frame->hw_frames_ctx->data);
  if (const char *name = av_get_pix_fmt_name(frames->format)) f.framesFormat = name;
  if (const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(frames->sw_format)) {
    f.swFormat = d->name ? d->name : "";
    f.swFormatIsHardware = (d->flags & AV_PIX_FMT_FLAG_HWACCEL) != 0;
  }
  if (frames->device_ctx)
    if (const char *type = av_hwdevice_get_type_name(frames->device_ctx->type)) f.deviceType = type;
  return f;
}

void requireLinearMemory(const FrameMemoryFacts &facts, const std::string &use) {
  const FrameMemoryVerdict v = classifyFrameMemory(facts);
  if (v.kind == FrameMemoryKind::Host || v.kind == FrameMemoryKind::LinearDevice) return;
  if (v.kind == FrameMemoryKind::CudaArray) {
    throw Error(ErrorCode::NotLinearMemory, "This frame cannot be " + use + " by pointer: " + v.why,
                "This FFmpeg hands out CUDA arrays: decode into AV_PIX_FMT_CUDA frames instead (choose AV_PIX_FMT_CUDA "
                "in get_format; the ffmpeg tool's -hwaccel cuda -hwaccel_output_format cuda), whose planes are "
                "linear device memory, or decode in software (decode: 'software').");
  }
  throw Error(ErrorCode::NotLinearMemory, "This frame cannot be " + use + " by pointer: " + v.why,
              "Decode with FFmpeg's CUDA hwaccel into AV_PIX_FMT_CUDA frames (the ffmpeg tool's -hwaccel cuda "
              "-hwaccel_output_format cuda), whose planes are linear device memory, or decode in software (decode: "
              "'software').");
}

void requireLinearMemory(const AVFrame *frame, const std::string &use) {
  requireLinearMemory(frameMemoryFacts(frame), use);
}

} // namespace zci
