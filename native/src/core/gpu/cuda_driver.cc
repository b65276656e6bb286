#include "gpu/cuda_driver.h"

#include "common/error.h"

#include <cuda_runtime_api.h>

#include <mutex>

namespace zci::cuda {
namespace {

// The driver version the entry points are requested for: the toolkit we build with.
constexpr unsigned kEntryPointVersion = CUDA_VERSION;

struct Loaded {
  DriverApi api{};
  bool ok = false;
  std::string whyNot;
};

template <typename Fn> bool fetch(const char *name, Fn &fn, std::string &whyNot) {
  void *ptr = nullptr;
  cudaDriverEntryPointQueryResult status{};
  cudaError_t err = cudaGetDriverEntryPointByVersion(name, &ptr, kEntryPointVersion, cudaEnableDefault, &status);
  if (err != cudaSuccess || status != cudaDriverEntryPointSuccess || ptr == nullptr) {
    if (whyNot.empty()) {
      whyNot = err != cudaSuccess ? runtimeErrorText(err) : std::string("the CUDA driver has no entry point ") + name;
    }
    return false;
  }
  fn = reinterpret_cast<Fn>(ptr);
  return true;
}

const Loaded &loaded() {
  static Loaded state;
  static std::once_flag once;
  std::call_once(once, [] {
    auto &a = state.api;
    std::string &why = state.whyNot;
    state.ok = fetch("cuDriverGetVersion", a.driverGetVersion, why) && fetch("cuDeviceGet", a.deviceGet, why) &&
               fetch("cuDevicePrimaryCtxRetain", a.primaryCtxRetain, why) &&
               fetch("cuDevicePrimaryCtxRelease", a.primaryCtxRelease, why) &&
               fetch("cuDevicePrimaryCtxGetState", a.primaryCtxGetState, why) &&
               fetch("cuCtxGetCurrent", a.ctxGetCurrent, why) && fetch("cuCtxPushCurrent", a.ctxPushCurrent, why) &&
               fetch("cuCtxPopCurrent", a.ctxPopCurrent, why) &&
               fetch("cuPointerGetAttributes", a.pointerGetAttributes, why) &&
               fetch("cuMemGetInfo", a.memGetInfo, why) && fetch("cuGetErrorName", a.getErrorName, why) &&
               fetch("cuMemcpy2D", a.memcpy2D, why) && fetch("cuMemcpyDtoH", a.memcpyDtoH, why) &&
               fetch("cuMemcpyHtoD", a.memcpyHtoD, why);
    fetch("cuCtxSynchronize", a.ctxSynchronize, why);
    std::string peerWhy; // optional: only operators on another device need it
    fetch("cuCtxEnablePeerAccess", a.ctxEnablePeerAccess, peerWhy);
  });
  return state;
}

} // namespace

const DriverApi *driver(std::string *whyNot) {
  const Loaded &l = loaded();
  if (!l.ok && whyNot) *whyNot = l.whyNot;
  return l.ok ? &l.api : nullptr;
}

std::string driverErrorName(CUresult result) {
  const DriverApi *d = driver();
  const char *name = nullptr;
  if (d && d->getErrorName(result, &name) == CUDA_SUCCESS && name) return name;
  return "CUresult " + std::to_string(static_cast<int>(result));
}

std::string runtimeErrorText(int error) {
  auto e = static_cast<cudaError_t>(error);
  return std::string(cudaGetErrorName(e)) + " (" + std::to_string(error) + "): " + cudaGetErrorString(e);
}

int deviceCount(std::string *whyNot) {
  int n = 0;
  cudaError_t err = cudaGetDeviceCount(&n);
  if (err != cudaSuccess) {
    if (whyNot) *whyNot = runtimeErrorText(err);
    cudaGetLastError(); // the error is not sticky; clear it so later calls start clean
    return 0;
  }
  if (n == 0 && whyNot) *whyNot = "the CUDA runtime found no device";
  return n;
}

void requireDevice(int ordinal) {
  std::string why;
  int n = deviceCount(&why);
  if (n == 0) {
    throw Error(ErrorCode::NoCudaDevice, "No CUDA device is usable: " + why,
                "Install the NVIDIA driver and check nvidia-smi, or choose software decoding.");
  }
  if (ordinal < 0 || ordinal >= n) {
    throw Error(ErrorCode::NoCudaDevice,
                "CUDA device " + std::to_string(ordinal) + " does not exist; this machine has " + std::to_string(n) +
                    " device(s)",
                "Pick a device ordinal between 0 and " + std::to_string(n - 1) + ".");
  }
  if (!driver(&why)) {
    throw Error(ErrorCode::CudaError, "The CUDA driver API is not usable: " + why,
                "Update the NVIDIA driver to one that supports CUDA " + std::to_string(CUDA_VERSION / 1000) + ".");
  }
}

PointerAttributes pointerAttributes(const void *ptr) {
  PointerAttributes out;
  std::string why;
  const DriverApi *d = driver(&why);
  if (!d) {
    out.error = why;
    return out;
  }
  CUcontext ctx = nullptr;
  unsigned memType = 0;
  int ordinal = -1;
  CUdeviceptr start = 0;
  size_t size = 0;
  unsigned long long bufferId = 0;
  unsigned isManaged = 0;
  CUpointer_attribute attrs[] = {CU_POINTER_ATTRIBUTE_CONTEXT,        CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                 CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
                                 CU_POINTER_ATTRIBUTE_RANGE_SIZE,     CU_POINTER_ATTRIBUTE_BUFFER_ID,
                                 CU_POINTER_ATTRIBUTE_IS_MANAGED};
  void *data[] = {&ctx, &memType, &ordinal, &start, &size, &bufferId, &isManaged};
  CUresult r = d->pointerGetAttributes(sizeof attrs / sizeof attrs[0], attrs, data,
                                       static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(ptr)));
  if (r != CUDA_SUCCESS) {
    out.error = "cuPointerGetAttributes: " + driverErrorName(r);
    return out;
  }
  out.ok = true;
  out.memoryType = memType;
  out.deviceOrdinal = ordinal;
  out.context = reinterpret_cast<uintptr_t>(ctx);
  out.rangeStart = start;
  out.rangeSize = size;
  out.bufferId = bufferId;
  out.managed = isManaged != 0;
  return out;
}

