#include "nvcv/nvcv_abi_check.h"

#include "nvcv/cvcuda_api.h"
#include "nvcv/nvcv_loader.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace zci {
namespace {

class Checks {
public:
  void equal(const std::string &name, const std::string &expected, const std::string &actual) {
    list.push_back({name, expected, actual, false});
  }
  void equal(const std::string &name, int64_t expected, int64_t actual) {
    equal(name, std::to_string(expected), std::to_string(actual));
  }
  void contains(const std::string &name, const std::string &needle, const std::string &haystack) {
    list.push_back({name, "contains " + needle, haystack, false});
    if (haystack.find(needle) != std::string::npos) list.back().expected = haystack;
  }
  std::vector<AbiCheck> list;
};

int gCleanups = 0;
void countImageCleanup(void *, const NVCVImageData *) {
  gCleanups++;
}
void countTensorCleanup(void *, const NVCVTensorData *) {
  gCleanups++;
}

std::string formatName(const NvcvApi &a, NVCVImageFormat f) {
  return a.imageFormatGetName(f);
}

void predefinedFormats(const NvcvApi &a, Checks &c) {
  struct Known {
    const char *name;
    NVCVImageFormat value;
    int planes;
    int bpp0, bpp1;
  };
  const Known known[] = {{"NVCV_IMAGE_FORMAT_U8", NVCV_IMAGE_FORMAT_U8, 1, 8, 0},
                         {"NVCV_IMAGE_FORMAT_Y8", NVCV_IMAGE_FORMAT_Y8, 1, 8, 0},
                         {"NVCV_IMAGE_FORMAT_NV12", NVCV_IMAGE_FORMAT_NV12, 2, 8, 16},
                         {"NVCV_IMAGE_FORMAT_NV12_ER", NVCV_IMAGE_FORMAT_NV12_ER, 2, 8, 16},
                         {"NVCV_IMAGE_FORMAT_NV24", NVCV_IMAGE_FORMAT_NV24, 2, 8, 16},
                         {"NVCV_IMAGE_FORMAT_RGB8", NVCV_IMAGE_FORMAT_RGB8, 1, 24, 0}};
  for (const Known &k : known) {
    c.equal(std::string(k.name) + " name", k.name, formatName(a, k.value));
    int32_t planes = 0, bpp0 = 0, bpp1 = 0;
    a.imageFormatGetNumPlanes(k.value, &planes);
    a.imageFormatGetPlaneBitsPerPixel(k.value, 0, &bpp0);
    if (k.planes > 1) a.imageFormatGetPlaneBitsPerPixel(k.value, 1, &bpp1);
    c.equal(std::string(k.name) + " planes", k.planes, planes);
    c.equal(std::string(k.name) + " plane 0 bits", k.bpp0, bpp0);
    if (k.planes > 1) c.equal(std::string(k.name) + " plane 1 bits", k.bpp1, bpp1);
  }
}

NVCVImageFormat make(const NvcvApi &a, NVCVColorSpec spec, NVCVChromaSubsampling css, NVCVPacking p0, NVCVPacking p1,
                     NVCVPacking p2) {
  NVCVImageFormat f = 0;
  a.makeYCbCrImageFormat(&f, spec, css, NVCV_MEM_LAYOUT_PL, NVCV_DATA_KIND_UNSIGNED, NVCV_SWIZZLE_XYZ0, p0, p1, p2,
                         NVCV_PACKING_0, NVCV_ALPHA_ASSOCIATED, nullptr);
  return f;
}

// Each enum value we declare, seen through a format the library builds from it.
void builtFormats(const NvcvApi &a, Checks &c) {
  c.equal("BT601 + 4:2:0 + XYZ0 + X8/X8_Y8 is NV12", formatName(a, NVCV_IMAGE_FORMAT_NV12),
          formatName(a, make(a, NVCV_COLOR_SPEC_BT601, NVCV_CSS_420, NVCV_PACKING_X8, NVCV_PACKING_X8_Y8, 0)));
  c.equal("BT601_ER builds NV12_ER", formatName(a, NVCV_IMAGE_FORMAT_NV12_ER),
          formatName(a, make(a, NVCV_COLOR_SPEC_BT601_ER, NVCV_CSS_420, NVCV_PACKING_X8, NVCV_PACKING_X8_Y8, 0)));
  c.equal("CSS 4:4:4 builds NV24", formatName(a, NVCV_IMAGE_FORMAT_NV24),
          formatName(a, make(a, NVCV_COLOR_SPEC_BT601, NVCV_CSS_444, NVCV_PACKING_X8, NVCV_PACKING_X8_Y8, 0)));
  c.contains(
      "CSS 4:2:2", "4:2:2",
      formatName(a, make(a, NVCV_COLOR_SPEC_BT709, NVCV_CSS_422, NVCV_PACKING_X8, NVCV_PACKING_X8, NVCV_PACKING_X8)));
  struct Spec {
    const char *name;
    NVCVColorSpec value;
  };
  for (const Spec &s : {Spec{"BT709", NVCV_COLOR_SPEC_BT709}, Spec{"BT709_ER", NVCV_COLOR_SPEC_BT709_ER},
                        Spec{"BT2020", NVCV_COLOR_SPEC_BT2020}, Spec{"BT2020_ER", NVCV_COLOR_SPEC_BT2020_ER}}) {
    c.contains(std::string("colour spec ") + s.name, std::string(",") + s.name + ",",
               formatName(a, make(a, s.value, NVCV_CSS_420, NVCV_PACKING_X8, NVCV_PACKING_X8_Y8, 0)));
  }
  struct Pack {
    const char *name;
    NVCVPacking value;
    int bits;
  };
  for (const Pack &p : {Pack{"X16", NVCV_PACKING_X16, 16}, Pack{"b6X10", NVCV_PACKING_b6X10, 16},
                        Pack{"X10b6", NVCV_PACKING_X10b6, 16}}) {
    const NVCVImageFormat f = make(a, NVCV_COLOR_SPEC_BT709, NVCV_CSS_420, p.value, p.value, p.value);
    c.contains(std::string("packing ") + p.name, std::string(",") + p.name, formatName(a, f));
    int32_t bpp = 0;
    a.imageFormatGetPlaneBitsPerPixel(f, 0, &bpp);
    c.equal(std::string("packing ") + p.name + " bits", p.bits, bpp);
  }
  for (const Pack &p : {Pack{"X16_Y16", NVCV_PACKING_X16_Y16, 32}, Pack{"X10b6_Y10b6", NVCV_PACKING_X10b6_Y10b6, 32}}) {
    const NVCVImageFormat f = make(a, NVCV_COLOR_SPEC_BT709, NVCV_CSS_420, NVCV_PACKING_X16, p.value, 0);
    c.contains(std::string("packing ") + p.name, std::string(",") + p.name + ")", formatName(a, f));
    int32_t bpp = 0;
    a.imageFormatGetPlaneBitsPerPixel(f, 1, &bpp);
    c.equal(std::string("packing ") + p.name + " bits", p.bits, bpp);
  }
}

// Wrap then export: every field of the declared structs must come back where we put it.
void imageRoundTrip(const NvcvApi &a, Checks &c) {
  static uint8_t memory[64 * 48 * 2];
  NVCVImageData in{};
  in.format = NVCV_IMAGE_FORMAT_NV12;
  in.bufferType = NVCV_IMAGE_BUFFER_STRIDED_CUDA; // a descriptor: NVCV does not touch the memory when wrapping
  in.buffer.strided.numPlanes = 2;
  in.buffer.strided.planes[0] = {64, 48, 80, reinterpret_cast<NVCVByte *>(memory)};
  in.buffer.strided.planes[1] = {32, 24, 96, reinterpret_cast<NVCVByte *>(memory + 4000)};
  NVCVImageHandle h = nullptr;
  gCleanups = 0;
  NVCVStatus s = a.imageWrapDataConstruct(&in, countImageCleanup, nullptr, &h);
  c.equal("image wrap status", "NVCV_SUCCESS", a.statusGetName(s));
  if (s != NVCV_SUCCESS) return;
  NVCVImageData out{};
  std::memset(&out, 0xab, sizeof out);
  a.imageExportData(h, &out);
  c.equal("export format", std::to_string(in.format), std::to_string(out.format));
  c.equal("export bufferType (STRIDED_CUDA = 1)", 1, out.bufferType);
  c.equal("export numPlanes", 2, out.buffer.strided.numPlanes);
  for (int i = 0; i < 2; ++i) {
    const auto &pi = in.buffer.strided.planes[i];
    const auto &po = out.buffer.strided.planes[i];
    const std::string p = "plane " + std::to_string(i) + " ";
    c.equal(p + "width", pi.width, po.width);
    c.equal(p + "height", pi.height, po.height);
    c.equal(p + "rowStride", pi.rowStride, po.rowStride);
    c.equal(p + "basePtr", reinterpret_cast<intptr_t>(pi.basePtr), reinterpret_cast<intptr_t>(po.basePtr));
  }
  int32_t w = 0, hgt = 0;
  a.imageGetSize(h, &w, &hgt);
  c.equal("image size", "64x48", std::to_string(w) + "x" + std::to_string(hgt));
  NVCVImageFormat f = 0;
  a.imageGetFormat(h, &f);
  c.equal("image format", std::to_string(in.format), std::to_string(f));
  a.imageDecRef(h, nullptr);
  c.equal("image cleanup calls after the last DecRef", 1, gCleanups);

  in.bufferType = NVCV_IMAGE_BUFFER_STRIDED_HOST;
  s = a.imageWrapDataConstruct(&in, countImageCleanup, nullptr, &h);
  c.contains("STRIDED_HOST (2) is NVCV's host buffer type", "host memory",
             s == NVCV_SUCCESS ? "accepted" : nvcvErrorText(s));
  if (s == NVCV_SUCCESS) a.imageDecRef(h, nullptr);
}

void tensorRoundTrip(const NvcvApi &a, Checks &c) {
  static uint8_t memory[1 * 72 * 64];
  NVCVTensorData in{};
  in.dtype = NVCV_DATA_TYPE_U8;
  a.tensorLayoutMake("NHWC", &in.layout);
  c.equal("layout NHWC rank", 4, in.layout.rank);
  in.rank = 4;
  const int64_t shape[4] = {1, 72, 64, 1};
  const int64_t strides[4] = {72 * 80, 80, 1, 1};
  for (int i = 0; i < 4; ++i)
    in.shape[i] = shape[i], in.buffer.strided.strides[i] = strides[i];
  in.bufferType = NVCV_TENSOR_BUFFER_STRIDED_CUDA;
  in.buffer.strided.basePtr = reinterpret_cast<NVCVByte *>(memory);
  NVCVTensorHandle h = nullptr;
  gCleanups = 0;
  NVCVStatus s = a.tensorWrapDataConstruct(&in, countTensorCleanup, nullptr, &h);
  c.equal("tensor wrap status", "NVCV_SUCCESS", a.statusGetName(s));
  if (s != NVCV_SUCCESS) return;
  NVCVTensorData out{};
  std::memset(&out, 0xab, sizeof out);
  a.tensorExportData(h, &out);
  c.equal("tensor dtype", std::to_string(in.dtype), std::to_string(out.dtype));
  c.equal("tensor rank", 4, out.rank);
  c.equal("tensor layout", "NHWC", std::string(out.layout.data, static_cast<size_t>(std::max(0, out.layout.rank))));
  c.equal("tensor bufferType", 1, out.bufferType);
  for (int i = 0; i < 4; ++i) {
    c.equal("tensor shape " + std::to_string(i), shape[i], out.shape[i]);
    c.equal("tensor stride " + std::to_string(i), strides[i], out.buffer.strided.strides[i]);
  }
  c.equal("tensor basePtr", reinterpret_cast<intptr_t>(in.buffer.strided.basePtr),
          reinterpret_cast<intptr_t>(out.buffer.strided.basePtr));
  a.tensorDecRef(h, nullptr);
  c.equal("tensor cleanup calls after the last DecRef", 1, gCleanups);
}

void dataTypesAndStatus(const NvcvApi &a, Checks &c) {
  using NameFn = const char *(*)(NVCVDataType);
  auto dtName = reinterpret_cast<NameFn>(dlsym(nvcvStatus().handle, "nvcvDataTypeGetName"));
  if (dtName) {
    c.equal("NVCV_DATA_TYPE_U8", "NVCV_DATA_TYPE_U8", std::string(dtName(NVCV_DATA_TYPE_U8)));
    c.equal("NVCV_DATA_TYPE_U16", "NVCV_DATA_TYPE_U16", std::string(dtName(NVCV_DATA_TYPE_U16)));
    c.equal("NVCV_DATA_TYPE_F64", "NVCV_DATA_TYPE_F64", std::string(dtName(NVCV_DATA_TYPE_F64)));
  }
  c.equal("status 0", "NVCV_SUCCESS", a.statusGetName(NVCV_SUCCESS));
  c.equal("status 2", "NVCV_ERROR_INVALID_ARGUMENT", a.statusGetName(2));
}

// CV-CUDA's operators are created (and destroyed) without a GPU: each declared Create signature is exercised.
void cvcudaOperators(Checks &c) {
  if (!cvcudaStatus().loaded) return; // CV-CUDA is optional; the environment report says why it is missing
  const CvcudaApi *cv = cvcudaApi();
  c.equal("libcvcuda exports every declared function", "yes", cv ? "yes" : "no: " + cvcudaStatus().error);
  if (!cv) return;
  auto made = [&](const char *name, NVCVStatus s, NVCVOperatorHandle h) {
    c.equal(std::string(name) + " status", "NVCV_SUCCESS", nvcv()->statusGetName(s));
    if (s == NVCV_SUCCESS && h) cv->operatorDestroy(h);
  };
  NVCVOperatorHandle h = nullptr;
  made("cvcudaAdvCvtColorCreate", cv->advCvtColorCreate(&h), h);
  made("cvcudaResizeCreate", cv->resizeCreate(&h), h);
  made("cvcudaGaussianCreate(31, 31, 1)", cv->gaussianCreate(&h, 31, 31, 1), h);
  made("cvcudaFlipCreate(1)", cv->flipCreate(&h, 1), h);
  made("cvcudaThresholdCreate(BINARY, 1)", cv->thresholdCreate(&h, NVCV_THRESH_BINARY, 1), h);
}

} // namespace

AbiCheckReport nvcvAbiCheck() {
  AbiCheckReport report;
  const NvcvApi *a = nvcv();
  report.loaded = a != nullptr;
  if (!a) return report;
  Checks c;
  predefinedFormats(*a, c);
  builtFormats(*a, c);
  imageRoundTrip(*a, c);
  tensorRoundTrip(*a, c);
  dataTypesAndStatus(*a, c);
  cvcudaOperators(c);
  for (AbiCheck &k : c.list)
    k.ok = k.expected == k.actual;
  report.checks = std::move(c.list);
  return report;
}

} // namespace zci
