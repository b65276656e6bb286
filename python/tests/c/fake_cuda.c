/* A stand-in libcuda.so.1 for the CPU tier (python/tests/test_header_facts.py): the thirteen driver calls
 * zci_recorder.h loads, over one allocation of host memory that plays device memory (fake_device_memory), so the
 * header's whole recording path (pointer attributes, address range, stream query, bounded 2-D copies) runs and its
 * facts file can be packed and checked where no GPU is. Addresses outside the allocation are no CUDA memory. */
#include <cuda.h>
#include <string.h>

#define FAKE_BYTES (128 * 48 * 3 / 2)
unsigned char fake_device_memory[FAKE_BYTES];
static CUcontext const fake_context = (CUcontext)0x5a5a0000;

static int inside(CUdeviceptr p) {
  return p >= (CUdeviceptr)(size_t)fake_device_memory && p < (CUdeviceptr)(size_t)fake_device_memory + FAKE_BYTES;
}

CUresult cuInit(unsigned int flags) {
  (void)flags;
  return CUDA_SUCCESS;
}
CUresult cuDriverGetVersion(int *version) {
  *version = 12040;
  return CUDA_SUCCESS;
}
CUresult cuPointerGetAttribute(void *data, CUpointer_attribute attribute, CUdeviceptr pointer) {
  if (!inside(pointer)) return CUDA_ERROR_INVALID_VALUE;
  switch (attribute) {
  case CU_POINTER_ATTRIBUTE_MEMORY_TYPE: *(unsigned int *)data = CU_MEMORYTYPE_DEVICE; return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_CONTEXT: *(CUcontext *)data = fake_context; return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL: *(int *)data = 0; return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_BUFFER_ID: *(unsigned long long *)data = 42; return CUDA_SUCCESS;
  default: return CUDA_ERROR_INVALID_VALUE;
  }
}
CUresult cuMemGetAddressRange_v2(CUdeviceptr *base, size_t *size, CUdeviceptr pointer) {
  if (!inside(pointer)) return CUDA_ERROR_INVALID_VALUE;
  *base = (CUdeviceptr)(size_t)fake_device_memory, *size = FAKE_BYTES;
  return CUDA_SUCCESS;
}
CUresult cuCtxGetCurrent(CUcontext *context) {
  *context = fake_context;
  return CUDA_SUCCESS;
}
CUresult cuCtxPushCurrent_v2(CUcontext context) {
  (void)context;
  return CUDA_SUCCESS;
}
CUresult cuCtxPopCurrent_v2(CUcontext *context) {
  *context = fake_context;
  return CUDA_SUCCESS;
}
CUresult cuStreamQuery(CUstream stream) {
  (void)stream;
  return CUDA_SUCCESS;
}
CUresult cuStreamSynchronize(CUstream stream) {
  (void)stream;
  return CUDA_SUCCESS;
}
CUresult cuStreamDestroy_v2(CUstream stream) {
  (void)stream;
  return CUDA_SUCCESS;
}
CUresult cuStreamCreate(CUstream *stream, unsigned int flags) {
  (void)flags;
  *stream = (CUstream)0x77;
  return CUDA_SUCCESS;
}
CUresult cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *c, CUstream stream) {
  size_t row;
  const unsigned char *src = (const unsigned char *)(size_t)c->srcDevice;
  (void)stream;
  if (!inside(c->srcDevice) ||
      !inside(c->srcDevice + c->srcPitch * (c->srcY + c->Height - 1) + c->srcXInBytes + c->WidthInBytes - 1))
    return CUDA_ERROR_INVALID_VALUE;
  for (row = 0; row < c->Height; ++row)
    memcpy((unsigned char *)c->dstHost + (c->dstY + row) * c->dstPitch + c->dstXInBytes,
           src + (c->srcY + row) * c->srcPitch + c->srcXInBytes, c->WidthInBytes);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t bytes, CUstream stream) {
  (void)stream;
  if (!inside(dst) || !inside(dst + bytes - 1)) return CUDA_ERROR_INVALID_VALUE;
  memcpy((void *)(size_t)dst, src, bytes);
  return CUDA_SUCCESS;
}
