// compareDecoders(path, options): same frames through two decoders, compared on decoded sample values.
#pragma once

#include <napi.h>

namespace zci::binding {

/// Returns a promise of the comparison (DecoderCompareResult); rejects with InspectorError.
Napi::Value CompareDecoders(const Napi::CallbackInfo &info);

} // namespace zci::binding
