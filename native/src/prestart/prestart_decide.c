/*
 * The prestart's decision (prestart_decide.h): the same rule as wantsCudaContext (electron/cli/gpu-lifecycle.ts),
 * including JavaScript's Number() for the --device value, so that the two agree on every argument vector.
 */
#define _POSIX_C_SOURCE 200809L // open flags, pread, strndup
#include "prestart_decide.h"

#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/// The length of the JavaScript white space or line terminator (UTF-8) at S, or 0.
static size_t spaceAt(const unsigned char *s, const unsigned char *end) {
  const size_t left = (size_t)(end - s);
  if (left >= 1 && (*s == ' ' || (*s >= '\t' && *s <= '\r'))) return 1;
  if (left >= 2 && s[0] == 0xC2 && s[1] == 0xA0) return 2; // U+00A0
  if (left < 3) return 0;
  if (s[0] == 0xE1 && s[1] == 0x9A && s[2] == 0x80) return 3; // U+1680
  if (s[0] == 0xE2 && s[1] == 0x80 && ((s[2] >= 0x80 && s[2] <= 0x8A) || s[2] == 0xA8 || s[2] == 0xA9 || s[2] == 0xAF))
    return 3;                                                 // U+2000..200A, U+2028, U+2029, U+202F
  if (s[0] == 0xE2 && s[1] == 0x81 && s[2] == 0x9F) return 3; // U+205F
  if (s[0] == 0xE3 && s[1] == 0x80 && s[2] == 0x80) return 3; // U+3000
  if (s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) return 3; // U+FEFF
  return 0;
}

/// The length of the white space that ends [BEGIN, END), read backwards.
static size_t spaceBefore(const unsigned char *begin, const unsigned char *end) {
  for (size_t n = 1; n <= 3 && n <= (size_t)(end - begin); n++)
    if (spaceAt(end - n, end) == n) return n;
  return 0;
}

static int isDigit(unsigned char c) {
  return c >= '0' && c <= '9';
}

/// The value of a run of digits of RADIX (2, 8 or 16) filling [S, END); 0 when empty or not all such digits.
static int radixValue(const unsigned char *s, const unsigned char *end, int radix, double *value) {
  if (s == end) return 0;
  double v = 0;
  for (; s < end; s++) {
    int d = isDigit(*s) ? *s - '0' : (*s | 0x20) >= 'a' && (*s | 0x20) <= 'f' ? (*s | 0x20) - 'a' + 10 : 99;
    if (d >= radix) return 0;
    v = v * radix + d;
  }
  *value = v;
  return 1;
}

/// Whether [S, END) is a StrUnsignedDecimalLiteral without "Infinity": digits, a point, digits, an exponent.
static int isDecimal(const unsigned char *s, const unsigned char *end) {
  size_t whole = 0, fraction = 0;
  while (s < end && isDigit(*s))
    s++, whole++;
  if (s < end && *s == '.')
    for (s++; s < end && isDigit(*s); s++)
      fraction++;
  if (whole + fraction == 0) return 0;
  if (s < end && (*s == 'e' || *s == 'E')) {
    s++;
    if (s < end && (*s == '+' || *s == '-')) s++;
    size_t exponent = 0;
    while (s < end && isDigit(*s))
      s++, exponent++;
    if (exponent == 0) return 0;
  }
  return s == end;
}

/// JavaScript's Number(TEXT) for a string: 1 and VALUE, or 0 where it is NaN.
static int jsNumber(const char *text, double *value) {
  const unsigned char *s = (const unsigned char *)text, *end = s + strlen(text);
  for (size_t n; s < end && (n = spaceAt(s, end)) > 0;)
    s += n;
  for (size_t n; end > s && (n = spaceBefore(s, end)) > 0;)
    end -= n;
  if (s == end) {
    *value = 0;
    return 1;
  }
  if (end - s > 2 && s[0] == '0') {
    const int radix = (s[1] | 0x20) == 'x' ? 16 : (s[1] | 0x20) == 'o' ? 8 : (s[1] | 0x20) == 'b' ? 2 : 0;
    if (radix) return radixValue(s + 2, end, radix, value);
  }
  const unsigned char *body = s + (*s == '+' || *s == '-');
  if ((size_t)(end - body) == 8 && memcmp(body, "Infinity", 8) == 0) {
    *value = *s == '-' ? -HUGE_VAL : HUGE_VAL;
    return 1;
  }
  if (!isDecimal(body, end)) return 0;
  char *copy = strndup((const char *)s, (size_t)(end - s)); // strtod reads the whole, already checked literal
  if (!copy) return 0;
  *value = strtod(copy, NULL);
  free(copy);
  return 1;
}

/// The value of --NAME VALUE or --NAME=VALUE among ARGS (the first given), or NULL.
static const char *optionValue(int count, const char *const *args, const char *name) {
  const size_t length = strlen(name);
  for (int i = 0; i < count; i++) {
    const char *arg = args[i];
    if (strncmp(arg, "--", 2) != 0 || strncmp(arg + 2, name, length) != 0) continue;
    if (arg[2 + length] == '\0') return i + 1 < count ? args[i + 1] : NULL;
    if (arg[2 + length] == '=') return arg + 3 + length;
  }
  return NULL;
}

/// Whether PATH names a capture: a regular file that starts like a zip or is named *.zci (zip-head.ts).
static int isCapture(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  const int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  unsigned char head[4];
  const ssize_t got = pread(fd, head, sizeof head, 0);
  close(fd);
  if (got < 0) return 0;
  if (got == 4 && head[0] == 'P' && head[1] == 'K' &&
      ((head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6)))
    return 1;
  const size_t length = strlen(path);
  if (length < 4) return 0;
  const char *tail = path + length - 4;
  return tail[0] == '.' && (tail[1] | 0x20) == 'z' && (tail[2] | 0x20) == 'c' && (tail[3] | 0x20) == 'i';
}

int zci_prestart_decide(int argc, const char *const *argv, int *device) {
  int script = 1;
  for (; script < argc; script++) {
    const char *slash = strrchr(argv[script], '/');
    if (strcmp(slash ? slash + 1 : argv[script], ZCI_PRESTART_SCRIPT) == 0) break;
  }
  if (script + 1 >= argc) return 0;
  const char *command = argv[script + 1];
  if (strcmp(command, "inspect") != 0 && strcmp(command, "capture") != 0) return 0;
  const int count = argc - script - 2;
  const char *const *rest = argv + script + 2;
  const char *decode = optionValue(count, rest, "decode");
  if (decode && strcmp(decode, "software") == 0) return 0;
  for (int i = 0; i < count; i++)
    if (rest[i][0] != '-' && isCapture(rest[i])) return 0;
  const char *given = optionValue(count, rest, "device");
  double ordinal = 0;
  if (!jsNumber(given ? given : "0", &ordinal) || !(ordinal >= 0 && ordinal <= 63) || ordinal != (double)(int)ordinal)
    return 0;
  *device = (int)ordinal;
  return 1;
}
