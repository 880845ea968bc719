// The host side of a family file: global arrays as recorded arrays, the trace
// of one thread, and the name of the variant the parameters select.
#pragma once

#include <cxxabi.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <typeinfo>

#include "ws/kernels/host_recording.hpp"

namespace ws::kernels {

struct HostMemory {};

template <class T>
In<T> input(HostMemory&, const char* name, int rows, int cols) {
  return global_array<const T>(name, rows, cols);
}
template <class T>
Out<T> output(HostMemory&, const char* name, int rows, int cols) {
  return global_array<T>(name, rows, cols);
}

// The compiler reads `bytes` of a shared array's row at once where the body's
// unrolled loop reads consecutive elements (AccessRecorder::read_rows_as_vectors).
inline void compiler_reads_rows_as_vectors(HostMemory&, const char* array, int bytes) {
  tracing->read_rows_as_vectors(array, bytes);
}

// Runs the variant's body for the thread threadIdx/blockIdx describe.
template <class Set>
void host_run(const KernelParams& p) {
  HostMemory m;
  if (!Set::visit(p, [&](auto variant) { decltype(variant)::type::run(m, p); }))
    throw std::logic_error("no compiled variant for these parameters (check_params should have refused them)");
}

// The variant's C++ name as the demangler prints it, e.g. "ws::kernels::TransposePadded<32, 8>".
std::string demangled(const char* mangled);

template <class Set>
std::string variant_name(const KernelParams& p) {
  std::string name;
  Set::visit(p, [&](auto variant) { name = demangled(typeid(typename decltype(variant)::type).name()); });
  return name;
}

}  // namespace ws::kernels
