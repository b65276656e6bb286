// The harness's checks, loaders and runner: main() forks one process per case, so that each case starts from a pool
// library and a fake that nothing has touched (the pool keeps its state, and its reaper thread, for the process's
// life). A case that fails a check, crashes or hangs past its alarm fails; the exit status is 1 when any case failed.
// Arguments: names (or parts of names) of the cases to run; none runs them all.
#include "harness.h"

#include <dlfcn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace zci::pool_test {
namespace {

struct Case {
  const char *name;
  void (*fn)();
};
std::vector<Case> &cases() {
  static std::vector<Case> all;
  return all;
}
int failures = 0;

[[noreturn]] void abortCase(const std::string &why) {
  std::fprintf(stderr, "  setup failed: %s\n", why.c_str());
  std::fflush(stderr);
  _exit(2);
}

template <typename T> T need(void *lib, const char *name) {
  void *p = dlsym(lib, name);
  if (!p) abortCase(std::string("no ") + name);
  return reinterpret_cast<T>(p);
}

const char *baseName(const char *file) {
  const char *slash = std::strrchr(file, '/');
  return slash ? slash + 1 : file;
}

} // namespace

bool check(bool ok, const char *expr, const char *file, int line) {
  if (!ok) {
    failures++;
    std::fprintf(stderr, "  %s:%d: CHECK failed: %s\n", baseName(file), line, expr);
  }
  return ok;
}

bool checkEq(uint64_t a, uint64_t b, const char *ea, const char *eb, const char *file, int line) {
  if (a != b) {
    failures++;
    std::fprintf(stderr, "  %s:%d: CHECK_EQ failed: %s == %s (%" PRIu64 " != %" PRIu64 ")\n", baseName(file), line, ea,
                 eb, a, b);
  }
  return a == b;
}

bool waitFor(const std::function<bool()> &cond, int timeoutMs) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
  while (!cond()) {
    if (std::chrono::steady_clock::now() > deadline) return cond();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

void registerCase(const char *name, void (*fn)()) {
  cases().push_back({name, fn});
}

zci_pool_stats Pool::read() const {
  zci_pool_stats s{};
  stats(&s);
  return s;
}

void *Pool::symbol(const char *name) const {
  return dlsym(lib, name);
}

zci_fake_counters Fake::read() const {
  zci_fake_counters c{};
  counters(&c);
  return c;
}

Pool loadPool() {
  Pool p;
  p.lib = dlopen(kPoolLibrary, RTLD_NOW | RTLD_LOCAL);
  if (!p.lib) abortCase(dlerror());
  p.init = need<zci_pool_init_fn>(p.lib, "zci_pool_init");
  p.allow = need<zci_pool_allow_context_fn>(p.lib, "zci_pool_allow_context");
  p.drop = need<zci_pool_drop_context_fn>(p.lib, "zci_pool_drop_context");
  p.stats = need<zci_pool_get_stats_fn>(p.lib, "zci_pool_get_stats");
  p.releaseAll = need<zci_pool_release_all_fn>(p.lib, "zci_pool_release_all");
  p.outcome = need<zci_pool_take_thread_outcome_fn>(p.lib, "zci_pool_take_thread_outcome");
  p.findSequence = need<zci_pool_find_sequence_fn>(p.lib, "zci_pool_find_sequence");
  p.threadLast = need<zci_pool_thread_last_sequence_fn>(p.lib, "zci_pool_thread_last_sequence");
  p.create = need<tcuvidCreateDecoder *>(p.lib, "cuvidCreateDecoder");
  p.destroy = need<tcuvidDestroyDecoder *>(p.lib, "cuvidDestroyDecoder");
  p.caps = need<tcuvidGetDecoderCaps *>(p.lib, "cuvidGetDecoderCaps");
  p.map = need<tcuvidMapVideoFrame64 *>(p.lib, "cuvidMapVideoFrame64");
  return p;
}

Fake loadFake(const char *path) {
  Fake f;
  f.lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!f.lib) abortCase(dlerror());
  f.counters = need<zci_fake_get_counters_fn>(f.lib, "zci_fake_get_counters");
  f.calls = need<zci_fake_calls_fn>(f.lib, "zci_fake_calls");
  f.destroyer = need<zci_fake_destroyer_fn>(f.lib, "zci_fake_destroyer");
  f.setDestroyDelayMs = need<zci_fake_set_destroy_delay_ms_fn>(f.lib, "zci_fake_set_destroy_delay_ms");
  f.ctxGet = need<zci_fake_ctx_get_fn>(f.lib, "zci_fake_ctx_get");
  f.ctxPush = need<zci_fake_ctx_push_fn>(f.lib, "zci_fake_ctx_push");
  f.ctxPop = need<zci_fake_ctx_pop_fn>(f.lib, "zci_fake_ctx_pop");
  return f;
}

void setUp(Pool &pool, Fake &fake, uint64_t budgetBytes, const char *driverPath) {
  pool = loadPool();
  fake = loadFake(driverPath);
  char why[256] = {0};
  if (pool.init(driverPath, fake.ctxGet, fake.ctxPush, fake.ctxPop, budgetBytes, why, sizeof why) != 0)
    abortCase(std::string("zci_pool_init: ") + why);
}

CUVIDDECODECREATEINFO baseInfo() {
  CUVIDDECODECREATEINFO p;
  std::memset(&p, 0, sizeof p);
  p.ulWidth = 1920;
  p.ulHeight = 1080;
  p.ulNumDecodeSurfaces = 8;
  p.CodecType = cudaVideoCodec_H264;
  p.ChromaFormat = cudaVideoChromaFormat_420;
  p.ulCreationFlags = cudaVideoCreate_PreferCUVID;
  p.display_area.right = 1920;
  p.display_area.bottom = 1080;
  p.OutputFormat = cudaVideoSurfaceFormat_NV12;
  p.DeinterlaceMode = cudaVideoDeinterlaceMode_Weave;
  p.ulTargetWidth = 1920;
  p.ulTargetHeight = 1080;
  p.ulNumOutputSurfaces = 2;
  return p;
}

int64_t threadId() {
  return static_cast<int64_t>(syscall(SYS_gettid));
}

} // namespace zci::pool_test

int main(int argc, char **argv) {
  using namespace zci::pool_test;
  int passed = 0, failed = 0;
  for (const Case &c : cases()) {
    bool wanted = argc < 2;
    for (int i = 1; i < argc; ++i)
      wanted = wanted || std::strstr(c.name, argv[i]) != nullptr;
    if (!wanted) continue;
    std::fflush(stdout);
    std::fflush(stderr);
    const pid_t pid = fork();
    if (pid < 0) {
      std::perror("fork");
      return 1;
    }
    if (pid == 0) {
      alarm(60); // a hung case (a deadlock in the pool) ends here
      c.fn();
      std::fflush(stdout);
      std::fflush(stderr);
      _exit(failures > 0 ? 1 : 0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    const bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (ok) {
      passed++;
      std::printf("ok - %s\n", c.name);
    } else {
      failed++;
      if (WIFSIGNALED(status))
        std::printf("not ok - %s (signal %d%s)\n", c.name, WTERMSIG(status),
                    WTERMSIG(status) == SIGALRM ? ": timed out" : "");
      else
        std::printf("not ok - %s (exit %d)\n", c.name, WEXITSTATUS(status));
    }
  }
  std::printf("# %d passed, %d failed\n", passed, failed);
  if (passed + failed == 0) {
    std::printf("# no case matched\n");
    return 1;
  }
  return failed > 0 ? 1 : 0;
}
