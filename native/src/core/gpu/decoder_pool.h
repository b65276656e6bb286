// NVDEC decoders kept warm across files and seeks: the core's side of libzci_nvdec_pool.so (native/src/nvdec_pool).
// Loaded before FFmpeg first loads the driver's libnvcuvid, the library answers FFmpeg's decoder creations with a
// parked decoder of the same parameters where it has one, and caches the capability queries.
#pragma once

#include "../nvdec_pool/pool_api.h"

#include <cuda.h>

#include <cstdint>
#include <optional>
#include <string>

namespace zci::decoder_pool {

/// Whether the pool is in use, and what it has done since the process loaded it.
struct Status {
  bool active = false;
  std::string path;  // the pool library, when found
  std::string error; // why it is not in use
  uint64_t budgetBytes = 0, created = 0, reused = 0, live = 0, parked = 0, parkedBytes = 0, evicted = 0;
  uint64_t capsQueries = 0, capsCached = 0;
  // The driver's libnvcuvid as the pool bound it: entry points it lacks, cuvid* functions it has that the pool does
  // not know (a newer driver), whether it defines symbol versions, calls that reached a missing entry point, and
  // which names those are ("missing: a; unknown: b", empty when none).
  uint64_t driverMissing = 0, driverUnknown = 0, missingCalls = 0;
  bool driverVersioned = false;
  std::string driverNote;
};

/// Loads the pool library once, before any NVDEC decoder exists (CudaDevice calls it first). Never throws; what went
/// wrong is in status().error. ZCI_DECODER_POOL_MB sets the byte budget of parked decoders (0 turns the pool off).
void load();

/// load() with the pool library and the driver's libnvcuvid named ("" searches as load() does), for the C++ tests,
/// which have no GPU: they bind the pool to the fake driver the pool's own tests use (native/test/pool). Acts once
/// per process, as load() does, whichever of the two comes first.
void loadFrom(const std::string &library, const std::string &driver);

/// Decoders made in ctx may be parked: the caller keeps ctx alive until dropContext.
void allowContext(CUcontext ctx);

/// Destroys the decoders parked in ctx and parks no more there; call before ctx may be destroyed.
void dropContext(CUcontext ctx);

/// Destroys the parked decoders and parks no more: for an orderly exit (the addon's environment cleanup; load() also
/// registers it with atexit), so that nothing of the pool outlives the process's own teardown.
void releaseAll();

Status status();

/// The driver's own libnvcuvid (beside libcuda), or "" with why.
std::string driverLibraryPath(std::string *why);

/// A picture NVDEC mapped, as the driver returned it, and the decoder's creation parameters (the pool's record).
struct Mapping {
  uint64_t devPtr = 0;
  uint32_t pitch = 0;
  int picIdx = 0;
  uint64_t sequence = 0;
  bool paramsKnown = false;
  uint32_t targetWidth = 0, targetHeight = 0;
  int chromaFormat = 0, outputFormat = 0, bitDepthMinus8 = 0;
};

/// The newest recorded mapping whose surface starts at devPtr; nothing, with why, when there is none or no record.
std::optional<Mapping> findMapping(uint64_t devPtr, std::string *why);

/// The driver's capability answer for caps' codec, chroma format and bit depth, asked in context ctx (CUcontext);
/// false, with why, when the pool library is not in use or the driver cannot be asked.
bool decoderCaps(void *ctx, zci_pool_caps &caps, std::string *why);

/// The number of the last mapping made on this thread (0: none, or no record). Read right after a frame comes out of
/// FFmpeg, it names the picture the frame was made from, also when FFmpeg copied the picture (6.0 and later).
uint64_t threadLastSequence();

/// The recorded mapping numbered sequence, while the record still holds it.
std::optional<Mapping> findSequence(uint64_t sequence);

/// What the last NVDEC decoder creation on this thread did: "created", "reused", or "" (none since the last call).
std::string takeThreadOutcome();

} // namespace zci::decoder_pool
