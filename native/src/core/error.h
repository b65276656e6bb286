// The one error type of the native core: a stable code, a message and a remedy.
#pragma once

#include <stdexcept>
#include <string>

namespace zci {

/// Thrown by every core function that fails; the binding turns it into a JS InspectorError.
class Error : public std::runtime_error {
public:
  /// code is one of electron/common/errors.ts ERROR_CODES.
  Error(std::string code, const std::string &message, std::string remedy)
      : std::runtime_error(message), code_(std::move(code)), remedy_(std::move(remedy)) {}

  /// The stable code, e.g. "FILE_NOT_FOUND".
  const std::string &code() const { return code_; }
  /// What the user can do about it.
  const std::string &remedy() const { return remedy_; }

private:
  std::string code_;
  std::string remedy_;
};

} // namespace zci
