// The driver's side: every entry point forwarded to the function of its name, FFmpeg's own loader finding NVDEC in
// the pool, what is reported of a driver library that lacks entry points or has unknown ones, and the caps cache.
#include "harness.h"

#include <dlfcn.h>
#include <link.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

// FFmpeg's loader, as FFmpeg compiles it in: it opens libnvcuvid.so.1 by name, which the loaded pool answers (its
// soname), and resolves every entry point there. Its complaints are kept to be shown.
namespace {
std::string loaderLog;
}
#define FFNV_LOG_FUNC(logctx, msg, ...) (loaderLog += (msg), loaderLog += std::string(__VA_ARGS__) + " ")
#define FFNV_DEBUG_LOG_FUNC(logctx, msg, ...)
#include <ffnvcodec/dynlink_loader.h>

namespace zci::pool_test {
namespace {

const link_map *mapOf(const void *address) {
  Dl_info info{};
  link_map *map = nullptr;
  return dladdr1(address, &info, reinterpret_cast<void **>(&map), RTLD_DL_LINKMAP) ? map : nullptr;
}

// Calls the pool library's export of that name once, with harmless arguments.
void callOnce(const Pool &pool, const std::string &name) {
  void *f = pool.symbol(name.c_str());
  CUvideodecoder h = nullptr;
  unsigned long long ptr64 = 0;
  unsigned int ptr32 = 0, pitch = 0;
  CUVIDDECODECREATEINFO info = baseInfo();
  CUVIDDECODECAPS caps{};
  if (name == "cuvidCreateDecoder") {
    reinterpret_cast<tcuvidCreateDecoder *>(f)(&h, &info);
  } else if (name == "cuvidDestroyDecoder") {
    pool.create(&h, &info);
    reinterpret_cast<tcuvidDestroyDecoder *>(f)(h);
  } else if (name == "cuvidGetDecoderCaps") {
    reinterpret_cast<tcuvidGetDecoderCaps *>(f)(&caps);
  } else if (name == "cuvidMapVideoFrame64") {
    reinterpret_cast<tcuvidMapVideoFrame64 *>(f)(h, 0, &ptr64, &pitch, nullptr);
  } else if (name == "cuvidMapVideoFrame") {
    using Map32 = CUresult(CUvideodecoder, int, unsigned int *, unsigned int *, CUVIDPROCPARAMS *);
    reinterpret_cast<Map32 *>(f)(h, 0, &ptr32, &pitch, nullptr);
  } else if (name == "cuvidUnmapVideoFrame") {
    reinterpret_cast<CUresult (*)(CUvideodecoder, unsigned int)>(f)(h, 0);
  } else {
    // The rest, by their types in the ffnvcodec headers; the fake reads none of the arguments.
#define CALL(fn, ...)                                                                                                  \
  if (name == #fn) {                                                                                                   \
    reinterpret_cast<t##fn *>(f)(__VA_ARGS__);                                                                         \
    return;                                                                                                            \
  }
    CALL(cuvidDecodePicture, h, nullptr)
    CALL(cuvidGetDecodeStatus, h, 0, nullptr)
    CALL(cuvidReconfigureDecoder, h, nullptr)
    CALL(cuvidUnmapVideoFrame64, h, 0)
    CALL(cuvidCtxLockCreate, nullptr, nullptr)
    CALL(cuvidCtxLockDestroy, nullptr)
    CALL(cuvidCtxLock, nullptr, 0)
    CALL(cuvidCtxUnlock, nullptr, 0)
    CALL(cuvidCreateVideoSource, nullptr, nullptr, nullptr)
    CALL(cuvidCreateVideoSourceW, nullptr, nullptr, nullptr)
    CALL(cuvidDestroyVideoSource, nullptr)
    CALL(cuvidSetVideoSourceState, nullptr, cudaVideoState_Stopped)
    CALL(cuvidGetVideoSourceState, nullptr)
    CALL(cuvidGetSourceVideoFormat, nullptr, nullptr, 0)
    CALL(cuvidGetSourceAudioFormat, nullptr, nullptr, 0)
    CALL(cuvidCreateVideoParser, nullptr, nullptr)
    CALL(cuvidParseVideoData, nullptr, nullptr)
    CALL(cuvidDestroyVideoParser, nullptr)
#undef CALL
    check(false, ("the test has a call for " + name).c_str(), __FILE__, __LINE__);
  }
}

// The names FFmpeg's loader resolves, read from the same header: every LOAD_SYMBOL in cuvid_load_functions.
std::vector<std::string> ffmpegNames() {
  std::vector<std::string> names;
  CuvidFunctions *f = nullptr;
  if (cuvid_load_functions(&f, nullptr) != 0) return names;
  const void *const pointers[] = {reinterpret_cast<void *>(f->cuvidGetDecoderCaps),
                                  reinterpret_cast<void *>(f->cuvidCreateDecoder),
                                  reinterpret_cast<void *>(f->cuvidDestroyDecoder),
                                  reinterpret_cast<void *>(f->cuvidDecodePicture),
                                  reinterpret_cast<void *>(f->cuvidGetDecodeStatus),
                                  reinterpret_cast<void *>(f->cuvidReconfigureDecoder),
                                  reinterpret_cast<void *>(f->cuvidMapVideoFrame),
                                  reinterpret_cast<void *>(f->cuvidUnmapVideoFrame),
                                  reinterpret_cast<void *>(f->cuvidCtxLockCreate),
                                  reinterpret_cast<void *>(f->cuvidCtxLockDestroy),
                                  reinterpret_cast<void *>(f->cuvidCtxLock),
                                  reinterpret_cast<void *>(f->cuvidCtxUnlock),
                                  reinterpret_cast<void *>(f->cuvidCreateVideoSource),
                                  reinterpret_cast<void *>(f->cuvidCreateVideoSourceW),
                                  reinterpret_cast<void *>(f->cuvidDestroyVideoSource),
                                  reinterpret_cast<void *>(f->cuvidSetVideoSourceState),
                                  reinterpret_cast<void *>(f->cuvidGetVideoSourceState),
                                  reinterpret_cast<void *>(f->cuvidGetSourceVideoFormat),
                                  reinterpret_cast<void *>(f->cuvidGetSourceAudioFormat),
                                  reinterpret_cast<void *>(f->cuvidCreateVideoParser),
                                  reinterpret_cast<void *>(f->cuvidParseVideoData),
                                  reinterpret_cast<void *>(f->cuvidDestroyVideoParser)};
  for (const void *p : pointers) {
    Dl_info info{};
    names.push_back(p && dladdr(p, &info) && info.dli_sname ? info.dli_sname : "?");
  }
  cuvid_free_functions(&f);
  return names;
}

} // namespace

POOL_TEST(every_entry_point_reaches_the_drivers_function_of_its_name) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, 1ull << 30);
  std::vector<std::string> names = ffmpegNames();
  CHECK_EQ(names.size(), 22);
  names.push_back("cuvidMapVideoFrame"); // the 32-bit variants FFmpeg asks for on 32-bit hosts
  names.push_back("cuvidUnmapVideoFrame");
  for (const std::string &name : names) {
    if (!CHECK(pool.symbol(name.c_str()) != nullptr)) {
      std::fprintf(stderr, "  the pool library lacks %s\n", name.c_str());
      continue;
    }
    const uint64_t before = fake.calls(name.c_str());
    callOnce(pool, name);
    if (!CHECK_EQ(fake.calls(name.c_str()), before + 1)) std::fprintf(stderr, "  entry point %s\n", name.c_str());
  }
  CHECK_EQ(pool.read().missingCalls, 0);
}

