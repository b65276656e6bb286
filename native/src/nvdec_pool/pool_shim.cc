// libzci_nvdec_pool.so: a library with the soname libnvcuvid.so.1 that FFmpeg's NVDEC loader finds (by that soname)
// when the core has loaded it first. It forwards every call to the driver's libnvcuvid, and changes two:
//  - cuvidCreateDecoder answers with a parked decoder made earlier with the same parameters in the same context,
//    when there is one, instead of creating another (about 40 ms for 1080p H.264 on an H200);
//  - cuvidDestroyDecoder parks the decoder instead of destroying it (about 230 ms there), within a byte budget;
//    decoders over the budget are destroyed on a background thread.
// cuvidGetDecoderCaps answers are cached per context and query (about 8 ms each there). Only contexts the core
// keeps alive (allow/drop) park decoders; a decoder made with a context lock (FFmpeg's cuvid decoders) never parks.
// FFmpeg destroys a decoder only once no frame maps it, so a parked decoder has nothing in flight.
#include "pool_api.h"

#include <ffnvcodec/dynlink_cuda.h>
#include <ffnvcodec/dynlink_cuviddec.h>
#include <ffnvcodec/dynlink_nvcuvid.h>

#include <dlfcn.h>

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <atomic>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace {

// The driver API values of CUDA_ERROR_NOT_INITIALIZED and kNotSupported (ffnvcodec names few codes).
constexpr CUresult kNotLoaded = static_cast<CUresult>(3);
constexpr CUresult kNotSupported = static_cast<CUresult>(801);

struct Real {
  void *lib = nullptr;
  tcuvidGetDecoderCaps *getDecoderCaps = nullptr;
  tcuvidCreateDecoder *createDecoder = nullptr;
  tcuvidDestroyDecoder *destroyDecoder = nullptr;
  tcuvidDecodePicture *decodePicture = nullptr;
  tcuvidGetDecodeStatus *getDecodeStatus = nullptr;
  tcuvidReconfigureDecoder *reconfigureDecoder = nullptr;
  tcuvidMapVideoFrame64 *mapVideoFrame64 = nullptr;
  tcuvidUnmapVideoFrame64 *unmapVideoFrame64 = nullptr;
  void *mapVideoFrame32 = nullptr; // 32-bit pointer variants, forwarded untyped (never used on 64-bit hosts)
  void *unmapVideoFrame32 = nullptr;
  tcuvidCtxLockCreate *ctxLockCreate = nullptr;
  tcuvidCtxLockDestroy *ctxLockDestroy = nullptr;
  tcuvidCtxLock *ctxLock = nullptr;
  tcuvidCtxUnlock *ctxUnlock = nullptr;
  tcuvidCreateVideoSource *createVideoSource = nullptr;
  tcuvidCreateVideoSourceW *createVideoSourceW = nullptr;
  tcuvidDestroyVideoSource *destroyVideoSource = nullptr;
  tcuvidSetVideoSourceState *setVideoSourceState = nullptr;
  void *getVideoSourceState = nullptr;
  tcuvidGetSourceVideoFormat *getSourceVideoFormat = nullptr;
  tcuvidGetSourceAudioFormat *getSourceAudioFormat = nullptr;
  tcuvidCreateVideoParser *createVideoParser = nullptr;
  tcuvidParseVideoData *parseVideoData = nullptr;
  tcuvidDestroyVideoParser *destroyVideoParser = nullptr;
  zci_pool_ctx_get_fn ctxGet = nullptr;
  zci_pool_ctx_push_fn ctxPush = nullptr;
  zci_pool_ctx_pop_fn ctxPop = nullptr;
};
Real real;

// The creation parameters that make two decoders interchangeable, field by field (padding is not compared).
struct Field {
  const char *name;
  size_t offset, size;
};
#define ZCI_FIELD(f)                                                                                                   \
  { #f, offsetof(CUVIDDECODECREATEINFO, f), sizeof(CUVIDDECODECREATEINFO::f) }
constexpr Field kFields[] = {ZCI_FIELD(ulWidth),
                             ZCI_FIELD(ulHeight),
                             ZCI_FIELD(ulNumDecodeSurfaces),
                             ZCI_FIELD(CodecType),
                             ZCI_FIELD(ChromaFormat),
                             ZCI_FIELD(ulCreationFlags),
                             ZCI_FIELD(bitDepthMinus8),
                             ZCI_FIELD(ulIntraDecodeOnly),
                             ZCI_FIELD(ulMaxWidth),
                             ZCI_FIELD(ulMaxHeight),
                             ZCI_FIELD(display_area),
                             ZCI_FIELD(OutputFormat),
                             ZCI_FIELD(DeinterlaceMode),
                             ZCI_FIELD(ulTargetWidth),
                             ZCI_FIELD(ulTargetHeight),
                             ZCI_FIELD(ulNumOutputSurfaces),
                             ZCI_FIELD(target_rect),
                             ZCI_FIELD(enableHistogram)};
#undef ZCI_FIELD

// The first field in which two creations differ, or nullptr when they are interchangeable.
const char *firstDifference(const CUVIDDECODECREATEINFO &a, const CUVIDDECODECREATEINFO &b) {
  const auto *pa = reinterpret_cast<const unsigned char *>(&a);
  const auto *pb = reinterpret_cast<const unsigned char *>(&b);
  for (const Field &f : kFields) {
    if (std::memcmp(pa + f.offset, pb + f.offset, f.size) != 0) return f.name;
  }
  return nullptr;
}

// The decode and output surfaces a decoder holds, from its parameters (the driver may round up).
uint64_t surfaceBytes(const CUVIDDECODECREATEINFO &p) {
  const uint64_t sample = p.bitDepthMinus8 > 0 ? 2 : 1;
  const uint64_t chroma = p.ChromaFormat == cudaVideoChromaFormat_444   ? 3
                          : p.ChromaFormat == cudaVideoChromaFormat_422 ? 2
                                                                        : 1;
  const uint64_t decodePixels = static_cast<uint64_t>(p.ulWidth) * p.ulHeight;
  const uint64_t outputPixels = static_cast<uint64_t>(p.ulTargetWidth) * p.ulTargetHeight;
  // Luma plus chroma: 4:2:0 is 1.5 samples a pixel, 4:2:2 two, 4:4:4 three.
  const uint64_t perPixel2 = chroma == 1 ? 3 : chroma == 2 ? 4 : 6; // in half samples
  return sample * perPixel2 * (decodePixels * p.ulNumDecodeSurfaces + outputPixels * p.ulNumOutputSurfaces) / 2;
}

struct Decoder {
  CUvideodecoder handle;
  CUcontext ctx;
  CUVIDDECODECREATEINFO params;
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
  // Destroys decoders on a thread of its own (the driver takes hundreds of milliseconds per decoder).
  std::mutex reaperMutex;
  std::condition_variable reaperWake;
  std::deque<Decoder> reaperQueue;
  CUcontext reaperBusyWith = nullptr; // the context of the decoder being destroyed now
  bool reaperStarted = false;
};
State &state = *new State;
thread_local int threadOutcome = 0;

// The decoder's own witness: the last kMappings pictures mapped, as the driver returned them. Written without a lock
// (one atomic increment a mapping); a reader checks each slot's sequence before and after copying it.
constexpr size_t kMappings = 512;
struct MappingSlot {
  std::atomic<uint64_t> sequence{0}; // 0: empty; odd while being written
  CUvideodecoder decoder = nullptr;
  uint64_t devPtr = 0;
  uint32_t pitch = 0;
  int32_t picIdx = 0;
};
MappingSlot *mappings = new MappingSlot[kMappings];
std::atomic<uint64_t> mappingCount{0};

// The creation parameters of every decoder made and not yet destroyed by the driver, by handle (under state.mutex).
std::map<CUvideodecoder, CUVIDDECODECREATEINFO> &created = *new std::map<CUvideodecoder, CUVIDDECODECREATEINFO>;

// The last mapping made on each thread (see zci_pool_thread_last_sequence).
thread_local uint64_t threadLastMapping = 0;

void recordMapping(CUvideodecoder h, int idx, unsigned long long ptr, unsigned int pitch) {
  const uint64_t n = mappingCount.fetch_add(1, std::memory_order_relaxed) + 1;
  threadLastMapping = n;
  MappingSlot &slot = mappings[n % kMappings];
  slot.sequence.store(2 * n - 1, std::memory_order_release);
  slot.decoder = h;
  slot.devPtr = ptr;
  slot.pitch = pitch;
  slot.picIdx = idx;
  slot.sequence.store(2 * n, std::memory_order_release);
}

void destroyNow(const Decoder &d) {
  CUcontext popped = nullptr;
  const bool pushed = real.ctxPush(d.ctx) == CUDA_SUCCESS;
  real.destroyDecoder(d.handle);
  if (pushed) real.ctxPop(reinterpret_cast<void **>(&popped));
}

void reaperLoop() {
  for (;;) {
    std::unique_lock<std::mutex> lock(state.reaperMutex);
    state.reaperWake.wait(lock, [] { return !state.reaperQueue.empty(); });
    Decoder d = state.reaperQueue.front();
    state.reaperQueue.pop_front();
    state.reaperBusyWith = d.ctx;
    lock.unlock();
    destroyNow(d);
    lock.lock();
    state.reaperBusyWith = nullptr;
    state.reaperWake.notify_all();
  }
}

void destroyLater(const Decoder &d) {
  std::lock_guard<std::mutex> lock(state.reaperMutex);
  if (!state.reaperStarted) {
    std::thread(reaperLoop).detach(); // lives as long as the process; the driver reclaims what is left at exit
    state.reaperStarted = true;
  }
  state.reaperQueue.push_back(d);
  state.reaperWake.notify_all();
}

// Takes the queued decoders of ctx back from the reaper and waits for the one it may be destroying there.
void reclaimFromReaper(CUcontext ctx, std::vector<Decoder> &doomed) {
  std::unique_lock<std::mutex> lock(state.reaperMutex);
  for (auto it = state.reaperQueue.begin(); it != state.reaperQueue.end();) {
    if (it->ctx == ctx) {
      doomed.push_back(*it);
      it = state.reaperQueue.erase(it);
    } else {
      ++it;
    }
  }
  state.reaperWake.wait(lock, [ctx] { return state.reaperBusyWith != ctx; });
}

// Called with state.mutex held: evicts the oldest parked decoders until the budget holds.
void trimLocked(std::vector<Decoder> &evict) {
  while (!state.parked.empty() && state.stats.parkedBytes > state.stats.budgetBytes) {
    evict.push_back(state.parked.back());
    state.stats.parkedBytes -= state.parked.back().bytes;
    state.parked.pop_back();
    state.stats.evicted++;
  }
  state.stats.parked = state.parked.size();
}

void copyWhy(char *out, size_t len, const char *text) {
  if (out && len) std::snprintf(out, len, "%s", text);
}

template <typename T> bool bind(T *&slot, const char *name, bool optional, char *why, size_t len) {
  slot = reinterpret_cast<T *>(dlsym(real.lib, name));
  if (slot || optional) return true;
  char text[160];
  std::snprintf(text, sizeof text, "the driver's libnvcuvid has no %s", name);
  copyWhy(why, len, text);
  return false;
}

} // namespace

extern "C" {

__attribute__((visibility("default"))) int zci_pool_init(const char *realPath, zci_pool_ctx_get_fn get,
                                                         zci_pool_ctx_push_fn push, zci_pool_ctx_pop_fn pop,
                                                         uint64_t budgetBytes, char *why, size_t whyLen) {
  std::lock_guard<std::mutex> lock(state.mutex);
  if (real.lib) return 0;
  void *lib = dlopen(realPath, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *err = dlerror();
    copyWhy(why, whyLen, err ? err : "dlopen failed");
    return -1;
  }
  real.lib = lib;
  bool ok = bind(real.getDecoderCaps, "cuvidGetDecoderCaps", true, why, whyLen) &&
            bind(real.createDecoder, "cuvidCreateDecoder", false, why, whyLen) &&
            bind(real.destroyDecoder, "cuvidDestroyDecoder", false, why, whyLen) &&
            bind(real.decodePicture, "cuvidDecodePicture", false, why, whyLen) &&
            bind(real.getDecodeStatus, "cuvidGetDecodeStatus", false, why, whyLen) &&
            bind(real.reconfigureDecoder, "cuvidReconfigureDecoder", false, why, whyLen) &&
            bind(real.mapVideoFrame64, "cuvidMapVideoFrame64", false, why, whyLen) &&
            bind(real.unmapVideoFrame64, "cuvidUnmapVideoFrame64", false, why, whyLen) &&
            bind(real.mapVideoFrame32, "cuvidMapVideoFrame", true, why, whyLen) &&
            bind(real.unmapVideoFrame32, "cuvidUnmapVideoFrame", true, why, whyLen) &&
            bind(real.ctxLockCreate, "cuvidCtxLockCreate", false, why, whyLen) &&
            bind(real.ctxLockDestroy, "cuvidCtxLockDestroy", false, why, whyLen) &&
            bind(real.ctxLock, "cuvidCtxLock", false, why, whyLen) &&
            bind(real.ctxUnlock, "cuvidCtxUnlock", false, why, whyLen) &&
            bind(real.createVideoSource, "cuvidCreateVideoSource", true, why, whyLen) &&
            bind(real.createVideoSourceW, "cuvidCreateVideoSourceW", true, why, whyLen) &&
            bind(real.destroyVideoSource, "cuvidDestroyVideoSource", true, why, whyLen) &&
            bind(real.setVideoSourceState, "cuvidSetVideoSourceState", true, why, whyLen) &&
            bind(real.getVideoSourceState, "cuvidGetVideoSourceState", true, why, whyLen) &&
            bind(real.getSourceVideoFormat, "cuvidGetSourceVideoFormat", true, why, whyLen) &&
            bind(real.getSourceAudioFormat, "cuvidGetSourceAudioFormat", true, why, whyLen) &&
            bind(real.createVideoParser, "cuvidCreateVideoParser", false, why, whyLen) &&
            bind(real.parseVideoData, "cuvidParseVideoData", false, why, whyLen) &&
            bind(real.destroyVideoParser, "cuvidDestroyVideoParser", false, why, whyLen);
  if (!ok) {
    dlclose(lib);
    real = Real{};
    return -1;
  }
  real.ctxGet = get;
  real.ctxPush = push;
  real.ctxPop = pop;
  state.stats.budgetBytes = budgetBytes;
  return 0;
}

__attribute__((visibility("default"))) void zci_pool_allow_context(void *ctx) {
  std::lock_guard<std::mutex> lock(state.mutex);
  state.allowed.insert(static_cast<CUcontext>(ctx));
}

__attribute__((visibility("default"))) void zci_pool_drop_context(void *ctx) {
  std::vector<Decoder> doomed;
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    state.allowed.erase(static_cast<CUcontext>(ctx));
    for (auto it = state.parked.begin(); it != state.parked.end();) {
      if (it->ctx == ctx) {
        doomed.push_back(*it);
        state.stats.parkedBytes -= it->bytes;
        state.stats.evicted++;
        it = state.parked.erase(it);
      } else {
        ++it;
      }
    }
    state.stats.parked = state.parked.size();
    state.capsCache.erase(std::remove_if(state.capsCache.begin(), state.capsCache.end(),
                                         [ctx](const CapsEntry &e) { return e.ctx == ctx; }),
                          state.capsCache.end());
  }
  reclaimFromReaper(static_cast<CUcontext>(ctx), doomed);
  // The context may go away right after: destroyed here, not later.
  for (const Decoder &d : doomed)
    destroyNow(d);
}

__attribute__((visibility("default"))) void zci_pool_release_all(void) {
  std::vector<Decoder> doomed;
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    state.allowed.clear(); // decoders given up from now on are destroyed at once
    doomed.assign(state.parked.begin(), state.parked.end());
    state.stats.evicted += state.parked.size();
    state.parked.clear();
    state.stats.parked = 0;
    state.stats.parkedBytes = 0;
  }
  {
    std::unique_lock<std::mutex> lock(state.reaperMutex);
    doomed.insert(doomed.end(), state.reaperQueue.begin(), state.reaperQueue.end());
    state.reaperQueue.clear();
    state.reaperWake.wait(lock, [] { return state.reaperBusyWith == nullptr; });
  }
  for (const Decoder &d : doomed)
    destroyNow(d);
}

