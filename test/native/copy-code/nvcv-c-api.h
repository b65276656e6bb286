// The NVCV C API the generated snippets call, for the copy-as-code harness: the project's declarations
// (native/src/core/nvcv/nvcv_api.h, checked against the loaded library by test/native/nvcv-abi.test.mjs), not NVIDIA's
// headers, which the CV-CUDA wheels do not ship. The prototypes are NVCV 0.19's exported C functions.
#pragma once

#include "../../../native/src/core/nvcv/nvcv_api.h"

extern "C" {
NVCVStatus nvcvImageWrapDataConstruct(const NVCVImageData *data, NVCVImageDataCleanupFunc cleanup, void *ctx,
                                      NVCVImageHandle *handle);
NVCVStatus nvcvImageDecRef(NVCVImageHandle handle, int *newRefCount);
NVCVStatus nvcvImageExportData(NVCVImageHandle handle, NVCVImageData *data);
NVCVStatus nvcvGetLastErrorMessage(char *buffer, int32_t length);
NVCVStatus nvcvMakeYCbCrImageFormat(NVCVImageFormat *outFormat, NVCVColorSpec colorSpec,
                                    NVCVChromaSubsampling chromaSub, NVCVMemLayout memLayout, NVCVDataKind dataKind,
                                    NVCVSwizzle swizzle, NVCVPacking packing0, NVCVPacking packing1,
                                    NVCVPacking packing2, NVCVPacking packing3, NVCVAlphaType alphaType,
                                    const void *extraChannelInfo);
}
