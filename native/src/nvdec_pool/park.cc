// Parking: cuvidDestroyDecoder keeps the decoder, within the byte budget, and cuvidCreateDecoder answers with a parked
// decoder made with the same parameters (create_info.cc) in the same context. Decoders over the budget are destroyed
// on a thread of their own (the reaper); a dropped context's decoders are destroyed before the drop returns.
#include "pool_internal.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <thread>

namespace zci::nvdec_pool {
namespace {

thread_local int threadOutcome = 0;

void destroyNow(const Decoder &d) {
  {
    // Forgotten first: once destroyed, the driver may hand the same handle to a new decoder.
    std::lock_guard<std::mutex> lock(state.mutex);
    created.erase(d.handle);
  }
  void *popped = nullptr;
  const bool pushed = driver.ctxPush(d.ctx) == CUDA_SUCCESS;
  bound<tcuvidDestroyDecoder>(kDestroyDecoder)(d.handle);
  if (pushed) driver.ctxPop(&popped);
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

} // namespace
} // namespace zci::nvdec_pool

using namespace zci::nvdec_pool;

extern "C" {

ZCI_EXPORT void zci_pool_allow_context(void *ctx) {
  std::lock_guard<std::mutex> lock(state.mutex);
  state.allowed.insert(static_cast<CUcontext>(ctx));
}

ZCI_EXPORT void zci_pool_drop_context(void *ctx) {
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

ZCI_EXPORT void zci_pool_release_all(void) {
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

ZCI_EXPORT int zci_pool_take_thread_outcome(void) {
  const int outcome = threadOutcome;
  threadOutcome = 0;
  return outcome;
}

ZCI_EXPORT CUresult CUDAAPI cuvidCreateDecoder(CUvideodecoder *phDecoder, CUVIDDECODECREATEINFO *pdci) {
  auto *create = bound<decltype(cuvidCreateDecoder)>(kCreateDecoder);
  if (!create) return unbound(kCreateDecoder);
  CUcontext ctx = nullptr;
  driver.ctxGet(reinterpret_cast<void **>(&ctx));
  const bool poolable = ctx && pdci->vidLock == nullptr;
  if (poolable) {
    std::lock_guard<std::mutex> lock(state.mutex);
    if (keepsContext(ctx)) {
      for (auto it = state.parked.begin(); it != state.parked.end(); ++it) {
        if (it->ctx == ctx && !firstDifference(it->asked, *pdci)) {
          *phDecoder = it->handle;
          // The caller's struct as the driver left it when it made this decoder (vidLock: null in both).
          *pdci = it->returned;
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
    for (const Decoder &d : state.parked) {
      const char *differs = firstDifference(d.asked, *pdci);
      std::fprintf(stderr, "decoder pool: no match with a parked decoder (%s): %s\n",
                   d.ctx == ctx ? "same context" : "another context", differs ? differs : "none");
    }
  }
  // The parameters as asked: the driver writes its defaults back into the struct (the maximum size, for one).
  const CUVIDDECODECREATEINFO asked = *pdci;
  const CUresult r = create(phDecoder, pdci);
  if (r != CUDA_SUCCESS) return r;
  std::lock_guard<std::mutex> lock(state.mutex);
  created[*phDecoder] = *pdci; // as the driver accepted them
  state.stats.created++;
  threadOutcome = 1;
  if (poolable && keepsContext(ctx)) state.live.push_back({*phDecoder, ctx, asked, *pdci, surfaceBytes(asked)});
  return r;
}

ZCI_EXPORT CUresult CUDAAPI cuvidDestroyDecoder(CUvideodecoder hDecoder) {
  auto *destroy = bound<decltype(cuvidDestroyDecoder)>(kDestroyDecoder);
  if (!destroy) return unbound(kDestroyDecoder);
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
      if (keepsContext(d.ctx)) {
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
    return destroy(hDecoder);
  }
  for (const Decoder &d : evict)
    destroyLater(d);
  return CUDA_SUCCESS;
}

} // extern "C"
