/*
 * The prestart library's constructor and thread (prestart.h). Plain C, no C++ runtime, no link to CUDA: libcuda is
 * opened at run time, and any failure (no driver, no GPU, a bad ordinal) ends the thread silently, leaving the command
 * as it is without the library. The driver's cuInit and primary context retain are safe beside the addon's own calls,
 * which wait for them or find their work done.
 */
#define _GNU_SOURCE
#include "prestart.h"
#include "prestart_decide.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))

/// The library's file name: its entries in LD_PRELOAD are removed, whatever folder they name.
#define LIBRARY_NAME "libzci_prestart.so"

typedef int (*InitFn)(unsigned flags);
typedef int (*DeviceGetFn)(int *device, int ordinal);
typedef int (*PrimaryRetainFn)(void **context, int device);

/// Set by the constructor before the thread starts; read after.
static int startedDevice = -1;
/// Written once by the thread, read by zci_prestart_state on any thread.
static long long driverNs, contextNs;

static long long monotonicNs(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/// Removes this library's entries from LD_PRELOAD (separated by colons or spaces), keeping the others, so that no
/// process the command starts inherits it.
static void leaveNoPreload(void) {
  const char *preload = getenv("LD_PRELOAD");
  if (!preload) return;
  char *kept = malloc(strlen(preload) + 1);
  if (!kept) return;
  size_t used = 0;
  for (const char *s = preload; *s;) {
    const size_t length = strcspn(s, ": ");
    if (length > 0) {
      const char *name = s;
      for (const char *c = s; c < s + length; c++)
        if (*c == '/') name = c + 1;
      const size_t nameLength = (size_t)(s + length - name);
      if (!(nameLength == strlen(LIBRARY_NAME) && memcmp(name, LIBRARY_NAME, nameLength) == 0)) {
        if (used > 0) kept[used++] = ':';
        memcpy(kept + used, s, length);
        used += length;
      }
    }
    s += length;
    if (*s) s++;
  }
  kept[used] = '\0';
  if (used == 0)
    unsetenv("LD_PRELOAD");
  else
    setenv("LD_PRELOAD", kept, 1);
  free(kept);
}

/// This process's arguments (/proc/self/cmdline), as one buffer of NUL-ended strings and an array over it, or 0.
static int readArguments(char **buffer, const char ***argv) {
  const int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  size_t size = 0, capacity = 4096;
  char *text = malloc(capacity + 1);
  for (ssize_t got = 1; text && got > 0;) {
    if (size == capacity) {
      char *grown = realloc(text, (capacity *= 2) + 1);
      if (!grown) free(text);
      text = grown;
      if (!text) break;
    }
    got = read(fd, text + size, capacity - size);
    if (got > 0) size += (size_t)got;
    if (got < 0) free(text), text = NULL;
  }
  close(fd);
  if (!text) return 0;
  if (size == 0 || text[size - 1] != '\0') text[size++] = '\0'; // the last argument ends even when cut short
  int argc = 0;
  for (size_t i = 0; i < size; i++)
    argc += text[i] == '\0';
  const char **args = malloc(sizeof *args * (size_t)(argc + 1));
  if (!args) {
    free(text);
    return 0;
  }
  int n = 0;
  for (size_t i = 0; i < size; i += strlen(text + i) + 1)
    args[n++] = text + i;
  args[n] = NULL;
  *buffer = text;
  *argv = args;
  return argc;
}

/// The thread: the driver, then the device's primary context, retained for the process's life (never released).
static void *makeContext(void *unused) {
  (void)unused;
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!cuda) return NULL;
  InitFn init = (InitFn)dlsym(cuda, "cuInit");
  DeviceGetFn deviceGet = (DeviceGetFn)dlsym(cuda, "cuDeviceGet");
  PrimaryRetainFn retain = (PrimaryRetainFn)dlsym(cuda, "cuDevicePrimaryCtxRetain");
  if (!init || !deviceGet || !retain || init(0) != 0) return NULL;
  __atomic_store_n(&driverNs, monotonicNs(), __ATOMIC_RELEASE);
  int device = 0;
  void *context = NULL;
  if (deviceGet(&device, startedDevice) != 0 || retain(&context, device) != 0) return NULL;
  __atomic_store_n(&contextNs, monotonicNs(), __ATOMIC_RELEASE);
  return NULL;
}

__attribute__((constructor)) static void prestart(void) {
  leaveNoPreload();
  const char *off = getenv("ZCI_PRESTART");
  if (off && strcmp(off, "0") == 0) return;
  char *buffer = NULL;
  const char **argv = NULL;
  const int argc = readArguments(&buffer, &argv);
  int device = -1;
  const int wanted = argc > 0 && zci_prestart_decide(argc, argv, &device);
  free(argv);
  free(buffer);
  if (!wanted) return;
  startedDevice = device;
  // Every signal blocked on the thread (and the driver's threads it starts), so that Node's threads take them all.
  sigset_t all, before;
  sigfillset(&all);
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return;
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_sigmask(SIG_SETMASK, &all, &before);
  pthread_t thread;
  if (pthread_create(&thread, &attr, makeContext, NULL) != 0) startedDevice = -1;
  pthread_sigmask(SIG_SETMASK, &before, NULL);
  pthread_attr_destroy(&attr);
}

EXPORT int zci_prestart_state(int *device, long long *driver_ns, long long *context_ns) {
  *device = startedDevice;
  *driver_ns = __atomic_load_n(&driverNs, __ATOMIC_ACQUIRE);
  *context_ns = __atomic_load_n(&contextNs, __ATOMIC_ACQUIRE);
  return startedDevice >= 0;
}
