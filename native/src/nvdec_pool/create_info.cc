// The creation parameters that make two decoders interchangeable: the whole CUVIDDECODECREATEINFO but its context lock.
//
// They are compared member by member, over every member, never as one block of bytes: bytes between members
// (padding) are whatever the caller's stack held, so a block comparison could tell equal creations apart. The list
// below names every member in order, and the static_assert proves it: the members tile the struct, each starting
// where the one before ends and the last ending at its size. A header that adds or widens a member (a reserved one
// taking a name, say) stops the build here until the list names it, so no member goes uncompared. (The struct has no
// padding on any Linux ABI; an ABI with padding would stop the build here too.)
//
// Reserved members count: a caller built against a newer header may use them for what this header calls reserved.
// Members the driver fills in on creation (ulMaxWidth and ulMaxHeight when 0, for one; the header marks every member
// IN, but drivers write their defaults back) are compared as the caller asked them: the pool keeps the parameters
// from before the call as the key, and the struct as the driver left it to write back on reuse.
#include "pool_internal.h"

#include <cstddef>
#include <cstring>

namespace zci::nvdec_pool {
namespace {

struct Member {
  const char *name;
  size_t offset, size;
};
#define ZCI_MEMBER(m)                                                                                                  \
  { #m, offsetof(CUVIDDECODECREATEINFO, m), sizeof(CUVIDDECODECREATEINFO::m) }
constexpr Member kMembers[] = {ZCI_MEMBER(ulWidth),
                               ZCI_MEMBER(ulHeight),
                               ZCI_MEMBER(ulNumDecodeSurfaces),
                               ZCI_MEMBER(CodecType),
                               ZCI_MEMBER(ChromaFormat),
                               ZCI_MEMBER(ulCreationFlags),
                               ZCI_MEMBER(bitDepthMinus8),
                               ZCI_MEMBER(ulIntraDecodeOnly),
                               ZCI_MEMBER(ulMaxWidth),
                               ZCI_MEMBER(ulMaxHeight),
                               ZCI_MEMBER(Reserved1),
                               ZCI_MEMBER(display_area),
                               ZCI_MEMBER(OutputFormat),
                               ZCI_MEMBER(DeinterlaceMode),
                               ZCI_MEMBER(ulTargetWidth),
                               ZCI_MEMBER(ulTargetHeight),
                               ZCI_MEMBER(ulNumOutputSurfaces),
                               ZCI_MEMBER(vidLock),
                               ZCI_MEMBER(target_rect),
                               ZCI_MEMBER(enableHistogram),
                               ZCI_MEMBER(Reserved2)};
#undef ZCI_MEMBER
// The context lock: an object of the caller's, not a property of the decoder (a decoder made with one never parks).
constexpr size_t kLockOffset = offsetof(CUVIDDECODECREATEINFO, vidLock);

constexpr bool membersTileTheStruct() {
  size_t end = 0;
  for (const Member &m : kMembers) {
    if (m.offset != end) return false;
    end += m.size;
  }
  return end == sizeof(CUVIDDECODECREATEINFO);
}
static_assert(membersTileTheStruct(), "kMembers must name every member of CUVIDDECODECREATEINFO, in order: the "
                                      "ffnvcodec headers changed the struct");

} // namespace

const char *firstDifference(const CUVIDDECODECREATEINFO &a, const CUVIDDECODECREATEINFO &b) {
  const auto *pa = reinterpret_cast<const unsigned char *>(&a);
  const auto *pb = reinterpret_cast<const unsigned char *>(&b);
  for (const Member &m : kMembers) {
    if (m.offset == kLockOffset) continue;
    if (std::memcmp(pa + m.offset, pb + m.offset, m.size) != 0) return m.name;
  }
  return nullptr;
}

uint64_t surfaceBytes(const CUVIDDECODECREATEINFO &p) {
  const uint64_t sample = p.bitDepthMinus8 > 0 ? 2 : 1;
  const uint64_t chroma = p.ChromaFormat == cudaVideoChromaFormat_444   ? 3
                          : p.ChromaFormat == cudaVideoChromaFormat_422 ? 2
                                                                        : 1;
  const uint64_t decodePixels = static_cast<uint64_t>(p.ulWidth) * p.ulHeight;
  const uint64_t outputPixels = static_cast<uint64_t>(p.ulTargetWidth) * p.ulTargetHeight;
  // Luma plus chroma: 4:2:0 is 1.5 samples a pixel, 4:2:2 two, 4:4:4 three (the driver may round up).
  const uint64_t perPixel2 = chroma == 1 ? 3 : chroma == 2 ? 4 : 6; // in half samples
  return sample * perPixel2 * (decodePixels * p.ulNumDecodeSurfaces + outputPixels * p.ulNumOutputSurfaces) / 2;
}

} // namespace zci::nvdec_pool