POOL_TEST(ffmpegs_loader_finds_every_entry_point_in_the_pool) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, 1ull << 30, kFakePartial); // even where the driver lacks one
  CuvidFunctions *f = nullptr;
  const int r = cuvid_load_functions(&f, nullptr);
  if (!CHECK_EQ(r, 0)) std::fprintf(stderr, "  loader: %s\n", loaderLog.c_str());
  if (r != 0) return;
  const link_map *poolMap = mapOf(reinterpret_cast<void *>(pool.init));
  CHECK(mapOf(reinterpret_cast<void *>(f->cuvidCreateDecoder)) == poolMap);
  CHECK(mapOf(reinterpret_cast<void *>(f->cuvidGetSourceAudioFormat)) == poolMap);
  // Through FFmpeg's pointers to the fake driver.
  fake.ctxPush(context(1));
  CUVIDDECODECREATEINFO info = baseInfo();
  CUvideodecoder h = nullptr;
  CHECK_EQ(f->cuvidCreateDecoder(&h, &info), CUDA_SUCCESS);
  CHECK_EQ(fake.read().creates, 1);
  CHECK_EQ(f->cuvidDestroyDecoder(h), CUDA_SUCCESS);
  CHECK_EQ(fake.read().destroys, 1);
  cuvid_free_functions(&f);
}

POOL_TEST(a_complete_driver_is_reported_whole) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, 1ull << 30);
  const zci_pool_stats s = pool.read();
  CHECK_EQ(s.driverMissing, 0);
  CHECK_EQ(s.driverUnknown, 0); // its extras (cuvidConvertYUVToRGB, ...) are known
  CHECK_EQ(s.driverVersioned, 0);
  CHECK_EQ(s.missingCalls, 0);
  if (!CHECK(s.driverNote[0] == '\0')) std::fprintf(stderr, "  note: %s\n", s.driverNote);
}

