// Checks the declared NVCV constants and struct layouts against the loaded library, for tests and diagnostics.
#pragma once

#include <string>

namespace zci {

/// {"loaded":bool, "checks":[{"name","expected","actual","ok"}]} as JSON.
std::string nvcvAbiCheckJson();

} // namespace zci
