#include "log_capture.h"

extern "C" {
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

struct LogRegistry {
  std::mutex mutex;
  std::map<const LogCapture *, std::vector<Entry>> entries;
  std::map<const void *, LogCapture *> owners;

  static LogRegistry &get() {
    static LogRegistry r;
    return r;
  }
};

namespace {

// Keeps the recent distinct lines only; a stream that fails on every frame must not grow memory.
constexpr size_t kMaxEntries = 64;

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
    auto it = r.owners.find(avcl);
    if (it != r.owners.end()) {
      auto &list = r.entries[it->second];
      auto same = std::find_if(list.begin(), list.end(), [&](const Entry &e) { return e.text == text; });
      if (same != list.end()) {
        same->count++;
      } else if (list.size() < kMaxEntries) {
        list.push_back({text, level, 1});
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
  r.owners[owner] = this;
  owners_.push_back(owner);
}

LogCapture::~LogCapture() {
  LogRegistry &r = LogRegistry::get();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (const void *o : owners_)
    r.owners.erase(o);
  r.entries.erase(this);
}

std::vector<std::string> LogCapture::errors() const {
  LogRegistry &r = LogRegistry::get();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<std::string> out;
  auto it = r.entries.find(this);
  if (it == r.entries.end()) return out;
  for (const Entry &e : it->second) {
    if (e.level > AV_LOG_ERROR) continue;
    out.push_back(e.count > 1 ? e.text + " (x" + std::to_string(e.count) + ")" : e.text);
  }
  return out;
}

bool LogCapture::contains(const std::string &needle) const {
  LogRegistry &r = LogRegistry::get();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.entries.find(this);
  if (it == r.entries.end()) return false;
  return std::any_of(it->second.begin(), it->second.end(),
                     [&](const Entry &e) { return e.text.find(needle) != std::string::npos; });
}

void LogCapture::clear() {
  LogRegistry &r = LogRegistry::get();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.entries.erase(this);
}

} // namespace zci
