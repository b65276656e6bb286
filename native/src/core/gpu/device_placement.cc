#include "gpu/device_placement.h"

#include "common/error.h"
#include "gpu/cuda_driver.h"

#include <cuda_runtime_api.h>

#include <mutex>
#include <set>
#include <utility>

namespace zci {
namespace {

std::string cudaName(int64_t device) {
  return "cuda:" + std::to_string(device);
}

bool peerSupported(int from, int to) {
  int can = 0;
  return cudaDeviceCanAccessPeer(&can, from, to) == cudaSuccess && can != 0;
}

// The (operator device, decoder context) pairs whose peer access this process enabled: the driver keeps it for the
// life of the operator device's primary context, which the inspector keeps warm.
std::mutex gPeerMutex;
std::set<std::pair<int, uint64_t>> gPeerEnabled;

bool peerEnabled(int operatorDevice, CUcontext peer) {
  std::lock_guard<std::mutex> lock(gPeerMutex);
  return gPeerEnabled.count({operatorDevice, reinterpret_cast<uint64_t>(peer)}) != 0;
}

} // namespace

PrimaryContext::PrimaryContext(int ordinal) {
  if (ordinal < 0) return;
  std::string why;
  const cuda::DriverApi *d = cuda::driver(&why);
  CUdevice dev = 0;
  CUresult r = d ? d->deviceGet(&dev, ordinal) : CUDA_ERROR_NO_DEVICE;
  if (r == CUDA_SUCCESS) r = d->primaryCtxRetain(&context_, dev);
  if (r != CUDA_SUCCESS) {
    throw Error(ErrorCode::CudaError,
                "Device " + std::to_string(ordinal) + "'s context: " + (d ? cuda::driverErrorName(r) : why),
                "Check the device with nvidia-smi; another process may hold it exclusively.");
  }
  ordinal_ = ordinal;
}

PrimaryContext::~PrimaryContext() {
  if (!context_) return;
  const cuda::DriverApi *d = cuda::driver();
  CUdevice dev = 0;
  if (d && d->deviceGet(&dev, ordinal_) == CUDA_SUCCESS) d->primaryCtxRelease(dev);
}

int operatorDeviceFor(const CudaDevice *cuda, const OperatorPlacement &placement) {
  if (placement.device >= 0) return placement.device;
  return cuda ? cuda->ordinal() : 0;
}

void requireOperatorDevice(const OperatorPlacement &placement) {
  if (placement.device < 0) return;
  std::string why;
  const int count = cuda::deviceCount(&why);
  if (placement.device < count) return;
  throw Error(ErrorCode::NoCudaDevice,
              "Operators were asked on device " + std::to_string(placement.device) + ", and the driver lists " +
                  std::to_string(count) + (count == 1 ? " device" : " devices") + (count == 0 ? " (" + why + ")" : ""),
              count == 0 ? "Open the file without an operator device: operators then run on the CPU reference only."
                         : "Pick an operator device the driver lists (0 to " + std::to_string(count - 1) +
                               "), or leave it unset to run operators on the decoder's device.");
}

void prepareOperatorPlacement(const CudaDevice &cuda, const OperatorPlacement &placement) {
  requireOperatorDevice(placement);
  const int op = operatorDeviceFor(&cuda, placement);
  if (op == cuda.ordinal()) return;
  std::string why;
  // The operator device's primary context stays for the process, as the decoder's does: peer access enabled from it
  // lasts as long as it, and each preview does not pay for making it again.
  if (!keepPrimaryContextWarm(op, &why)) {
    throw Error(ErrorCode::CudaError, "Device " + std::to_string(op) + "'s context could not be made: " + why,
                "Check the device with nvidia-smi; another process may hold it exclusively.");
  }
  if (!placement.peerAccess) return;
  if (!peerSupported(op, cuda.ordinal())) {
    throw Error(ErrorCode::PeerAccessUnsupported,
                "Device " + std::to_string(op) + " cannot read device " + std::to_string(cuda.ordinal()) +
                    "'s memory through peer access (cudaDeviceCanAccessPeer says no)",
                "Turn peer access off: operators then read a copy of the frame made on their own device.");
  }
  const cuda::DriverApi *d = cuda::driver(&why);
  if (!d || !d->ctxEnablePeerAccess) {
    throw Error(ErrorCode::CudaError, "Peer access could not be enabled: " + (d ? "no cuCtxEnablePeerAccess" : why),
                "Turn peer access off: operators then read a copy of the frame made on their own device.");
  }
  CUresult r = CUDA_SUCCESS;
  {
    PrimaryContext operatorContext(op);
    cuda::ScopedContext scope(operatorContext.get());
    r = d->ctxEnablePeerAccess(cuda.ffmpegContext(), 0);
  }
  if (r != CUDA_SUCCESS && r != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED) {
    throw Error(ErrorCode::PeerAccessUnsupported,
                "cuCtxEnablePeerAccess from device " + std::to_string(op) +
                    " to the decoder's context: " + cuda::driverErrorName(r),
                "Turn peer access off: operators then read a copy of the frame made on their own device.");
  }
  std::lock_guard<std::mutex> lock(gPeerMutex);
  gPeerEnabled.insert({op, reinterpret_cast<uint64_t>(cuda.ffmpegContext())});
}

void gatherPlacement(const AVFrame *frame, const CudaDevice *cuda, const OperatorPlacement &placement,
                     PlacementEvidence &out) {
  out = PlacementEvidence{};
  for (int i = 0; i < AV_NUM_DATA_POINTERS && frame->data[i]; ++i) {
    if (!cuda) {
      out.planeDevices.emplace_back(std::nullopt);
      continue;
    }
    const cuda::PointerAttributes a = cuda::pointerAttributes(frame->data[i]);
    out.planeDevices.emplace_back(a.ok && a.deviceOrdinal >= 0 ? std::optional<int64_t>(a.deviceOrdinal)
                                                               : std::nullopt);
  }
  if (!cuda) {
    out.verdict = "host-memory";
    out.reason = "FFmpeg decoded this frame in software, into host memory: no device holds it, and operators "
                 "run on the CPU reference only";
    return;
  }
  out.decoderDevice = cuda->ordinal();
  out.nvcvDevice = cuda->ordinal(); // NVCV wraps inside FFmpeg's context, which lives on the decoder's device
  const int op = operatorDeviceFor(cuda, placement);
  out.operatorDevice = op;
  // The frame's own device: the driver's answer for plane 0, the decoder's where the driver gave none.
  const int64_t frameDevice = !out.planeDevices.empty() && out.planeDevices[0] ? *out.planeDevices[0] : cuda->ordinal();
  bool planesTogether = true;
  for (const auto &d : out.planeDevices)
    planesTogether = planesTogether && d && *d == frameDevice;
  if (op == frameDevice) {
    out.verdict = "one-device";
    out.reason = std::string(planesTogether ? "every plane" : "plane 0") + ", the decoder, NVCV's image and the " +
                 "operators are on " + cudaName(frameDevice) + ": nothing crosses devices";
    return;
  }
  out.peerSupported = peerSupported(op, static_cast<int>(frameDevice));
  out.peerEnabled = placement.peerAccess && peerEnabled(op, cuda->ffmpegContext());
  if (*out.peerEnabled) {
    out.verdict = "cross-device-peer";
    out.reason = "the frame is on " + cudaName(frameDevice) + " and the operators run on " + cudaName(op) +
                 " with peer access enabled: their kernels read the frame across the link, and no copy is made";
  } else {
    out.verdict = "cross-device-copy";
    out.reason = "the frame is on " + cudaName(frameDevice) + " and the operators run on " + cudaName(op) +
                 " without peer access: they read a copy of the frame made on " + cudaName(op) +
                 " (the copy ledger shows it): without peer access, kernels on " + cudaName(op) +
                 " may not read the frame's own pointers";
  }
}

} // namespace zci
