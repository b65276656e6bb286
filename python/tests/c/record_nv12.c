/* Records one NV12 frame through zci_recorder.h (64x36 shown, 48 coded rows, pitch 128) handed over as a
 * [1, 54, 64, 1] tensor, the 1.5xH view that reads padding as chroma: the facts file the pack command turns into a
 * capture (python/tests/test_header_facts.py runs it against the stand-in driver, fake_cuda.c). */
#define ZCI_RECORDER_IMPLEMENTATION
#include "zci_recorder.h"

int main(int argc, char **argv) {
  char error[512] = "";
  void *driver;
  unsigned char *memory;
  CUdeviceptr base;
  zci_frame_desc source, tensor;
  zci_recorder *rec;
  int i;
  if (argc < 2) return printf("usage: record_nv12 FACTS\n"), 2;
  if (!(rec = zci_open(argv[1], error, sizeof error))) return printf("refused: %s\n", error), 3;
  driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  memory = driver ? (unsigned char *)dlsym(driver, "fake_device_memory") : NULL;
  if (!memory) return printf("not the stand-in driver\n"), 4;
  for (i = 0; i < 128 * 72; ++i)
    memory[i] = (unsigned char)(i * 7);
  base = (CUdeviceptr)(size_t)memory;
  memset(&source, 0, sizeof source), memset(&tensor, 0, sizeof tensor);
  source.kind = "avframe", source.pixel_format = "nv12", source.coded_width = 64, source.coded_height = 48;
  source.num_planes = 2;
  source.planes[0] = zci_make_plane(base, 128, 64, 36, 1, "Y");
  source.planes[1] = zci_make_plane(base + 128 * 48, 128, 32, 18, 2, "UV");
  tensor.kind = "cuda-array-interface", tensor.num_planes = 1;
  tensor.planes[0] = zci_make_plane(base, 128, 64, 54, 1, "Y");
  if (zci_frame(rec, &source, &tensor, "frame 0", (CUstream)0x5a5a00, 0) != 0)
    return printf("frame refused: %s\n", zci_last_error(rec)), 1;
  zci_close(rec);
  dlclose(driver);
  printf("recorded\n");
  return 0;
}
