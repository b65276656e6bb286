// nvdecEngines(device): how many NVDEC engines the driver says device has, asked on a worker thread with one
// capability query (about 8 ms on an H100) instead of the whole table.
#pragma once

#include <napi.h>

namespace zci::binding {

/// Returns a promise of { engines: number | null, reason: string }; rejects with InspectorError INVALID_ARGUMENT for a
/// device that is not an integer 0..63.
Napi::Value NvdecEngines(const Napi::CallbackInfo &info);

} // namespace zci::binding
