#include "nvcv/nvcv_loader.h"

#include "nvcv/cvcuda_api.h"

#include <dlfcn.h>
#include <glob.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>

namespace zci {
namespace {

std::mutex gMutex;
std::string gExplicitPath;

bool isDir(const std::string &p) {
  struct stat st {};
  return stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::vector<std::string> globAll(const std::string &pattern) {
  std::vector<std::string> out;
  glob_t g{};
  if (glob(pattern.c_str(), 0, nullptr, &g) == 0) {
    for (size_t i = 0; i < g.gl_pathc; ++i)
      out.emplace_back(g.gl_pathv[i]);
  }
  globfree(&g);
  return out;
}

// site-packages folders of the Python installations on this machine, where the CV-CUDA wheels put their libraries.
std::vector<std::string> sitePackages() {
  std::vector<std::string> dirs;
  if (FILE *p = popen("python3 -c 'import site,sysconfig;print(sysconfig.get_paths()[\"purelib\"]);"
                      "print(\"\\n\".join(site.getsitepackages()));print(site.getusersitepackages())' 2>/dev/null",
                      "r")) {
    char line[4096];
    while (fgets(line, sizeof line, p)) {
      std::string s(line);
      while (!s.empty() && (s.back() == '\n' || s.back() == '\r'))
        s.pop_back();
      if (!s.empty()) dirs.push_back(s);
    }
    pclose(p);
  }
  const char *home = std::getenv("HOME");
  const char *venv = std::getenv("VIRTUAL_ENV");
  std::vector<std::string> patterns = {"/usr/lib/python3*/site-packages", "/usr/lib/python3/dist-packages",
                                       "/usr/local/lib/python3*/site-packages",
                                       "/usr/local/lib/python3*/dist-packages"};
  if (venv) patterns.push_back(std::string(venv) + "/lib/python3*/site-packages");
  if (home) {
    patterns.push_back(std::string(home) + "/.local/lib/python3*/site-packages");
    patterns.push_back(std::string(home) + "/.pyenv/versions/*/lib/python3*/site-packages");
  }
  for (const auto &pat : patterns) {
    for (auto &d : globAll(pat))
      dirs.push_back(d);
  }
  return dirs;
}

// Candidate files for a library stem ("libnvcv_types") in search order; the Python wheels' folders, which cost a
// Python start-up to find, only when wheels is true.
std::vector<std::string> candidates(const std::string &stem, const std::string &explicitPath, bool wheels) {
  std::vector<std::string> out;
  auto inFolder = [&](const std::string &dir) {
    for (auto &f : globAll(dir + "/" + stem + ".so*"))
      out.push_back(f);
    for (auto &f : globAll(dir + "/" + stem + "-*.so*"))
      out.push_back(f); // the wheels' hashed names
  };
  if (wheels) {
    for (const auto &dir : sitePackages()) {
      inFolder(dir + "/cvcuda_cu13.libs");
      inFolder(dir + "/cvcuda_cu12.libs");
    }
    return out;
  }
  if (!explicitPath.empty()) {
    if (isDir(explicitPath)) {
      inFolder(explicitPath);
      for (const char *sub : {"/lib", "/cvcuda_cu13.libs", "/cvcuda_cu12.libs"})
        inFolder(explicitPath + sub);
    } else if (explicitPath.find(stem) != std::string::npos) {
      out.push_back(explicitPath);
    } else {
      // a file path for the other library: look beside it
      auto slash = explicitPath.rfind('/');
      if (slash != std::string::npos) inFolder(explicitPath.substr(0, slash));
    }
  }
  out.push_back(stem + ".so.0"); // the system library path (ldconfig, LD_LIBRARY_PATH)
  out.push_back(stem + ".so");
  return out;
}

std::string explicitSetting() {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!gExplicitPath.empty()) return gExplicitPath;
  const char *env = std::getenv("ZCI_NVCV_PATH");
  return env ? env : "";
}

// A library named by path is code someone put there: load it only when its owner is this user or root and no one
// else may write it (the dynamic loader's own search path is the system's business).
bool trusted(const std::string &c, std::string &why) {
  if (c.find('/') == std::string::npos) return true;
  struct stat st {};
  if (stat(c.c_str(), &st) != 0) return true; // dlopen reports the missing file itself
  if (st.st_uid != getuid() && st.st_uid != 0) {
    why = c + " is owned by user " + std::to_string(st.st_uid) + ", not by this user or root: not loaded";
    return false;
  }
  if (st.st_mode & (S_IWGRP | S_IWOTH)) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%03o", static_cast<unsigned>(st.st_mode & 0777));
    why = c + " is writable by others (mode " + mode + "): not loaded";
    return false;
  }
  return true;
}

bool tryLoad(const std::string &c, const char *probeSymbol, LoadedLibrary &lib, std::string &lastError,
             std::string &refused) {
  lib.searched.push_back(c);
  if (!trusted(c, lastError)) {
    refused += (refused.empty() ? "" : "; ") + lastError;
    return false;
  }
  void *h = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    lastError = dlerror();
    return false;
  }
  if (!dlsym(h, probeSymbol)) {
    lastError = c + " lacks " + probeSymbol;
    dlclose(h);
    return false;
  }
  lib.loaded = true;
  lib.handle = h;
  char resolved[4096] = {0};
  const auto slash = c.rfind('/');
  lib.path = dlinfo(h, RTLD_DI_ORIGIN, resolved) == 0
                 ? std::string(resolved) + "/" + (slash == std::string::npos ? c : c.substr(slash + 1))
                 : c;
  return true;
}

