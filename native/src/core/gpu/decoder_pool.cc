#include "gpu/decoder_pool.h"

#include "../nvdec_pool/pool_api.h"
#include "gpu/cuda_driver.h"

#include <dlfcn.h>
#include <sys/stat.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace zci::decoder_pool {
namespace {

constexpr uint64_t kDefaultBudgetMb = 1024;
constexpr const char *kLibraryName = "libzci_nvdec_pool.so";
constexpr const char *kDriverLibrary = "libnvcuvid.so.1";

struct Loaded {
  bool tried = false;
  Status status;
  zci_pool_allow_context_fn allow = nullptr;
  zci_pool_drop_context_fn drop = nullptr;
  zci_pool_get_stats_fn stats = nullptr;
  zci_pool_take_thread_outcome_fn outcome = nullptr;
  zci_pool_release_all_fn releaseAll = nullptr;
  zci_pool_find_mapping_fn findMapping = nullptr; // optional: an older pool library lacks the witness
  zci_pool_find_sequence_fn findSequence = nullptr;
  zci_pool_thread_last_sequence_fn threadLast = nullptr;
  zci_pool_decoder_caps_fn caps = nullptr;
};

std::mutex loadMutex;
Loaded loaded;
// zci_pool_thread_last_sequence once the pool is in use: read after every NVDEC frame, so without the load lock.
std::atomic<zci_pool_thread_last_sequence_fn> threadLastFn{nullptr};

int ctxGet(void **ctx) {
  const cuda::DriverApi *d = cuda::driver();
  return d ? d->ctxGetCurrent(reinterpret_cast<CUcontext *>(ctx)) : CUDA_ERROR_NOT_INITIALIZED;
}
int ctxPush(void *ctx) {
  const cuda::DriverApi *d = cuda::driver();
  return d ? d->ctxPushCurrent(static_cast<CUcontext>(ctx)) : CUDA_ERROR_NOT_INITIALIZED;
}
int ctxPop(void **ctx) {
  const cuda::DriverApi *d = cuda::driver();
  return d ? d->ctxPopCurrent(reinterpret_cast<CUcontext *>(ctx)) : CUDA_ERROR_NOT_INITIALIZED;
}

bool fileExists(const std::string &path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string folderOf(const std::string &file) {
  const auto slash = file.rfind('/');
  return slash == std::string::npos ? "." : file.substr(0, slash);
}

// The pool library sits beside the module this code is linked into (the addon, or the benchmark one folder up).
std::string findLibrary() {
  Dl_info self{};
  if (!dladdr(reinterpret_cast<void *>(&load), &self) || !self.dli_fname) return "";
  const std::string dir = folderOf(self.dli_fname);
  for (const std::string &candidate : {dir + "/" + kLibraryName, dir + "/Release/" + kLibraryName}) {
    if (fileExists(candidate)) return candidate;
  }
  return "";
}

uint64_t budgetBytes() {
  const char *env = std::getenv("ZCI_DECODER_POOL_MB");
  const uint64_t mb = env ? std::strtoull(env, nullptr, 10) : kDefaultBudgetMb;
  return mb * 1024 * 1024;
}

// At exit another thread may still hold the lock (a load under way): then nothing is released, as with _exit.
void releaseAtExit() {
  std::unique_lock<std::mutex> lock(loadMutex, std::try_to_lock);
  if (lock.owns_lock() && loaded.status.active) loaded.releaseAll();
}

// library and driver: the pool library and the driver's libnvcuvid; either empty is searched for (beside this module,
// and beside libcuda).
void loadLocked(const std::string &library, const std::string &driver) {
  Status &s = loaded.status;
  s.budgetBytes = budgetBytes();
  if (s.budgetBytes == 0) {
    s.error = "turned off (ZCI_DECODER_POOL_MB=0)";
    return;
  }
  const std::string real = driver.empty() ? driverLibraryPath(&s.error) : driver;
  if (real.empty()) return;
  if (void *already = dlopen(kDriverLibrary, RTLD_NOW | RTLD_NOLOAD)) {
    dlclose(already);
    s.error = "the driver's libnvcuvid was loaded before the pool";
    return;
  }
  s.path = library.empty() ? findLibrary() : library;
  if (s.path.empty()) {
    s.error = std::string(kLibraryName) + " was not found beside the addon";
    return;
  }
  void *lib = dlopen(s.path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *err = dlerror();
    s.error = err ? err : "dlopen failed";
    return;
  }
  auto init = reinterpret_cast<zci_pool_init_fn>(dlsym(lib, "zci_pool_init"));
  loaded.allow = reinterpret_cast<zci_pool_allow_context_fn>(dlsym(lib, "zci_pool_allow_context"));
  loaded.drop = reinterpret_cast<zci_pool_drop_context_fn>(dlsym(lib, "zci_pool_drop_context"));
  loaded.stats = reinterpret_cast<zci_pool_get_stats_fn>(dlsym(lib, "zci_pool_get_stats"));
  loaded.outcome = reinterpret_cast<zci_pool_take_thread_outcome_fn>(dlsym(lib, "zci_pool_take_thread_outcome"));
  loaded.releaseAll = reinterpret_cast<zci_pool_release_all_fn>(dlsym(lib, "zci_pool_release_all"));
  loaded.findMapping = reinterpret_cast<zci_pool_find_mapping_fn>(dlsym(lib, "zci_pool_find_mapping"));
  loaded.findSequence = reinterpret_cast<zci_pool_find_sequence_fn>(dlsym(lib, "zci_pool_find_sequence"));
  loaded.threadLast = reinterpret_cast<zci_pool_thread_last_sequence_fn>(dlsym(lib, "zci_pool_thread_last_sequence"));
  loaded.caps = reinterpret_cast<zci_pool_decoder_caps_fn>(dlsym(lib, "zci_pool_decoder_caps"));
  char initWhy[256] = {0};
  if (!init || !loaded.allow || !loaded.drop || !loaded.stats || !loaded.outcome || !loaded.releaseAll ||
      init(real.c_str(), ctxGet, ctxPush, ctxPop, s.budgetBytes, initWhy, sizeof initWhy) != 0) {
    s.error = initWhy[0] ? initWhy : "the pool library lacks its entry points";
    loaded.allow = nullptr;
    loaded.drop = nullptr;
    loaded.stats = nullptr;
    loaded.outcome = nullptr;
    loaded.releaseAll = nullptr;
    dlclose(lib);
    return;
  }
  // FFmpeg asks for libnvcuvid.so.1 by name: the loader must now answer with the pool (its soname).
  void *answer = dlopen(kDriverLibrary, RTLD_NOW | RTLD_NOLOAD);
  const bool ours = answer == lib;
  if (answer) dlclose(answer);
  if (!ours) {
    s.error = "the dynamic loader does not answer libnvcuvid.so.1 with the pool";
    return; // stays loaded (its decoders would be the driver's own anyway)
  }
  s.active = true;
  threadLastFn.store(loaded.threadLast, std::memory_order_release);
  // process.exit() and a return from main end through exit(), which runs this before the libraries' destructors;
  // the addon's environment cleanup hook covers Node's own teardown. exitProcess (_exit) skips both.
  std::atexit(releaseAtExit);
}

// A Mapping from the pool library's record (defined below, beside the lookups).
Mapping fromRecord(const zci_pool_mapping &m);

} // namespace

std::string driverLibraryPath(std::string *why) {
  std::string reason;
  const cuda::DriverApi *d = cuda::driver(&reason);
  if (!d) {
    *why = "no CUDA driver: " + reason;
    return "";
  }
  // The driver's libnvcuvid is beside libcuda.
  Dl_info driverInfo{};
  if (!dladdr(reinterpret_cast<void *>(d->ctxGetCurrent), &driverInfo) || !driverInfo.dli_fname) {
    *why = "the CUDA driver library's folder could not be found";
    return "";
  }
  const std::string real = folderOf(driverInfo.dli_fname) + "/" + kDriverLibrary;
  if (!fileExists(real)) {
    *why = "the driver has no " + real + " (no NVDEC)";
    return "";
  }
  return real;
}

void load() {
  loadFrom("", "");
}

void loadFrom(const std::string &library, const std::string &driver) {
  std::lock_guard<std::mutex> lock(loadMutex);
  if (loaded.tried) return;
  loaded.tried = true;
  loadLocked(library, driver);
}

void allowContext(CUcontext ctx) {
  std::lock_guard<std::mutex> lock(loadMutex);
  if (loaded.status.active) loaded.allow(ctx);
}

void dropContext(CUcontext ctx) {
  std::lock_guard<std::mutex> lock(loadMutex);
  if (loaded.status.active) loaded.drop(ctx);
}

void releaseAll() {
  std::lock_guard<std::mutex> lock(loadMutex);
  if (loaded.status.active) loaded.releaseAll();
}

Status status() {
  std::lock_guard<std::mutex> lock(loadMutex);
  Status s = loaded.status;
  if (!loaded.tried) {
    s.error = "not loaded yet (it loads with the first CUDA device)";
    s.budgetBytes = budgetBytes();
  }
  if (s.active) {
    zci_pool_stats st{};
    loaded.stats(&st);
    s.created = st.created;
    s.reused = st.reused;
    s.live = st.live;
    s.parked = st.parked;
    s.parkedBytes = st.parkedBytes;
    s.evicted = st.evicted;
    s.capsQueries = st.capsQueries;
    s.capsCached = st.capsCached;
    s.driverMissing = st.driverMissing;
    s.driverUnknown = st.driverUnknown;
    s.driverVersioned = st.driverVersioned != 0;
    s.missingCalls = st.missingCalls;
    s.driverNote = std::string(st.driverNote, strnlen(st.driverNote, sizeof st.driverNote));
  }
  return s;
}

std::optional<Mapping> findMapping(uint64_t devPtr, std::string *why) {
  zci_pool_find_mapping_fn find = nullptr;
  {
    std::lock_guard<std::mutex> lock(loadMutex);
    if (!loaded.status.active) {
      *why = "the NVDEC pool library is not in use (" +
             (loaded.tried ? loaded.status.error : std::string("not loaded yet")) + "): no record of NVDEC's mappings";
      return std::nullopt;
    }
    find = loaded.findMapping;
  }
  if (!find) {
    *why = "the NVDEC pool library records no mappings (an older build)";
    return std::nullopt;
  }
  zci_pool_mapping m{};
  if (!find(devPtr, &m)) {
    *why = "no picture NVDEC mapped starts at FFmpeg's plane 0: the frame is not the decoder's surface (a copy)";
    return std::nullopt;
  }
  return fromRecord(m);
}

bool decoderCaps(void *ctx, zci_pool_caps &caps, std::string *why) {
  zci_pool_decoder_caps_fn query = nullptr;
  {
    std::lock_guard<std::mutex> lock(loadMutex);
    if (!loaded.status.active) {
      *why = "the NVDEC pool library is not in use (" +
             (loaded.tried ? loaded.status.error : std::string("not loaded yet")) + ")";
      return false;
    }
    query = loaded.caps;
  }
  if (!query || query(ctx, &caps) != 0) {
    *why = "the driver's libnvcuvid answers no capability query";
    return false;
  }
  return true;
}

uint64_t threadLastSequence() {
  const zci_pool_thread_last_sequence_fn f = threadLastFn.load(std::memory_order_acquire);
  return f ? f() : 0;
}

std::optional<Mapping> findSequence(uint64_t sequence) {
  zci_pool_find_sequence_fn find = nullptr;
  {
    std::lock_guard<std::mutex> lock(loadMutex);
    if (!loaded.status.active) return std::nullopt;
    find = loaded.findSequence;
  }
  zci_pool_mapping m{};
  if (!find || sequence == 0 || !find(sequence, &m)) return std::nullopt;
  return fromRecord(m);
}

namespace {
Mapping fromRecord(const zci_pool_mapping &m) {
  Mapping out;
  out.devPtr = m.devPtr;
  out.pitch = m.pitch;
  out.picIdx = m.picIdx;
  out.sequence = m.sequence;
  out.paramsKnown = m.paramsKnown != 0;
  out.targetWidth = m.targetWidth;
  out.targetHeight = m.targetHeight;
  out.chromaFormat = m.chromaFormat;
  out.outputFormat = m.outputFormat;
  out.bitDepthMinus8 = m.bitDepthMinus8;
  return out;
}
} // namespace

std::string takeThreadOutcome() {
  zci_pool_take_thread_outcome_fn outcome = nullptr;
  {
    std::lock_guard<std::mutex> lock(loadMutex);
    if (loaded.status.active) outcome = loaded.outcome;
  }
  if (!outcome) return "";
  const int o = outcome();
  return o == 2 ? "reused" : o == 1 ? "created" : "";
}

} // namespace zci::decoder_pool
