// Checks the declared NVCV constants and struct layouts against the loaded library, for tests and diagnostics.
#pragma once

#include <string>
#include <vector>

namespace zci {

/// One comparison of a declared constant or struct field with what the loaded library does.
struct AbiCheck {
  std::string name, expected, actual;
  bool ok = false;
};

/// Whether NVCV loaded, and every check run against it (none when it did not load).
struct AbiCheckReport {
  bool loaded = false;
  std::vector<AbiCheck> checks;
};

/// Runs every check against the loaded NVCV (and CV-CUDA, when loaded).
AbiCheckReport nvcvAbiCheck();

} // namespace zci
