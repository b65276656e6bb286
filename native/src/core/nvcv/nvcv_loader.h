// Finds and loads libnvcv_types (and libcvcuda) at run time: explicit path, system path, CV-CUDA Python wheels.
#pragma once

#include "nvcv/nvcv_api.h"

#include <string>
#include <vector>

namespace zci {

/// Where a library came from, or why it did not load.
struct LoadedLibrary {
  bool loaded = false;
  std::string path;
  std::string version;
  std::string error;
  std::vector<std::string> searched;
  void *handle = nullptr;
};

/// Sets the folder or file to try first; empty clears it. Takes effect for loads not yet attempted.
void setLibraryPath(const std::string &path);

/// The NVCV functions, loaded once; nullptr with nvcvStatus().error set when not available.
const NvcvApi *nvcv();
/// What loading NVCV found.
const LoadedLibrary &nvcvStatus();
/// libcvcuda, loaded once beside NVCV (operators use it).
const LoadedLibrary &cvcudaStatus();

/// The last NVCV error message on this thread, with the status name.
std::string nvcvErrorText(NVCVStatus status);

} // namespace zci
