#include "gpu/environment.h"

#include "gpu/cuda_driver.h"
#include "frame/ffmpeg_compat.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/hwcontext.h>
#include <libswscale/swscale.h>
}

#include <cuda_runtime_api.h>

#include <dlfcn.h>

#include <cstdio>

namespace zci {
namespace {

std::string libVersion(unsigned v) {
  return std::to_string(AV_VERSION_MAJOR(v)) + "." + std::to_string(AV_VERSION_MINOR(v)) + "." +
         std::to_string(AV_VERSION_MICRO(v));
}

std::string cudaVersionText(int v) {
  return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
}

FfmpegReport ffmpegReport() {
  FfmpegReport f;
  for (auto t = av_hwdevice_iterate_types(AV_HWDEVICE_TYPE_NONE); t != AV_HWDEVICE_TYPE_NONE;
       t = av_hwdevice_iterate_types(t)) {
    f.cudaHwaccel = f.cudaHwaccel || t == AV_HWDEVICE_TYPE_CUDA;
  }
  f.libavcodec = libVersion(avcodec_version());
  f.libavformat = libVersion(avformat_version());
  f.libavutil = libVersion(avutil_version());
  f.libswscale = libVersion(swscale_version());
  f.version = av_version_info();
  Dl_info info{};
  if (dladdr(reinterpret_cast<void *>(&avcodec_version), &info) && info.dli_fname) f.libraryPath = info.dli_fname;
  // The variant built against a bundled FFmpeg loads it from ffmpeg-lib/ beside the addon (its RUNPATH).
  f.origin = f.libraryPath.find("/ffmpeg-lib/") != std::string::npos ? "bundled" : "system";
  f.nvdecOutput = ffcompat::kNvdecCopies ? "copy" : "mapped-surface";
  f.unsafeOutputFlag = ffcompat::kUnsafeOutputFlag;
  return f;
}

// The device's UUID as nvidia-smi prints it: GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.
std::string uuidText(const cudaUUID_t &u) {
  std::string out = "GPU-";
  char hex[3];
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out += '-';
    std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(u.bytes[i]));
    out += hex;
  }
  return out;
}

CudaReport cudaReport() {
  CudaReport c;
  int runtime = 0, driverVersion = 0;
  cudaRuntimeGetVersion(&runtime);
  std::string why;
  const int count = cuda::deviceCount(&why);
  const bool haveDriver = cudaDriverGetVersion(&driverVersion) == cudaSuccess && driverVersion > 0;
  c.runtimeVersion = cudaVersionText(runtime);
  if (haveDriver) c.driverVersion = cudaVersionText(driverVersion);
  c.deviceCount = count;
  for (int i = 0; i < count; ++i) {
    cudaDeviceProp p{};
    if (cudaGetDeviceProperties(&p, i) != cudaSuccess) continue;
    char bus[32];
    std::snprintf(bus, sizeof bus, "%04x:%02x:%02x.0", p.pciDomainID, p.pciBusID, p.pciDeviceID);
    c.devices.push_back({i, p.name, std::to_string(p.major) + "." + std::to_string(p.minor), bus, uuidText(p.uuid),
                         static_cast<int64_t>(p.totalGlobalMem)});
  }
  for (int from = 0; from < count; ++from) {
    for (int to = 0; to < count; ++to) {
      if (from == to) continue;
      int can = 0;
      if (cudaDeviceCanAccessPeer(&can, from, to) != cudaSuccess) can = 0;
      c.peers.push_back({from, to, can != 0});
    }
  }
  if (count <= 0) c.error = why;
  return c;
}

} // namespace

EnvironmentReport environmentReport(const std::string &addonVersion, bool nvdecTable) {
  EnvironmentReport r;
  r.addonVersion = addonVersion;
  r.ffmpeg = ffmpegReport();
  r.cuda = cudaReport();
  r.nvcv = nvcvStatus();
  r.cvcuda = cvcudaStatus();
  if (r.cuda.deviceCount > 0) decoder_pool::load();
  r.decoderPool = decoder_pool::status();
  if (r.cuda.deviceCount <= 0) r.decoderPool.error = "no CUDA device: " + r.cuda.error.value_or("none found");
  if (r.cuda.deviceCount > 0 && !nvdecTable) {
    r.nvdecCapsError = "not asked: the whole capability table costs the driver about a second of queries; each open "
                       "asks for its own stream's row";
  } else if (r.cuda.deviceCount > 0) {
    r.nvdecCaps = nvdecCapabilities(0, &r.nvdecCapsError);
  } else {
    r.nvdecCapsError = "no CUDA device";
  }
  return r;
}

} // namespace zci
