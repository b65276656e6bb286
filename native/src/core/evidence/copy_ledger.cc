// CUPTI activity tracing of copies and memsets, with libcupti opened at run time: the addon loads without it.
#include "evidence/copy_ledger.h"

#include "gpu/cuda_driver.h"

#include <cupti_activity.h>
#include <cupti_result.h>
#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <mutex>
#include <unordered_map>

namespace zci {
namespace {

constexpr size_t kBufferBytes = 4u << 20; // one activity buffer
constexpr size_t kMaxPending = 1u << 18;  // records kept for owners that never take them
constexpr CUpti_ExternalCorrelationKind kCorrelationKind = CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0;
constexpr uint64_t kStageBits = 8;

struct Cupti {
  decltype(&::cuptiActivityRegisterCallbacks) registerCallbacks = nullptr;
  decltype(&::cuptiActivityEnable) enable = nullptr;
  decltype(&::cuptiActivityDisable) disable = nullptr;
  decltype(&::cuptiActivityFlushAll) flushAll = nullptr;
  decltype(&::cuptiActivityGetNextRecord) nextRecord = nullptr;
  decltype(&::cuptiActivityPushExternalCorrelationId) push = nullptr;
  decltype(&::cuptiActivityPopExternalCorrelationId) pop = nullptr;
  decltype(&::cuptiGetResultString) resultString = nullptr;
  decltype(&::cuptiActivityGetNumDroppedRecords) droppedRecords = nullptr; // optional
};

struct State {
  std::mutex apiMutex; // owners, enabling and disabling; never held while CUPTI may call back
  std::mutex mutex;    // records and correlation ids, filled by CUPTI's buffer callback
  bool loaded = false;
  LedgerReason loadReason = LedgerReason::CuptiNotFound;
  std::string loadMessage;
  Cupti api;
  bool registered = false;
  int owners = 0;
  std::atomic<bool> enabled{false};                  // read without the lock by stage scopes
  std::vector<LedgerRecord> records;                 // copies and memsets, in completion order
  std::unordered_map<uint32_t, uint64_t> externalOf; // CUPTI correlation id -> (tag << 8 | stage)
  int64_t dropped = 0;
  uint64_t nextTag = 1;
};

State &state() {
  static State *s = new State; // never destroyed: CUPTI may call back while the process exits
  return *s;
}

template <typename Fn> bool fetch(void *lib, const char *name, Fn &fn, std::string &why) {
  fn = reinterpret_cast<Fn>(dlsym(lib, name));
  if (!fn) why = std::string("libcupti has no ") + name;
  return fn != nullptr;
}

// Opens libcupti once: ZCI_CUPTI_PATH when set (and only it), else the loader's search for libcupti.so.13, then
// libcupti.so.
void load(State &s) {
  static bool tried = false;
  if (tried) return;
  tried = true;
  void *lib = nullptr;
  std::string tried_names;
  const char *path = std::getenv("ZCI_CUPTI_PATH");
  if (path && *path) {
    lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    tried_names = path;
  } else {
    for (const char *name : {"libcupti.so.13", "libcupti.so"}) {
      lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
      tried_names += (tried_names.empty() ? "" : ", ") + std::string(name);
      if (lib) break;
    }
  }
  if (!lib) {
    const char *err = dlerror();
    s.loadReason = LedgerReason::CuptiNotFound;
    s.loadMessage = "libcupti could not be loaded (" + tried_names + "): " + (err ? err : "not found") +
                    ". Install the CUDA toolkit's CUPTI or set ZCI_CUPTI_PATH to libcupti.so.";
    return;
  }
  Cupti &a = s.api;
  std::string why;
  const bool ok = fetch(lib, "cuptiActivityRegisterCallbacks", a.registerCallbacks, why) &&
                  fetch(lib, "cuptiActivityEnable", a.enable, why) &&
                  fetch(lib, "cuptiActivityDisable", a.disable, why) &&
                  fetch(lib, "cuptiActivityFlushAll", a.flushAll, why) &&
                  fetch(lib, "cuptiActivityGetNextRecord", a.nextRecord, why) &&
                  fetch(lib, "cuptiActivityPushExternalCorrelationId", a.push, why) &&
                  fetch(lib, "cuptiActivityPopExternalCorrelationId", a.pop, why) &&
                  fetch(lib, "cuptiGetResultString", a.resultString, why);
  a.droppedRecords = reinterpret_cast<decltype(a.droppedRecords)>(dlsym(lib, "cuptiActivityGetNumDroppedRecords"));
  if (!ok) {
    s.loadReason = LedgerReason::CuptiIncomplete;
    s.loadMessage = why + "; a CUPTI from CUDA 12 or later is needed.";
    return;
  }
  s.loaded = true;
}

std::string resultText(const State &s, CUptiResult r) {
  const char *text = nullptr;
  if (s.api.resultString) s.api.resultString(r, &text);
  return text ? std::string(text) : "CUPTI error " + std::to_string(static_cast<int>(r));
}

// Why CUPTI refused: a machine without a GPU or driver answers CUPTI_ERROR_UNKNOWN, so the driver is asked too.
LedgerReason reasonOf(CUptiResult r, std::string *message) {
  std::string why;
  if (r != CUPTI_ERROR_INSUFFICIENT_PRIVILEGES && r != CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED &&
      cuda::deviceCount(&why) == 0) {
    *message += " (no usable CUDA device: " + why + ")";
    return LedgerReason::NoGpu;
  }
  switch (r) {
  case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES: return LedgerReason::Privileges;
  case CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED: return LedgerReason::OtherSubscriber;
  case CUPTI_ERROR_INVALID_DEVICE:
  case CUPTI_ERROR_NOT_INITIALIZED:
  case CUPTI_ERROR_CUDA_COMPILER_NOT_COMPATIBLE:
  case CUPTI_ERROR_NOT_COMPATIBLE: return LedgerReason::NoGpu;
  default: return LedgerReason::CuptiRefused;
  }
}

const char *copyKindName(uint8_t k) {
  switch (k) {
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD: return "htod";
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH: return "dtoh";
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOA: return "htoa";
  case CUPTI_ACTIVITY_MEMCPY_KIND_ATOH: return "atoh";
  case CUPTI_ACTIVITY_MEMCPY_KIND_ATOA: return "atoa";
  case CUPTI_ACTIVITY_MEMCPY_KIND_ATOD: return "atod";
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOA: return "dtoa";
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD: return "dtod";
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH: return "htoh";
  case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP: return "ptop";
  default: return "unknown";
  }
}

const char *memoryKindName(unsigned k) {
  switch (k) {
  case CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE: return "pageable";
  case CUPTI_ACTIVITY_MEMORY_KIND_PINNED: return "pinned";
  case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE: return "device";
  case CUPTI_ACTIVITY_MEMORY_KIND_ARRAY: return "array";
  case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED: return "managed";
  case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE_STATIC: return "device-static";
  case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED_STATIC: return "managed-static";
  default: return "unknown";
  }
}

int64_t span(uint64_t start, uint64_t end) {
  return end > start ? static_cast<int64_t>(end - start) : 0;
}

void CUPTIAPI bufferRequested(uint8_t **buffer, size_t *size, size_t *maxNumRecords) {
  // CUPTI needs 8-byte alignment; aligned_alloc wants a size that is a multiple of it.
  *buffer = static_cast<uint8_t *>(std::aligned_alloc(8, kBufferBytes));
  *size = *buffer ? kBufferBytes : 0;
  *maxNumRecords = 0;
}

// The fields a host or peer copy record shares, whichever struct version CUPTI wrote.
template <typename CopyRecord> void fillCopy(LedgerRecord &r, const CopyRecord *m) {
  r.kind = copyKindName(m->copyKind);
  r.srcKind = memoryKindName(m->srcKind);
  r.dstKind = memoryKindName(m->dstKind);
  r.bytes = static_cast<int64_t>(m->bytes);
  r.durationNs = span(m->start, m->end);
  r.stream = m->streamId;
  r.correlationId = m->correlationId;
}

void CUPTIAPI bufferCompleted(CUcontext context, uint32_t streamId, uint8_t *buffer, size_t, size_t validSize) {
  State &s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    size_t droppedHere = 0;
    if (s.api.droppedRecords && s.api.droppedRecords(context, streamId, &droppedHere) == CUPTI_SUCCESS)
      s.dropped += static_cast<int64_t>(droppedHere);
    CUpti_Activity *record = nullptr;
    while (s.api.nextRecord && s.api.nextRecord(buffer, validSize, &record) == CUPTI_SUCCESS) {
      LedgerRecord r;
      switch (record->kind) {
      case CUPTI_ACTIVITY_KIND_MEMCPY: {
        const auto *m = reinterpret_cast<const CUpti_ActivityMemcpy6 *>(record);
        fillCopy(r, m);
        r.runtimeCorrelationId = m->runtimeCorrelationId;
        break;
      }
      case CUPTI_ACTIVITY_KIND_MEMCPY2: fillCopy(r, reinterpret_cast<const CUpti_ActivityMemcpyPtoP4 *>(record)); break;
      case CUPTI_ACTIVITY_KIND_MEMSET: {
        const auto *m = reinterpret_cast<const CUpti_ActivityMemset4 *>(record);
        r.kind = "memset";
        r.dstKind = memoryKindName(m->memoryKind);
        r.bytes = static_cast<int64_t>(m->bytes);
        r.durationNs = span(m->start, m->end);
        r.stream = m->streamId;
        r.correlationId = m->correlationId;
        break;
      }
      case CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION: {
        const auto *c = reinterpret_cast<const CUpti_ActivityExternalCorrelation *>(record);
        if (c->externalKind == kCorrelationKind) {
          if (s.externalOf.size() >= kMaxPending) s.externalOf.clear();
          s.externalOf[c->correlationId] = c->externalId;
        }
        continue;
      }
      default: continue;
      }
      if (s.records.size() >= kMaxPending) {
        s.records.erase(s.records.begin(), s.records.begin() + kMaxPending / 2);
        s.dropped += kMaxPending / 2;
      }
      s.records.push_back(std::move(r));
    }
  }
  std::free(buffer);
}

// External correlation records accompany API activity records only, so driver and runtime API tracing is on too
// (their records are read past); a copy carries the correlation ids of the driver and runtime calls that issued it.
const CUpti_ActivityKind kKinds[] = {CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION,
                                     CUPTI_ACTIVITY_KIND_DRIVER,
                                     CUPTI_ACTIVITY_KIND_RUNTIME,
                                     CUPTI_ACTIVITY_KIND_MEMCPY,
                                     CUPTI_ACTIVITY_KIND_MEMSET,
                                     CUPTI_ACTIVITY_KIND_MEMCPY2};

} // namespace

