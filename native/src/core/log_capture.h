// Routes FFmpeg's log: messages of a decoder the inspector owns are kept (deduplicated) instead of flooding stderr.
#pragma once

#include <string>
#include <vector>

namespace zci {

/// Messages FFmpeg logged about one codec context, with repeats counted instead of stored.
class LogCapture {
public:
  /// Starts capturing messages whose context is owner (an AVCodecContext or AVFormatContext).
  explicit LogCapture(const void *owner);
  ~LogCapture();
  LogCapture(const LogCapture &) = delete;
  LogCapture &operator=(const LogCapture &) = delete;

  /// Also capture messages logged against another object (for example the demuxer).
  void alsoFor(const void *owner);
  /// Distinct messages at error level or worse, each with "(×n)" when repeated.
  std::vector<std::string> errors() const;
  /// True when any captured message contains needle.
  bool contains(const std::string &needle) const;
  /// Forget everything captured so far.
  void clear();

  /// Installs the process-wide callback once.
  static void install();

private:
  friend struct LogRegistry;
  std::vector<const void *> owners_;
};

} // namespace zci
