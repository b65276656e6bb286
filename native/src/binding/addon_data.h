// What the addon keeps per JS environment (the main thread, each worker thread that loads it): its classes. Node-API
// instance data, so no environment sees another's references.
#pragma once

#include <napi.h>

namespace zci::binding {

/// The addon's per-environment state, made by the module's init and deleted with its environment.
struct AddonData {
  Napi::FunctionReference sessionClass; // the native Session class, whose constructor Session.open calls
  Napi::FunctionReference errorClass;   // the InspectorError class index.cjs registers (empty until it does)
};

/// This environment's AddonData; the module's init made it.
inline AddonData &addonData(Napi::Env env) {
  return *env.GetInstanceData<AddonData>();
}

} // namespace zci::binding
