#include "gpu/cuda_device.h"

#include "gpu/cuda_driver.h"
#include "gpu/decoder_pool.h"
#include "common/error.h"
#include "frame/ffmpeg_ptr.h"

extern "C" {
#include <libavutil/hwcontext.h>
#include <libavutil/hwcontext_cuda.h>
}

#include <cuda_runtime_api.h>

#include <map>
#include <mutex>

namespace zci {
namespace {

// Creates the runtime's primary context now, as an application that used CUDA before opening a video would.
void initRuntime(int ordinal) {
  cudaError_t err = cudaSetDevice(ordinal);
  if (err == cudaSuccess) err = cudaFree(nullptr);
  if (err != cudaSuccess) {
    throw Error(ErrorCode::CudaError,
                "The CUDA runtime could not start on device " + std::to_string(ordinal) + ": " +
                    cuda::runtimeErrorText(err),
                "Check the device with nvidia-smi; another process may hold it exclusively.");
  }
}

std::mutex warmMutex;
std::map<int, CUcontext> warmContexts; // devices whose primary context this process keeps one retain of

} // namespace

bool keepPrimaryContextWarm(int ordinal, std::string *why) {
  std::string reason;
  const cuda::DriverApi *d = cuda::driver(&reason);
  if (!d || cuda::deviceCount(&reason) <= ordinal || ordinal < 0) {
    if (why) *why = reason.empty() ? "no CUDA device " + std::to_string(ordinal) : reason;
    return false;
  }
  decoder_pool::load(); // before any NVDEC decoder exists
  std::lock_guard<std::mutex> lock(warmMutex);
  if (warmContexts.count(ordinal)) return true;
  CUdevice dev = 0;
  CUcontext ctx = nullptr;
  CUresult r = d->deviceGet(&dev, ordinal);
  if (r == CUDA_SUCCESS) r = d->primaryCtxRetain(&ctx, dev);
  if (r != CUDA_SUCCESS) {
    if (why) *why = "cuDevicePrimaryCtxRetain: " + cuda::driverErrorName(r);
    return false;
  }
  warmContexts[ordinal] = ctx;
  decoder_pool::allowContext(ctx); // kept alive until releaseWarmPrimaryContext: its decoders may be parked
  return true;
}

void releaseWarmPrimaryContext(int ordinal) {
  std::lock_guard<std::mutex> lock(warmMutex);
  auto it = warmContexts.find(ordinal);
  if (it == warmContexts.end()) return;
  decoder_pool::dropContext(it->second); // its parked decoders go before the context may
  warmContexts.erase(it);
  const cuda::DriverApi *d = cuda::driver();
  CUdevice dev = 0;
  if (d && d->deviceGet(&dev, ordinal) == CUDA_SUCCESS) d->primaryCtxRelease(dev);
}

CudaDevice::CudaDevice(int ordinal, ContextMode mode, InitOrder order) : ordinal_(ordinal), mode_(mode) {
  cuda::requireDevice(ordinal);
  decoder_pool::load(); // before FFmpeg first loads the driver's libnvcuvid
  if (order == InitOrder::RuntimeFirst) initRuntime(ordinal);
  const cuda::DriverApi *d = cuda::driver();
  const std::string dev = std::to_string(ordinal);

  if (mode == ContextMode::FfmpegPrimary) releaseWarmPrimaryContext(ordinal);
  if (mode == ContextMode::Shared) {
    keepPrimaryContextWarm(ordinal); // the next open, of this file or another, finds the context made
    CUdevice cuDev = 0;
    CUresult r = d->deviceGet(&cuDev, ordinal);
    if (r == CUDA_SUCCESS) r = d->primaryCtxRetain(&retained_, cuDev);
    if (r != CUDA_SUCCESS) {
      throw Error(ErrorCode::CudaError,
                  "Could not retain the primary context of device " + dev + ": " + cuda::driverErrorName(r),
                  "Check the device with nvidia-smi.");
    }
    hwDevice_ = av_hwdevice_ctx_alloc(AV_HWDEVICE_TYPE_CUDA);
    if (!hwDevice_)
      throw Error(ErrorCode::Internal, "Out of memory allocating FFmpeg's CUDA device", "Close other sessions.");
    auto *hw = reinterpret_cast<AVCUDADeviceContext *>(reinterpret_cast<AVHWDeviceContext *>(hwDevice_->data)->hwctx);
    hw->cuda_ctx = retained_; // FFmpeg then neither creates nor destroys a context
    int err = av_hwdevice_ctx_init(hwDevice_);
    if (err < 0) {
      av_buffer_unref(&hwDevice_);
      d->primaryCtxRelease(cuDev);
      retained_ = nullptr;
      throw Error(ErrorCode::CudaError, "FFmpeg could not use the primary CUDA context: " + avError(err),
                  "Check that FFmpeg was built with CUDA support (ffmpeg -hwaccels lists cuda).");
    }
    strategy_ = "primary context retained by the inspector and handed to FFmpeg";
  } else {
    int flags = mode == ContextMode::FfmpegPrimary ? AV_CUDA_USE_PRIMARY_CONTEXT : 0;
    int err = av_hwdevice_ctx_create(&hwDevice_, AV_HWDEVICE_TYPE_CUDA, dev.c_str(), nullptr, flags);
    if (err < 0) {
      throw Error(ErrorCode::CudaError,
                  std::string("FFmpeg could not create its CUDA device") +
                      (mode == ContextMode::FfmpegPrimary ? " with AV_CUDA_USE_PRIMARY_CONTEXT" : "") + ": " +
                      avError(err),
                  mode == ContextMode::FfmpegPrimary
                      ? "The CUDA runtime created the primary context first with other flags; use the shared context "
                        "mode, which hands the runtime's context to FFmpeg."
                      : "Check the device with nvidia-smi.");
    }
    strategy_ = mode == ContextMode::FfmpegPrimary ? "FFmpeg's AV_CUDA_USE_PRIMARY_CONTEXT flag"
                                                   : "FFmpeg's own context (cuCtxCreate)";
  }
  if (order == InitOrder::DecoderFirst) initRuntime(ordinal);
  strategy_ += order == InitOrder::RuntimeFirst ? "; runtime initialised first" : "; decoder initialised first";
}

CudaDevice::~CudaDevice() {
  av_buffer_unref(&hwDevice_);
  if (retained_) {
    CUdevice cuDev = 0;
    const cuda::DriverApi *d = cuda::driver();
    if (d && d->deviceGet(&cuDev, ordinal_) == CUDA_SUCCESS) d->primaryCtxRelease(cuDev);
  }
}

CUcontext CudaDevice::ffmpegContext() const {
  auto *hw = reinterpret_cast<AVCUDADeviceContext *>(reinterpret_cast<AVHWDeviceContext *>(hwDevice_->data)->hwctx);
  return hw->cuda_ctx;
}

CUstream CudaDevice::ffmpegStream() const {
  auto *hw = reinterpret_cast<AVCUDADeviceContext *>(reinterpret_cast<AVHWDeviceContext *>(hwDevice_->data)->hwctx);
  return hw->stream;
}

uint64_t CudaDevice::runtimeContext() const {
  if (cudaSetDevice(ordinal_) != cudaSuccess || cudaFree(nullptr) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return cuda::currentContext();
}

} // namespace zci
