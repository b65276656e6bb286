// What the decoder reads in FFmpeg's log: its NVDEC loader failing, as ffnvcodec and nvdec.c word it.
#include "check.h"

#include "decode/decoder.h"

CORE_TEST(a_failed_nvdec_loader_is_told_from_other_decoder_errors) {
  CHECK(zci::nvdecLoaderFailed("Cannot load cuvidGetDecodeStatus; Failed loading nvcuvid."));
  CHECK(zci::nvdecLoaderFailed("Cannot load libnvcuvid.so.1"));
  CHECK(zci::nvdecLoaderFailed("Failed loading nvcuvid."));
  CHECK(!zci::nvdecLoaderFailed("Hardware is lacking required capabilities"));
  CHECK(!zci::nvdecLoaderFailed("Cannot load optional cuvidGetDecodeStatus"));
  CHECK(!zci::nvdecLoaderFailed(""));
}