__attribute__((visibility("default"))) void zci_pool_get_stats(zci_pool_stats *out) {
  std::lock_guard<std::mutex> lock(state.mutex);
  *out = state.stats;
  out->live = state.live.size();
}

__attribute__((visibility("default"))) int zci_pool_take_thread_outcome(void) {
  const int outcome = threadOutcome;
  threadOutcome = 0;
  return outcome;
}

__attribute__((visibility("default"))) int zci_pool_decoder_caps(void *ctx, zci_pool_caps *caps) {
  if (!real.lib || !real.getDecoderCaps || !real.ctxPush) return -1;
  CUVIDDECODECAPS q{};
  q.eCodecType = static_cast<cudaVideoCodec>(caps->codec);
  q.eChromaFormat = static_cast<cudaVideoChromaFormat>(caps->chromaFormat);
  q.nBitDepthMinus8 = static_cast<unsigned int>(caps->bitDepthMinus8);
  if (real.ctxPush(ctx) != CUDA_SUCCESS) return -1;
  caps->result = static_cast<int32_t>(real.getDecoderCaps(&q));
  void *popped = nullptr;
  real.ctxPop(&popped);
  caps->supported = q.bIsSupported;
  caps->numNvdecs = q.nNumNVDECs;
  caps->outputFormatMask = q.nOutputFormatMask;
  caps->maxWidth = q.nMaxWidth;
  caps->maxHeight = q.nMaxHeight;
  caps->maxMBCount = q.nMaxMBCount;
  caps->minWidth = q.nMinWidth;
  caps->minHeight = q.nMinHeight;
  return 0;
}

