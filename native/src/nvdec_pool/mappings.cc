// The decoder's own witness: the last kMappings pictures mapped (cuvidMapVideoFrame), as the driver returned them,
// with the creation parameters of the decoder that mapped each. Written without a lock (one atomic increment a
// mapping); a reader checks each slot's sequence before and after copying it.
#include "pool_internal.h"

namespace zci::nvdec_pool {
namespace {

constexpr size_t kMappings = 512;
struct MappingSlot {
  std::atomic<uint64_t> sequence{0}; // 0: empty; odd while being written
  CUvideodecoder decoder = nullptr;
  uint64_t devPtr = 0;
  uint32_t pitch = 0;
  int32_t picIdx = 0;
};
MappingSlot *mappings = new MappingSlot[kMappings];
std::atomic<uint64_t> mappingCount{0};

// The last mapping made on each thread (see zci_pool_thread_last_sequence).
thread_local uint64_t threadLastMapping = 0;

// Reads the mapping numbered n, when its slot still holds it and match accepts its surface; fills out with the
// mapping decoder's creation parameters where they were recorded.
template <typename Match> bool readMapping(uint64_t n, Match match, zci_pool_mapping *out) {
  MappingSlot &slot = mappings[n % kMappings];
  if (slot.sequence.load(std::memory_order_acquire) != 2 * n) return false;
  const CUvideodecoder decoder = slot.decoder;
  const uint64_t ptr = slot.devPtr;
  const uint32_t pitch = slot.pitch;
  const int32_t idx = slot.picIdx;
  if (slot.sequence.load(std::memory_order_acquire) != 2 * n || !match(ptr)) return false;
  *out = zci_pool_mapping{};
  out->devPtr = ptr;
  out->pitch = pitch;
  out->picIdx = idx;
  out->sequence = n;
  std::lock_guard<std::mutex> lock(state.mutex);
  auto it = created.find(decoder);
  if (it != created.end()) {
    const CUVIDDECODECREATEINFO &p = it->second;
    out->targetWidth = static_cast<uint32_t>(p.ulTargetWidth);
    out->targetHeight = static_cast<uint32_t>(p.ulTargetHeight);
    out->chromaFormat = p.ChromaFormat;
    out->outputFormat = p.OutputFormat;
    out->bitDepthMinus8 = static_cast<int32_t>(p.bitDepthMinus8);
    out->codec = p.CodecType;
    out->paramsKnown = 1;
  }
  return true;
}

} // namespace

std::map<CUvideodecoder, CUVIDDECODECREATEINFO> &created = *new std::map<CUvideodecoder, CUVIDDECODECREATEINFO>;

void recordMapping(CUvideodecoder h, int idx, unsigned long long ptr, unsigned int pitch) {
  const uint64_t n = mappingCount.fetch_add(1, std::memory_order_relaxed) + 1;
  threadLastMapping = n;
  MappingSlot &slot = mappings[n % kMappings];
  slot.sequence.store(2 * n - 1, std::memory_order_release);
  slot.decoder = h;
  slot.devPtr = ptr;
  slot.pitch = pitch;
  slot.picIdx = idx;
  slot.sequence.store(2 * n, std::memory_order_release);
}

} // namespace zci::nvdec_pool

using namespace zci::nvdec_pool;

extern "C" {

ZCI_EXPORT CUresult CUDAAPI cuvidMapVideoFrame64(CUvideodecoder h, int idx, unsigned long long *ptr,
                                                 unsigned int *pitch, CUVIDPROCPARAMS *vpp) {
  auto *map = bound<decltype(cuvidMapVideoFrame64)>(kMapVideoFrame64);
  if (!map) return unbound(kMapVideoFrame64);
  const CUresult r = map(h, idx, ptr, pitch, vpp);
  if (r == CUDA_SUCCESS) recordMapping(h, idx, *ptr, *pitch);
  return r;
}

ZCI_EXPORT CUresult CUDAAPI cuvidUnmapVideoFrame64(CUvideodecoder h, unsigned long long ptr) {
  ZCI_FORWARD(kUnmapVideoFrame64, cuvidUnmapVideoFrame64, h, ptr);
}

// The 32-bit pointer variants (never used on 64-bit hosts).
ZCI_EXPORT CUresult CUDAAPI cuvidMapVideoFrame(CUvideodecoder h, int idx, unsigned int *ptr, unsigned int *pitch,
                                               CUVIDPROCPARAMS *vpp) {
  auto *map = bound<decltype(cuvidMapVideoFrame)>(kMapVideoFrame);
  if (!map) return unbound(kMapVideoFrame);
  const CUresult r = map(h, idx, ptr, pitch, vpp);
  if (r == CUDA_SUCCESS) recordMapping(h, idx, *ptr, *pitch);
  return r;
}

ZCI_EXPORT CUresult CUDAAPI cuvidUnmapVideoFrame(CUvideodecoder h, unsigned int ptr) {
  ZCI_FORWARD(kUnmapVideoFrame, cuvidUnmapVideoFrame, h, ptr);
}

ZCI_EXPORT int zci_pool_find_mapping(uint64_t devPtr, zci_pool_mapping *out) {
  const uint64_t newest = mappingCount.load(std::memory_order_acquire);
  const uint64_t oldest = newest > kMappings ? newest - kMappings + 1 : 1;
  for (uint64_t n = newest; n >= oldest && n > 0; --n) {
    if (readMapping(
            n, [devPtr](uint64_t ptr) { return ptr == devPtr; }, out))
      return 1;
  }
  return 0;
}

ZCI_EXPORT int zci_pool_find_sequence(uint64_t sequence, zci_pool_mapping *out) {
  const uint64_t newest = mappingCount.load(std::memory_order_acquire);
  if (sequence == 0 || sequence > newest || newest - sequence >= kMappings) return 0;
  return readMapping(
             sequence, [](uint64_t) { return true; }, out)
             ? 1
             : 0;
}

ZCI_EXPORT uint64_t zci_pool_thread_last_sequence(void) {
  return threadLastMapping;
}

} // extern "C"
