// What a loaded library exports, read from its ELF file and its dynamic section (driver_exports.cc).
#pragma once

#include <link.h>

#include <string>
#include <vector>

namespace zci::nvdec_pool {

// Appends the name of every function the library at path defines and exports (its dynamic symbol table: defined,
// global or weak, default visibility). False, with why, when its file cannot be read as such.
bool definedFunctions(const char *path, std::vector<std::string> &names, std::string *why);

// Whether the loaded library defines symbol versions (a DT_VERDEF entry in its dynamic section).
bool definesVersions(const link_map *map);

} // namespace zci::nvdec_pool
