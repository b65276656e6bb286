/*
 * The floor under a process's first open: how long the CUDA driver alone takes, from this process's start, to be
 * initialised and to hand out the device's primary context, made current. No FFmpeg, no Node, no inspector code.
 * Usage: context-floor START_NS [DEVICE], START_NS being CLOCK_REALTIME in nanoseconds just before this process was
 * started (the shell's `date +%s%N`); prints one JSON line of milliseconds from then. Built on the GPU machine by
 * scan-bench.sh: cc context-floor.c -I$CUDA/include -ldl (libcuda is opened at run time, as the addon does).
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef int (*InitFn)(unsigned);
typedef int (*DeviceGetFn)(int *, int);
typedef int (*RetainFn)(void **, int);
typedef int (*SetCurrentFn)(void *);

static double msSince(long long startNs) {
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  return ((long long)now.tv_sec * 1000000000LL + now.tv_nsec - startNs) / 1e6;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: context-floor START_NS [DEVICE]\n");
    return 2;
  }
  const long long start = atoll(argv[1]);
  const int ordinal = argc > 2 ? atoi(argv[2]) : 0;
  const double entered = msSince(start);
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW);
  if (!cuda) {
    fprintf(stderr, "context-floor: %s\n", dlerror());
    return 1;
  }
  const double loaded = msSince(start);
  InitFn init = (InitFn)dlsym(cuda, "cuInit");
  DeviceGetFn deviceGet = (DeviceGetFn)dlsym(cuda, "cuDeviceGet");
  RetainFn retain = (RetainFn)dlsym(cuda, "cuDevicePrimaryCtxRetain");
  SetCurrentFn setCurrent = (SetCurrentFn)dlsym(cuda, "cuCtxSetCurrent");
  if (!init || !deviceGet || !retain || !setCurrent) {
    fprintf(stderr, "context-floor: libcuda lacks a symbol\n");
    return 1;
  }
  int device = 0;
  void *context = NULL;
  int rc = init(0);
  const double initialised = msSince(start);
  if (rc == 0) rc = deviceGet(&device, ordinal);
  if (rc == 0) rc = retain(&context, device);
  if (rc == 0) rc = setCurrent(context);
  const double made = msSince(start);
  printf("{\"bench\":\"context-floor\",\"result\":%d,\"mainMs\":%.3f,\"libcudaLoadedMs\":%.3f,\"initMs\":%.3f,"
         "\"contextMadeMs\":%.3f}\n",
         rc, entered, loaded, initialised, made);
  return rc == 0 ? 0 : 1;
}
