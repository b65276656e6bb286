// The core's C++ tests: a case registry and checks that report and fail the case but let it run on.
#pragma once

#include <cstdint>
#include <string>

namespace zci::core_test {

bool check(bool ok, const char *expr, const char *file, int line);
bool checkEq(int64_t a, int64_t b, const char *ea, const char *eb, const char *file, int line);
bool checkStr(const std::string &a, const std::string &b, const char *ea, const char *eb, const char *file, int line);
void registerCase(const char *name, void (*fn)());

} // namespace zci::core_test

#define CHECK(cond) ::zci::core_test::check((cond), #cond, __FILE__, __LINE__)
#define CHECK_EQ(a, b)                                                                                                 \
  ::zci::core_test::checkEq(static_cast<int64_t>(a), static_cast<int64_t>(b), #a, #b, __FILE__, __LINE__)
#define CHECK_STR(a, b) ::zci::core_test::checkStr((a), (b), #a, #b, __FILE__, __LINE__)
#define CORE_TEST(name)                                                                                                \
  static void name();                                                                                                  \
  static const bool registered_##name = (::zci::core_test::registerCase(#name, name), true);                           \
  static void name()
