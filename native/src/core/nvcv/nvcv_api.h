// The subset of NVCV's C ABI the inspector calls, declared here because the CV-CUDA wheels ship no headers.
// Every constant and layout below is checked against the loaded library by abiCheckJson() and test/native.
#pragma once

#include <cstddef>
#include <cstdint>

extern "C" {

typedef int32_t NVCVStatus;
typedef uint64_t NVCVImageFormat;
typedef uint64_t NVCVDataType;
typedef int32_t NVCVColorSpec;
typedef int32_t NVCVChromaSubsampling;
typedef int32_t NVCVMemLayout;
typedef int32_t NVCVDataKind;
typedef int32_t NVCVSwizzle;
typedef int32_t NVCVPacking;
typedef int32_t NVCVAlphaType;
typedef int32_t NVCVImageBufferType;
typedef int32_t NVCVTensorBufferType;
typedef struct NVCVImage *NVCVImageHandle;
typedef struct NVCVTensor *NVCVTensorHandle;

enum : NVCVStatus { NVCV_SUCCESS = 0 };
enum { NVCV_MAX_PLANE_COUNT = 6, NVCV_TENSOR_MAX_RANK = 15, NVCV_MAX_STATUS_MESSAGE_LENGTH = 256 };

enum : NVCVImageBufferType {
  NVCV_IMAGE_BUFFER_NONE = 0,
  NVCV_IMAGE_BUFFER_STRIDED_CUDA = 1,
  NVCV_IMAGE_BUFFER_STRIDED_HOST = 2,
};
enum : NVCVTensorBufferType { NVCV_TENSOR_BUFFER_STRIDED_CUDA = 1 };

enum : NVCVColorSpec {
  NVCV_COLOR_SPEC_BT601 = 0x54a1,
  NVCV_COLOR_SPEC_BT601_ER = 0x14a1,
  NVCV_COLOR_SPEC_BT709 = 0x5521,
  NVCV_COLOR_SPEC_BT709_ER = 0x1521,
  NVCV_COLOR_SPEC_BT2020 = 0x55aa,
  NVCV_COLOR_SPEC_BT2020_ER = 0x15aa,
};
enum : NVCVChromaSubsampling { NVCV_CSS_444 = 0, NVCV_CSS_422 = 1, NVCV_CSS_420 = 5 };
enum : NVCVMemLayout { NVCV_MEM_LAYOUT_PL = 0 };
enum : NVCVDataKind { NVCV_DATA_KIND_UNSIGNED = 0 };
enum : NVCVSwizzle { NVCV_SWIZZLE_XYZ0 = 3 };
enum : NVCVAlphaType { NVCV_ALPHA_ASSOCIATED = 0 };
enum : NVCVPacking {
  NVCV_PACKING_0 = 0,
  NVCV_PACKING_X8 = 0x4,
  NVCV_PACKING_X8_Y8 = 0x50,
  NVCV_PACKING_X16 = 0x40,
  NVCV_PACKING_b6X10 = 0x41,
  NVCV_PACKING_X10b6 = 0x42,
  NVCV_PACKING_X16_Y16 = 0xd0,
  NVCV_PACKING_X10b6_Y10b6 = 0xd1,
};

/// Predefined formats (values of CV-CUDA's header macros).
constexpr NVCVImageFormat NVCV_IMAGE_FORMAT_U8 = 0x00000027ffff0081ULL;
constexpr NVCVImageFormat NVCV_IMAGE_FORMAT_Y8 = 0x000000254a100081ULL;
constexpr NVCVImageFormat NVCV_IMAGE_FORMAT_NV12 = 0x000180254a1a0083ULL;
constexpr NVCVImageFormat NVCV_IMAGE_FORMAT_NV12_ER = 0x000180214a1a0083ULL;
constexpr NVCVImageFormat NVCV_IMAGE_FORMAT_NV24 = 0x000180254a100083ULL;
constexpr NVCVImageFormat NVCV_IMAGE_FORMAT_RGB8 = 0x000002800011008bULL;
constexpr NVCVDataType NVCV_DATA_TYPE_U8 = 0x27ffff0081ULL;
constexpr NVCVDataType NVCV_DATA_TYPE_U16 = 0x107ffff0081ULL;

typedef struct {
  uint8_t value;
} NVCVByte;

typedef struct {
  int32_t width;
  int32_t height;
  int32_t rowStride;
  NVCVByte *basePtr;
} NVCVImagePlaneStrided;

typedef struct {
  int32_t numPlanes;
  NVCVImagePlaneStrided planes[NVCV_MAX_PLANE_COUNT];
} NVCVImageBufferStrided;

typedef union {
  NVCVImageBufferStrided strided;
} NVCVImageBuffer;

typedef struct {
  NVCVImageFormat format;
  NVCVImageBufferType bufferType;
  NVCVImageBuffer buffer;
} NVCVImageData;

typedef struct {
  char data[NVCV_TENSOR_MAX_RANK + 1];
  int32_t rank;
} NVCVTensorLayout;

typedef struct {
  int64_t strides[NVCV_TENSOR_MAX_RANK];
  NVCVByte *basePtr;
} NVCVTensorBufferStrided;

typedef union {
  NVCVTensorBufferStrided strided;
} NVCVTensorBuffer;

typedef struct {
  NVCVDataType dtype;
  NVCVTensorLayout layout;
  int32_t rank;
  int64_t shape[NVCV_TENSOR_MAX_RANK];
  NVCVTensorBufferType bufferType;
  NVCVTensorBuffer buffer;
} NVCVTensorData;

typedef void (*NVCVImageDataCleanupFunc)(void *ctx, const NVCVImageData *data);
typedef void (*NVCVTensorDataCleanupFunc)(void *ctx, const NVCVTensorData *data);

} // extern "C"

