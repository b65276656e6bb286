// The aliasing proof's CV-CUDA witness: CV-CUDA's own Flip operator writes the canary into the wrapped image (an
// 8-byte ROI of one row, over the addresses NVCV exported) and reads the bytes back through FFmpeg's pointer, then
// writes the original bytes back. The canary reaches FFmpeg's memory through a CV-CUDA call, the way a user's
// operator would write, not through a kernel of ours.
#pragma once

#include "gpu/cuda_kernels.h"

#include <cstdint>
#include <string>
#include <vector>

namespace zci {

/// One place the canary goes: a row start in NVCV's plane (written) and the same row in FFmpeg's (read), each with
/// the row stride of its owner (a tensor over one row still carries it).
struct CanarySite {
  uint8_t *write;
  int64_t writeStride;
  const uint8_t *read;
  int64_t readStride;
};

/// Whether the proof may use CV-CUDA: libcvcuda loads and ZCI_PROOF_WITNESS is not "kernel" (the tests' hook that
/// keeps the kernel witness reachable where CV-CUDA is installed). Otherwise why not, in `why`.
bool cvcudaWitnessAvailable(std::string &why);

/// Exchanges the canary at every site on the legacy default stream of the current context, in order: save the
/// original through NVCV's row, write the canary, read through FFmpeg's row, write the original back, read again.
/// Fills one result per site. Returns false with `error` set when a CV-CUDA or CUDA call failed; every site whose
/// canary was written is then restored from the saved bytes where the saved bytes were read.
bool cvcudaCanaryExchange(const std::vector<CanarySite> &sites, const uint8_t canary[8],
                          std::vector<kernels::CanaryResult> &results, std::string &error);

} // namespace zci