POOL_TEST(a_driver_lacking_an_optional_entry_point_is_reported_and_the_call_counted) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, 1ull << 30, kFakePartial);
  zci_pool_stats s = pool.read();
  CHECK_EQ(s.driverMissing, 1);
  CHECK_EQ(s.driverUnknown, 1);
  CHECK_EQ(s.driverVersioned, 1);
  const std::string note = s.driverNote;
  if (!CHECK(note == "missing: cuvidGetSourceAudioFormat; unknown: cuvidFutureCall"))
    std::fprintf(stderr, "  note: %s\n", note.c_str());
  auto *audio = reinterpret_cast<tcuvidGetSourceAudioFormat *>(pool.symbol("cuvidGetSourceAudioFormat"));
  CHECK(audio != nullptr);
  if (audio) CHECK_EQ(audio(nullptr, nullptr, 0), 801); // CUDA_ERROR_NOT_SUPPORTED
  CHECK_EQ(pool.read().missingCalls, 1);
  // Decoding goes on: the versioned driver's entry points are bound.
  fake.ctxPush(context(1));
  CUVIDDECODECREATEINFO info = baseInfo();
  CUvideodecoder h = nullptr;
  CHECK_EQ(pool.create(&h, &info), CUDA_SUCCESS);
  CHECK_EQ(fake.read().creates, 1);
}

POOL_TEST(a_driver_lacking_a_required_entry_point_is_refused_by_name) {
  Pool pool = loadPool();
  Fake fake = loadFake(kFakeBroken);
  char why[256] = {0};
  CHECK_EQ(pool.init(kFakeBroken, fake.ctxGet, fake.ctxPush, fake.ctxPop, 1ull << 30, why, sizeof why), -1);
  if (!CHECK(std::string(why) == "the driver's libnvcuvid has no cuvidGetDecodeStatus"))
    std::fprintf(stderr, "  why: %s\n", why);
  // Not loaded: FFmpeg's calls answer CUDA_ERROR_NOT_INITIALIZED and reach no driver.
  CUVIDDECODECREATEINFO info = baseInfo();
  CUvideodecoder h = nullptr;
  CHECK_EQ(pool.create(&h, &info), 3);
  CHECK_EQ(fake.read().creates, 0);
}

POOL_TEST(the_pool_library_is_refused_as_its_own_driver) {
  Pool pool = loadPool();
  Fake fake = loadFake(kFakeDriver);
  char why[256] = {0};
  CHECK_EQ(pool.init(kPoolLibrary, fake.ctxGet, fake.ctxPush, fake.ctxPop, 1ull << 30, why, sizeof why), -1);
  if (!CHECK(std::strstr(why, "is the pool library itself") != nullptr)) std::fprintf(stderr, "  why: %s\n", why);
  // The pool library's own path, refused, leaves the pool unbound rather than calling itself.
  CUVIDDECODECAPS q{};
  CHECK_EQ(pool.caps(&q), 3);
}

POOL_TEST(the_caps_cache_answers_a_repeated_query_without_the_driver) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, 1ull << 30);
  pool.allow(context(1));
  fake.ctxPush(context(1));
  const auto ask = [&](cudaVideoCodec codec) {
    CUVIDDECODECAPS q{};
    q.eCodecType = codec;
    q.eChromaFormat = cudaVideoChromaFormat_420;
    CHECK_EQ(pool.caps(&q), CUDA_SUCCESS);
    return q;
  };
  const CUVIDDECODECAPS first = ask(cudaVideoCodec_H264);
  CHECK_EQ(fake.read().capsCalls, 1);
  const CUVIDDECODECAPS second = ask(cudaVideoCodec_H264);
  CHECK_EQ(fake.read().capsCalls, 1);
  CHECK(std::memcmp(&first, &second, sizeof first) == 0); // the first answer, word for word
  ask(cudaVideoCodec_HEVC);                               // another query
  CHECK_EQ(fake.read().capsCalls, 2);
  CHECK_EQ(pool.read().capsQueries, 3);
  CHECK_EQ(pool.read().capsCached, 1);

  fake.ctxPush(context(2)); // a context the core does not keep: never cached
  ask(cudaVideoCodec_H264);
  ask(cudaVideoCodec_H264);
  CHECK_EQ(fake.read().capsCalls, 4);

  void *popped = nullptr;
  fake.ctxPop(&popped);
  pool.drop(context(1)); // its answers go with it
  ask(cudaVideoCodec_H264);
  CHECK_EQ(fake.read().capsCalls, 5);
}

} // namespace zci::pool_test
