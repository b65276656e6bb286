// Which device holds what for one frame: each plane's memory (the driver's device ordinal of its pointer), the
// decoder, NVCV's image and the operators, peer access between the frame's device and the operators' when they
// differ, and what operators must do to reach the frame there (the device doctor's verdict).
#pragma once

#include "common/options.h"
#include "frame/frame_evidence.h"
#include "gpu/cuda_device.h"

extern "C" {
#include <libavutil/frame.h>
}

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace zci {

/// A retain of one device's primary context for a scope (none for ordinal -1); throws CUDA_ERROR when the driver
/// refuses it.
class PrimaryContext {
public:
  explicit PrimaryContext(int ordinal);
  ~PrimaryContext();
  PrimaryContext(const PrimaryContext &) = delete;
  PrimaryContext &operator=(const PrimaryContext &) = delete;
  CUcontext get() const { return context_; }

private:
  int ordinal_ = -1;
  CUcontext context_ = nullptr;
};

/// The device operators run on for a frame decoded on `cuda` (its own when placement.device is -1).
int operatorDeviceFor(const CudaDevice *cuda, const OperatorPlacement &placement);

/// Throws NO_CUDA_DEVICE, naming the count, when operators are asked on a device the driver does not list (any device
/// where it lists none); does nothing when no device was asked.
void requireOperatorDevice(const OperatorPlacement &placement);

/// Checks an operator placement when a file opens: the device exists, and peer access, when asked across devices, is
/// supported and enabled from the operator device's primary context to the decoder's context. Throws
/// NO_CUDA_DEVICE or PEER_ACCESS_UNSUPPORTED with the remedy; does nothing on one device.
void prepareOperatorPlacement(const CudaDevice &cuda, const OperatorPlacement &placement);

/// Fills the placement section for a frame (the driver answers each plane's device).
void gatherPlacement(const AVFrame *frame, const CudaDevice *cuda, const OperatorPlacement &placement,
                     PlacementEvidence &out);

} // namespace zci
