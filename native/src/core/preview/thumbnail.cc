#include "preview/thumbnail.h"

#include "gpu/cuda_driver.h"
#include "gpu/cuda_kernels.h"
#include "common/error.h"

#include <algorithm>

namespace zci {

std::vector<Thumbnail> planeThumbnails(const AVFrame *frame, const FrameLayout &layout, int maxWidth) {
  std::vector<Thumbnail> out;
  static const char *names[] = {"Y", "U", "V", "A"};
  int component = 0;
  for (size_t p = 0; p < layout.planes.size(); ++p) {
    const PlaneGeometry &g = layout.planes[p];
    const int bytesPerSample = g.bitsPerComponentStored / 8;
    for (int c = 0; c < g.channels; ++c, ++component) {
      kernels::SampleSpec spec{};
      spec.base = frame->data[p];
      spec.pitch = frame->linesize[p];
      spec.width = g.width;
      spec.height = g.height;
      spec.bytesPerPixel = g.bytesPerPixel;
      spec.channelOffset = c * bytesPerSample;
      spec.bytesPerSample = bytesPerSample;
      spec.shift = layout.shift;
      spec.bitDepth = layout.bitDepth;
      Thumbnail t;
      t.plane = static_cast<int>(p);
      t.name = g.name.size() == static_cast<size_t>(g.channels) ? std::string(1, g.name[c]) : names[component % 4];
      t.width = std::min(maxWidth, g.width);
      t.height = std::max(1, static_cast<int>(static_cast<int64_t>(g.height) * t.width / g.width));
      t.data.resize(static_cast<size_t>(t.width) * t.height);
      if (layout.device) {
        int err = kernels::samplePlaneDevice(spec, t.data.data(), t.width, t.height, nullptr);
        if (err != 0) {
          throw Error(ErrorCode::CudaError,
                      "Sampling plane " + std::to_string(p) + " failed: " + cuda::runtimeErrorText(err),
                      "The GPU may be in an error state; reopen the file.");
        }
      } else {
        kernels::samplePlaneHost(spec, t.data.data(), t.width, t.height);
      }
      out.push_back(std::move(t));
    }
  }
  return out;
}

} // namespace zci
