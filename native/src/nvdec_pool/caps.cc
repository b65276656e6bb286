// NVDEC's capability answers: cuvidGetDecoderCaps is cached per context the pool keeps and per query (codec, chroma
// format, bit depth), since the driver answers the same each time; zci_pool_decoder_caps asks the driver itself.
#include "pool_internal.h"

using namespace zci::nvdec_pool;

extern "C" {

ZCI_EXPORT CUresult CUDAAPI cuvidGetDecoderCaps(CUVIDDECODECAPS *pdc) {
  if (!driver.lib) return kNotLoaded;
  auto *query = bound<decltype(cuvidGetDecoderCaps)>(kGetDecoderCaps);
  if (!query) return unbound(kGetDecoderCaps);
  CUcontext ctx = nullptr;
  driver.ctxGet(reinterpret_cast<void **>(&ctx));
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    state.stats.capsQueries++;
    for (const CapsEntry &e : state.capsCache) {
      if (e.ctx == ctx && e.codec == pdc->eCodecType && e.chroma == pdc->eChromaFormat &&
          e.depthMinus8 == pdc->nBitDepthMinus8) {
        *pdc = e.caps;
        state.stats.capsCached++;
        return CUDA_SUCCESS;
      }
    }
  }
  const CUresult r = query(pdc);
  if (r == CUDA_SUCCESS && ctx) {
    std::lock_guard<std::mutex> lock(state.mutex);
    if (keepsContext(ctx))
      state.capsCache.push_back({ctx, pdc->eCodecType, pdc->eChromaFormat, pdc->nBitDepthMinus8, *pdc});
  }
  return r;
}

ZCI_EXPORT int zci_pool_decoder_caps(void *ctx, zci_pool_caps *caps) {
  auto *query = bound<decltype(cuvidGetDecoderCaps)>(kGetDecoderCaps);
  if (!query || !driver.ctxPush) return -1;
  CUVIDDECODECAPS q{};
  q.eCodecType = static_cast<cudaVideoCodec>(caps->codec);
  q.eChromaFormat = static_cast<cudaVideoChromaFormat>(caps->chromaFormat);
  q.nBitDepthMinus8 = static_cast<unsigned int>(caps->bitDepthMinus8);
  if (driver.ctxPush(ctx) != CUDA_SUCCESS) return -1;
  caps->result = static_cast<int32_t>(query(&q));
  void *popped = nullptr;
  driver.ctxPop(&popped);
  caps->supported = q.bIsSupported;
  caps->numNvdecs = q.nNumNVDECs;
  caps->outputFormatMask = q.nOutputFormatMask;
  caps->maxWidth = q.nMaxWidth;
  caps->maxHeight = q.nMaxHeight;
  caps->maxMBCount = q.nMaxMBCount;
  caps->minWidth = q.nMinWidth;
  caps->minHeight = q.nMinHeight;
  return 0;
}

} // extern "C"
