// The JS Session class: argument checks on the JS thread, decode and evidence on worker threads.
#pragma once

#include <napi.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace zci {
class Session;
struct ShowRequest;
} // namespace zci

namespace zci::binding {

class AbortLink;

/// Wraps one zci::Session; calls overlap-checked (BUSY), use after close rejected (CLOSED).
class SessionObject : public Napi::ObjectWrap<SessionObject> {
public:
  /// Defines the class on exports.
  static void Init(Napi::Env env, Napi::Object exports);
  explicit SessionObject(const Napi::CallbackInfo &info);
  ~SessionObject() override;

private:
  static Napi::Value Open(const Napi::CallbackInfo &info);
  /// show(target, options): the one frame call.
  Napi::Value Show(const Napi::CallbackInfo &info);
  /// showBatch(targets, options): show() for each target on one worker hop.
  Napi::Value ShowBatch(const Napi::CallbackInfo &info);
  Napi::Value ReadMemory(const Napi::CallbackInfo &info);
  Napi::Value ReadMemoryBatch(const Napi::CallbackInfo &info);
  Napi::Value LiveHandles(const Napi::CallbackInfo &info);
  Napi::Value Close(const Napi::CallbackInfo &info);
  /// setLedger(on): switches the copy ledger; returns whether it records now (false with the reason in answers).
  Napi::Value SetLedger(const Napi::CallbackInfo &info);
  Napi::Value GetClosed(const Napi::CallbackInfo &info);
  Napi::Value GetInfo(const Napi::CallbackInfo &info);
  /// Null with a rejected promise in *rejected when the session cannot take a call now.
  std::shared_ptr<Session> claim(Napi::Env env, Napi::Value *rejected);
  /// claim() for a show request: reads its options (info[1]) into req and its AbortSignal into abort first;
  /// what names the request in a CANCELLED message.
  std::shared_ptr<Session> claimForShow(Napi::Env env, const Napi::CallbackInfo &info, const std::string &what,
                                        ShowRequest &req, AbortLink &abort, Napi::Value *rejected);
  /// Reads a memory call's range or ranges (info[0]) into the caller's variables; false with *err set when bad.
  using RangeReader = std::function<bool(Napi::Value, Napi::Error *)>;
  /// claim() for readMemory and readMemoryBatch, whose checks are the same but for their first argument: reads it
  /// with readRanges, the options (info[1]) into index and their AbortSignal into abort, refuses an aborted signal.
  std::shared_ptr<Session> claimForMemory(Napi::Env env, const Napi::CallbackInfo &info, const RangeReader &readRanges,
                                          int64_t &index, AbortLink &abort, Napi::Value *rejected);
  /// What a call's worker runs on the JS thread when it settles: the session takes calls again.
  std::function<void()> settled() {
    return [this] { busy_ = false; };
  }

  std::shared_ptr<Session> core_;
  Napi::ObjectReference info_;
  bool busy_ = false;
};

} // namespace zci::binding
