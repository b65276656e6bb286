// The functions a shared library defines, read from its file's dynamic symbol table (.dynsym, found through the
// section headers). Every offset is checked against the file's size: a library that is not an ELF file of this
// process's class, or whose section headers were stripped, is reported as unreadable, never read past its end.
#include "driver_exports.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>

namespace zci::nvdec_pool {
namespace {

// A read-only view of a whole file, unmapped on scope exit.
class FileView {
public:
  explicit FileView(const char *path) {
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st {};
    if (fstat(fd, &st) == 0 && st.st_size > 0) {
      void *p = mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
      if (p != MAP_FAILED) {
        data_ = static_cast<const unsigned char *>(p);
        size_ = static_cast<size_t>(st.st_size);
      }
    }
    close(fd);
  }
  ~FileView() {
    if (data_) munmap(const_cast<unsigned char *>(data_), size_);
  }
  FileView(const FileView &) = delete;
  FileView &operator=(const FileView &) = delete;

  // The object of type T at offset, or nullptr when count of them do not fit in the file.
  template <typename T> const T *at(uint64_t offset, uint64_t count = 1) const {
    if (!data_ || offset > size_ || count > (size_ - offset) / sizeof(T)) return nullptr;
    return reinterpret_cast<const T *>(data_ + offset);
  }

private:
  const unsigned char *data_ = nullptr;
  size_t size_ = 0;
};

} // namespace

bool definedFunctions(const char *path, std::vector<std::string> &names, std::string *why) {
  const FileView file(path);
  const auto *eh = file.at<ElfW(Ehdr)>(0);
  if (!eh) {
    *why = "it could not be read";
    return false;
  }
  if (std::memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
      eh->e_ident[EI_CLASS] != (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32)) {
    *why = "it is no ELF file of this process's class";
    return false;
  }
  const auto *sections =
      eh->e_shentsize == sizeof(ElfW(Shdr)) ? file.at<ElfW(Shdr)>(eh->e_shoff, eh->e_shnum) : nullptr;
  if (!sections || eh->e_shnum == 0) {
    *why = "it has no section headers";
    return false;
  }
  for (size_t i = 0; i < eh->e_shnum; ++i) {
    const ElfW(Shdr) &sym = sections[i];
    if (sym.sh_type != SHT_DYNSYM) continue;
    if (sym.sh_entsize != sizeof(ElfW(Sym)) || sym.sh_link >= eh->e_shnum) break;
    const ElfW(Shdr) &str = sections[sym.sh_link];
    const auto *symbols = file.at<ElfW(Sym)>(sym.sh_offset, sym.sh_size / sizeof(ElfW(Sym)));
    const auto *strings = file.at<char>(str.sh_offset, str.sh_size);
    if (!symbols || !strings || str.sh_size == 0 || strings[str.sh_size - 1] != '\0') break;
    for (size_t s = 0; s < sym.sh_size / sizeof(ElfW(Sym)); ++s) {
      const ElfW(Sym) &e = symbols[s];
      const unsigned type = ELF64_ST_TYPE(e.st_info), binding = ELF64_ST_BIND(e.st_info);
      const bool function = type == STT_FUNC || type == STT_GNU_IFUNC;
      const bool visible = (binding == STB_GLOBAL || binding == STB_WEAK) && ELF64_ST_VISIBILITY(e.st_other) == 0;
      if (function && visible && e.st_shndx != SHN_UNDEF && e.st_name < str.sh_size)
        names.emplace_back(strings + e.st_name);
    }
    return true;
  }
  *why = "it has no readable dynamic symbol table";
  return false;
}

bool definesVersions(const link_map *map) {
  for (const ElfW(Dyn) *d = map ? map->l_ld : nullptr; d && d->d_tag != DT_NULL; ++d) {
    if (d->d_tag == DT_VERDEF) return true;
  }
  return false;
}

} // namespace zci::nvdec_pool
