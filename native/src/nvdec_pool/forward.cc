// The entry points the pool passes to the driver unchanged (ZCI_FORWARD: pool_internal.h). Each is exported so that
// FFmpeg's loader, which resolves them all, finds NVDEC in the pool; one the driver lacks answers "not supported".
#include "pool_internal.h"

using namespace zci::nvdec_pool;

extern "C" {

ZCI_EXPORT CUresult CUDAAPI cuvidDecodePicture(CUvideodecoder h, CUVIDPICPARAMS *p) {
  ZCI_FORWARD(kDecodePicture, cuvidDecodePicture, h, p);
}

ZCI_EXPORT CUresult CUDAAPI cuvidGetDecodeStatus(CUvideodecoder h, int idx, CUVIDGETDECODESTATUS *s) {
  ZCI_FORWARD(kGetDecodeStatus, cuvidGetDecodeStatus, h, idx, s);
}

ZCI_EXPORT CUresult CUDAAPI cuvidReconfigureDecoder(CUvideodecoder h, CUVIDRECONFIGUREDECODERINFO *p) {
  ZCI_FORWARD(kReconfigureDecoder, cuvidReconfigureDecoder, h, p);
}

ZCI_EXPORT CUresult CUDAAPI cuvidCtxLockCreate(CUvideoctxlock *l, CUcontext ctx) {
  ZCI_FORWARD(kCtxLockCreate, cuvidCtxLockCreate, l, ctx);
}

ZCI_EXPORT CUresult CUDAAPI cuvidCtxLockDestroy(CUvideoctxlock l) {
  ZCI_FORWARD(kCtxLockDestroy, cuvidCtxLockDestroy, l);
}

ZCI_EXPORT CUresult CUDAAPI cuvidCtxLock(CUvideoctxlock l, unsigned int flags) {
  ZCI_FORWARD(kCtxLock, cuvidCtxLock, l, flags);
}

ZCI_EXPORT CUresult CUDAAPI cuvidCtxUnlock(CUvideoctxlock l, unsigned int flags) {
  ZCI_FORWARD(kCtxUnlock, cuvidCtxUnlock, l, flags);
}

ZCI_EXPORT CUresult CUDAAPI cuvidCreateVideoSource(CUvideosource *o, const char *f, CUVIDSOURCEPARAMS *p) {
  ZCI_FORWARD(kCreateVideoSource, cuvidCreateVideoSource, o, f, p);
}

ZCI_EXPORT CUresult CUDAAPI cuvidCreateVideoSourceW(CUvideosource *o, const wchar_t *f, CUVIDSOURCEPARAMS *p) {
  ZCI_FORWARD(kCreateVideoSourceW, cuvidCreateVideoSourceW, o, f, p);
}

ZCI_EXPORT CUresult CUDAAPI cuvidDestroyVideoSource(CUvideosource o) {
  ZCI_FORWARD(kDestroyVideoSource, cuvidDestroyVideoSource, o);
}

ZCI_EXPORT CUresult CUDAAPI cuvidSetVideoSourceState(CUvideosource o, cudaVideoState s) {
  ZCI_FORWARD(kSetVideoSourceState, cuvidSetVideoSourceState, o, s);
}

ZCI_EXPORT cudaVideoState CUDAAPI cuvidGetVideoSourceState(CUvideosource o) {
  if (auto *f = bound<decltype(cuvidGetVideoSourceState)>(kGetVideoSourceState)) return f(o);
  unbound(kGetVideoSourceState); // counted; the state has no "not supported"
  return cudaVideoState_Error;
}

ZCI_EXPORT CUresult CUDAAPI cuvidGetSourceVideoFormat(CUvideosource o, CUVIDEOFORMAT *f, unsigned int flags) {
  ZCI_FORWARD(kGetSourceVideoFormat, cuvidGetSourceVideoFormat, o, f, flags);
}

ZCI_EXPORT CUresult CUDAAPI cuvidGetSourceAudioFormat(CUvideosource o, CUAUDIOFORMAT *f, unsigned int flags) {
  ZCI_FORWARD(kGetSourceAudioFormat, cuvidGetSourceAudioFormat, o, f, flags);
}

ZCI_EXPORT CUresult CUDAAPI cuvidCreateVideoParser(CUvideoparser *o, CUVIDPARSERPARAMS *p) {
  ZCI_FORWARD(kCreateVideoParser, cuvidCreateVideoParser, o, p);
}

ZCI_EXPORT CUresult CUDAAPI cuvidParseVideoData(CUvideoparser o, CUVIDSOURCEDATAPACKET *p) {
  ZCI_FORWARD(kParseVideoData, cuvidParseVideoData, o, p);
}

ZCI_EXPORT CUresult CUDAAPI cuvidDestroyVideoParser(CUvideoparser o) {
  ZCI_FORWARD(kDestroyVideoParser, cuvidDestroyVideoParser, o);
}

} // extern "C"
