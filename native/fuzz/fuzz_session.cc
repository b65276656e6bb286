// libFuzzer entry over the path a user's file takes through the core: open (probe, index, settle the decode
// path), decode a few frames, wrap them in NVCV where it loads, gather the evidence. Every input must either
// work or end in a zci::Error; anything else (a sanitizer report, an uncaught exception, a hang) is a finding.
#include "common/error.h"
#include "session/session.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace {

// One in-memory file reused for every input, opened by path as a user's file is.
int inputFile() {
  static const int fd = memfd_create("zci-fuzz-input", 0);
  return fd;
}

bool writeInput(const uint8_t *data, size_t size) {
  const int fd = inputFile();
  if (fd < 0 || ftruncate(fd, 0) != 0) return false;
  size_t done = 0;
  while (done < size) {
    const ssize_t n = pwrite(fd, data + done, size - done, static_cast<off_t>(done));
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// The user's path with tighter limits: a 4K budget (a mutated SPS may claim any size), and deadlines well inside
// libFuzzer's -timeout, so a slow input ends as DEADLINE_EXCEEDED, an answer, and only a stuck call is a finding.
zci::DecoderOptions fuzzOptions() {
  zci::DecoderOptions o;
  o.maxPixels = 4096 * 2304;
  o.openDeadlineMs = 10000;
  o.frameDeadlineMs = 5000;
  return o;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!writeInput(data, size)) return 0;
  const std::string path = "/proc/self/fd/" + std::to_string(inputFile());
  try {
    zci::Session session(path, fuzzOptions());
    const int64_t count = session.info().frameCount;
    for (const int64_t index : {int64_t{0}, count / 2, count - 1}) {
      try {
        session.show(zci::FrameTarget::at(index), zci::ShowRequest{});
      } catch (const zci::Error &) {
        // A frame that cannot be decoded is an answer, not a finding.
      }
    }
  } catch (const zci::Error &) {
    // Refused with a stable code: the expected outcome for most mutated inputs.
  }
  return 0;
}