LedgerReason ledgerAcquire(std::string *message) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.apiMutex);
  load(s);
  if (!s.loaded) {
    *message = s.loadMessage;
    return s.loadReason;
  }
  if (!s.registered) {
    const CUptiResult r = s.api.registerCallbacks(bufferRequested, bufferCompleted);
    if (r != CUPTI_SUCCESS) {
      *message = "cuptiActivityRegisterCallbacks: " + resultText(s, r);
      return reasonOf(r, message);
    }
    s.registered = true;
  }
  if (s.owners == 0) {
    for (CUpti_ActivityKind kind : kKinds) {
      const CUptiResult r = s.api.enable(kind);
      if (r != CUPTI_SUCCESS) {
        for (CUpti_ActivityKind k : kKinds)
          s.api.disable(k);
        *message = "cuptiActivityEnable(" + std::to_string(static_cast<int>(kind)) + "): " + resultText(s, r);
        return reasonOf(r, message);
      }
    }
    s.enabled = true;
  }
  ++s.owners;
  *message = "CUPTI activity tracing of copies and memsets is on";
  return LedgerReason::Recording;
}

void ledgerRelease() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.apiMutex);
  if (s.owners == 0) return;
  if (--s.owners == 0 && s.enabled) {
    for (CUpti_ActivityKind kind : kKinds)
      s.api.disable(kind);
    s.enabled = false;
  }
}

