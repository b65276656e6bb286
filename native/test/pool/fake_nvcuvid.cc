// A fake driver libnvcuvid (see fake_nvcuvid.h), built three ways: complete, with the entry points and extras the
// 580.x driver exports; ZCI_FAKE_PARTIAL, without an optional entry point, with one the pool does not know and with
// symbol versions; ZCI_FAKE_BROKEN, without an entry point FFmpeg's decoding needs.
#include "fake_nvcuvid.h"

#include <ffnvcodec/dynlink_cuda.h>
#include <ffnvcodec/dynlink_cuviddec.h>
#include <ffnvcodec/dynlink_nvcuvid.h>

#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#define FAKE_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

struct Fake {
  std::mutex mutex;
  zci_fake_counters counters{};
  std::map<std::string, uint64_t> calls;
  std::map<void *, void *> creatorContext; // live decoders
  std::map<void *, int64_t> destroyer;
  uint64_t serial = 0;
  int destroyDelayMs = 0;
  int64_t delaySetter = 0; // the thread whose destroys are not delayed
};
Fake &fake = *new Fake;
thread_local std::vector<void *> contextStack;

void *currentContext() {
  return contextStack.empty() ? nullptr : contextStack.back();
}

void count(const char *name) {
  std::lock_guard<std::mutex> lock(fake.mutex);
  fake.calls[name]++;
}

} // namespace

// ---- the fake's own controls ----

FAKE_EXPORT void zci_fake_get_counters(zci_fake_counters *out) {
  std::lock_guard<std::mutex> lock(fake.mutex);
  *out = fake.counters;
}

FAKE_EXPORT uint64_t zci_fake_calls(const char *name) {
  std::lock_guard<std::mutex> lock(fake.mutex);
  auto it = fake.calls.find(name);
  return it == fake.calls.end() ? 0 : it->second;
}

FAKE_EXPORT int64_t zci_fake_destroyer(void *decoder) {
  std::lock_guard<std::mutex> lock(fake.mutex);
  auto it = fake.destroyer.find(decoder);
  return it == fake.destroyer.end() ? 0 : it->second;
}

FAKE_EXPORT void zci_fake_set_destroy_delay_ms(int ms) {
  std::lock_guard<std::mutex> lock(fake.mutex);
  fake.destroyDelayMs = ms;
  fake.delaySetter = static_cast<int64_t>(syscall(SYS_gettid));
}

FAKE_EXPORT int zci_fake_ctx_get(void **ctx) {
  *ctx = currentContext();
  return 0;
}

FAKE_EXPORT int zci_fake_ctx_push(void *ctx) {
  contextStack.push_back(ctx);
  return 0;
}

FAKE_EXPORT int zci_fake_ctx_pop(void **ctx) {
  if (contextStack.empty()) return 201; // CUDA_ERROR_INVALID_CONTEXT
  if (ctx) *ctx = contextStack.back();
  contextStack.pop_back();
  return 0;
}

// ---- libnvcuvid ----

