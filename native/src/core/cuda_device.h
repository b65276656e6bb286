// The CUDA device that FFmpeg decodes on and the inspector works on, with one shared context by default.
#pragma once

#include "options.h"

#include <cuda.h>

extern "C" {
#include <libavutil/buffer.h>
}

#include <memory>
#include <string>

namespace zci {

/// Owns FFmpeg's AV_HWDEVICE_TYPE_CUDA device and, in Shared mode, a retain of the primary context.
class CudaDevice {
public:
  /// Throws NO_CUDA_DEVICE or CUDA_ERROR with FFmpeg's or the driver's reason.
  CudaDevice(int ordinal, ContextMode mode, InitOrder order);
  ~CudaDevice();
  CudaDevice(const CudaDevice &) = delete;
  CudaDevice &operator=(const CudaDevice &) = delete;

  int ordinal() const { return ordinal_; }
  /// The AVBufferRef FFmpeg decodes with (not a new reference).
  AVBufferRef *hwDevice() const { return hwDevice_; }
  /// FFmpeg's CUcontext and CUstream (0 = the legacy default stream).
  CUcontext ffmpegContext() const;
  CUstream ffmpegStream() const;
  /// The context the CUDA runtime (and so CV-CUDA) uses on this device, as seen on the calling thread.
  uint64_t runtimeContext() const;
  /// A human sentence naming the strategy, for the report.
  const std::string &strategy() const { return strategy_; }

private:
  int ordinal_;
  ContextMode mode_;
  AVBufferRef *hwDevice_ = nullptr;
  CUcontext retained_ = nullptr;
  std::string strategy_;
};

} // namespace zci
