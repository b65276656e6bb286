#include "bench_nvdec.h"

#include "gpu/cuda_device.h"
#include "gpu/cuda_driver.h"
#include "gpu/decoder_pool.h"
#include "common/error.h"
#include "json_line.h"
#include "session/session.h"

#include <ffnvcodec/dynlink_cuda.h>
#include <ffnvcodec/dynlink_cuviddec.h>

#include <dlfcn.h>

#include <chrono>

namespace zci::bench {
namespace {

double msSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

int benchNvdecCreate(const std::string &file, int rounds, const DecoderOptions &options) {
  int width = 0, height = 0, depth = 8, surfaces = 0;
  cudaVideoCodec codec = cudaVideoCodec_H264;
  {
    DecoderOptions nvdec = options;
    nvdec.mode = DecodeMode::Nvdec;
    Session session(file, nvdec);
    session.show(FrameTarget::at(0), ShowRequest{{false}});
    const StreamInfo &info = session.decoder().info();
    width = info.codedWidth;
    height = info.codedHeight;
    depth = info.bitDepth;
    surfaces = session.decoder().poolSize();
    if (info.codec == "hevc")
      codec = cudaVideoCodec_HEVC;
    else if (info.codec != "h264")
      throw Error(ErrorCode::InvalidArgument, "Only H.264 and HEVC files", "Pass one.");
  }
  std::string why;
  const std::string real = decoder_pool::driverLibraryPath(&why);
  if (real.empty()) throw Error(ErrorCode::NvdecUnavailable, why, "Run on a machine with the NVIDIA driver.");
  void *lib = dlopen(real.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib) throw Error(ErrorCode::NvdecUnavailable, "dlopen " + real + " failed", "Check the driver.");
  auto caps = reinterpret_cast<tcuvidGetDecoderCaps *>(dlsym(lib, "cuvidGetDecoderCaps"));
  auto create = reinterpret_cast<tcuvidCreateDecoder *>(dlsym(lib, "cuvidCreateDecoder"));
  auto destroy = reinterpret_cast<tcuvidDestroyDecoder *>(dlsym(lib, "cuvidDestroyDecoder"));
  if (!caps || !create || !destroy) throw Error(ErrorCode::NvdecUnavailable, real + " lacks a function", "");
  // FFmpeg's context (the retained primary context), current as FFmpeg makes it for its own calls.
  CudaDevice device(options.device, ContextMode::Shared, InitOrder::DecoderFirst);
  cuda::ScopedContext scope(device.ffmpegContext());
  for (int round = 0; round < rounds; ++round) {
    CUVIDDECODECAPS c{};
    c.eCodecType = codec;
    c.eChromaFormat = cudaVideoChromaFormat_420;
    c.nBitDepthMinus8 = static_cast<unsigned>(depth - 8);
    auto t0 = std::chrono::steady_clock::now();
    const CUresult capsResult = caps(&c);
    const double capsMs = msSince(t0);
    // The parameters FFmpeg 5.1's nvdec passes (nvdec.c: ff_nvdec_decode_init).
    CUVIDDECODECREATEINFO p{};
    p.ulWidth = p.ulTargetWidth = static_cast<unsigned long>(width);
    p.ulHeight = p.ulTargetHeight = static_cast<unsigned long>(height);
    p.bitDepthMinus8 = static_cast<unsigned long>(depth - 8);
    p.OutputFormat = depth > 8 ? cudaVideoSurfaceFormat_P016 : cudaVideoSurfaceFormat_NV12;
    p.CodecType = codec;
    p.ChromaFormat = cudaVideoChromaFormat_420;
    p.ulNumDecodeSurfaces = p.ulNumOutputSurfaces = static_cast<unsigned long>(surfaces);
    CUvideodecoder handle = nullptr;
    t0 = std::chrono::steady_clock::now();
    const CUresult createResult = create(&handle, &p);
    const double createMs = msSince(t0);
    t0 = std::chrono::steady_clock::now();
    if (handle) destroy(handle);
    const double destroyMs = msSince(t0);
    JsonLine()
        .add("bench", "nvdec-create")
        .add("file", file)
        .add("round", round)
        .add("codec", codec == cudaVideoCodec_HEVC ? "hevc" : "h264")
        .add("codedWidth", width)
        .add("codedHeight", height)
        .add("bitDepth", depth)
        .add("surfaces", surfaces)
        .add("capsResult", static_cast<int>(capsResult))
        .add("createResult", static_cast<int>(createResult))
        .add("capsMs", capsMs)
        .add("createMs", createMs)
        .add("destroyMs", destroyMs)
        .print();
  }
  dlclose(lib);
  return 0;
}

} // namespace zci::bench