uint64_t currentContext() {
  const DriverApi *d = driver();
  CUcontext ctx = nullptr;
  if (!d || d->ctxGetCurrent(&ctx) != CUDA_SUCCESS) return 0;
  return reinterpret_cast<uintptr_t>(ctx);
}

ScopedContext::ScopedContext(CUcontext ctx) {
  const DriverApi *d = driver();
  if (d && ctx) pushed_ = d->ctxPushCurrent(ctx) == CUDA_SUCCESS;
}

ScopedContext::~ScopedContext() {
  if (pushed_) {
    CUcontext popped = nullptr;
    driver()->ctxPopCurrent(&popped);
  }
}

CUresult copyRowsToHost(uint64_t src, int64_t srcPitch, uint8_t *dst, int64_t dstPitch, int64_t bytesPerRow,
                        int64_t rows) {
  const DriverApi *d = driver();
  if (!d) return CUDA_ERROR_NOT_INITIALIZED;
  CUDA_MEMCPY2D copy{};
  copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  copy.srcDevice = static_cast<CUdeviceptr>(src);
  copy.srcPitch = static_cast<size_t>(srcPitch);
  copy.dstMemoryType = CU_MEMORYTYPE_HOST;
  copy.dstHost = dst;
  copy.dstPitch = static_cast<size_t>(dstPitch);
  copy.WidthInBytes = static_cast<size_t>(bytesPerRow);
  copy.Height = static_cast<size_t>(rows);
  return d->memcpy2D(&copy);
}

int64_t deviceMemoryUsed() {
  size_t freeBytes = 0, totalBytes = 0;
  if (cudaMemGetInfo(&freeBytes, &totalBytes) != cudaSuccess) {
    cudaGetLastError();
    return -1;
  }
  return static_cast<int64_t>(totalBytes - freeBytes);
}

} // namespace zci::cuda
