// nvdecEngines(device): the engine count of one capability row, H.264 4:2:0 8-bit, which every GPU with NVDEC decodes;
// the driver reports the same count (nNumNVDECs) on every row a GPU supports.
#include "nvdec_engines_call.h"

#include "from_js.h"
#include "promise_worker.h"

#include "gpu/nvdec_caps.h"

#include <optional>
#include <string>

namespace zci::binding {
namespace {

struct EngineAnswer {
  std::optional<int> engines;
  std::string reason;
};

EngineAnswer askEngines(int device) {
  EngineAnswer answer;
  std::string why;
  const std::optional<NvdecCapability> row = nvdecCapabilityFor(device, AV_CODEC_ID_H264, 1, 1, 8, &why);
  const std::string where = "device " + std::to_string(device);
  if (!row) {
    answer.reason = "the driver could not be asked for " + where + "'s NVDEC engines: " + why;
  } else if (!row->supported || row->nvdecs <= 0) {
    answer.reason = "the driver reports no NVDEC engine on " + where + " (cuvidGetDecoderCaps)";
  } else {
    answer.engines = row->nvdecs;
    answer.reason = "the driver reports " + std::to_string(row->nvdecs) + " NVDEC engine" +
                    (row->nvdecs == 1 ? "" : "s") + " on " + where + " (cuvidGetDecoderCaps)";
  }
  return answer;
}

Napi::Value engineAnswerToJs(Napi::Env env, EngineAnswer &answer) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("engines", answer.engines ? Napi::Value(Napi::Number::New(env, *answer.engines)) : env.Null());
  o.Set("reason", answer.reason);
  return o;
}

} // namespace

Napi::Value NvdecEngines(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  int device = 0;
  Napi::Error err;
  if (!readDeviceArgument(env, info.Length() > 0 ? info[0] : env.Undefined(), device, &err))
    return rejectWith(env, err);
  return queue<EngineAnswer>(
      env, Napi::Object::New(env), [device] { return askEngines(device); }, engineAnswerToJs);
}

} // namespace zci::binding
