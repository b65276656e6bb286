#include "preview/preview_gpu.h"

#include "common/error.h"
#include "gpu/cuda_driver.h"

#include <cuda_runtime_api.h>

#include <map>
#include <string>

namespace zci::preview_gpu {
namespace {

// Creates every operator a preview submits.
void create(const CvcudaApi &c, Operators &ops) {
  checkNvcv(c.advCvtColorCreate(&ops.cvt), "cvcudaAdvCvtColorCreate");
  checkNvcv(c.resizeCreate(&ops.resize), "cvcudaResizeCreate");
  checkNvcv(c.gaussianCreate(&ops.gaussian, 31, 31, 1), "cvcudaGaussianCreate");
  checkNvcv(c.flipCreate(&ops.flip, 1), "cvcudaFlipCreate");
  checkNvcv(c.thresholdCreate(&ops.threshold, NVCV_THRESH_BINARY, 1), "cvcudaThresholdCreate");
}

} // namespace

void check(int err, const char *what) {
  if (err != 0)
    throw Error(ErrorCode::CudaError, std::string(what) + ": " + cuda::runtimeErrorText(err), "Reopen the file.");
}

void checkNvcv(NVCVStatus s, const char *what) {
  if (s != NVCV_SUCCESS) {
    throw Error(ErrorCode::NvcvError, std::string(what) + ": " + nvcvErrorText(s),
                "See the operator's limits in CV-CUDA's docs.");
  }
}

DeviceBuffer::DeviceBuffer(size_t bytes) {
  check(cudaMalloc(&ptr, bytes), "cudaMalloc");
}

DeviceBuffer::~DeviceBuffer() {
  cudaFree(ptr);
}

Tensor::Tensor(const NvcvApi &a, const void *base, NVCVDataType dtype, const char *layout,
               std::initializer_list<int64_t> shape, std::initializer_list<int64_t> strides)
    : api(&a) {
  NVCVTensorData d{};
  d.dtype = dtype;
  a.tensorLayoutMake(layout, &d.layout);
  d.rank = static_cast<int32_t>(shape.size());
  int i = 0;
  for (int64_t v : shape)
    d.shape[i++] = v;
  i = 0;
  for (int64_t v : strides)
    d.buffer.strided.strides[i++] = v;
  d.bufferType = NVCV_TENSOR_BUFFER_STRIDED_CUDA;
  d.buffer.strided.basePtr = reinterpret_cast<NVCVByte *>(const_cast<void *>(base));
  checkNvcv(a.tensorWrapDataConstruct(&d, nullptr, nullptr, &h), "nvcvTensorWrapDataConstruct");
}

Tensor::~Tensor() {
  if (h) api->tensorDecRef(h, nullptr);
}

std::unique_ptr<Tensor> rgbTensor(const NvcvApi &a, const void *base, int w, int h) {
  const int64_t pitch = static_cast<int64_t>(w) * 3;
  return std::make_unique<Tensor>(a, base, NVCV_DATA_TYPE_U8, "NHWC", std::initializer_list<int64_t>{1, h, w, 3},
                                  std::initializer_list<int64_t>{pitch * h, pitch, 3, 1});
}

Operators &operators(const CvcudaApi &c) {
  static Operators ops;
  static std::once_flag once;
  std::call_once(once, [&] { create(c, ops); });
  return ops;
}

Operators &operatorsOn(const CvcudaApi &c, int device) {
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<Operators>> byDevice;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<Operators> &ops = byDevice[device];
  if (!ops) {
    auto made = std::make_unique<Operators>();
    create(c, *made);
    ops = std::move(made);
  }
  return *ops;
}

} // namespace zci::preview_gpu
