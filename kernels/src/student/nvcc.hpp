// The CUDA toolkit on a student's file: nvcc's cubin (for --run, and for the
// SASS), nvdisasm's listing of it with source lines, and what that listing says
// each line's memory instructions are.
#pragma once

#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "ws/access.hpp"
#include "ws/kernels/student.hpp"

namespace ws::kernels::student {

// nvcc -cubin -arch=sm_<cc> -lineinfo of the file itself, cached by content; the error is nvcc's.
std::variant<std::filesystem::path, std::string> nvcc_cubin(const StudentSource& src, int cc);

// "reduce<256>" names "void reduce<256>(float*, ...)" and "reduce(float const*, float*, int)".
bool names_entry(std::string demangled, const std::string& entry);

// nvdisasm -g -c of the sm_90 cubin: the SASS with "//## File ..., line N" before
// each line's instructions. The error says which tool is missing.
SassListing sass_listing(const StudentSource& src);

// One SASS memory instruction of the entry: its source line, space, op and width.
struct SassAccess {
  int line = 0;
  Space space = Space::Shared;
  Op op = Op::Load;
  int bytes = 4;
  std::string text;  // "LDS.128 R8, [R3+0x10]"
};
// The entry's memory instructions in a listing (only lines of `source_path`).
std::vector<SassAccess> sass_accesses(const std::string& listing, const std::string& source_path,
                                      const std::string& entry);

}  // namespace ws::kernels::student
