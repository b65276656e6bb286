// libzci_nvdec_pool.so: a library with the soname libnvcuvid.so.1 that FFmpeg's NVDEC loader finds (by that soname)
// when the core has loaded it first. It forwards every call to the driver's libnvcuvid, and changes two:
//  - cuvidCreateDecoder answers with a parked decoder made earlier with the same parameters in the same context,
//    when there is one, instead of creating another (about 40 ms for 1080p H.264 on an H200);
//  - cuvidDestroyDecoder parks the decoder instead of destroying it (about 230 ms there), within a byte budget;
//    decoders over the budget are destroyed on a background thread.
// cuvidGetDecoderCaps answers are cached per context and query (about 8 ms each there). Only contexts the core
// keeps alive (allow/drop) park decoders; a decoder made with a context lock (FFmpeg's cuvid decoders) never parks.
// FFmpeg destroys a decoder only once no frame maps it, so a parked decoder has nothing in flight.
//
// The library by topic: driver.cc binds the driver's library and checks it, forward.cc passes calls through,
// create_info.cc says which creations are interchangeable, park.cc parks and reuses, caps.cc caches capability
// answers, mappings.cc records what NVDEC mapped. This file holds what they share and the counters.
#include "pool_internal.h"

#include <cstdio>

namespace zci::nvdec_pool {

const EntryInfo kEntries[kEntryCount] = {
#define ZCI_INFO(e, symbol, required) {#symbol, required},
    ZCI_ENTRY_POINTS(ZCI_INFO)
#undef ZCI_INFO
};

Driver driver;
State &state = *new State;

CUresult unbound(Entry e) {
  if (!driver.lib) return kEntries[e].required ? kNotLoaded : kNotSupported;
  state.missingCalls.fetch_add(1, std::memory_order_relaxed);
  return kNotSupported;
}

void copyWhy(char *out, size_t len, const char *text) {
  if (out && len) std::snprintf(out, len, "%s", text);
}

} // namespace zci::nvdec_pool

using namespace zci::nvdec_pool;

extern "C" {

ZCI_EXPORT void zci_pool_get_stats(zci_pool_stats *out) {
  std::lock_guard<std::mutex> lock(state.mutex);
  *out = state.stats;
  out->live = state.live.size();
  out->missingCalls = state.missingCalls.load(std::memory_order_relaxed);
}

} // extern "C"
