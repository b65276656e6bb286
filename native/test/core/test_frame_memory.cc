// Frames whose planes are not linear memory are named and refused: FFmpeg's CUDA-array frames (cuarray, from its
// development branch: data[0] a CUarray handle), other hardware formats and formats libavutil does not know, from
// synthetic descriptions and from synthetic AVFrames over an allocated (never initialised) CUDA frames context.
#include "check.h"

#include "common/error.h"
#include "compare/decoder_compare.h"
#include "frame/frame_memory.h"
#include "frame/pixel_layout.h"

extern "C" {
#include <libavutil/buffer.h>
#include <libavutil/frame.h>
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>
}

#include <string>

using zci::FrameMemoryFacts;
using zci::FrameMemoryKind;

namespace {

// The facts of a frame FFmpeg's CUDA hwaccel hands out today: linear NV12 in a CUDA frames context.
FrameMemoryFacts linearCuda() {
  FrameMemoryFacts f;
  f.formatNumber = AV_PIX_FMT_CUDA;
  f.format = "cuda";
  f.formatIsHardware = true;
  f.hasFramesContext = true;
  f.framesFormat = "cuda";
  f.swFormat = "nv12";
  f.swFormatIsHardware = false;
  f.deviceType = "cuda";
  return f;
}

// The facts of a CUDA-array frame: the frame and its frames context in cuarray, NV12 inside.
FrameMemoryFacts cudaArray() {
  FrameMemoryFacts f = linearCuda();
  f.formatNumber = AV_PIX_FMT_NB; // appended after the last format these headers know
  f.format = "cuarray";
  f.framesFormat = "cuarray";
  return f;
}

// The error requireLinearMemory throws for the facts, or none.
bool refused(const FrameMemoryFacts &f, zci::Error *out = nullptr) {
  try {
    zci::requireLinearMemory(f, "inspected");
  } catch (const zci::Error &e) {
    if (out) *out = e;
    return true;
  }
  return false;
}

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

// A CUDA frames context allocated without a device behind it (nothing is initialised: no driver is called).
struct SyntheticCudaFrame {
  AVBufferRef *device = av_hwdevice_ctx_alloc(AV_HWDEVICE_TYPE_CUDA);
  AVBufferRef *frames = device ? av_hwframe_ctx_alloc(device) : nullptr;
  AVFrame *frame = av_frame_alloc();

  SyntheticCudaFrame() {
    if (!frames || !frame) return;
    auto *fc = reinterpret_cast<AVHWFramesContext *>(frames->data);
    fc->format = AV_PIX_FMT_CUDA;
    fc->sw_format = AV_PIX_FMT_NV12;
    fc->width = 64;
    fc->height = 32;
    frame->format = AV_PIX_FMT_CUDA;
    frame->width = 64;
    frame->height = 32;
    frame->hw_frames_ctx = av_buffer_ref(frames);
    // A handle-shaped value where a linear frame has its plane: refused before anything reads it.
    frame->data[0] = reinterpret_cast<uint8_t *>(uintptr_t{0x1234});
  }
  ~SyntheticCudaFrame() {
    av_frame_free(&frame);
    av_buffer_unref(&frames);
    av_buffer_unref(&device);
  }
  SyntheticCudaFrame(const SyntheticCudaFrame &) = delete;
  SyntheticCudaFrame &operator=(const SyntheticCudaFrame &) = delete;
  AVHWFramesContext *context() { return reinterpret_cast<AVHWFramesContext *>(frames->data); }
};

} // namespace

CORE_TEST(linear_cuda_and_host_frames_pass) {
  CHECK(zci::classifyFrameMemory(linearCuda()).kind == FrameMemoryKind::LinearDevice);
  CHECK(!refused(linearCuda()));
  FrameMemoryFacts host;
  host.formatNumber = AV_PIX_FMT_YUV420P;
  host.format = "yuv420p";
  host.formatIsHardware = false;
  CHECK(zci::classifyFrameMemory(host).kind == FrameMemoryKind::Host);
  CHECK(!refused(host));
}

CORE_TEST(cuda_array_frames_are_named_and_refused) {
  const zci::FrameMemoryVerdict v = zci::classifyFrameMemory(cudaArray());
  CHECK(v.kind == FrameMemoryKind::CudaArray);
  CHECK(contains(v.why, "CUDA arrays"));
  zci::Error e(zci::ErrorCode::Internal, "", "");
  CHECK(refused(cudaArray(), &e));
  CHECK_STR(zci::errorCodeName(e.code()), "NOT_LINEAR_MEMORY");
  CHECK(contains(e.what(), "CUarray handle"));
  CHECK(contains(e.remedy(), "hands out CUDA arrays"));
  CHECK(contains(e.remedy(), "-hwaccel_output_format cuda"));
  // A frame that calls itself CUDA over a frames context of CUDA arrays is one too.
  FrameMemoryFacts mixed = linearCuda();
  mixed.framesFormat = "cuarray";
  CHECK(zci::classifyFrameMemory(mixed).kind == FrameMemoryKind::CudaArray);
  CHECK(refused(mixed));
}

