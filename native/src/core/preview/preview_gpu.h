// The GPU resources an operator preview holds while it runs: checked CUDA and NVCV calls, a device buffer and an NVCV
// tensor freed with their scope, and CV-CUDA's operators, made once per device. Internal to native/src/core/preview.
#pragma once

#include "nvcv/cvcuda_api.h"
#include "nvcv/nvcv_loader.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <mutex>

namespace zci::preview_gpu {

/// Throws CUDA_ERROR naming what failed when err (a cudaError_t) is not success.
void check(int err, const char *what);

/// Throws NVCV_ERROR naming what failed when s is not success.
void checkNvcv(NVCVStatus s, const char *what);

/// A device buffer freed with its scope.
struct DeviceBuffer {
  void *ptr = nullptr;
  explicit DeviceBuffer(size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  uint8_t *bytes() const { return static_cast<uint8_t *>(ptr); }
};

/// An NVCV tensor over memory someone else owns; released with its scope.
struct Tensor {
  NVCVTensorHandle h = nullptr;
  Tensor(const NvcvApi &a, const void *base, NVCVDataType dtype, const char *layout,
         std::initializer_list<int64_t> shape, std::initializer_list<int64_t> strides);
  ~Tensor();
  Tensor(const Tensor &) = delete;
  Tensor &operator=(const Tensor &) = delete;
  const NvcvApi *api;
};

/// An RGB8 NHWC tensor of one image over a packed buffer.
std::unique_ptr<Tensor> rgbTensor(const NvcvApi &a, const void *base, int w, int h);

/// The CV-CUDA operators a preview submits.
struct Operators {
  NVCVOperatorHandle cvt = nullptr, resize = nullptr, gaussian = nullptr, flip = nullptr, threshold = nullptr;
  std::mutex mutex;
};

/// The operators of the decoder's device, created once per process and reused.
Operators &operators(const CvcudaApi &c);

/// The operators of another device than the decoder's, made in that device's context (CV-CUDA's operators may keep
/// device memory of the device current when they were made).
Operators &operatorsOn(const CvcudaApi &c, int device);

} // namespace zci::preview_gpu
