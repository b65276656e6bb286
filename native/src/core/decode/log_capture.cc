#include "decode/log_capture.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavutil/log.h>
}

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <map>
#include <mutex>

namespace zci {

struct Entry {
  std::string text;
  int level;
  int count;
};

// Who a registered object belongs to, and whether it is a decoder (whose messages are also kept per packet).
struct Owner {
  LogCapture *capture;
  bool decoder;
};

struct LogRegistry {
  std::mutex mutex;
  std::map<const LogCapture *, std::vector<Entry>> entries;
  std::map<const LogCapture *, std::map<int64_t, std::vector<Entry>>> tagged; // per packet tag
  std::map<const void *, Owner> owners;

  static LogRegistry &get() {
    static LogRegistry r;
    return r;
  }
};

namespace {

// Keeps the recent distinct lines only; a stream that fails on every frame must not grow memory.
constexpr size_t kMaxEntries = 64;
// Packets whose messages are kept until their frame comes out; older ones are dropped first.
constexpr size_t kMaxTags = 64;

// Adds text to list, counting a repeat instead of storing it again, and keeping at most limit lines.
void remember(std::vector<Entry> &list, const std::string &text, int level, size_t limit) {
  auto same = std::find_if(list.begin(), list.end(), [&](const Entry &e) { return e.text == text; });
  if (same != list.end()) {
    same->count++;
  } else if (list.size() < limit) {
    list.push_back({text, level, 1});
  }
}

std::string counted(const Entry &e) {
  return e.count > 1 ? e.text + " (x" + std::to_string(e.count) + ")" : e.text;
}

// counted(e) cut to at most limit characters, keeping the repeat count.
std::string countedWithin(const Entry &e, size_t limit) {
  const std::string suffix = e.count > 1 ? " (x" + std::to_string(e.count) + ")" : "";
  if (e.text.size() + suffix.size() <= limit) return e.text + suffix;
  return e.text.substr(0, limit - suffix.size() - 3) + "..." + suffix;
}

// The registered owner of a message's object: the object itself, or for a decoder's frame-thread context (a copy of
// the decoder's AVCodecContext, never registered) the decoder's key in its opaque field.
const Owner *ownerOf(LogRegistry &r, void *avcl, const AVCodecContext **codec) {
  *codec = nullptr;
  if (!avcl) return nullptr;
  const bool isCodec = *static_cast<const AVClass *const *>(avcl) == avcodec_get_class();
  if (isCodec) *codec = static_cast<const AVCodecContext *>(avcl);
  auto it = r.owners.find(avcl);
  if (it == r.owners.end() && isCodec) it = r.owners.find((*codec)->opaque);
  return it == r.owners.end() ? nullptr : &it->second;
}

void callback(void *avcl, int level, const char *fmt, va_list vl) {
  if (level > AV_LOG_WARNING) return;
  char line[1024];
  va_list copy;
  va_copy(copy, vl);
  std::vsnprintf(line, sizeof line, fmt, copy);
  va_end(copy);
  std::string text(line);
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
    text.pop_back();

  LogRegistry &r = LogRegistry::get();
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    // FFmpeg logs against a codec's private object or hwaccel too; their parents are not reachable here,
    // so any message while an owner is registered for this exact object is captured.
    const AVCodecContext *codec = nullptr;
    if (const Owner *owner = ownerOf(r, avcl, &codec)) {
      remember(r.entries[owner->capture], text, level, kMaxEntries);
      if (owner->decoder && codec) {
        auto &tags = r.tagged[owner->capture];
        const auto *slot = static_cast<const PacketSlot *>(codec->opaque);
        remember(tags[slot ? slot->tag.load(std::memory_order_relaxed) : 0], text, level,
                 LogCapture::kMaxFrameMessages);
        while (tags.size() > kMaxTags)
          tags.erase(tags.begin());
      }
      return;
    }
  }
  // Objects the inspector does not own (a parser, say) would flood stderr on a damaged file: only fatal ones pass.
  if (level <= AV_LOG_FATAL) av_log_default_callback(avcl, level, fmt, vl);
}

} // namespace

void LogCapture::install() {
  static std::once_flag once;
  std::call_once(once, [] { av_log_set_callback(callback); });
}

LogCapture::LogCapture(const void *owner) {
  install();
  alsoFor(owner);
}

void LogCapture::alsoFor(const void *owner) {
  LogRegistry &r = LogRegistry::get();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.owners[owner] = {this, false};
  owners_.push_back(owner);
}

void LogCapture::forDecoder(const void *codec, const PacketSlot *slots, size_t count) {
  LogRegistry &r = LogRegistry::get();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.owners[codec] = {this, true};
  owners_.push_back(codec);
  for (size_t i = 0; i < count; ++i) {
    r.owners[&slots[i]] = {this, true};
    owners_.push_back(&slots[i]);
  }
}

LogCapture::~LogCapture() {
  LogRegistry &r = LogRegistry::get();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (const void *o : owners_) {
    auto it = r.owners.find(o);
    if (it != r.owners.end() && it->second.capture == this) r.owners.erase(it);
  }
  r.entries.erase(this);
  r.tagged.erase(this);
}

std::vector<std::string> LogCapture::errors() const {
  LogRegistry &r = LogRegistry::get();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<std::string> out;
  auto it = r.entries.find(this);
  if (it == r.entries.end()) return out;
  for (const Entry &e : it->second) {
    if (e.level > AV_LOG_ERROR) continue;
    out.push_back(counted(e));
  }
  return out;
}

std::string LogCapture::lineWith(const std::string &needle) const {
  LogRegistry &r = LogRegistry::get();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.entries.find(this);
  if (it == r.entries.end()) return "";
  for (const Entry &e : it->second) {
    if (e.text.find(needle) != std::string::npos) return e.text;
  }
  return "";
}

void LogCapture::clear() {
  LogRegistry &r = LogRegistry::get();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.entries.erase(this);
}

FrameMessages LogCapture::takeFrameMessages(int64_t tag) {
  LogRegistry &r = LogRegistry::get();
  std::lock_guard<std::mutex> lock(r.mutex);
  FrameMessages out;
  auto tags = r.tagged.find(this);
  if (tags == r.tagged.end()) return out;
  auto it = tags->second.find(tag);
  if (it == tags->second.end()) return out;
  for (const Entry &e : it->second) {
    out.lines.push_back(countedWithin(e, kMaxFrameMessageChars));
    out.anyError = out.anyError || e.level <= AV_LOG_ERROR;
  }
  tags->second.erase(it);
  return out;
}

void LogCapture::clearFrameMessages() {
  LogRegistry &r = LogRegistry::get();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.tagged.erase(this);
}

} // namespace zci
