// What the pool library's files share: the driver's entry points as bound, the parked decoders and the caps cache.
// Nothing here is exported (the library is built with hidden visibility; pool_api.h is its control surface).
#pragma once

#include "pool_api.h"

#include <ffnvcodec/dynlink_cuda.h>
#include <ffnvcodec/dynlink_cuviddec.h>
#include <ffnvcodec/dynlink_nvcuvid.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <vector>

#define ZCI_EXPORT __attribute__((visibility("default")))

namespace zci::nvdec_pool {

// The driver API values of CUDA_ERROR_NOT_INITIALIZED and CUDA_ERROR_NOT_SUPPORTED (ffnvcodec names few codes).
constexpr CUresult kNotLoaded = static_cast<CUresult>(3);
constexpr CUresult kNotSupported = static_cast<CUresult>(801);

// Every entry point FFmpeg's loader (ffnvcodec's cuvid_load_functions) resolves in libnvcuvid, both pointer widths
// of the mapping calls, as (enumerator, symbol, required). The library exports each under the same name and forwards
// it. A required one is what FFmpeg's NVDEC decoding calls: without it zci_pool_init fails. An optional one the driver
// lacks is still exported (FFmpeg's loader insists on the video source calls), and a call to it answers "not
// supported" and is counted.
#define ZCI_ENTRY_POINTS(X)                                                                                            \
  X(GetDecoderCaps, cuvidGetDecoderCaps, false)                                                                        \
  X(CreateDecoder, cuvidCreateDecoder, true)                                                                           \
  X(DestroyDecoder, cuvidDestroyDecoder, true)                                                                         \
  X(DecodePicture, cuvidDecodePicture, true)                                                                           \
  X(GetDecodeStatus, cuvidGetDecodeStatus, true)                                                                       \
  X(ReconfigureDecoder, cuvidReconfigureDecoder, true)                                                                 \
  X(MapVideoFrame64, cuvidMapVideoFrame64, true)                                                                       \
  X(UnmapVideoFrame64, cuvidUnmapVideoFrame64, true)                                                                   \
  X(MapVideoFrame, cuvidMapVideoFrame, false)                                                                          \
  X(UnmapVideoFrame, cuvidUnmapVideoFrame, false)                                                                      \
  X(CtxLockCreate, cuvidCtxLockCreate, true)                                                                           \
  X(CtxLockDestroy, cuvidCtxLockDestroy, true)                                                                         \
  X(CtxLock, cuvidCtxLock, true)                                                                                       \
  X(CtxUnlock, cuvidCtxUnlock, true)                                                                                   \
  X(CreateVideoSource, cuvidCreateVideoSource, false)                                                                  \
  X(CreateVideoSourceW, cuvidCreateVideoSourceW, false)                                                                \
  X(DestroyVideoSource, cuvidDestroyVideoSource, false)                                                                \
  X(SetVideoSourceState, cuvidSetVideoSourceState, false)                                                              \
  X(GetVideoSourceState, cuvidGetVideoSourceState, false)                                                              \
  X(GetSourceVideoFormat, cuvidGetSourceVideoFormat, false)                                                            \
  X(GetSourceAudioFormat, cuvidGetSourceAudioFormat, false)                                                            \
  X(CreateVideoParser, cuvidCreateVideoParser, true)                                                                   \
  X(ParseVideoData, cuvidParseVideoData, true)                                                                         \
  X(DestroyVideoParser, cuvidDestroyVideoParser, true)

enum Entry : int {
#define ZCI_ENUM(e, symbol, required) k##e,
  ZCI_ENTRY_POINTS(ZCI_ENUM)
#undef ZCI_ENUM
      kEntryCount
};

struct EntryInfo {
  const char *symbol;
  bool required;
};
extern const EntryInfo kEntries[kEntryCount];

// The driver's library as zci_pool_init bound it. Written once, under state.mutex, before FFmpeg can call in.
struct Driver {
  void *lib = nullptr;
  void *fn[kEntryCount] = {};
  zci_pool_ctx_get_fn ctxGet = nullptr;
  zci_pool_ctx_push_fn ctxPush = nullptr;
  zci_pool_ctx_pop_fn ctxPop = nullptr;
};
extern Driver driver;

// The driver's entry point e as a function of type F (the type of the library's own export of that name).
template <typename F> F *bound(Entry e) {
  return reinterpret_cast<F *>(driver.fn[e]);
}

// The answer of an entry point the driver has not bound: kNotLoaded for a required one before zci_pool_init,
// otherwise kNotSupported, counted as a call to an entry point the driver lacks.
CUresult unbound(Entry e);

// Calls the driver's entry point, or answers as unbound() does.
#define ZCI_FORWARD(entry, self, ...)                                                                                  \
  do {                                                                                                                 \
    if (auto *zciFn = bound<decltype(self)>(entry)) return zciFn(__VA_ARGS__);                                         \
    return unbound(entry);                                                                                             \
  } while (0)

// ---- the creation parameters (create_info.cc) ----

// The first member in which two creations differ, or nullptr when they are interchangeable. Every member of
// CUVIDDECODECREATEINFO counts, reserved ones too, except the context lock.
const char *firstDifference(const CUVIDDECODECREATEINFO &a, const CUVIDDECODECREATEINFO &b);
// The decode and output surfaces a decoder holds, estimated from its parameters.
uint64_t surfaceBytes(const CUVIDDECODECREATEINFO &p);

// ---- the pool (park.cc, caps.cc) ----

struct Decoder {
  CUvideodecoder handle;
  CUcontext ctx;
  CUVIDDECODECREATEINFO asked;    // the parameters as the caller asked: what a later creation must match
  CUVIDDECODECREATEINFO returned; // the struct as the driver left it: what a reuse writes back
  uint64_t bytes;
};

struct CapsEntry {
  CUcontext ctx;
  cudaVideoCodec codec;
  cudaVideoChromaFormat chroma;
  unsigned depthMinus8;
  CUVIDDECODECAPS caps;
};

// Everything the pool holds. Allocated once and never freed: the reaper thread may still wait on it while the process
// exits, and the driver reclaims what is left.
struct State {
  std::mutex mutex;
  std::set<CUcontext> allowed;
  std::vector<Decoder> live;  // made in an allowed context: parked when FFmpeg destroys them
  std::deque<Decoder> parked; // newest first
  std::vector<CapsEntry> capsCache;
  zci_pool_stats stats{};
  std::atomic<uint32_t> missingCalls{0};
  // Destroys decoders on a thread of its own (the driver takes hundreds of milliseconds per decoder).
  std::mutex reaperMutex;
  std::condition_variable reaperWake;
  std::deque<Decoder> reaperQueue;
  CUcontext reaperBusyWith = nullptr; // the context of the decoder being destroyed now
  bool reaperStarted = false;
};
extern State &state;

// Whether the pool keeps decoders and caps answers of ctx (under state.mutex): a context the core keeps alive, and a
// budget above 0.
inline bool keepsContext(CUcontext ctx) {
  return state.stats.budgetBytes > 0 && state.allowed.count(ctx) > 0;
}

// The creation parameters of every decoder made and not yet destroyed by the driver, by handle, as the driver
// returned them (under state.mutex; read by the mapping witness).
extern std::map<CUvideodecoder, CUVIDDECODECREATEINFO> &created;

// Records a picture the driver mapped (mappings.cc).
void recordMapping(CUvideodecoder h, int idx, unsigned long long ptr, unsigned int pitch);

// Writes text into a caller's buffer of len bytes (nothing when there is none).
void copyWhy(char *out, size_t len, const char *text);

} // namespace zci::nvdec_pool
