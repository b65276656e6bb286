// The evidence gathered for one frame: the planes and the allocation, the contexts, the canary through NVCV's pointer.
#pragma once

#include "frame/frame_evidence.h"
#include "gpu/cuda_device.h"
#include "nvcv/nvcv_api.h"

extern "C" {
#include <libavutil/frame.h>
}

namespace zci {

/// Fills planes (FFmpeg's side) and allocation (driver or buffer refs) for a frame; out.codedWidth and codedHeight
/// hold the decoder's coded size (device frames take their frames context's).
void gatherPlanesAndAllocation(const AVFrame *frame, const FrameLayout &layout, FrameEvidence &out);

/// Fills the context section (needs the CUDA device for device frames).
void gatherContexts(const CudaDevice *cuda, FrameEvidence &out);

/// Runs the canary through the first and last row of each plane: the address to write is NVCV's export of `image`,
/// taken inside the proof; the address to read is FFmpeg's. Nothing is written outside the frame's memory.
void runAliasingProof(const AVFrame *frame, NVCVImageHandle image, const CudaDevice *cuda, FrameEvidence &out);

} // namespace zci
