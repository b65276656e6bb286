// Binding the driver's libnvcuvid (zci_pool_init), with the checks that make a bad binding visible:
//  - every entry point the pool forwards is looked up, all of them, and counted as the driver's only where it is
//    defined in the driver's library itself (dlsym also searches that library's dependencies); the missing ones are
//    named, and a missing required one fails the load;
//  - a library that is the pool itself (its own path, or a copy installed as the driver's) is refused: every call
//    would come back to the pool;
//  - symbol versions: the driver's libnvcuvid (580.x) defines none; its functions are plain global symbols, which is
//    what FFmpeg's loader asks for with dlsym. Where a driver defines versions, dlsym answers each name with its
//    default version, again what FFmpeg's own dlsym of the driver would get, so no dlvsym is needed; whether it
//    defines versions is recorded (dlinfo: DT_VERDEF);
//  - the driver's exports are listed from its file: a cuvid* function it has that the pool neither forwards nor knows
//    is counted and named, since a newer FFmpeg asking for it would find no NVDEC through the pool (its loader fails
//    as a whole, and decoding falls back to software).
#include "driver_exports.h"
#include "pool_internal.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

namespace zci::nvdec_pool {
namespace {

// Functions the driver exports that FFmpeg's loader never asks for and the pool does not forward (580.x).
constexpr const char *kKnownUnforwarded[] = {"cuvidConvertYUVToRGB", "cuvidConvertYUVToRGBArray", "cuvidPrivateOp"};

const link_map *mapOf(const void *address) {
  Dl_info info{};
  link_map *map = nullptr;
  if (!dladdr1(address, &info, reinterpret_cast<void **>(&map), RTLD_DL_LINKMAP)) return nullptr;
  return map;
}

bool known(const std::string &name) {
  for (int e = 0; e < kEntryCount; ++e) {
    if (name == kEntries[e].symbol) return true;
  }
  return std::find(std::begin(kKnownUnforwarded), std::end(kKnownUnforwarded), name) != std::end(kKnownUnforwarded);
}

void addName(std::string &list, const std::string &name) {
  list += (list.empty() ? "" : ", ") + name;
}

// The cuvid* functions the library at path exports that the pool does not know, as a list; note says when the file
// could not be read.
uint32_t unknownExports(const char *path, std::string &list, std::string &note) {
  std::vector<std::string> names;
  std::string why;
  if (!definedFunctions(path, names, &why)) {
    note = "its exports could not be listed: " + why;
    return 0;
  }
  std::sort(names.begin(), names.end());
  uint32_t count = 0;
  for (const std::string &name : names) {
    if (name.rfind("cuvid", 0) == 0 && !known(name)) {
      addName(list, name);
      count++;
    }
  }
  return count;
}

} // namespace
} // namespace zci::nvdec_pool

using namespace zci::nvdec_pool;

extern "C" {

ZCI_EXPORT int zci_pool_init(const char *realPath, zci_pool_ctx_get_fn get, zci_pool_ctx_push_fn push,
                             zci_pool_ctx_pop_fn pop, uint64_t budgetBytes, char *why, size_t whyLen) {
  std::lock_guard<std::mutex> lock(state.mutex);
  if (driver.lib) return 0;
  void *lib = dlopen(realPath, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *err = dlerror();
    copyWhy(why, whyLen, err ? err : "dlopen failed");
    return -1;
  }
  link_map *map = nullptr;
  const auto fail = [&](const std::string &text) {
    dlclose(lib);
    copyWhy(why, whyLen, text.c_str());
    return -1;
  };
  if (dlinfo(lib, RTLD_DI_LINKMAP, &map) != 0 || !map) return fail(std::string(realPath) + " cannot be inspected");
  if (map == mapOf(&driver))
    return fail(std::string(realPath) + " is the pool library itself, not the driver's libnvcuvid");

  Driver found;
  found.lib = lib;
  std::string missing, missingRequired;
  uint32_t missingCount = 0;
  for (int e = 0; e < kEntryCount; ++e) {
    void *fn = dlsym(lib, kEntries[e].symbol);
    if (fn && mapOf(fn) != map) fn = nullptr; // found in a library the driver's library depends on
    found.fn[e] = fn;
    if (fn) continue;
    addName(missing, kEntries[e].symbol);
    missingCount++;
    if (kEntries[e].required) addName(missingRequired, kEntries[e].symbol);
  }
  if (!missingRequired.empty()) return fail("the driver's libnvcuvid has no " + missingRequired);

  std::string unknown, exportsNote;
  const uint32_t unknownCount =
      unknownExports(map->l_name && map->l_name[0] ? map->l_name : realPath, unknown, exportsNote);
  std::string note;
  if (!missing.empty()) note = "missing: " + missing;
  if (!unknown.empty()) note += (note.empty() ? "" : "; ") + std::string("unknown: ") + unknown;
  if (!exportsNote.empty()) note += (note.empty() ? "" : "; ") + exportsNote;

  found.ctxGet = get;
  found.ctxPush = push;
  found.ctxPop = pop;
  driver = found;
  state.stats.budgetBytes = budgetBytes;
  state.stats.driverMissing = missingCount;
  state.stats.driverUnknown = unknownCount;
  state.stats.driverVersioned = definesVersions(map) ? 1 : 0;
  copyWhy(state.stats.driverNote, sizeof state.stats.driverNote, note.c_str());
  return 0;
}

} // extern "C"
