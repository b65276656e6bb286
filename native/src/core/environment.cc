#include "environment.h"

#include "cuda_driver.h"
#include "json.h"
#include "nvcv_loader.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/hwcontext.h>
#include <libswscale/swscale.h>
}

#include <cuda_runtime_api.h>

namespace zci {
namespace {

std::string libVersion(unsigned v) {
  return std::to_string(AV_VERSION_MAJOR(v)) + "." + std::to_string(AV_VERSION_MINOR(v)) + "." +
         std::to_string(AV_VERSION_MICRO(v));
}

std::string cudaVersionText(int v) {
  return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
}

void library(JsonWriter &j, const char *key, const LoadedLibrary &l) {
  j.beginObject(key).field("loaded", l.loaded);
  j.field("path", l.loaded ? std::optional<std::string>(l.path) : std::nullopt);
  j.field("version", l.loaded ? std::optional<std::string>(l.version) : std::nullopt);
  j.field("error", l.loaded ? std::nullopt : std::optional<std::string>(l.error));
  j.beginArray("searched");
  for (const auto &s : l.searched)
    j.value(s);
  j.endArray().endObject();
}

} // namespace

std::string environmentJson(const std::string &addonVersion) {
  JsonWriter j;
  j.beginObject().field("addonVersion", addonVersion);

  bool cudaHwaccel = false;
  for (auto t = av_hwdevice_iterate_types(AV_HWDEVICE_TYPE_NONE); t != AV_HWDEVICE_TYPE_NONE;
       t = av_hwdevice_iterate_types(t)) {
    cudaHwaccel = cudaHwaccel || t == AV_HWDEVICE_TYPE_CUDA;
  }
  j.beginObject("ffmpeg")
      .field("libavcodec", libVersion(avcodec_version()))
      .field("libavformat", libVersion(avformat_version()))
      .field("libavutil", libVersion(avutil_version()))
      .field("libswscale", libVersion(swscale_version()))
      .field("cudaHwaccel", cudaHwaccel)
      .endObject();

  int runtime = 0, driverVersion = 0;
  cudaRuntimeGetVersion(&runtime);
  std::string why;
  const int count = cuda::deviceCount(&why);
  const bool haveDriver = cudaDriverGetVersion(&driverVersion) == cudaSuccess && driverVersion > 0;
  j.beginObject("cuda").field("runtimeVersion", cudaVersionText(runtime));
  j.field("driverVersion", haveDriver ? std::optional<std::string>(cudaVersionText(driverVersion)) : std::nullopt);
  j.field("deviceCount", count).beginArray("devices");
  for (int i = 0; i < count; ++i) {
    cudaDeviceProp p{};
    if (cudaGetDeviceProperties(&p, i) != cudaSuccess) continue;
    char bus[32];
    std::snprintf(bus, sizeof bus, "%04x:%02x:%02x.0", p.pciDomainID, p.pciBusID, p.pciDeviceID);
    j.beginObject()
        .field("ordinal", i)
        .field("name", p.name)
        .field("computeCapability", std::to_string(p.major) + "." + std::to_string(p.minor))
        .field("totalMemory", static_cast<int64_t>(p.totalGlobalMem))
        .field("pciBusId", std::string(bus))
        .endObject();
  }
  j.endArray();
  j.field("error", count > 0 ? std::nullopt : std::optional<std::string>(why));
  j.endObject();

  library(j, "nvcv", nvcvStatus());
  library(j, "cvcuda", cvcudaStatus());
  j.endObject();
  return j.str();
}

} // namespace zci
