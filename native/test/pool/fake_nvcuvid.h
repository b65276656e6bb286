// A fake of the driver's libnvcuvid for the pool library's tests (fake_nvcuvid.cc): it counts every call by name,
// hands out decoder handles, fills in fields of the creation struct as a driver does, and keeps a CUDA context stack
// per thread in place of the driver's, which the tests hand to zci_pool_init.
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The driver API codes the fake answers with that the ffnvcodec headers do not name.
#define ZCI_FAKE_INVALID_VALUE 1    /* CUDA_ERROR_INVALID_VALUE: a creation the fake refuses (width or height 0) */
#define ZCI_FAKE_INVALID_HANDLE 400 /* CUDA_ERROR_INVALID_HANDLE: a decoder it does not know */

typedef struct {
  uint64_t creates;              // decoders created
  uint64_t destroys;             // decoders destroyed
  uint64_t live;                 // created and not yet destroyed
  uint64_t destroysOutOfContext; // destroyed while their context was not the current one
  uint64_t capsCalls;            // cuvidGetDecoderCaps calls
} zci_fake_counters;

typedef void (*zci_fake_get_counters_fn)(zci_fake_counters *out);
/// How many times the entry point of that name was called.
typedef uint64_t (*zci_fake_calls_fn)(const char *name);
/// The thread id (gettid) that destroyed the decoder, or 0 while it lives.
typedef int64_t (*zci_fake_destroyer_fn)(void *decoder);
/// Makes every cuvidDestroyDecoder called on a thread other than the caller's (the pool's reaper) take this long (a
/// driver takes hundreds of milliseconds).
typedef void (*zci_fake_set_destroy_delay_ms_fn)(int ms);

/// The context stack of the calling thread, with the driver API's calling convention (0: success).
typedef int (*zci_fake_ctx_get_fn)(void **ctx);
typedef int (*zci_fake_ctx_push_fn)(void *ctx);
typedef int (*zci_fake_ctx_pop_fn)(void **ctx);

#ifdef __cplusplus
}
#endif
