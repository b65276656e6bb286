// Probes the machine: FFmpeg versions, CUDA runtime/driver/devices, NVCV and CV-CUDA.
#pragma once

#include <string>

namespace zci {

/// EnvironmentReport (electron/common/environment.ts) as JSON.
std::string environmentJson(const std::string &addonVersion);

} // namespace zci
