#include "errors.h"

namespace zci::binding {
namespace {
Napi::FunctionReference gErrorClass;
} // namespace

void setErrorClass(const Napi::Function &ctor) {
  gErrorClass = Napi::Persistent(ctor);
  gErrorClass.SuppressDestruct();
}

Napi::Error makeError(Napi::Env env, const std::string &code, const std::string &message, const std::string &remedy) {
  if (gErrorClass.IsEmpty()) {
    Napi::Error e = Napi::Error::New(env, message);
    e.Set("code", Napi::String::New(env, code));
    e.Set("remedy", Napi::String::New(env, remedy));
    return e;
  }
  Napi::Object obj =
      gErrorClass.New({Napi::String::New(env, message), Napi::String::New(env, code), Napi::String::New(env, remedy)});
  return Napi::Error(env, obj);
}

Napi::Error invalidArgument(Napi::Env env, const std::string &what, const std::string &expected) {
  return makeError(env, "INVALID_ARGUMENT", "Expected " + what + " to be " + expected,
                   "Fix the call's arguments; see native/index.d.ts.");
}

} // namespace zci::binding