LoadedLibrary loadFirst(const std::string &stem, const char *probeSymbol) {
  LoadedLibrary lib;
  std::string lastError, refused;
  for (bool wheels : {false, true}) {
    for (const auto &c : candidates(stem, explicitSetting(), wheels)) {
      if (tryLoad(c, probeSymbol, lib, lastError, refused)) return lib;
    }
  }
  lib.error = stem + " was not found (" + std::to_string(lib.searched.size()) + " places searched; " +
              (refused.empty() ? "" : "refused: " + refused + "; ") + "last error: " + lastError + ")";
  return lib;
}

struct State {
  LoadedLibrary nvcvLib, cvcudaLib;
  NvcvApi api{};
  bool apiOk = false;
  bool nvcvTried = false, cvcudaTried = false;
};

State &state() {
  static State s;
  return s;
}

std::mutex gLoadMutex;

template <typename Fn> bool bind(void *h, const char *name, Fn &fn, std::string &missing) {
  fn = reinterpret_cast<Fn>(dlsym(h, name));
  if (!fn && missing.empty()) missing = name;
  return fn != nullptr;
}

void loadNvcv() {
  State &s = state();
  if (s.nvcvTried) return;
  s.nvcvTried = true;
  s.nvcvLib = loadFirst("libnvcv_types", "nvcvImageWrapDataConstruct");
  if (!s.nvcvLib.loaded) return;
  void *h = s.nvcvLib.handle;
  NvcvApi &a = s.api;
  std::string missing;
  bool ok = true;
#define ZCI_BIND(member, symbol) ok = bind(h, #symbol, a.member, missing) && ok
  ZCI_BIND(getVersion, nvcvGetVersion);
  ZCI_BIND(getLastErrorMessage, nvcvGetLastErrorMessage);
  ZCI_BIND(statusGetName, nvcvStatusGetName);
  ZCI_BIND(imageWrapDataConstruct, nvcvImageWrapDataConstruct);
  ZCI_BIND(imageDecRef, nvcvImageDecRef);
  ZCI_BIND(imageExportData, nvcvImageExportData);
  ZCI_BIND(imageGetFormat, nvcvImageGetFormat);
  ZCI_BIND(imageGetSize, nvcvImageGetSize);
  ZCI_BIND(imageFormatGetName, nvcvImageFormatGetName);
  ZCI_BIND(imageFormatGetNumPlanes, nvcvImageFormatGetNumPlanes);
  ZCI_BIND(imageFormatGetPlaneBitsPerPixel, nvcvImageFormatGetPlaneBitsPerPixel);
  ZCI_BIND(imageFormatGetPlaneSize, nvcvImageFormatGetPlaneSize);
  ZCI_BIND(makeYCbCrImageFormat, nvcvMakeYCbCrImageFormat);
  ZCI_BIND(tensorWrapDataConstruct, nvcvTensorWrapDataConstruct);
  ZCI_BIND(tensorExportData, nvcvTensorExportData);
  ZCI_BIND(tensorDecRef, nvcvTensorDecRef);
  ZCI_BIND(tensorLayoutMake, nvcvTensorLayoutMake);
#undef ZCI_BIND
  if (!ok) {
    s.nvcvLib.loaded = false;
    s.nvcvLib.error = s.nvcvLib.path + " lacks " + missing + " (an NVCV older than the inspector supports)";
    return;
  }
  const uint32_t v = a.getVersion();
  s.nvcvLib.version = std::to_string(v / 1000000) + "." + std::to_string(v / 10000 % 100) + "." +
                      std::to_string(v / 100 % 100) + (v % 100 ? "." + std::to_string(v % 100) : "");
  s.apiOk = true;
}

} // namespace

