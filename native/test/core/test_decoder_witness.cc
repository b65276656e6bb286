// The decoder's witness (gatherDecoderSurface) against the NVDEC pool library's own record of a mapped picture, with
// the pool's fake driver libnvcuvid in place of the GPU's (the pool's tests use the same): a decoder is created and a
// picture mapped through the pool as FFmpeg's nvdec does, then FFmpeg's plane pointers are put where NVDEC writes
// the planes, and one row off either way. An odd target height is where the chroma row is rounded up to even.
#include "check.h"

#include "gpu/decoder_pool.h"
#include "decode/decoder_surface.h"

// After cuda.h (through decoder_pool.h): the ffnvcodec headers then take the driver API's types from it.
#include <ffnvcodec/dynlink_cuda.h>
#include <ffnvcodec/dynlink_cuviddec.h>

#include <dlfcn.h>

#include <cstdio>
#include <cstring>

namespace zci::core_test {
namespace {

constexpr int kWidth = 640;

// The pool library's NVDEC entry points, as FFmpeg finds them: the loader answers libnvcuvid.so.1 with the pool.
struct Nvdec {
  tcuvidCreateDecoder *create = nullptr;
  tcuvidMapVideoFrame64 *map = nullptr;
};

const Nvdec *nvdec() {
  static const Nvdec loaded = [] {
    Nvdec n;
    decoder_pool::loadFrom(ZCI_TEST_POOL_LIBRARY, ZCI_TEST_FAKE_DRIVER);
    const decoder_pool::Status s = decoder_pool::status();
    if (!CHECK(s.active)) {
      std::printf("  the pool is not in use: %s\n", s.error.c_str());
      return n;
    }
    void *lib = dlopen("libnvcuvid.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (!CHECK(lib != nullptr)) return n;
    n.create = reinterpret_cast<tcuvidCreateDecoder *>(dlsym(lib, "cuvidCreateDecoder"));
    n.map = reinterpret_cast<tcuvidMapVideoFrame64 *>(dlsym(lib, "cuvidMapVideoFrame64"));
    CHECK(n.create && n.map);
    return n;
  }();
  return loaded.create && loaded.map ? &loaded : nullptr;
}

struct Mapped {
  uint64_t devPtr = 0;
  uint32_t pitch = 0;
};

// A 4:2:0 8-bit decoder of targetHeight rows (coded height rounded up to 16, as FFmpeg's nvdec asks), and picture
// picIdx mapped through it; devPtr 0 when a call failed.
Mapped mapPicture(const Nvdec &n, int targetHeight, int picIdx) {
  CUVIDDECODECREATEINFO info;
  std::memset(&info, 0, sizeof info);
  info.ulWidth = kWidth;
  info.ulHeight = (targetHeight + 15) / 16 * 16;
  info.ulNumDecodeSurfaces = 8;
  info.CodecType = cudaVideoCodec_H264;
  info.ChromaFormat = cudaVideoChromaFormat_420;
  info.OutputFormat = cudaVideoSurfaceFormat_NV12;
  info.DeinterlaceMode = cudaVideoDeinterlaceMode_Weave;
  info.display_area.right = kWidth;
  info.display_area.bottom = static_cast<short>(targetHeight);
  info.ulTargetWidth = kWidth;
  info.ulTargetHeight = targetHeight;
  info.ulNumOutputSurfaces = 1;
  CUvideodecoder decoder = nullptr;
  Mapped m;
  if (!CHECK(n.create(&decoder, &info) == CUDA_SUCCESS)) return m;
  CUVIDPROCPARAMS params;
  std::memset(&params, 0, sizeof params);
  unsigned long long ptr = 0;
  unsigned int pitch = 0;
  if (!CHECK(n.map(decoder, picIdx, &ptr, &pitch, &params) == CUDA_SUCCESS)) return m;
  m.devPtr = ptr;
  m.pitch = pitch;
  return m;
}

// An NV12 frame as FFmpeg's nvdec hands it out: luma at lumaPtr, interleaved chroma at chromaPtr.
FrameEvidence nvdecFrame(uint64_t lumaPtr, uint64_t chromaPtr, int64_t pitch, int height) {
  FrameEvidence e;
  e.decodePath = "nvdec";
  e.width = kWidth;
  e.height = height;
  PlaneEvidence luma, chroma;
  luma.index = 0;
  luma.ffmpegPointer = lumaPtr;
  luma.pitch = pitch;
  chroma.index = 1;
  chroma.ffmpegPointer = chromaPtr;
  chroma.pitch = pitch;
  e.planes = {luma, chroma};
  return e;
}

// The witness for a picture of targetHeight rows with FFmpeg's chroma pointer offsetRows rows from where NVDEC wrote
// the chroma (the target height rounded up to even).
void checkOffsets(const Mapped &m, int targetHeight) {
  const int64_t chromaRow = targetHeight + (targetHeight & 1);
  for (int offsetRows : {0, 1, -1}) {
    const uint64_t chroma = m.devPtr + static_cast<uint64_t>((chromaRow + offsetRows) * m.pitch);
    FrameEvidence e = nvdecFrame(m.devPtr, chroma, m.pitch, targetHeight);
    gatherDecoderSurface(e, 0);
    const DecoderSurfaceEvidence &s = e.decoderSurface;
    std::printf("  target height %d, chroma %+d rows: %s\n", targetHeight, offsetRows, s.reason.c_str());
    if (!CHECK(s.witnessed) || !CHECK_EQ(s.planes.size(), 2)) continue;
    CHECK(!s.ffmpegCopy);
    CHECK_EQ(s.pointer.value_or(0), m.devPtr);
    CHECK_EQ(s.pitch.value_or(0), m.pitch);
    CHECK_EQ(s.targetHeight.value_or(0), targetHeight);
    CHECK_STR(s.rule, "4:2:0: luma at 0, chroma at pitch x ulTargetHeight rounded up to even");
    CHECK_STR(s.planes[0].verdict, "decoder-plane");
    CHECK_EQ(s.planes[0].deltaBytes.value_or(-1), 0);
    CHECK_EQ(s.planes[1].decoderOffset.value_or(-1), chromaRow * m.pitch);
    CHECK_EQ(s.planes[1].deltaRows.value_or(99), offsetRows);
    CHECK_STR(s.planes[1].verdict, offsetRows == 0 ? "decoder-plane" : "shifted");
    CHECK_STR(s.reason, offsetRows == 0
                            ? "every FFmpeg plane pointer is where NVDEC wrote the plane in its mapped surface"
                            : "FFmpeg's plane pointer is not where the decoder wrote the plane");
  }
}

// A frame of FFmpeg's cuvid decoder: its copy of the picture the pool recorded as mapping sequence, frameHeight rows
// (cuvid rounds the target height up to even), from a stream of streamHeight rows.
FrameEvidence cuvidFrame(int64_t pitch, int frameHeight) {
  FrameEvidence e =
      nvdecFrame(0x7000000000ull, 0x7000000000ull + static_cast<uint64_t>(pitch * frameHeight), pitch, frameHeight);
  e.decodePath = "cuvid";
  return e;
}

} // namespace

CORE_TEST(decoder_witness_measures_a_cuvid_copy_from_the_picture_it_mapped) {
  const Nvdec *n = nvdec();
  if (!n) return;
  // An odd stream: cuvid asks NVDEC for a target of 362 rows and copies 362 rows of luma, then 181 of chroma from row
  // 362, where NVDEC wrote it.
  const Mapped odd = mapPicture(*n, 362, 5);
  const uint64_t sequence = decoder_pool::threadLastSequence();
  if (!CHECK(odd.devPtr != 0) || !CHECK(sequence != 0)) return;
  FrameEvidence e = cuvidFrame(odd.pitch, 362);
  gatherDecoderSurface(e, sequence, 0, 361);
  const DecoderSurfaceEvidence &s = e.decoderSurface;
  std::printf("  cuvid, 362 rows from a 361-row stream: %s\n", s.reason.c_str());
  if (CHECK(s.witnessed) && CHECK_EQ(s.planes.size(), 2)) {
    CHECK(s.ffmpegCopy);
    CHECK_EQ(s.pointer.value_or(0), odd.devPtr);
    CHECK_EQ(s.planes[1].copiedFromOffset.value_or(-1), 362 * static_cast<int64_t>(odd.pitch));
    CHECK_EQ(s.planes[1].decoderOffset.value_or(-1), 362 * static_cast<int64_t>(odd.pitch));
    CHECK_EQ(s.planes[1].copiedRows.value_or(-1), 181);
    CHECK_EQ(s.planes[1].rowsNeeded.value_or(-1), 181);
    CHECK_EQ(s.planes[0].copiedRows.value_or(-1), 362);
    CHECK_EQ(s.planes[0].rowsNeeded.value_or(-1), 361);
    CHECK_STR(s.planes[0].verdict, "ffmpeg-copy");
    CHECK_STR(s.planes[1].verdict, "ffmpeg-copy");
    CHECK_STR(s.reason, "the frame is FFmpeg's cuvid decoder's copy of NVDEC's mapped picture, each plane copied from "
                        "where NVDEC wrote it, every row (a cuvid decoder always copies)");
  }
  // A cuvid frame one row shorter than the surface it was copied from (as 9.0 keeps an odd height for 4:4:4): the
  // chroma is read from one row before NVDEC's, and one chroma row is left out.
  FrameEvidence shortFrame = cuvidFrame(odd.pitch, 361);
  gatherDecoderSurface(shortFrame, sequence, 0, 362);
  const DecoderSurfaceEvidence &t = shortFrame.decoderSurface;
  std::printf("  cuvid, 361 rows from a 362-row surface: %s\n", t.reason.c_str());
  if (CHECK(t.witnessed) && CHECK_EQ(t.planes.size(), 2)) {
    CHECK_EQ(t.planes[1].deltaRows.value_or(99), -1);
    CHECK_EQ(t.planes[1].copiedRows.value_or(-1), 180);
    CHECK_EQ(t.planes[1].rowsNeeded.value_or(-1), 181);
    CHECK_STR(t.planes[1].verdict, "shifted");
    CHECK_STR(t.reason, "FFmpeg's plane is not where the decoder wrote the plane: FFmpeg's cuvid decoder copied it "
                        "from elsewhere in the mapped surface; its copy also leaves out the last row of a plane");
  }
  // No record of the picture: no witness, and the words say why.
  FrameEvidence unrecorded = cuvidFrame(odd.pitch, 362);
  gatherDecoderSurface(unrecorded, 0, 0, 361);
  CHECK(!unrecorded.decoderSurface.witnessed);
  CHECK(unrecorded.decoderSurface.reason.find("did not record") != std::string::npos);
}

CORE_TEST(decoder_witness_places_nvdec_chroma_at_the_even_row_and_names_a_one_row_shift) {
  const Nvdec *n = nvdec();
  if (!n) return;
  // Two decoders, an odd and an even target height, each with a picture mapped: the older mapping is found by its
  // own pointer, not taken from the newer one.
  const Mapped odd = mapPicture(*n, 361, 2);
  const Mapped even = mapPicture(*n, 360, 3);
  if (!CHECK(odd.devPtr != 0 && even.devPtr != 0 && odd.devPtr != even.devPtr)) return;
  checkOffsets(odd, 361);
  checkOffsets(even, 360);
}

CORE_TEST(decoder_witness_finds_no_mapping_for_a_pointer_nvdec_did_not_map) {
  const Nvdec *n = nvdec();
  if (!n) return;
  const Mapped m = mapPicture(*n, 361, 4);
  if (!CHECK(m.devPtr != 0)) return;
  // Plane 0 one row into the mapped surface: no picture starts there.
  FrameEvidence e = nvdecFrame(m.devPtr + m.pitch, m.devPtr + 363ull * m.pitch, m.pitch, 361);
  gatherDecoderSurface(e, 0);
  CHECK(!e.decoderSurface.witnessed);
  CHECK(e.decoderSurface.planes.empty());
  CHECK(e.decoderSurface.reason.find("no picture NVDEC mapped starts at FFmpeg's plane 0") != std::string::npos);
  // A frame decoded in software has no NVDEC surface to witness it.
  FrameEvidence software = nvdecFrame(m.devPtr, m.devPtr + 362ull * m.pitch, m.pitch, 361);
  software.decodePath = "software";
  gatherDecoderSurface(software, 0);
  CHECK(!software.decoderSurface.witnessed);
}

} // namespace zci::core_test