// Layouts measured on the 0.19 library (x86_64); a change here would be an ABI break the tests must catch.
static_assert(sizeof(NVCVImagePlaneStrided) == 24 && offsetof(NVCVImagePlaneStrided, rowStride) == 8 &&
                  offsetof(NVCVImagePlaneStrided, basePtr) == 16,
              "NVCVImagePlaneStrided layout");
static_assert(sizeof(NVCVImageBufferStrided) == 152 && offsetof(NVCVImageBufferStrided, planes) == 8,
              "NVCVImageBufferStrided layout");
static_assert(sizeof(NVCVImageData) == 168 && offsetof(NVCVImageData, bufferType) == 8 &&
                  offsetof(NVCVImageData, buffer) == 16,
              "NVCVImageData layout");
static_assert(sizeof(NVCVTensorLayout) == 20, "NVCVTensorLayout layout");
static_assert(sizeof(NVCVTensorBufferStrided) == 128 && offsetof(NVCVTensorBufferStrided, basePtr) == 120,
              "NVCVTensorBufferStrided layout");
static_assert(sizeof(NVCVTensorData) == 288 && offsetof(NVCVTensorData, rank) == 28 &&
                  offsetof(NVCVTensorData, shape) == 32 && offsetof(NVCVTensorData, bufferType) == 152 &&
                  offsetof(NVCVTensorData, buffer) == 160,
              "NVCVTensorData layout");

namespace zci {

/// Function pointers into libnvcv_types, bound by name at load time.
struct NvcvApi {
  uint32_t (*getVersion)();
  NVCVStatus (*getLastErrorMessage)(char *buffer, int32_t length);
  const char *(*statusGetName)(NVCVStatus status);
  NVCVStatus (*imageWrapDataConstruct)(const NVCVImageData *data, NVCVImageDataCleanupFunc cleanup, void *ctx,
                                       NVCVImageHandle *handle);
  NVCVStatus (*imageDecRef)(NVCVImageHandle handle, int *newRefCount);
  NVCVStatus (*imageExportData)(NVCVImageHandle handle, NVCVImageData *data);
  NVCVStatus (*imageGetFormat)(NVCVImageHandle handle, NVCVImageFormat *format);
  NVCVStatus (*imageGetSize)(NVCVImageHandle handle, int32_t *width, int32_t *height);
  const char *(*imageFormatGetName)(NVCVImageFormat format); // the buffer is reused by the next call: copy at once
  NVCVStatus (*imageFormatGetNumPlanes)(NVCVImageFormat format, int32_t *planes);
  NVCVStatus (*imageFormatGetPlaneBitsPerPixel)(NVCVImageFormat format, int32_t plane, int32_t *bits);
  NVCVStatus (*imageFormatGetPlaneSize)(NVCVImageFormat format, int32_t plane, int32_t width, int32_t height,
                                        int32_t *planeWidth, int32_t *planeHeight);
  NVCVStatus (*makeYCbCrImageFormat)(NVCVImageFormat *out, NVCVColorSpec spec, NVCVChromaSubsampling css,
                                     NVCVMemLayout layout, NVCVDataKind kind, NVCVSwizzle swizzle, NVCVPacking p0,
                                     NVCVPacking p1, NVCVPacking p2, NVCVPacking p3, NVCVAlphaType alpha,
                                     const void *extraChannelInfo);
  NVCVStatus (*tensorWrapDataConstruct)(const NVCVTensorData *data, NVCVTensorDataCleanupFunc cleanup, void *ctx,
                                        NVCVTensorHandle *handle);
  NVCVStatus (*tensorExportData)(NVCVTensorHandle handle, NVCVTensorData *data);
  NVCVStatus (*tensorDecRef)(NVCVTensorHandle handle, int *newRefCount);
  NVCVStatus (*tensorLayoutMake)(const char *descr, NVCVTensorLayout *layout);
};

} // namespace zci
