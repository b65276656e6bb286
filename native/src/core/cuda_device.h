// The CUDA device that FFmpeg decodes on and the inspector works on, with one shared context by default.
#pragma once

#include <cuda.h>

extern "C" {
#include <libavutil/buffer.h>
}

#include <memory>
#include <string>

namespace zci {

/// How FFmpeg's CUDA context is chosen.
enum class ContextMode {
  Shared,        // the device's primary context, retained by us and handed to FFmpeg: one context in either order
  Private,       // FFmpeg creates its own context (its default): two contexts, to show the mismatch
  FfmpegPrimary, // FFmpeg's AV_CUDA_USE_PRIMARY_CONTEXT flag: fails when the runtime came first
};

/// Whether the CUDA runtime is initialised before or after the decoder's device.
enum class InitOrder { DecoderFirst, RuntimeFirst };

/// Parses "shared" | "private" | "ffmpeg-primary"; throws INVALID_ARGUMENT.
ContextMode parseContextMode(const std::string &s);
/// Parses "decoder-first" | "runtime-first"; throws INVALID_ARGUMENT.
InitOrder parseInitOrder(const std::string &s);

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
