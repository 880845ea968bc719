#include "elf_symbols.hpp"

#include <cxxabi.h>
#include <elf.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <tuple>
#include <utility>

namespace ws::kernels::student {
namespace {

// "reduce(float const*, float*)::sdata" -> ("reduce", "sdata"); "ns::table" -> ("ns", "table")
std::pair<std::string, std::string> split_name(const char* mangled) {
  int status = 0;
  char* d = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  std::string name = status == 0 && d ? d : mangled;
  std::free(d);
  int depth = 0;
  std::size_t cut = 0;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (c == '(' || c == '<') ++depth;
    if (c == ')' || c == '>') --depth;
    if (depth == 0 && c == ':' && i + 1 < name.size() && name[i + 1] == ':') cut = i + 2;
  }
  if (cut == 0) return {"", name};
  std::string owner = name.substr(0, cut - 2);
  if (const auto paren = owner.find('('); paren != std::string::npos) owner.resize(paren);
  if (const auto angle = owner.find('<'); angle != std::string::npos) owner.resize(angle);
  return {owner, name.substr(cut)};
}

}  // namespace

std::vector<ElfObject> elf_objects(const std::filesystem::path& library, std::string& error) {
  std::ifstream in(library, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<ElfObject> out;
  auto fail = [&](const char* why) {
    error = library.string() + ": " + why;
    return std::vector<ElfObject>{};
  };
  if (bytes.size() < sizeof(Elf64_Ehdr) || std::memcmp(bytes.data(), ELFMAG, SELFMAG) != 0 ||
      bytes[EI_CLASS] != ELFCLASS64)
    return fail("not a 64-bit ELF file");
  Elf64_Ehdr eh;
  std::memcpy(&eh, bytes.data(), sizeof eh);
  if (eh.e_shoff == 0 || eh.e_shoff + std::uint64_t(eh.e_shnum) * sizeof(Elf64_Shdr) > bytes.size())
    return fail("no section table");
  std::vector<Elf64_Shdr> sh(eh.e_shnum);
  std::memcpy(sh.data(), bytes.data() + eh.e_shoff, eh.e_shnum * sizeof(Elf64_Shdr));
  auto in_file = [&](std::uint64_t off, std::uint64_t size) { return off + size <= bytes.size(); };
  if (eh.e_shstrndx >= sh.size() || !in_file(sh[eh.e_shstrndx].sh_offset, sh[eh.e_shstrndx].sh_size))
    return fail("no section names");
  const char* shstr = bytes.data() + sh[eh.e_shstrndx].sh_offset;
  for (const Elf64_Shdr& s : sh) {
    if (s.sh_type != SHT_SYMTAB || s.sh_link >= sh.size()) continue;
    const Elf64_Shdr& strtab = sh[s.sh_link];
    if (!in_file(s.sh_offset, s.sh_size) || !in_file(strtab.sh_offset, strtab.sh_size)) return fail("symbols out of the file");
    const std::size_t count = s.sh_size / sizeof(Elf64_Sym);
    for (std::size_t i = 0; i < count; ++i) {
      Elf64_Sym sym;
      std::memcpy(&sym, bytes.data() + s.sh_offset + i * sizeof(Elf64_Sym), sizeof sym);
      const int type = ELF64_ST_TYPE(sym.st_info);
      if ((type != STT_OBJECT && type != STT_FUNC) || sym.st_shndx == SHN_UNDEF || sym.st_shndx >= sh.size() ||
          sym.st_name >= strtab.sh_size)
        continue;
      ElfObject o;
      o.mangled = bytes.data() + strtab.sh_offset + sym.st_name;
      o.function = type == STT_FUNC;
      std::tie(o.owner, o.name) = split_name(bytes.data() + strtab.sh_offset + sym.st_name);
      o.section = shstr + sh[sym.st_shndx].sh_name;
      o.offset = sym.st_value;
      o.size = sym.st_size;
      out.push_back(std::move(o));
    }
  }
  return out;
}

}  // namespace ws::kernels::student
