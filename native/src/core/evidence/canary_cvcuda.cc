#include "evidence/canary_cvcuda.h"

#include "gpu/cuda_driver.h"
#include "nvcv/cvcuda_api.h"
#include "nvcv/nvcv_loader.h"

#include <cuda_runtime_api.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>

namespace zci {
namespace {

constexpr int64_t kBytes = 8;

/// A one-row NHWC U8 tensor of 8 pixels over memory someone else owns, released with its scope.
class RowTensor {
public:
  RowTensor(const NvcvApi &api, const void *base, int64_t rowStride) : api_(api) {
    NVCVTensorData d{};
    d.dtype = NVCV_DATA_TYPE_U8;
    api.tensorLayoutMake("NHWC", &d.layout);
    d.rank = 4;
    const int64_t shape[4] = {1, 1, kBytes, 1};
    const int64_t strides[4] = {rowStride, rowStride, 1, 1};
    for (int i = 0; i < 4; ++i) {
      d.shape[i] = shape[i];
      d.buffer.strided.strides[i] = strides[i];
    }
    d.bufferType = NVCV_TENSOR_BUFFER_STRIDED_CUDA;
    d.buffer.strided.basePtr = reinterpret_cast<NVCVByte *>(const_cast<void *>(base));
    status_ = api.tensorWrapDataConstruct(&d, nullptr, nullptr, &handle_);
  }
  ~RowTensor() {
    if (handle_) api_.tensorDecRef(handle_, nullptr);
  }
  RowTensor(const RowTensor &) = delete;
  RowTensor &operator=(const RowTensor &) = delete;
  NVCVTensorHandle handle() const { return handle_; }
  NVCVStatus status() const { return status_; }

private:
  const NvcvApi &api_;
  NVCVTensorHandle handle_ = nullptr;
  NVCVStatus status_ = NVCV_SUCCESS;
};

/// The proof's Flip operator, created once; one proof submits at a time.
struct FlipOperator {
  NVCVOperatorHandle op = nullptr;
  NVCVStatus created = NVCV_SUCCESS;
  std::mutex mutex;
};

FlipOperator &flipOperator(const CvcudaApi &c) {
  static FlipOperator f;
  static std::once_flag once;
  std::call_once(once, [&] { f.created = c.flipCreate(&f.op, 1); });
  return f;
}

/// Scratch device bytes, freed stream-ordered with the scope.
class Scratch {
public:
  explicit Scratch(size_t bytes) { error_ = cudaMallocAsync(&ptr_, bytes, nullptr); }
  ~Scratch() {
    if (ptr_) cudaFreeAsync(ptr_, nullptr);
  }
  Scratch(const Scratch &) = delete;
  Scratch &operator=(const Scratch &) = delete;
  uint8_t *at(int64_t offset) const { return static_cast<uint8_t *>(ptr_) + offset; }
  int error() const { return error_; }

private:
  void *ptr_ = nullptr;
  int error_ = 0;
};

} // namespace

bool cvcudaWitnessAvailable(std::string &why) {
  const char *hook = std::getenv("ZCI_PROOF_WITNESS");
  if (hook && std::strcmp(hook, "kernel") == 0) {
    why = "ZCI_PROOF_WITNESS=kernel asked for the canary kernel";
    return false;
  }
  if (!cvcudaApi() || !nvcv()) {
    why = "CV-CUDA is not loaded (" + cvcudaStatus().error + ")";
    return false;
  }
  return true;
}

bool cvcudaCanaryExchange(const std::vector<CanarySite> &sites, const uint8_t canary[8],
                          std::vector<kernels::CanaryResult> &results, std::string &error) {
  const CvcudaApi *cv = cvcudaApi();
  const NvcvApi *api = nvcv();
  if (!cv || !api) {
    error = "CV-CUDA is not loaded";
    return false;
  }
  FlipOperator &flip = flipOperator(*cv);
  if (flip.created != NVCV_SUCCESS || !flip.op) {
    error = "cvcudaFlipCreate failed: " + nvcvErrorText(flip.created);
    return false;
  }
  std::lock_guard<std::mutex> lock(flip.mutex);
  results.assign(sites.size(), kernels::CanaryResult{});
  // Scratch: the canary, then per site its saved original, what FFmpeg's row showed, and what it showed after.
  const int64_t slot = 3 * kBytes;
  const int64_t total = kBytes + slot * static_cast<int64_t>(sites.size());
  Scratch scratch(static_cast<size_t>(total));
  if (scratch.error() != 0) {
    error = "cudaMallocAsync failed: " + cuda::runtimeErrorText(scratch.error());
    return false;
  }
  if (const int err = cudaMemcpyAsync(scratch.at(0), canary, kBytes, cudaMemcpyHostToDevice, nullptr); err != 0) {
    error = "cudaMemcpyAsync failed: " + cuda::runtimeErrorText(err);
    return false;
  }
  // Every tensor is made before anything is written, so that a refusal leaves the memory as it was.
  std::vector<std::unique_ptr<RowTensor>> tensors;
  const auto tensor = [&](const void *base, int64_t stride) -> NVCVTensorHandle {
    tensors.push_back(std::make_unique<RowTensor>(*api, base, stride));
    const RowTensor &t = *tensors.back();
    if (t.status() != NVCV_SUCCESS) {
      error = "nvcvTensorWrapDataConstruct failed: " + nvcvErrorText(t.status());
      return nullptr;
    }
    return t.handle();
  };
  struct SiteTensors {
    NVCVTensorHandle nvcvRow, ffmpegRow, original, seen, after;
  };
  std::vector<SiteTensors> st;
  const NVCVTensorHandle canaryTensor = tensor(scratch.at(0), kBytes);
  if (!canaryTensor) return false;
  for (size_t i = 0; i < sites.size(); ++i) {
    const int64_t base = kBytes + slot * static_cast<int64_t>(i);
    SiteTensors t{tensor(sites[i].write, sites[i].writeStride), tensor(sites[i].read, sites[i].readStride),
                  tensor(scratch.at(base), kBytes), tensor(scratch.at(base + kBytes), kBytes),
                  tensor(scratch.at(base + 2 * kBytes), kBytes)};
    if (!t.nvcvRow || !t.ffmpegRow || !t.original || !t.seen || !t.after) return false;
    st.push_back(t);
  }
  // A flip about the x axis of a one-row tensor copies it: CV-CUDA's kernel reads the input and writes the output.
  const auto copy = [&](NVCVTensorHandle in, NVCVTensorHandle out, const char *step) {
    const NVCVStatus s = cv->flipSubmit(flip.op, nullptr, in, out, 0);
    if (s != NVCV_SUCCESS) error = std::string("cvcudaFlipSubmit (") + step + ") failed: " + nvcvErrorText(s);
    return s == NVCV_SUCCESS;
  };
  bool ok = true;
  for (size_t i = 0; ok && i < st.size(); ++i) {
    // A refused submit launches nothing, so a refused save or write leaves this site as it was.
    ok = copy(st[i].nvcvRow, st[i].original, "save the original") &&
         copy(canaryTensor, st[i].nvcvRow, "write the canary");
    if (!ok) break;
    ok = copy(st[i].ffmpegRow, st[i].seen, "read through FFmpeg's pointer") &&
         copy(st[i].original, st[i].nvcvRow, "restore") && copy(st[i].ffmpegRow, st[i].after, "read after restoring");
    if (!ok) // the canary is in: put the saved bytes back, whatever step was refused
      cudaMemcpyAsync(sites[i].write, scratch.at(kBytes + slot * static_cast<int64_t>(i)), kBytes,
                      cudaMemcpyDeviceToDevice, nullptr);
  }
  std::vector<uint8_t> host(static_cast<size_t>(total));
  int err = cudaMemcpyAsync(host.data(), scratch.at(0), host.size(), cudaMemcpyDeviceToHost, nullptr);
  const int syncErr = cudaStreamSynchronize(nullptr);
  if (err == 0) err = syncErr;
  if (err != 0) {
    error = "the CV-CUDA canary's stream failed: " + cuda::runtimeErrorText(err);
    return false;
  }
  if (!ok) return false;
  for (size_t i = 0; i < sites.size(); ++i) {
    const uint8_t *slotBytes = host.data() + kBytes + slot * static_cast<int64_t>(i);
    std::memcpy(results[i].original, slotBytes, kBytes);
    std::memcpy(results[i].seen, slotBytes + kBytes, kBytes);
    std::memcpy(results[i].after, slotBytes + 2 * kBytes, kBytes);
  }
  return true;
}

} // namespace zci
