// A call's AbortSignal (options.signal): CANCELLED at once when it is already aborted, else an 'abort' listener that
// sets the flag the core polls, removed again when the call settles.
#pragma once

#include "decode/guard.h"

#include <napi.h>

#include <string>

namespace zci::binding {

/// One call's link to its caller's AbortSignal; empty when the call got none.
class AbortLink {
public:
  /// Reads options.signal (options: undefined, null or an object). False with *err when it is not an AbortSignal;
  /// a signal not yet aborted gets an 'abort' listener holding the flag.
  bool attach(Napi::Env env, Napi::Value options, Napi::Error *err);
  /// True when the signal was aborted before the call began: the call is rejected at once, nothing listens.
  bool abortedBefore() const { return abortedBefore_; }
  /// The flag the core polls; null without a signal.
  const CancelFlag &flag() const { return flag_; }
  /// Removes the listener; on the JS thread, when the call settles. Idempotent.
  void detach();

private:
  Napi::ObjectReference signal_;
  Napi::FunctionReference listener_;
  CancelFlag flag_;
  bool abortedBefore_ = false;
};

/// CANCELLED for a call (what: "Opening /a.mp4") whose signal was aborted before it began.
Napi::Error cancelledBefore(Napi::Env env, const std::string &what);

} // namespace zci::binding
