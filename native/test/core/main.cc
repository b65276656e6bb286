// zci_core_tests: the core's logic that needs no GPU (NAL counting, sample reading, the YUV pixel, memory regions,
// name tables, the decoder's witness over the pool library and its fake driver), run by the native test tier
// (test/native/core-tests.test.mjs). Exit 0 only when every check held.
#include "check.h"

#include <cstdio>
#include <vector>

namespace zci::core_test {
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

} // namespace

void registerCase(const char *name, void (*fn)()) {
  cases().push_back({name, fn});
}

bool check(bool ok, const char *expr, const char *file, int line) {
  if (!ok) {
    ++failures;
    std::printf("  failed: %s (%s:%d)\n", expr, file, line);
  }
  return ok;
}

bool checkEq(int64_t a, int64_t b, const char *ea, const char *eb, const char *file, int line) {
  if (a != b) {
    ++failures;
    std::printf("  failed: %s == %s: %lld != %lld (%s:%d)\n", ea, eb, static_cast<long long>(a),
                static_cast<long long>(b), file, line);
  }
  return a == b;
}

bool checkStr(const std::string &a, const std::string &b, const char *ea, const char *eb, const char *file, int line) {
  if (a != b) {
    ++failures;
    std::printf("  failed: %s == %s: '%s' != '%s' (%s:%d)\n", ea, eb, a.c_str(), b.c_str(), file, line);
  }
  return a == b;
}

} // namespace zci::core_test

int main() {
  using namespace zci::core_test;
  int failedCases = 0;
  for (const Case &c : cases()) {
    const int before = failures;
    c.fn();
    const bool ok = failures == before;
    failedCases += ok ? 0 : 1;
    std::printf("%s %s\n", ok ? "ok" : "FAILED", c.name);
  }
  std::printf("%zu cases, %d failed\n", cases().size(), failedCases);
  return failedCases == 0 && !cases().empty() ? 0 : 1;
}
