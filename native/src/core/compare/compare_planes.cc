// Reading the compared frames' planes and samples, on the host or the device, and moving frames to the device.
#include "compare/compare_parts.h"

#include "gpu/cuda_driver.h"

extern "C" {
#include <libavutil/hwcontext.h>
#include <libavutil/imgutils.h>
}

#include <algorithm>

namespace zci::compare_parts {

Error unavailable(const std::string &why) {
  return Error(ErrorCode::DecoderCompareUnavailable, "The decoder comparison cannot run: " + why,
               "Compare on a machine with an NVIDIA GPU whose FFmpeg has NVDEC, or compare the software decoder "
               "against itself (decoders 'software,software').");
}

void check(int err, const char *what) {
  if (err != 0)
    throw Error(ErrorCode::CudaError, std::string(what) + ": " + cuda::runtimeErrorText(err), "Check the GPU.");
}

// The software format of a frame (a CUDA frame's frames context holds it).
AVPixelFormat softwareFormat(const AVFrame *f) {
  if (f->format == AV_PIX_FMT_CUDA && f->hw_frames_ctx)
    return reinterpret_cast<AVHWFramesContext *>(f->hw_frames_ctx->data)->sw_format;
  return static_cast<AVPixelFormat>(f->format);
}

// FFmpeg's CUDA context and stream of a device frame.
const AVCUDADeviceContext *cudaOf(const AVFrame *f) {
  auto *frames = reinterpret_cast<AVHWFramesContext *>(f->hw_frames_ctx->data);
  return static_cast<const AVCUDADeviceContext *>(frames->device_ctx->hwctx);
}

// How logical plane `comp` of a frame is read, its values normalised to `depth` bits.
PlaneAccess accessFor(const AVFrame *f, const AVPixFmtDescriptor *d, int comp, int depth) {
  const AVComponentDescriptor &c = d->comp[comp];
  PlaneAccess p;
  p.base = f->data[c.plane];
  p.pitch = f->linesize[c.plane];
  p.step = c.step;
  p.offset = c.offset;
  p.bytes = (c.depth + c.shift + 7) / 8;
  p.shift = c.shift + (c.depth - depth); // 16-bit containers of 10-bit samples (NVDEC's yuv444p16le) keep the MSBs
  p.depth = depth;
  return p;
}

bool semiPlanar(const AVPixFmtDescriptor *d) {
  return d->nb_components >= 3 && d->comp[1].plane == d->comp[2].plane;
}

std::string describeSide(const AVPixFmtDescriptor *d, const PlaneAccess &y) {
  return std::string(d->name) + (y.shift ? " >> " + std::to_string(y.shift) : "");
}

// The word at a sample, wherever the plane is (device: one small copy back).
unsigned readWord(const PlaneAccess &p, int x, int y, bool device, int64_t &downloaded) {
  if (!device) return samples::wordAt(p, x, y);
  uint8_t bytes[2] = {0, 0};
  const uint8_t *at = p.base + y * p.pitch + static_cast<int64_t>(x) * p.step + p.offset;
  check(cudaMemcpy(bytes, at, static_cast<size_t>(p.bytes), cudaMemcpyDeviceToHost), "cudaMemcpy");
  downloaded += p.bytes;
  return p.bytes == 2 ? static_cast<unsigned>(bytes[0] | (bytes[1] << 8)) : bytes[0];
}

// Writes a word at a sample: a direct write on the host, cuMemcpyHtoD of the word on the device.
void writeWord(const PlaneAccess &p, int x, int y, bool device, unsigned word) {
  uint8_t *at = const_cast<uint8_t *>(p.base) + y * p.pitch + static_cast<int64_t>(x) * p.step + p.offset;
  const uint8_t bytes[2] = {static_cast<uint8_t>(word & 0xff), static_cast<uint8_t>(word >> 8)};
  if (!device) {
    std::copy(bytes, bytes + p.bytes, at);
    return;
  }
  std::string why;
  const cuda::DriverApi *drv = cuda::driver(&why);
  if (!drv) throw Error(ErrorCode::CudaError, "The CUDA driver API is not usable: " + why, "Check the driver.");
  const CUresult r =
      drv->memcpyHtoD(static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(at)), bytes, static_cast<size_t>(p.bytes));
  if (r != CUDA_SUCCESS)
    throw Error(ErrorCode::CudaError, "cuMemcpyHtoD of the planted sample: " + cuda::driverErrorName(r),
                "Check the GPU.");
  // From pageable memory the copy may return before its DMA lands; the comparison runs on a non-blocking stream.
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
}

void compareOnHost(const PlaneAccess &a, const PlaneAccess &b, int w, int h, int cellsX, int cellsY, PlaneStats &st,
                   std::vector<uint32_t> &heat) {
  heat.assign(static_cast<size_t>(cellsX) * cellsY, 0);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const unsigned wa = samples::wordAt(a, x, y), wb = samples::wordAt(b, x, y);
      const unsigned va = samples::valueOf(a, wa), vb = samples::valueOf(b, wb);
      if (wa != wb) st.rawDiffer = 1;
      if (va == vb) continue;
      st.differing++;
      st.maxAbsDiff = std::max(st.maxAbsDiff, va > vb ? va - vb : vb - va);
      st.firstIndex = std::min(st.firstIndex, static_cast<unsigned long long>(y) * w + x);
      heat[samples::cellOf(x, y, w, h, cellsX, cellsY)]++;
    }
  }
}

void uploadFrame(const AVFrame *f, cudaStream_t st, DeviceCopy &out) {
  const auto fmt = static_cast<AVPixelFormat>(f->format);
  const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(fmt);
  const int planes = av_pix_fmt_count_planes(fmt);
  int64_t rowBytes[4] = {0, 0, 0, 0}, rows[4] = {0, 0, 0, 0}, offset[4] = {0, 0, 0, 0};
  int64_t total = 0;
  for (int p = 0; p < planes; ++p) {
    rowBytes[p] = av_image_get_linesize(fmt, f->width, p);
    rows[p] = (p == 1 || p == 2) ? AV_CEIL_RSHIFT(f->height, d->log2_chroma_h) : f->height;
    offset[p] = total;
    total += rowBytes[p] * rows[p];
  }
  out.buffer = std::make_unique<DeviceBuffer>(static_cast<size_t>(total));
  out.bytes = total;
  out.view.width = f->width;
  out.view.height = f->height;
  out.view.format = f->format;
  for (int p = 0; p < planes; ++p) {
    out.view.data[p] = out.buffer->bytes() + offset[p];
    out.view.linesize[p] = static_cast<int>(rowBytes[p]);
    check(cudaMemcpy2DAsync(out.view.data[p], rowBytes[p], f->data[p], f->linesize[p], rowBytes[p], rows[p],
                            cudaMemcpyHostToDevice, st),
          "cudaMemcpy2DAsync");
  }
}

} // namespace zci::compare_parts
