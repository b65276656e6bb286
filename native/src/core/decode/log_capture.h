// Routes FFmpeg's log: messages of a decoder the inspector owns are kept (deduplicated) instead of flooding stderr,
// and a decoder's messages are also kept per packet, so each frame can say what went wrong decoding it.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace zci {

/// What a decoder's AVCodecContext.opaque points at. FFmpeg copies opaque into a frame-thread context with each packet
/// it hands that thread (every series, 5.1 to 7.1), so the slot a context holds names the packet it is decoding.
struct PacketSlot {
  const bool *wantHw = nullptr; // the decoder's choice of NVDEC (its get_format callback reads it)
  std::atomic<int64_t> tag{0};  // the packet's tag
};

/// The decoder's messages about the packet one frame came from.
struct FrameMessages {
  std::vector<std::string> lines; // warnings and errors, oldest first, at most kMaxFrameMessages
  bool anyError = false;          // at least one was at error level or worse
};

/// Messages FFmpeg logged about the objects of one open file, with repeats counted instead of stored.
class LogCapture {
public:
  /// At most this many lines per frame, each at most kMaxFrameMessageChars characters.
  static constexpr size_t kMaxFrameMessages = 16, kMaxFrameMessageChars = 200;

  /// Starts capturing messages whose context is owner (an AVCodecContext or AVFormatContext).
  explicit LogCapture(const void *owner);
  ~LogCapture();
  LogCapture(const LogCapture &) = delete;
  LogCapture &operator=(const LogCapture &) = delete;

  /// Also capture messages logged against another object (for example the demuxer).
  void alsoFor(const void *owner);
  /// Also capture a decoder's messages, tagged with the packet it was decoding: the tag of the PacketSlot its
  /// context's opaque points at. slots are every slot the decoder's opaque may point at; a frame-thread context
  /// (FFmpeg's copy of the decoder's) is heard through them.
  void forDecoder(const void *codec, const PacketSlot *slots, size_t count);
  /// Distinct messages at error level or worse, each with "(×n)" when repeated.
  std::vector<std::string> errors() const;
  /// The first captured message that contains needle, or "".
  std::string lineWith(const std::string &needle) const;
  /// Forget everything captured so far (per-packet messages stay).
  void clear();
  /// The decoder's messages tagged tag, forgotten once taken.
  FrameMessages takeFrameMessages(int64_t tag);
  /// Forget every per-packet message (after a seek, no frame will claim them).
  void clearFrameMessages();

  /// Installs the process-wide callback once.
  static void install();

private:
  friend struct LogRegistry;
  std::vector<const void *> owners_;
};

} // namespace zci
