// The data objects of a compiled kernel library, from its ELF symbol table: where
// each __shared__ array (section ws_shared), __device__ variable (.data, .bss)
// and __constant__ one lies, by its name as the student wrote it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace ws::kernels::student {

struct ElfObject {
  std::string mangled;  // as in the symbol table
  bool function = false;
  std::string name;     // demangled, its last component: "sdata" of "reduce(float*)::sdata"
  std::string owner;    // what it belongs to: "reduce" for a static of reduce(), "" at file scope
  std::string section;  // "ws_shared", ".bss", ...
  std::uint64_t offset = 0;  // from the library's load base
  std::uint64_t size = 0;
};

// Data objects and functions. Empty with `error` set when the file is not a readable 64-bit ELF.
std::vector<ElfObject> elf_objects(const std::filesystem::path& library, std::string& error);

}  // namespace ws::kernels::student
