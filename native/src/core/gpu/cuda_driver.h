// CUDA driver entry points fetched through the static runtime at run time, so the addon loads without a driver.
#pragma once

#include <cuda.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace zci::cuda {

/// The driver functions the core uses; every member is non-null when driver() returns non-null.
struct DriverApi {
  decltype(&::cuDriverGetVersion) driverGetVersion;
  decltype(&::cuDeviceGet) deviceGet;
  decltype(&::cuDevicePrimaryCtxRetain) primaryCtxRetain;
  decltype(&::cuDevicePrimaryCtxRelease) primaryCtxRelease;
  decltype(&::cuDevicePrimaryCtxGetState) primaryCtxGetState;
  decltype(&::cuCtxGetCurrent) ctxGetCurrent;
  decltype(&::cuCtxPushCurrent) ctxPushCurrent;
  decltype(&::cuCtxPopCurrent) ctxPopCurrent;
  decltype(&::cuPointerGetAttributes) pointerGetAttributes;
  decltype(&::cuMemGetInfo) memGetInfo;
  decltype(&::cuGetErrorName) getErrorName;
  decltype(&::cuMemcpy2D) memcpy2D;     // rows of device memory to the host (copyRowsToHost, below)
  decltype(&::cuMemcpyDtoH) memcpyDtoH; // one linear copy of a whole allocation (the benchmark's independent witness)
  decltype(&::cuMemcpyHtoD) memcpyHtoD; // the decoder comparison's planted sample (decoder_compare.cc)
  // CUDA 13's versioned entry point "cuCtxSynchronize" is cuCtxSynchronize_v2, which takes the context to wait for;
  // called through the old no-argument type it reads a stray register as the context and crashes in the driver.
  decltype(&::cuCtxSynchronize_v2) ctxSynchronize; // the copy ledger waits for FFmpeg's context before it flushes
  decltype(&::cuCtxEnablePeerAccess) ctxEnablePeerAccess; // operators on another device (gpu/device_placement.cc)
};

/// The driver API, or nullptr with the reason in *whyNot (no driver, too old, no device).
const DriverApi *driver(std::string *whyNot = nullptr);

/// "CUDA_ERROR_X" for a driver status.
std::string driverErrorName(CUresult result);

/// "cudaErrorX (n): text" for a runtime status.
std::string runtimeErrorText(int error);

/// Number of devices, or 0 with *whyNot set.
int deviceCount(std::string *whyNot);

/// Throws NO_CUDA_DEVICE when ordinal is not a usable device.
void requireDevice(int ordinal);

/// What the driver says about one address.
struct PointerAttributes {
  bool ok = false;
  std::string error;
  unsigned memoryType = 0; // CUmemorytype; 0 = not known to CUDA (pageable host memory)
  int deviceOrdinal = -1;
  uint64_t context = 0;
  uint64_t rangeStart = 0;
  uint64_t rangeSize = 0;
  uint64_t bufferId = 0;
  bool managed = false;
};

/// Asks the driver (cuPointerGetAttributes) about ptr.
PointerAttributes pointerAttributes(const void *ptr);

/// The context current on this thread, 0 when none or no driver.
uint64_t currentContext();

/// Makes a context current for a scope (cuCtxPushCurrent / cuCtxPopCurrent).
class ScopedContext {
public:
  explicit ScopedContext(CUcontext ctx);
  ~ScopedContext();
  ScopedContext(const ScopedContext &) = delete;
  ScopedContext &operator=(const ScopedContext &) = delete;

private:
  bool pushed_ = false;
};

/// Rows of device memory copied to the host with one synchronous cuMemcpy2D in the current context (on its legacy
/// default stream, after the work queued there): `rows` rows of `bytesPerRow` bytes, `srcPitch` apart from `src`,
/// written `dstPitch` apart from `dst`. The driver's status; CUDA_ERROR_NOT_INITIALIZED without a driver.
CUresult copyRowsToHost(uint64_t src, int64_t srcPitch, uint8_t *dst, int64_t dstPitch, int64_t bytesPerRow,
                        int64_t rows);

/// Device memory in use on the current device, in bytes (total - free), or -1.
int64_t deviceMemoryUsed();

} // namespace zci::cuda
