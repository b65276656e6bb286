// Same frame, two decoders: each frame's packing normalised to logical planes of sample values, compared on the
// device (decoder_compare.cu) or the host with the same per-sample code. Opening the file twice: compare_files.cc.
#include "compare/decoder_compare.h"

#include "compare/compare_parts.h"

#include "preview/color_kernels.h"
#include "gpu/cuda_driver.h"
#include "decode/decoder.h"
#include "common/error.h"
#include "decode/planted_frame.h"
#include "frame/frame_memory.h"
#include "preview/yuv_pixel.h"

extern "C" {
#include <libavutil/hwcontext.h>
#include <libavutil/hwcontext_cuda.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <memory>

namespace zci {

namespace {
using namespace compare_parts;
} // namespace

bool codecIsBitExact(const std::string &codec, std::string &why) {
  if (codec == "h264" || codec == "hevc" || codec == "vp9" || codec == "av1" || codec == "vp8") {
    why = "the " + codec +
          " standard specifies the decoding process exactly: every conforming decoder outputs the "
          "same samples";
    return true;
  }
  why = "the " + codec + " standard allows decoders to differ (e.g. an inverse transform accurate only to a tolerance)";
  return false;
}

int codecTolerance(const std::string &codec) {
  std::string why;
  return codecIsBitExact(codec, why) ? 0 : kTransformTolerance;
}

FrameCompare compareFrames(const AVFrame *aIn, const AVFrame *b, int streamDepth, int codedWidth, int codedHeight,
                           bool rgb, CompareWhere where, const std::optional<ComparePlant> &plant, PlantReport *planted,
                           int tolerance) {
  const auto t0 = std::chrono::steady_clock::now();
  // Both sides' samples are read through their data pointers: a side whose planes are handles is refused first.
  requireLinearMemory(aIn, "compared");
  requireLinearMemory(b, "compared");
  FrameCompare out;
  out.tolerance = tolerance;
  const AVFrame *a = aIn;
  const bool aOnDevice = a->format == AV_PIX_FMT_CUDA;
  const bool onDevice = aOnDevice && where == CompareWhere::Auto;
  out.where = onDevice ? "device" : "host";
  const AVPixelFormat fa = softwareFormat(a), fb = softwareFormat(b);
  const AVPixFmtDescriptor *da = av_pix_fmt_desc_get(fa), *db = av_pix_fmt_desc_get(fb);
  if (!da || !db || b->format == AV_PIX_FMT_CUDA)
    throw unavailable("frame B must be a software frame of a known pixel format");
  out.formatA = da->name;
  out.formatB = db->name;
  // FFmpeg 6.0 and later hand out NVDEC frames copied into a frame of their frames context, whose size is the coded
  // size rounded up to even: an odd-sized stream's frame A is one row or column larger than the software decoder's.
  // The stream's size is compared; the extra row or column is FFmpeg's padding, named in the compared area.
  const bool evenPadded = a->width >= b->width && a->height >= b->height && a->width - b->width <= 1 &&
                          a->height - b->height <= 1 && (a->width % 2 == 0) && (a->height % 2 == 0);
  if ((!evenPadded && (a->width != b->width || a->height != b->height)) || da->log2_chroma_w != db->log2_chroma_w ||
      da->log2_chroma_h != db->log2_chroma_h || da->nb_components < 3 || db->nb_components < 3 ||
      da->comp[0].depth < streamDepth || db->comp[0].depth < streamDepth || (da->flags & AV_PIX_FMT_FLAG_RGB) ||
      (db->flags & AV_PIX_FMT_FLAG_RGB)) {
    throw unavailable("the two frames do not have the same size and sampling: " + std::string(da->name) + " " +
                      std::to_string(a->width) + "x" + std::to_string(a->height) + " against " + db->name + " " +
                      std::to_string(b->width) + "x" + std::to_string(b->height));
  }
  out.bitDepth = streamDepth;
  const int cw = b->width, ch = b->height; // the size compared: the stream's

  // The naive path: frame A downloaded whole, compared on the host.
  FramePtr downloaded, writable;
  if (aOnDevice && !onDevice) {
    downloaded.reset(av_frame_alloc());
    if (av_hwframe_transfer_data(downloaded.get(), a, 0) < 0)
      throw Error(ErrorCode::CudaError, "Downloading frame A for the host comparison failed", "Check the GPU.");
    av_frame_copy_props(downloaded.get(), a);
    for (int p = 0; p < 4 && downloaded->data[p]; ++p)
      out.bytesDownloaded += static_cast<int64_t>(downloaded->linesize[p]) *
                             ((p == 1 || p == 2) ? AV_CEIL_RSHIFT(a->height, da->log2_chroma_h) : a->height);
    a = downloaded.get();
  }
  // A planted sample on a host frame goes into a frame of our own (the decoder may still read its reference).
  if (plant && a->format != AV_PIX_FMT_CUDA) {
    writable.reset(av_frame_clone(a));
    if (!writable || av_frame_make_writable(writable.get()) < 0)
      throw Error(ErrorCode::Internal, "Out of memory copying the frame for the planted sample", "Close other files.");
    a = writable.get();
  }
  const bool aDevice = a->format == AV_PIX_FMT_CUDA;
  // FFmpeg's context is current for everything that touches frame A's memory: the plant, the kernels, the restore.
  std::unique_ptr<cuda::ScopedContext> scope;
  if (aDevice) scope = std::make_unique<cuda::ScopedContext>(cudaOf(a)->cuda_ctx);

  const int w[3] = {cw, AV_CEIL_RSHIFT(cw, da->log2_chroma_w), AV_CEIL_RSHIFT(cw, da->log2_chroma_w)};
  const int h[3] = {ch, AV_CEIL_RSHIFT(ch, da->log2_chroma_h), AV_CEIL_RSHIFT(ch, da->log2_chroma_h)};
  PlaneAccess pa[3], pbHost[3];
  for (int c = 0; c < 3; ++c) {
    pa[c] = accessFor(a, da, c, streamDepth);
    pbHost[c] = accessFor(b, db, c, streamDepth);
  }
  out.normalisation = describeSide(da, pa[0]) + " vs " + describeSide(db, pbHost[0]);
  if (semiPlanar(da) || semiPlanar(db)) {
    out.normalisation += std::string("; UV deinterleaved") + (semiPlanar(da) && semiPlanar(db) ? ""
                                                              : semiPlanar(da)                 ? " (A)"
                                                                                               : " (B)");
  }
  if (pa[0].shift == 0 && pbHost[0].shift == 0 && !semiPlanar(da) && !semiPlanar(db))
    out.normalisation += "; as stored";
  out.codedRowsCompared = false;
  out.comparedArea = "the displayed " + std::to_string(cw) + "x" + std::to_string(ch);
  if (a->width != cw || a->height != ch)
    out.comparedArea += " (frame A is " + std::to_string(a->width) + "x" + std::to_string(a->height) +
                        ", FFmpeg's frame rounded up to even: its extra row or column was not compared)";
  std::string hidden;
  if (codedHeight > ch) hidden = "rows " + std::to_string(ch) + ".." + std::to_string(codedHeight - 1);
  if (codedWidth > cw)
    hidden += (hidden.empty() ? "" : " and ") + std::string("columns ") + std::to_string(cw) + ".." +
              std::to_string(codedWidth - 1);
  out.comparedArea += hidden.empty()
                          ? "; the coded size is the same, nothing hidden"
                          : "; of the coded " + std::to_string(std::max(codedWidth, cw)) + "x" +
                                std::to_string(std::max(codedHeight, ch)) + ", " + hidden + " were not compared";

  // The planted sample.
  unsigned plantOriginal = 0;
  if (plant) {
    const ComparePlant &p = *plant;
    if (p.plane < 0 || p.plane > 2 || p.x < 0 || p.y < 0 || p.x >= w[p.plane] || p.y >= h[p.plane] || p.value < 0 ||
        p.value >= (1 << streamDepth)) {
      throw Error(ErrorCode::InvalidArgument,
                  "The planted sample must lie in plane 0..2 (" + std::to_string(w[0]) + "x" + std::to_string(h[0]) +
                      " luma, " + std::to_string(w[1]) + "x" + std::to_string(h[1]) + " chroma) with a value 0.." +
                      std::to_string((1 << streamDepth) - 1),
                  "Pick a position inside the plane and a value the bit depth can hold.");
    }
    const PlaneAccess &q = pa[p.plane];
    int64_t ignored = 0;
    plantOriginal = readWord(q, p.x, p.y, aDevice, ignored);
    const unsigned mask = ((1u << q.depth) - 1u) << q.shift;
    writeWord(q, p.x, p.y, aDevice, (plantOriginal & ~mask) | (static_cast<unsigned>(p.value) << q.shift));
    if (planted) {
      planted->plant = p;
      planted->original = static_cast<int>(samples::valueOf(q, plantOriginal));
      planted->how = aDevice ? "cuMemcpyHtoD of one " + std::to_string(q.bytes) + "-byte word into the device frame"
                             : "a direct write of one " + std::to_string(q.bytes) + "-byte word into the host frame";
    }
  }

  PlaneStats stats[3];
  std::vector<uint32_t> heat[3];
  int cellsX[3], cellsY[3];
  for (int c = 0; c < 3; ++c) {
    cellsX[c] = std::min(kHeatCellsX, w[c]);
    cellsY[c] = std::min(kHeatCellsY, h[c]);
  }
  std::vector<uint8_t> rgbA, rgbB;
  std::unique_ptr<DeviceBuffer> rgbADevice;
  PlaneStats rgbStats;
  try {
    if (aDevice) {
      const AVCUDADeviceContext *cu = cudaOf(a);
      cudaStream_t st = nullptr;
      check(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking), "cudaStreamCreate");
      std::unique_ptr<CUstream_st, void (*)(cudaStream_t)> stream(st, [](cudaStream_t s) { cudaStreamDestroy(s); });
      cudaEvent_t after = nullptr;
      check(cudaEventCreate(&after), "cudaEventCreate");
      cudaEventRecord(after, reinterpret_cast<cudaStream_t>(cu->stream)); // after FFmpeg's work on the frame
      cudaStreamWaitEvent(st, after, 0);
      cudaEventDestroy(after);
      DeviceCopy bDev;
      uploadFrame(b, st, bDev);
      out.bytesUploaded += bDev.bytes;
      PlaneAccess pbDev[3];
      for (int c = 0; c < 3; ++c)
        pbDev[c] = accessFor(&bDev.view, db, c, streamDepth);
      float ms = 0;
      check(device::comparePlanes(pa, pbDev, w, h, cellsX, cellsY, 3, stats, heat, st, &ms), "comparePlanes");
      if (stats[0].differing + stats[1].differing + stats[2].differing > 0) {
        out.cause = explain(
            stats, pa, pbDev, w, h, tolerance,
            [&](const PlaneAccess &x, const PlaneAccess &y, int width, int height) {
              PlaneStats one;
              std::vector<uint32_t> cells[1];
              const int c1 = 1;
              check(device::comparePlanes(&x, &y, &width, &height, &c1, &c1, 1, &one, cells, st, nullptr),
                    "comparePlanes");
              out.bytesDownloaded += static_cast<int64_t>(sizeof one);
              return one;
            },
            out.explanationsTried);
      }
      out.bytesDownloaded += static_cast<int64_t>(sizeof stats);
      for (int c = 0; c < 3; ++c)
        out.bytesDownloaded += static_cast<int64_t>(heat[c].size() * sizeof(uint32_t));
      if (rgb) {
        rgbADevice = std::make_unique<DeviceBuffer>(static_cast<size_t>(cw) * ch * 3);
        const kernels::YuvSource ys = yuvSourceFor(a, da, pa[0], streamDepth);
        check(kernels::yuvToRgb8(ys, rgbADevice->bytes(), static_cast<int64_t>(cw) * 3, st), "yuvToRgb8");
        RgbCompare tmp;
        rgbB = swscaleRgb(b, tmp);
        DeviceBuffer rgbBDevice(rgbB.size());
        check(cudaMemcpyAsync(rgbBDevice.ptr, rgbB.data(), rgbB.size(), cudaMemcpyHostToDevice, st), "cudaMemcpy");
        out.bytesUploaded += static_cast<int64_t>(rgbB.size());
        const PlaneAccess ra = rgbAccess(rgbADevice->bytes(), cw), rb = rgbAccess(rgbBDevice.bytes(), cw);
        const int rw = cw * 3, rh = ch, one = 1;
        std::vector<uint32_t> rgbHeat[1];
        check(device::comparePlanes(&ra, &rb, &rw, &rh, &one, &one, 1, &rgbStats, rgbHeat, st, nullptr),
              "comparePlanes");
        out.bytesDownloaded += static_cast<int64_t>(sizeof rgbStats);
        if (static_cast<int>(rgbStats.maxAbsDiff) > kRgbTolerance) {
          DeviceBuffer other(static_cast<size_t>(cw) * ch * 3);
          explainRgb(tmp, ys, swsMatrixFor(a), [&](const kernels::YuvSource &source) {
            check(kernels::yuvToRgb8(source, other.bytes(), static_cast<int64_t>(cw) * 3, st), "yuvToRgb8");
            const PlaneAccess ro = rgbAccess(other.bytes(), cw);
            PlaneStats stats;
            std::vector<uint32_t> cells[1];
            check(device::comparePlanes(&ro, &rb, &rw, &rh, &one, &one, 1, &stats, cells, st, nullptr),
                  "comparePlanes");
            out.bytesDownloaded += static_cast<int64_t>(sizeof stats);
            return static_cast<int>(stats.maxAbsDiff);
          });
        }
        out.rgb = tmp;
      }
    } else {
      for (int c = 0; c < 3; ++c)
        compareOnHost(pa[c], pbHost[c], w[c], h[c], cellsX[c], cellsY[c], stats[c], heat[c]);
      if (stats[0].differing + stats[1].differing + stats[2].differing > 0) {
        out.cause = explain(
            stats, pa, pbHost, w, h, tolerance,
            [](const PlaneAccess &x, const PlaneAccess &y, int width, int height) {
              PlaneStats one;
              std::vector<uint32_t> cells;
              compareOnHost(x, y, width, height, 1, 1, one, cells);
              return one;
            },
            out.explanationsTried);
      }
      if (rgb) {
        RgbCompare tmp;
        rgbB = swscaleRgb(b, tmp);
        const kernels::YuvSource ys = yuvSourceFor(a, da, pa[0], streamDepth);
        rgbA.resize(rgbB.size());
        for (int y = 0; y < ch; ++y)
          for (int x = 0; x < cw; ++x)
            kernels::yuvPixelToRgb(ys, x, y, rgbA.data() + (static_cast<size_t>(y) * cw + x) * 3);
        std::vector<uint32_t> rgbHeat;
        compareOnHost(rgbAccess(rgbA.data(), cw), rgbAccess(rgbB.data(), cw), cw * 3, ch, 1, 1, rgbStats, rgbHeat);
        if (static_cast<int>(rgbStats.maxAbsDiff) > kRgbTolerance) {
          std::vector<uint8_t> other(rgbB.size());
          explainRgb(tmp, ys, swsMatrixFor(a), [&](const kernels::YuvSource &source) {
            for (int y = 0; y < ch; ++y)
              for (int x = 0; x < cw; ++x)
                kernels::yuvPixelToRgb(source, x, y, other.data() + (static_cast<size_t>(y) * cw + x) * 3);
            PlaneStats stats;
            std::vector<uint32_t> cells;
            compareOnHost(rgbAccess(other.data(), cw), rgbAccess(rgbB.data(), cw), cw * 3, ch, 1, 1, stats, cells);
            return static_cast<int>(stats.maxAbsDiff);
          });
        }
        out.rgb = tmp;
      }
    }

    for (int c = 0; c < 3; ++c) {
      PlaneCompare pc;
      pc.name = kPlaneNames[c];
      pc.width = w[c];
      pc.height = h[c];
      pc.differing = static_cast<int64_t>(stats[c].differing);
      pc.identical = pc.differing == 0;
      pc.maxAbsDiff = static_cast<int>(stats[c].maxAbsDiff);
      pc.rawWordsDiffer = stats[c].rawDiffer != 0;
      pc.heatWidth = cellsX[c];
      pc.heatHeight = cellsY[c];
      pc.heat = std::move(heat[c]);
      if (!pc.identical) {
        pc.hasFirst = true;
        pc.firstX = static_cast<int>(stats[c].firstIndex % static_cast<unsigned long long>(w[c]));
        pc.firstY = static_cast<int>(stats[c].firstIndex / static_cast<unsigned long long>(w[c]));
        pc.valueA = static_cast<int>(
            samples::valueOf(pa[c], readWord(pa[c], pc.firstX, pc.firstY, aDevice, out.bytesDownloaded)));
        pc.valueB = static_cast<int>(samples::valueOf(pbHost[c], samples::wordAt(pbHost[c], pc.firstX, pc.firstY)));
      }
      out.identical = out.identical && pc.identical;
      out.rawWordsDiffer = out.rawWordsDiffer || pc.rawWordsDiffer;
      out.planes.push_back(std::move(pc));
    }
    if (rgb) {
      const int m = swsMatrixFor(a);
      out.rgb.converterA = aDevice ? "the inspector's kernel (color_kernels.cu) on the GPU, on frame A"
                                   : "the inspector's conversion formula (yuv_pixel.h) on the CPU, on frame A";
      out.rgb.matrixA = matrixName(m);
      out.rgb.rangeA = a->color_range == AVCOL_RANGE_JPEG ? "full" : "limited";
      out.rgb.width = cw;
      out.rgb.height = ch;
      finishRgb(out.rgb, rgbStats, rgbA, rgbADevice ? rgbADevice->bytes() : nullptr, rgbB, out.bytesDownloaded);
    } else {
      out.rgb.why = "not asked for";
    }
  } catch (...) {
    if (plant) {
      try {
        writeWord(pa[plant->plane], plant->x, plant->y, aDevice, plantOriginal);
      } catch (...) {}
    }
    throw;
  }
  if (plant) writeWord(pa[plant->plane], plant->x, plant->y, aDevice, plantOriginal); // restored
  out.matched = out.identical;
  out.compareMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

} // namespace zci