uint64_t ledgerNewTag() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.apiMutex);
  return s.nextTag++;
}

LedgerStageScope::LedgerStageScope(uint64_t tag, LedgerStage stage, bool active) {
  if (!active) return;
  State &s = state();
  if (!s.loaded || !s.enabled) return;
  pushed_ = s.api.push(kCorrelationKind, (tag << kStageBits) | static_cast<uint64_t>(stage)) == CUPTI_SUCCESS;
}

LedgerStageScope::~LedgerStageScope() {
  if (!pushed_) return;
  uint64_t last = 0;
  state().api.pop(kCorrelationKind, &last);
}

void ledgerTake(uint64_t tag, Ledger &out) {
  State &s = state();
  if (!s.loaded || !s.enabled) return;
  // Forced: buffers still being filled are handed over too; the completion callback runs before this returns.
  s.api.flushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  std::lock_guard<std::mutex> lock(s.mutex);
  std::vector<LedgerRecord> kept;
  for (LedgerRecord &r : s.records) {
    auto it = s.externalOf.find(r.correlationId);
    if (it == s.externalOf.end() && r.runtimeCorrelationId != 0) it = s.externalOf.find(r.runtimeCorrelationId);
    if (it == s.externalOf.end()) {
      r.stage = LedgerStage::Unattributed; // issued outside every stage: reported to whoever takes first
      out.records.push_back(std::move(r));
      continue;
    }
    if ((it->second >> kStageBits) != tag) {
      kept.push_back(std::move(r)); // another owner's stage: left for it
      continue;
    }
    const uint64_t stage = it->second & ((1u << kStageBits) - 1);
    r.stage = stage < std::size(kLedgerStageNames) ? static_cast<LedgerStage>(stage) : LedgerStage::Unattributed;
    out.records.push_back(std::move(r));
  }
  // This owner's API calls are all flushed now (their copies finished before the flush): forget their ids, most of
  // which issued no copy at all.
  for (auto it = s.externalOf.begin(); it != s.externalOf.end();)
    it = (it->second >> kStageBits) == tag ? s.externalOf.erase(it) : std::next(it);
  s.records = std::move(kept);
  out.dropped += s.dropped;
  s.dropped = 0;
  ledgerTotals(out);
}

