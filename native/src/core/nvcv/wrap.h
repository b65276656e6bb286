// Wraps a decoded frame into an NVCV image (and, where valid, a tensor) without copying; the image owns a frame ref.
#pragma once

#include "frame/frame_evidence.h"
#include "frame/ffmpeg_ptr.h"
#include "nvcv/nvcv_api.h"
#include "frame/pixel_layout.h"

#include <atomic>
#include <memory>
#include <optional>
#include <string>

namespace zci {

/// A decoded frame held by the inspector, wrapped in NVCV when NVCV is loaded.
class WrappedFrame {
public:
  /// Wraps frame (taking ownership) and fills e.wrap and the NVCV side of e.planes; never throws for NVCV failures.
  /// tryTensor: also judge (and where valid, wrap) the single-tensor view.
  WrappedFrame(FramePtr frame, const FrameLayout &layout, FrameEvidence &e, std::shared_ptr<std::atomic<int>> live,
               bool tryTensor = true);
  ~WrappedFrame();
  WrappedFrame(const WrappedFrame &) = delete;
  WrappedFrame &operator=(const WrappedFrame &) = delete;

  /// The frame; valid while this object lives (the NVCV image's cleanup owns the reference).
  const AVFrame *frame() const { return frame_; }
  NVCVImageHandle image() const { return image_; }
  NVCVTensorHandle tensor() const { return tensor_; }
  /// True when the image wraps host memory through a STRIDED_CUDA descriptor (layout evidence only).
  bool descriptorOnly() const { return descriptorOnly_; }

private:
  void wrapImage(const FrameLayout &layout, FrameEvidence &e);
  void wrapTensor(const FrameLayout &layout, FrameEvidence &e);

  FramePtr owned_; // set when NVCV did not take the reference
  const AVFrame *frame_ = nullptr;
  NVCVImageHandle image_ = nullptr;
  NVCVTensorHandle tensor_ = nullptr;
  bool descriptorOnly_ = false;
  std::shared_ptr<std::atomic<int>> live_;
};

/// NVCV images and tensors of all sessions in this process not yet destroyed (counted in NVCV's cleanup).
int liveNvcvHandles();

/// The NVCV format for a frame, 0 with *why set when NVCV cannot express it; `spec` overrides the stream's colour spec.
NVCVImageFormat nvcvFormatFor(const FrameLayout &layout, const AVFrame *frame, std::string *why,
                              std::optional<NVCVColorSpec> spec = std::nullopt);

} // namespace zci