CORE_TEST(other_hardware_and_unknown_formats_are_not_linear) {
  FrameMemoryFacts vaapi;
  vaapi.formatNumber = AV_PIX_FMT_VAAPI;
  vaapi.format = "vaapi";
  vaapi.formatIsHardware = true;
  CHECK(zci::classifyFrameMemory(vaapi).kind == FrameMemoryKind::NotLinear);
  CHECK(contains(zci::classifyFrameMemory(vaapi).why, "'vaapi'"));
  CHECK(refused(vaapi));
  FrameMemoryFacts unknown; // a number past every format this libavutil knows: no name, no descriptor
  unknown.formatNumber = AV_PIX_FMT_NB + 7;
  CHECK(zci::classifyFrameMemory(unknown).kind == FrameMemoryKind::NotLinear);
  CHECK(contains(zci::classifyFrameMemory(unknown).why, std::to_string(AV_PIX_FMT_NB + 7)));
  CHECK(refused(unknown));
}

CORE_TEST(a_cuda_frame_is_linear_only_over_a_cuda_frames_context_of_a_software_format) {
  FrameMemoryFacts noContext = linearCuda();
  noContext.hasFramesContext = false;
  FrameMemoryFacts otherFrames = linearCuda();
  otherFrames.framesFormat = "vulkan";
  FrameMemoryFacts otherDevice = linearCuda();
  otherDevice.deviceType = "vulkan";
  FrameMemoryFacts hardwareInside = linearCuda();
  hardwareInside.swFormat = "vulkan";
  hardwareInside.swFormatIsHardware = true;
  FrameMemoryFacts unnamedInside = linearCuda();
  unnamedInside.swFormat.clear();
  for (const FrameMemoryFacts &f : {noContext, otherFrames, otherDevice, hardwareInside, unnamedInside}) {
    CHECK(zci::classifyFrameMemory(f).kind == FrameMemoryKind::NotLinear);
    CHECK(!zci::classifyFrameMemory(f).why.empty());
    CHECK(refused(f));
  }
}

CORE_TEST(a_synthetic_cuda_frame_reads_its_facts_from_libavutil) {
  SyntheticCudaFrame s;
  if (!CHECK(s.frames != nullptr && s.frame != nullptr)) return; // this libavutil has the CUDA hwcontext
  const FrameMemoryFacts f = zci::frameMemoryFacts(s.frame);
  CHECK_STR(f.format, "cuda");
  CHECK_STR(f.framesFormat, "cuda");
  CHECK_STR(f.swFormat, "nv12");
  CHECK_STR(f.deviceType, "cuda");
  CHECK(zci::classifyFrameMemory(f).kind == FrameMemoryKind::LinearDevice);
  // Where this libavutil knows FFmpeg's CUDA-array format (its development branch), the context takes that format;
  // elsewhere another hardware format stands in for it.
  const AVPixelFormat cuarray = av_get_pix_fmt("cuarray");
  s.context()->format = cuarray != AV_PIX_FMT_NONE ? cuarray : AV_PIX_FMT_VULKAN;
  s.frame->format = s.context()->format;
  const FrameMemoryKind expected = cuarray != AV_PIX_FMT_NONE ? FrameMemoryKind::CudaArray : FrameMemoryKind::NotLinear;
  CHECK(zci::classifyFrameMemory(zci::frameMemoryFacts(s.frame)).kind == expected);
}

CORE_TEST(describing_or_comparing_a_frame_that_is_not_linear_refuses_it_first) {
  SyntheticCudaFrame s;
  if (!CHECK(s.frames != nullptr && s.frame != nullptr)) return;
  s.context()->format = AV_PIX_FMT_VULKAN; // a CUDA frame whose context is not CUDA's linear memory
  std::string code;
  try {
    zci::describeFrame(s.frame);
  } catch (const zci::Error &e) {
    code = zci::errorCodeName(e.code());
  }
  CHECK_STR(code, "NOT_LINEAR_MEMORY");
  AVFrame *host = av_frame_alloc();
  host->format = AV_PIX_FMT_NV12;
  host->width = 64;
  host->height = 32;
  code.clear();
  try {
    zci::compareFrames(s.frame, host, 8, 64, 32, false, zci::CompareWhere::Host);
  } catch (const zci::Error &e) {
    code = zci::errorCodeName(e.code());
  }
  CHECK_STR(code, "NOT_LINEAR_MEMORY");
  av_frame_free(&host);
}