void ledgerTotals(Ledger &out) {
  out.totals.clear();
  for (const LedgerRecord &r : out.records) {
    auto it = std::find_if(out.totals.begin(), out.totals.end(),
                           [&](const LedgerTotal &t) { return t.stage == r.stage && t.kind == r.kind; });
    if (it == out.totals.end()) it = out.totals.insert(out.totals.end(), LedgerTotal{r.stage, r.kind, 0, 0});
    it->bytes += r.bytes;
    ++it->count;
  }
}

LedgerOwner::LedgerOwner(bool on) : tag_(ledgerNewTag()) {
  set(on);
}

LedgerOwner::~LedgerOwner() {
  set(false);
}

bool LedgerOwner::set(bool on) {
  wanted_ = on;
  if (on && !acquired_) {
    reason_ = ledgerAcquire(&message_);
    acquired_ = reason_ == LedgerReason::Recording;
  } else if (!on) {
    if (acquired_) ledgerRelease();
    acquired_ = false;
    reason_ = LedgerReason::Disabled;
    message_ = "the copy ledger is switched off (open option ledger: false, or setLedger(false))";
  }
  return acquired_;
}

Ledger LedgerOwner::take(bool gpu) {
  Ledger out;
  out.enabled = wanted_;
  out.reason = reason_;
  out.message = message_;
  if (!acquired_) return out;
  ledgerTake(tag_, out);
  if (!gpu && out.records.empty()) {
    out.reason = LedgerReason::NoCudaDevice;
    out.message = "tracing is on, but this session decodes and inspects on the CPU: no GPU copy to record";
  }
  return out;
}

} // namespace zci
