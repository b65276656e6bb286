// Turns zci::Error (and anything else thrown) into the JS InspectorError class registered by index.cjs.
#pragma once

#include <napi.h>

#include <string>

namespace zci::binding {

/// Remembers the JS error class; called once from index.cjs.
void setErrorClass(const Napi::Function &ctor);

/// A JS InspectorError with a code, message and remedy.
Napi::Error makeError(Napi::Env env, const std::string &code, const std::string &message, const std::string &remedy);

/// INVALID_ARGUMENT with one message template for every bad argument.
Napi::Error invalidArgument(Napi::Env env, const std::string &what, const std::string &expected);

} // namespace zci::binding
