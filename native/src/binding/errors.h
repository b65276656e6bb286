// Turns zci::Error (and anything else thrown) into the JS InspectorError class registered by index.cjs.
#pragma once

#include "common/error.h"

#include <napi.h>

#include <string>
#include <vector>

namespace zci::binding {

/// Remembers the JS error class for this environment; called once from index.cjs.
void setErrorClass(const Napi::Function &ctor);

/// A JS InspectorError with a code (its stable name), message and remedy.
Napi::Error makeError(Napi::Env env, ErrorCode code, const std::string &message, const std::string &remedy);

/// INVALID_ARGUMENT with one message template for every bad argument.
Napi::Error invalidArgument(Napi::Env env, const std::string &what, const std::string &expected);

/// INVALID_ARGUMENT for a value (got) that is not one of names; the message lists them all.
Napi::Error invalidName(Napi::Env env, const std::string &what, const std::vector<std::string> &names,
                        const Napi::Value &got);

} // namespace zci::binding