void setLibraryPath(const std::string &path) {
  std::lock_guard<std::mutex> lock(gMutex);
  gExplicitPath = path;
}

const NvcvApi *nvcv() {
  std::lock_guard<std::mutex> lock(gLoadMutex);
  loadNvcv();
  return state().apiOk ? &state().api : nullptr;
}

const LoadedLibrary &nvcvStatus() {
  nvcv();
  return state().nvcvLib;
}

const LoadedLibrary &cvcudaStatus() {
  nvcv();
  std::lock_guard<std::mutex> lock(gLoadMutex);
  State &s = state();
  if (!s.cvcudaTried) {
    s.cvcudaTried = true;
    if (!s.nvcvLib.loaded) {
      s.cvcudaLib.error = "libcvcuda needs libnvcv_types, which did not load";
    } else {
      s.cvcudaLib = loadFirst("libcvcuda", "cvcudaResizeCreate");
      if (s.cvcudaLib.loaded) s.cvcudaLib.version = s.nvcvLib.version; // CV-CUDA ships both at one version
    }
  }
  return s.cvcudaLib;
}

const CvcudaApi *cvcudaApi() {
  static CvcudaApi api{};
  static bool ok = false;
  static std::once_flag once;
  std::call_once(once, [] {
    const LoadedLibrary &lib = cvcudaStatus();
    if (!lib.loaded) return;
    std::string missing;
    bool all = true;
#define ZCI_BIND(member, symbol) all = bind(lib.handle, #symbol, api.member, missing) && all
    ZCI_BIND(operatorDestroy, nvcvOperatorDestroy);
    ZCI_BIND(advCvtColorCreate, cvcudaAdvCvtColorCreate);
    ZCI_BIND(advCvtColorSubmit, cvcudaAdvCvtColorSubmit);
    ZCI_BIND(resizeCreate, cvcudaResizeCreate);
    ZCI_BIND(resizeSubmit, cvcudaResizeSubmit);
    ZCI_BIND(gaussianCreate, cvcudaGaussianCreate);
    ZCI_BIND(gaussianSubmit, cvcudaGaussianSubmit);
    ZCI_BIND(flipCreate, cvcudaFlipCreate);
    ZCI_BIND(flipSubmit, cvcudaFlipSubmit);
    ZCI_BIND(thresholdCreate, cvcudaThresholdCreate);
    ZCI_BIND(thresholdSubmit, cvcudaThresholdSubmit);
#undef ZCI_BIND
    ok = all;
  });
  return ok ? &api : nullptr;
}

std::string nvcvErrorText(NVCVStatus status) {
  const NvcvApi *a = nvcv();
  if (!a) return "NVCV status " + std::to_string(static_cast<int>(status));
  char msg[NVCV_MAX_STATUS_MESSAGE_LENGTH] = {0};
  a->getLastErrorMessage(msg, sizeof msg);
  return std::string(a->statusGetName(status)) + ": " + msg;
}

} // namespace zci
