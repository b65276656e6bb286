#include "errors.h"

#include "addon_data.h"

namespace zci::binding {

void setErrorClass(const Napi::Function &ctor) {
  addonData(ctor.Env()).errorClass = Napi::Persistent(ctor);
}

Napi::Error makeError(Napi::Env env, ErrorCode code, const std::string &message, const std::string &remedy) {
  const Napi::String name = Napi::String::New(env, errorCodeName(code));
  const Napi::FunctionReference &errorClass = addonData(env).errorClass;
  if (errorClass.IsEmpty()) {
    Napi::Error e = Napi::Error::New(env, message);
    e.Set("code", name);
    e.Set("remedy", Napi::String::New(env, remedy));
    return e;
  }
  Napi::Object obj = errorClass.New({Napi::String::New(env, message), name, Napi::String::New(env, remedy)});
  return Napi::Error(env, obj);
}

Napi::Error invalidArgument(Napi::Env env, const std::string &what, const std::string &expected) {
  return makeError(env, ErrorCode::InvalidArgument, "Expected " + what + " to be " + expected,
                   "Fix the call's arguments; see native/index.d.ts.");
}

Napi::Error invalidName(Napi::Env env, const std::string &what, const std::vector<std::string> &names,
                        const Napi::Value &got) {
  std::string list;
  for (size_t i = 0; i < names.size(); ++i)
    list += (i == 0 ? "'" : ", '") + names[i] + "'";
  const std::string was = got.IsString() ? ", not '" + got.As<Napi::String>().Utf8Value() + "'" : "";
  return makeError(env, ErrorCode::InvalidArgument, "Expected " + what + " to be one of " + list + was,
                   "Use one of the listed names (vocabulary() lists them).");
}

} // namespace zci::binding
