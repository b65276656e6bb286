// Probes the machine: FFmpeg versions, CUDA runtime/driver/devices, NVCV and CV-CUDA.
#pragma once

#include "gpu/decoder_pool.h"
#include "nvcv/nvcv_loader.h"
#include "gpu/nvdec_caps.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace zci {

/// FFmpeg's library versions and whether it was built with the CUDA hwaccel; which FFmpeg it is, where it was loaded
/// from, and what its NVDEC hwaccel hands out.
struct FfmpegReport {
  std::string libavcodec, libavformat, libavutil, libswscale;
  bool cudaHwaccel = false;
  std::string version;     // av_version_info(): the release, e.g. "7.1.5-0+deb13u1" or "5.1.9-0+deb12u1"
  std::string libraryPath; // the libavcodec file this process loaded ("" when the loader cannot say)
  std::string origin;      // "bundled": the copy beside the addon; "system": the machine's own
  // "mapped-surface": each frame is NVDEC's mapped surface (FFmpeg before 6.0); "copy": FFmpeg copies each mapped
  // picture into a frame of its own pool, unless AV_HWACCEL_FLAG_UNSAFE_OUTPUT is set (6.0 and later).
  std::string nvdecOutput;
  bool unsafeOutputFlag = false; // the FFmpeg has AV_HWACCEL_FLAG_UNSAFE_OUTPUT
};

/// One CUDA device as the runtime describes it; uuid as nvidia-smi prints it ("GPU-" and 32 hex digits in groups).
struct CudaDeviceReport {
  int ordinal = 0;
  std::string name, computeCapability, pciBusId, uuid;
  int64_t totalMemory = 0;
};

/// Whether a kernel on device `from` can read device `to`'s memory once peer access is enabled (the driver's answer).
struct CudaPeerReport {
  int from = 0, to = 0;
  bool supported = false;
};

/// The CUDA runtime, the driver and the devices; error says why there are none.
struct CudaReport {
  std::string runtimeVersion;
  std::optional<std::string> driverVersion;
  int deviceCount = 0;
  std::vector<CudaDeviceReport> devices;
  std::vector<CudaPeerReport> peers; // every ordered pair of devices, none with one device
  std::optional<std::string> error;
};

/// EnvironmentReport (contract/environment.ts) as C++ values.
struct EnvironmentReport {
  std::string addonVersion;
  FfmpegReport ffmpeg;
  CudaReport cuda;
  LoadedLibrary nvcv, cvcuda;
  decoder_pool::Status decoderPool;
  // NVDEC's capability table for device 0, as the driver answers it; empty with nvdecCapsError when not asked.
  std::vector<NvdecCapability> nvdecCaps;
  std::string nvdecCapsError;
};

/// Probes FFmpeg, CUDA, NVCV and CV-CUDA, and loads the NVDEC decoder pool where a device exists; never throws.
EnvironmentReport environmentReport(const std::string &addonVersion, bool nvdecTable = true);

} // namespace zci