// ---- libnvcuvid's API, as FFmpeg's loader resolves it ----

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidGetDecoderCaps(CUVIDDECODECAPS *pdc) {
  if (!real.lib) return kNotLoaded;
  if (!real.getDecoderCaps) return kNotSupported;
  CUcontext ctx = nullptr;
  real.ctxGet(reinterpret_cast<void **>(&ctx));
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    state.stats.capsQueries++;
    for (const CapsEntry &e : state.capsCache) {
      if (e.ctx == ctx && e.codec == pdc->eCodecType && e.chroma == pdc->eChromaFormat &&
          e.depthMinus8 == pdc->nBitDepthMinus8) {
        *pdc = e.caps;
        state.stats.capsCached++;
        return CUDA_SUCCESS;
      }
    }
  }
  const CUresult r = real.getDecoderCaps(pdc);
  if (r == CUDA_SUCCESS && ctx) {
    std::lock_guard<std::mutex> lock(state.mutex);
    if (state.allowed.count(ctx))
      state.capsCache.push_back({ctx, pdc->eCodecType, pdc->eChromaFormat, pdc->nBitDepthMinus8, *pdc});
  }
  return r;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidCreateDecoder(CUvideodecoder *phDecoder,
                                                                           CUVIDDECODECREATEINFO *pdci) {
  if (!real.lib) return kNotLoaded;
  CUcontext ctx = nullptr;
  real.ctxGet(reinterpret_cast<void **>(&ctx));
  const bool poolable = ctx && pdci->vidLock == nullptr;
  if (poolable) {
    std::lock_guard<std::mutex> lock(state.mutex);
    if (state.allowed.count(ctx)) {
      for (auto it = state.parked.begin(); it != state.parked.end(); ++it) {
        if (it->ctx == ctx && !firstDifference(it->params, *pdci)) {
          *phDecoder = it->handle;
          state.stats.parkedBytes -= it->bytes;
          state.live.push_back(*it);
          state.parked.erase(it);
          state.stats.parked = state.parked.size();
          state.stats.reused++;
          threadOutcome = 2;
          return CUDA_SUCCESS;
        }
      }
    }
  }
  if (poolable && std::getenv("ZCI_DECODER_POOL_DEBUG")) {
    std::lock_guard<std::mutex> lock(state.mutex);
    for (const Decoder &d : state.parked)
      std::fprintf(stderr, "decoder pool: no match with a parked decoder (%s): %s\n",
                   d.ctx == ctx ? "same context" : "another context",
                   firstDifference(d.params, *pdci) ? firstDifference(d.params, *pdci) : "none");
  }
  // The parameters as asked: the driver writes its defaults back into the struct (the maximum size, for one).
  const CUVIDDECODECREATEINFO asked = *pdci;
  const CUresult r = real.createDecoder(phDecoder, pdci);
  if (r != CUDA_SUCCESS) return r;
  std::lock_guard<std::mutex> lock(state.mutex);
  created[*phDecoder] = *pdci; // as the driver accepted them
  state.stats.created++;
  threadOutcome = 1;
  if (poolable && state.allowed.count(ctx)) state.live.push_back({*phDecoder, ctx, asked, surfaceBytes(asked)});
  return r;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidDestroyDecoder(CUvideodecoder hDecoder) {
  if (!real.lib) return kNotLoaded;
  std::vector<Decoder> evict;
  bool destroyHere = true;
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    auto it = std::find_if(state.live.begin(), state.live.end(),
                           [hDecoder](const Decoder &d) { return d.handle == hDecoder; });
    // Not made in a kept context, or that context is no longer kept (it may go at any time): destroyed now, as FFmpeg
    // expects.
    if (it != state.live.end()) {
      const Decoder d = *it;
      state.live.erase(it);
      if (state.allowed.count(d.ctx)) {
        destroyHere = false;
        if (d.bytes <= state.stats.budgetBytes) {
          state.parked.push_front(d);
          state.stats.parkedBytes += d.bytes;
          trimLocked(evict);
        } else {
          evict.push_back(d);
        }
      }
    }
  }
  if (destroyHere) {
    {
      std::lock_guard<std::mutex> lock(state.mutex);
      created.erase(hDecoder);
    }
    return real.destroyDecoder(hDecoder);
  }
  for (const Decoder &d : evict)
    destroyLater(d);
  return CUDA_SUCCESS;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidDecodePicture(CUvideodecoder h, CUVIDPICPARAMS *p) {
  return real.lib ? real.decodePicture(h, p) : kNotLoaded;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidGetDecodeStatus(CUvideodecoder h, int idx,
                                                                             CUVIDGETDECODESTATUS *s) {
  return real.lib ? real.getDecodeStatus(h, idx, s) : kNotLoaded;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidReconfigureDecoder(CUvideodecoder h,
                                                                                CUVIDRECONFIGUREDECODERINFO *p) {
  return real.lib ? real.reconfigureDecoder(h, p) : kNotLoaded;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidMapVideoFrame64(CUvideodecoder h, int idx,
                                                                             unsigned long long *ptr,
                                                                             unsigned int *pitch,
                                                                             CUVIDPROCPARAMS *vpp) {
  if (!real.lib) return kNotLoaded;
  const CUresult r = real.mapVideoFrame64(h, idx, ptr, pitch, vpp);
  if (r == CUDA_SUCCESS) recordMapping(h, idx, *ptr, *pitch);
  return r;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidUnmapVideoFrame64(CUvideodecoder h,
                                                                               unsigned long long ptr) {
  return real.lib ? real.unmapVideoFrame64(h, ptr) : kNotLoaded;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidMapVideoFrame(CUvideodecoder h, int idx, unsigned int *ptr,
                                                                           unsigned int *pitch, CUVIDPROCPARAMS *vpp) {
  using Fn = CUresult CUDAAPI(CUvideodecoder, int, unsigned int *, unsigned int *, CUVIDPROCPARAMS *);
  if (!real.mapVideoFrame32) return kNotSupported;
  const CUresult r = reinterpret_cast<Fn *>(real.mapVideoFrame32)(h, idx, ptr, pitch, vpp);
  if (r == CUDA_SUCCESS) recordMapping(h, idx, *ptr, *pitch);
  return r;
}

} // extern "C"

namespace {

// Reads the mapping numbered n, when its slot still holds it and match accepts its surface; fills out with the
// mapping decoder's creation parameters where they were recorded.
template <typename Match> bool readMapping(uint64_t n, Match match, zci_pool_mapping *out) {
  MappingSlot &slot = mappings[n % kMappings];
  if (slot.sequence.load(std::memory_order_acquire) != 2 * n) return false;
  const CUvideodecoder decoder = slot.decoder;
  const uint64_t ptr = slot.devPtr;
  const uint32_t pitch = slot.pitch;
  const int32_t idx = slot.picIdx;
  if (slot.sequence.load(std::memory_order_acquire) != 2 * n || !match(ptr)) return false;
  *out = zci_pool_mapping{};
  out->devPtr = ptr;
  out->pitch = pitch;
  out->picIdx = idx;
  out->sequence = n;
  std::lock_guard<std::mutex> lock(state.mutex);
  auto it = created.find(decoder);
  if (it != created.end()) {
    const CUVIDDECODECREATEINFO &p = it->second;
    out->targetWidth = static_cast<uint32_t>(p.ulTargetWidth);
    out->targetHeight = static_cast<uint32_t>(p.ulTargetHeight);
    out->chromaFormat = p.ChromaFormat;
    out->outputFormat = p.OutputFormat;
    out->bitDepthMinus8 = static_cast<int32_t>(p.bitDepthMinus8);
    out->codec = p.CodecType;
    out->paramsKnown = 1;
  }
  return true;
}

} // namespace

extern "C" {

__attribute__((visibility("default"))) int zci_pool_find_mapping(uint64_t devPtr, zci_pool_mapping *out) {
  const uint64_t newest = mappingCount.load(std::memory_order_acquire);
  const uint64_t oldest = newest > kMappings ? newest - kMappings + 1 : 1;
  for (uint64_t n = newest; n >= oldest && n > 0; --n) {
    if (readMapping(
            n, [devPtr](uint64_t ptr) { return ptr == devPtr; }, out))
      return 1;
  }
  return 0;
}

__attribute__((visibility("default"))) int zci_pool_find_sequence(uint64_t sequence, zci_pool_mapping *out) {
  const uint64_t newest = mappingCount.load(std::memory_order_acquire);
  if (sequence == 0 || sequence > newest || newest - sequence >= kMappings) return 0;
  return readMapping(
             sequence, [](uint64_t) { return true; }, out)
             ? 1
             : 0;
}

__attribute__((visibility("default"))) uint64_t zci_pool_thread_last_sequence(void) {
  return threadLastMapping;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidUnmapVideoFrame(CUvideodecoder h, unsigned int ptr) {
  using Fn = CUresult CUDAAPI(CUvideodecoder, unsigned int);
  return real.unmapVideoFrame32 ? reinterpret_cast<Fn *>(real.unmapVideoFrame32)(h, ptr) : kNotSupported;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidCtxLockCreate(CUvideoctxlock *l, CUcontext ctx) {
  return real.lib ? real.ctxLockCreate(l, ctx) : kNotLoaded;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidCtxLockDestroy(CUvideoctxlock l) {
  return real.lib ? real.ctxLockDestroy(l) : kNotLoaded;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidCtxLock(CUvideoctxlock l, unsigned int flags) {
  return real.lib ? real.ctxLock(l, flags) : kNotLoaded;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidCtxUnlock(CUvideoctxlock l, unsigned int flags) {
  return real.lib ? real.ctxUnlock(l, flags) : kNotLoaded;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidCreateVideoSource(CUvideosource *o, const char *f,
                                                                               CUVIDSOURCEPARAMS *p) {
  return real.createVideoSource ? real.createVideoSource(o, f, p) : kNotSupported;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidCreateVideoSourceW(CUvideosource *o, const wchar_t *f,
                                                                                CUVIDSOURCEPARAMS *p) {
  return real.createVideoSourceW ? real.createVideoSourceW(o, f, p) : kNotSupported;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidDestroyVideoSource(CUvideosource o) {
  return real.destroyVideoSource ? real.destroyVideoSource(o) : kNotSupported;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidSetVideoSourceState(CUvideosource o, cudaVideoState s) {
  return real.setVideoSourceState ? real.setVideoSourceState(o, s) : kNotSupported;
}

__attribute__((visibility("default"))) cudaVideoState CUDAAPI cuvidGetVideoSourceState(CUvideosource o) {
  using Fn = cudaVideoState CUDAAPI(CUvideosource);
  return real.getVideoSourceState ? reinterpret_cast<Fn *>(real.getVideoSourceState)(o) : cudaVideoState_Error;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidGetSourceVideoFormat(CUvideosource o, CUVIDEOFORMAT *f,
                                                                                  unsigned int flags) {
  return real.getSourceVideoFormat ? real.getSourceVideoFormat(o, f, flags) : kNotSupported;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidGetSourceAudioFormat(CUvideosource o, CUAUDIOFORMAT *f,
                                                                                  unsigned int flags) {
  return real.getSourceAudioFormat ? real.getSourceAudioFormat(o, f, flags) : kNotSupported;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidCreateVideoParser(CUvideoparser *o, CUVIDPARSERPARAMS *p) {
  return real.lib ? real.createVideoParser(o, p) : kNotLoaded;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidParseVideoData(CUvideoparser o, CUVIDSOURCEDATAPACKET *p) {
  return real.lib ? real.parseVideoData(o, p) : kNotLoaded;
}

__attribute__((visibility("default"))) CUresult CUDAAPI cuvidDestroyVideoParser(CUvideoparser o) {
  return real.lib ? real.destroyVideoParser(o) : kNotLoaded;
}

} // extern "C"
