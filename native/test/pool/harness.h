// The pool library's test harness: each case runs in a process of its own (forked), which loads the pool library and
// points it at a fake driver libnvcuvid through zci_pool_init's path (the core passes the driver's there).
#pragma once

#include "../../src/nvdec_pool/pool_api.h"
#include "fake_nvcuvid.h"

#include <ffnvcodec/dynlink_cuda.h>
#include <ffnvcodec/dynlink_cuviddec.h>
#include <ffnvcodec/dynlink_nvcuvid.h>

#include <cstdint>
#include <functional>
#include <string>

namespace zci::pool_test {

// The built libraries, named by the build (CMakeLists.txt).
constexpr const char *kPoolLibrary = ZCI_TEST_POOL_LIBRARY;
constexpr const char *kFakeDriver = ZCI_TEST_FAKE_DRIVER;
constexpr const char *kFakePartial = ZCI_TEST_FAKE_PARTIAL;
constexpr const char *kFakeBroken = ZCI_TEST_FAKE_BROKEN;

// ---- checks: a failed one is reported and fails the case, which runs on ----

bool check(bool ok, const char *expr, const char *file, int line);
bool checkEq(uint64_t a, uint64_t b, const char *ea, const char *eb, const char *file, int line);
#define CHECK(cond) ::zci::pool_test::check((cond), #cond, __FILE__, __LINE__)
#define CHECK_EQ(a, b)                                                                                                 \
  ::zci::pool_test::checkEq(static_cast<uint64_t>(a), static_cast<uint64_t>(b), #a, #b, __FILE__, __LINE__)

// Polls cond every millisecond until it holds or timeoutMs passes; whether it held.
bool waitFor(const std::function<bool()> &cond, int timeoutMs = 10000);

// ---- the case registry ----

void registerCase(const char *name, void (*fn)());
#define POOL_TEST(name)                                                                                                \
  static void name();                                                                                                  \
  static const bool registered_##name = (::zci::pool_test::registerCase(#name, name), true);                           \
  static void name()

// ---- the pool library and the fake, loaded ----

struct Pool {
  void *lib = nullptr;
  zci_pool_init_fn init = nullptr;
  zci_pool_allow_context_fn allow = nullptr;
  zci_pool_drop_context_fn drop = nullptr;
  zci_pool_get_stats_fn stats = nullptr;
  zci_pool_release_all_fn releaseAll = nullptr;
  zci_pool_take_thread_outcome_fn outcome = nullptr;
  zci_pool_find_sequence_fn findSequence = nullptr;
  zci_pool_thread_last_sequence_fn threadLast = nullptr;
  tcuvidCreateDecoder *create = nullptr;
  tcuvidDestroyDecoder *destroy = nullptr;
  tcuvidGetDecoderCaps *caps = nullptr;
  tcuvidMapVideoFrame64 *map = nullptr;

  zci_pool_stats read() const;
  // The pool library's export of that name.
  void *symbol(const char *name) const;
};

struct Fake {
  void *lib = nullptr;
  zci_fake_get_counters_fn counters = nullptr;
  zci_fake_calls_fn calls = nullptr;
  zci_fake_destroyer_fn destroyer = nullptr;
  zci_fake_set_destroy_delay_ms_fn setDestroyDelayMs = nullptr;
  zci_fake_ctx_get_fn ctxGet = nullptr;
  zci_fake_ctx_push_fn ctxPush = nullptr;
  zci_fake_ctx_pop_fn ctxPop = nullptr;

  zci_fake_counters read() const;
};

// Loads the pool library (aborting the case when it cannot).
Pool loadPool();
// Loads the fake at path (the same instance the pool library loads from that path).
Fake loadFake(const char *path);
// Loads both and initialises the pool with the fake driver and budget; aborts the case when init fails.
void setUp(Pool &pool, Fake &fake, uint64_t budgetBytes, const char *driverPath = kFakeDriver);

// Contexts as the driver API sees them: opaque pointers.
inline void *context(int n) {
  return reinterpret_cast<void *>(static_cast<uintptr_t>(0xC0000 + n * 0x100));
}

// A 1920x1080 H.264 creation in 4:2:0 8-bit with 8 decode and 2 output surfaces, every other member 0.
CUVIDDECODECREATEINFO baseInfo();
// The bytes the pool estimates for baseInfo()'s surfaces.
constexpr uint64_t kBaseBytes = 3ull * (1920 * 1080 * 8 + 1920 * 1080 * 2) / 2;

int64_t threadId();

} // namespace zci::pool_test
