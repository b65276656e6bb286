// The CUDA device that FFmpeg decodes on and the inspector works on, with one shared context by default.
#pragma once

#include "common/options.h"

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
  /// The context strategy this device was opened with.
  ContextMode mode() const { return mode_; }
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

/// Keeps one retain of the device's primary context for the life of the process, so that closing the last session
/// does not destroy it and the next open does not pay for creating it again (about 220 ms). Idempotent; returns
/// false, with why, when the device or the driver is not usable.
bool keepPrimaryContextWarm(int ordinal, std::string *why = nullptr);

/// Gives back the retain keepPrimaryContextWarm took (before FFmpeg is asked to create the primary context with its
/// own flags, which it refuses while the context is active with others). Idempotent.
void releaseWarmPrimaryContext(int ordinal);

} // namespace zci