FAKE_EXPORT CUresult cuvidGetDecoderCaps(CUVIDDECODECAPS *pdc) {
  count(__func__);
  std::lock_guard<std::mutex> lock(fake.mutex);
  fake.counters.capsCalls++;
  pdc->bIsSupported = 1;
  pdc->nNumNVDECs = 7;
  pdc->nOutputFormatMask = 1;
  pdc->nMaxWidth = 4096;
  pdc->nMaxHeight = 4096;
  pdc->nMaxMBCount = static_cast<unsigned int>(fake.counters.capsCalls); // tells one answer from the next
  pdc->nMinWidth = 48;
  pdc->nMinHeight = 16;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidCreateDecoder(CUvideodecoder *phDecoder, CUVIDDECODECREATEINFO *pdci) {
  count(__func__);
  if (pdci->ulWidth == 0 || pdci->ulHeight == 0) return static_cast<CUresult>(ZCI_FAKE_INVALID_VALUE);
  std::lock_guard<std::mutex> lock(fake.mutex);
  const uint64_t serial = ++fake.serial;
  void *handle = reinterpret_cast<void *>(static_cast<uintptr_t>(0x10000 + serial * 16));
  // What drivers fill in: the maximum size and the target rectangle where the caller left them 0.
  if (pdci->ulMaxWidth == 0) pdci->ulMaxWidth = pdci->ulWidth;
  if (pdci->ulMaxHeight == 0) pdci->ulMaxHeight = pdci->ulHeight;
  if (pdci->target_rect.right == 0 && pdci->target_rect.bottom == 0) {
    pdci->target_rect.right = static_cast<short>(pdci->ulTargetWidth);
    pdci->target_rect.bottom = static_cast<short>(pdci->ulTargetHeight);
  }
  // And one only this fake writes: the creation's number, so that a struct written back tells which creation it is.
  pdci->Reserved1 = serial;
  fake.creatorContext[handle] = currentContext();
  fake.counters.creates++;
  fake.counters.live++;
  *phDecoder = handle;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidDestroyDecoder(CUvideodecoder hDecoder) {
  count(__func__);
  int delay = 0;
  {
    std::lock_guard<std::mutex> lock(fake.mutex);
    if (syscall(SYS_gettid) != fake.delaySetter) delay = fake.destroyDelayMs;
  }
  if (delay > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay));
  std::lock_guard<std::mutex> lock(fake.mutex);
  auto it = fake.creatorContext.find(hDecoder);
  if (it == fake.creatorContext.end()) return static_cast<CUresult>(ZCI_FAKE_INVALID_HANDLE);
  if (it->second != currentContext()) fake.counters.destroysOutOfContext++;
  fake.creatorContext.erase(it);
  fake.destroyer[hDecoder] = static_cast<int64_t>(syscall(SYS_gettid));
  fake.counters.destroys++;
  fake.counters.live--;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidDecodePicture(CUvideodecoder, CUVIDPICPARAMS *) {
  count(__func__);
  return CUDA_SUCCESS;
}

#ifndef ZCI_FAKE_BROKEN
FAKE_EXPORT CUresult cuvidGetDecodeStatus(CUvideodecoder, int, CUVIDGETDECODESTATUS *) {
  count(__func__);
  return CUDA_SUCCESS;
}
#endif

FAKE_EXPORT CUresult cuvidReconfigureDecoder(CUvideodecoder, CUVIDRECONFIGUREDECODERINFO *) {
  count(__func__);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidMapVideoFrame64(CUvideodecoder, int idx, unsigned long long *ptr, unsigned int *pitch,
                                          CUVIDPROCPARAMS *) {
  count(__func__);
  *ptr = 0x7000000000ull + static_cast<unsigned long long>(idx) * 0x100000;
  *pitch = 2048;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidUnmapVideoFrame64(CUvideodecoder, unsigned long long) {
  count(__func__);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidMapVideoFrame(CUvideodecoder, int idx, unsigned int *ptr, unsigned int *pitch,
                                        CUVIDPROCPARAMS *) {
  count(__func__);
  *ptr = 0x70000000u + static_cast<unsigned int>(idx) * 0x100000;
  *pitch = 2048;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidUnmapVideoFrame(CUvideodecoder, unsigned int) {
  count(__func__);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidCtxLockCreate(CUvideoctxlock *, CUcontext) {
  count(__func__);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidCtxLockDestroy(CUvideoctxlock) {
  count(__func__);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidCtxLock(CUvideoctxlock, unsigned int) {
  count(__func__);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidCtxUnlock(CUvideoctxlock, unsigned int) {
  count(__func__);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidCreateVideoSource(CUvideosource *, const char *, CUVIDSOURCEPARAMS *) {
  count(__func__);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidCreateVideoSourceW(CUvideosource *, const wchar_t *, CUVIDSOURCEPARAMS *) {
  count(__func__);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidDestroyVideoSource(CUvideosource) {
  count(__func__);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidSetVideoSourceState(CUvideosource, cudaVideoState) {
  count(__func__);
  return CUDA_SUCCESS;
}

FAKE_EXPORT cudaVideoState cuvidGetVideoSourceState(CUvideosource) {
  count(__func__);
  return cudaVideoState_Started;
}

FAKE_EXPORT CUresult cuvidGetSourceVideoFormat(CUvideosource, CUVIDEOFORMAT *, unsigned int) {
  count(__func__);
  return CUDA_SUCCESS;
}

#ifndef ZCI_FAKE_PARTIAL
FAKE_EXPORT CUresult cuvidGetSourceAudioFormat(CUvideosource, CUAUDIOFORMAT *, unsigned int) {
  count(__func__);
  return CUDA_SUCCESS;
}
#endif

FAKE_EXPORT CUresult cuvidCreateVideoParser(CUvideoparser *, CUVIDPARSERPARAMS *) {
  count(__func__);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidParseVideoData(CUvideoparser, CUVIDSOURCEDATAPACKET *) {
  count(__func__);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuvidDestroyVideoParser(CUvideoparser) {
  count(__func__);
  return CUDA_SUCCESS;
}

// The driver's exports FFmpeg never asks for (their real signatures are not public; nothing calls them here).
FAKE_EXPORT int cuvidConvertYUVToRGB(void) {
  return 0;
}
FAKE_EXPORT int cuvidConvertYUVToRGBArray(void) {
  return 0;
}
FAKE_EXPORT int cuvidPrivateOp(void) {
  return 0;
}

#ifdef ZCI_FAKE_PARTIAL
// An entry point of a newer driver, unknown to the pool.
FAKE_EXPORT CUresult cuvidFutureCall(void) {
  count(__func__);
  return CUDA_SUCCESS;
}
#endif
