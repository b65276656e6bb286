// The subset of CV-CUDA's C API the inspector calls (libcvcuda, loaded at run time beside NVCV). Operators are
// created once and submitted on a stream; all take NVCV tensor handles.
#pragma once

#include "nvcv/nvcv_api.h"

extern "C" {
typedef struct NVCVOperator *NVCVOperatorHandle;
typedef struct CUstream_st *cudaStream_t;
typedef int32_t NVCVColorConversionCode;
typedef int32_t NVCVInterpolationType;
typedef int32_t NVCVBorderType;

enum : NVCVColorConversionCode { NVCV_COLOR_YUV2RGB_NV12 = 90 };
enum : NVCVInterpolationType { NVCV_INTERP_NEAREST = 0, NVCV_INTERP_LINEAR = 1, NVCV_INTERP_AREA = 3 };
enum : NVCVBorderType { NVCV_BORDER_REPLICATE = 1 };
enum : uint32_t { NVCV_THRESH_BINARY = 0x01 };
}

constexpr NVCVDataType NVCV_DATA_TYPE_F64 = 0x40000507ffff0081ULL;

namespace zci {

/// Function pointers into libcvcuda.
struct CvcudaApi {
  void (*operatorDestroy)(NVCVOperatorHandle op);
  NVCVStatus (*advCvtColorCreate)(NVCVOperatorHandle *op);
  NVCVStatus (*advCvtColorSubmit)(NVCVOperatorHandle op, cudaStream_t stream, NVCVTensorHandle in, NVCVTensorHandle out,
                                  NVCVColorConversionCode code, NVCVColorSpec spec);
  NVCVStatus (*resizeCreate)(NVCVOperatorHandle *op);
  NVCVStatus (*resizeSubmit)(NVCVOperatorHandle op, cudaStream_t stream, NVCVTensorHandle in, NVCVTensorHandle out,
                             NVCVInterpolationType interpolation);
  NVCVStatus (*gaussianCreate)(NVCVOperatorHandle *op, int32_t maxKernelWidth, int32_t maxKernelHeight,
                               int32_t maxBatch);
  NVCVStatus (*gaussianSubmit)(NVCVOperatorHandle op, cudaStream_t stream, NVCVTensorHandle in, NVCVTensorHandle out,
                               int32_t kernelWidth, int32_t kernelHeight, double sigmaX, double sigmaY,
                               NVCVBorderType border);
  NVCVStatus (*flipCreate)(NVCVOperatorHandle *op, int32_t maxBatch);
  NVCVStatus (*flipSubmit)(NVCVOperatorHandle op, cudaStream_t stream, NVCVTensorHandle in, NVCVTensorHandle out,
                           int32_t flipCode);
  NVCVStatus (*thresholdCreate)(NVCVOperatorHandle *op, uint32_t type, int32_t maxBatch);
  NVCVStatus (*thresholdSubmit)(NVCVOperatorHandle op, cudaStream_t stream, NVCVTensorHandle in, NVCVTensorHandle out,
                                NVCVTensorHandle thresh, NVCVTensorHandle maxval);
};

/// libcvcuda's functions, loaded once; nullptr with cvcudaStatus().error set when not available.
const CvcudaApi *cvcudaApi();

} // namespace zci
