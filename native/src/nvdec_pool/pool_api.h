// The control surface of the NVDEC decoder pool library (libzci_nvdec_pool.so), shared by the library and the core
// that loads it. Plain C: the core finds these with dlsym.
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The CUDA driver calls the pool needs, handed over by the core (which already resolved them).
typedef int (*zci_pool_ctx_get_fn)(void **ctx);
typedef int (*zci_pool_ctx_push_fn)(void *ctx);
typedef int (*zci_pool_ctx_pop_fn)(void **ctx);

/// Counters since the library was loaded, and what it holds now.
typedef struct {
  uint64_t created;     // decoders the driver created
  uint64_t reused;      // creations answered with a parked decoder
  uint64_t live;        // decoders FFmpeg holds now that will be parked when it gives them up
  uint64_t parked;      // decoders parked now
  uint64_t parkedBytes; // their surfaces, estimated from the creation parameters
  uint64_t evicted;     // parked decoders destroyed to stay within the budget, or with their context
  uint64_t capsQueries; // cuvidGetDecoderCaps calls
  uint64_t capsCached;  // of those, answered from the cache
  uint64_t budgetBytes; // the most parked surfaces may take
  // The driver's libnvcuvid as zci_pool_init bound it; driverNote names what the counts count.
  uint32_t driverMissing;   // entry points the pool forwards that it lacks (calls to them answer "not supported")
  uint32_t driverUnknown;   // cuvid* functions it exports that the pool neither forwards nor knows: a newer FFmpeg
                            // that asked for one would find no NVDEC through the pool
  uint32_t driverVersioned; // 1 when it defines symbol versions (each entry point is bound to its default version)
  uint32_t missingCalls;    // calls that reached an entry point the driver lacks
  char driverNote[256];     // "missing: a, b; unknown: c" (empty when neither), truncated to fit
} zci_pool_stats;

/// What the last cuvidCreateDecoder on the calling thread did: 0 none since the last call, 1 created, 2 reused.
typedef int (*zci_pool_take_thread_outcome_fn)(void);

/// Loads the driver's libnvcuvid from realPath (a path, so any library with libnvcuvid's entry points can stand in
/// for the driver, as the tests' fake does). Returns 0, or -1 with why written to whyOut: the library cannot be
/// loaded, is the pool itself, or lacks an entry point FFmpeg's decoding needs (all such are named). A budget of 0
/// parks and caches nothing: every call is forwarded as it comes.
typedef int (*zci_pool_init_fn)(const char *realPath, zci_pool_ctx_get_fn get, zci_pool_ctx_push_fn push,
                                zci_pool_ctx_pop_fn pop, uint64_t budgetBytes, char *whyOut, size_t whyLen);
/// Decoders made in this context may be parked (the caller keeps the context alive until it drops it).
typedef void (*zci_pool_allow_context_fn)(void *ctx);
/// Destroys the decoders parked in this context and stops parking there (before the context may go away).
typedef void (*zci_pool_drop_context_fn)(void *ctx);
typedef void (*zci_pool_get_stats_fn)(zci_pool_stats *out);
/// Destroys every parked decoder now and parks no more (for an orderly exit, before the driver is torn down).
typedef void (*zci_pool_release_all_fn)(void);

/// One picture the decoder mapped (cuvidMapVideoFrame), as the driver returned it, with the creation parameters of
/// the decoder that mapped it: the decoder's own word on where its output surface is.
typedef struct {
  uint64_t devPtr;      // the mapped surface's first byte
  uint32_t pitch;       // its row pitch, in bytes
  int32_t picIdx;       // the picture index FFmpeg asked to map
  uint64_t sequence;    // the mapping's number since the library was loaded (1 for the first)
  uint32_t targetWidth; // ulTargetWidth / ulTargetHeight of the decoder that mapped it
  uint32_t targetHeight;
  int32_t chromaFormat; // cudaVideoChromaFormat
  int32_t outputFormat; // cudaVideoSurfaceFormat
  int32_t bitDepthMinus8;
  int32_t codec;       // cudaVideoCodec
  int32_t paramsKnown; // 1 when the decoder's creation parameters were recorded
} zci_pool_mapping;

/// The newest mapping whose surface starts at devPtr, among the last few hundred; 1 when found, 0 otherwise.
typedef int (*zci_pool_find_mapping_fn)(uint64_t devPtr, zci_pool_mapping *out);
/// The mapping numbered sequence, while it is among the last few hundred; 1 when found, 0 otherwise.
typedef int (*zci_pool_find_sequence_fn)(uint64_t sequence, zci_pool_mapping *out);
/// The number of the last mapping made on the calling thread (0 for none). FFmpeg maps a picture on the thread that
/// receives the frame, so read right after avcodec_receive_frame it names the picture that frame came from, also
/// when FFmpeg copied it and unmapped the surface at once (6.0 and later).
typedef uint64_t (*zci_pool_thread_last_sequence_fn)(void);

/// One row of NVDEC's capability table: the driver's answer (cuvidGetDecoderCaps) for a codec, chroma format and bit
/// depth on the GPU of a context.
typedef struct {
  int32_t codec;          // cudaVideoCodec (in)
  int32_t chromaFormat;   // cudaVideoChromaFormat (in)
  int32_t bitDepthMinus8; // (in)
  int32_t result;         // the call's CUresult (0: answered)
  uint8_t supported;      // bIsSupported
  uint8_t numNvdecs;      // nNumNVDECs
  uint16_t outputFormatMask;
  uint32_t maxWidth, maxHeight, maxMBCount;
  uint16_t minWidth, minHeight;
} zci_pool_caps;

/// Asks the driver, in context ctx (pushed for the call), what NVDEC can decode; 0 when the driver answered (see
/// caps->result), -1 when the library is not initialised or the driver has no cuvidGetDecoderCaps. Not cached.
typedef int (*zci_pool_decoder_caps_fn)(void *ctx, zci_pool_caps *caps);

#ifdef __cplusplus
}
#endif
