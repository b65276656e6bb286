/*
 * A stand-in for the CUDA driver (libcuda.so.1) with the three entry points the prestart library calls, for
 * test/native/prestart-thread.test.mjs on machines without a GPU: each takes 30 ms, as the real ones take longer, and
 * ordinals from 8 up are no device (CUDA_ERROR_INVALID_DEVICE), so the test sees which ordinal reached cuDeviceGet.
 */
#define _POSIX_C_SOURCE 200809L
#include <time.h>

static int context;

static void pause30ms(void) {
  const struct timespec wait = {0, 30 * 1000 * 1000};
  nanosleep(&wait, NULL);
}

int cuInit(unsigned flags) {
  pause30ms();
  return flags == 0 ? 0 : 1; // CUDA_ERROR_INVALID_VALUE
}

int cuDeviceGet(int *device, int ordinal) {
  if (ordinal < 0 || ordinal >= 8) return 101; // CUDA_ERROR_INVALID_DEVICE
  *device = 100 + ordinal;                     // a handle unlike the ordinal
  return 0;
}

int cuDevicePrimaryCtxRetain(void **out, int device) {
  pause30ms();
  if (device < 100) return 101;
  *out = &context;
  return 0;
}
