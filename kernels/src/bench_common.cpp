// Parts of the GPU harness that need no CUDA.
#include <fmt/format.h>

#include "ws/kernels/bench.hpp"

namespace ws::kernels {

std::string GpuError::describe() const {
  if (no_gpu && code == 0) return what;
  std::string s = no_gpu ? "no GPU here: " : "";
  s += fmt::format("{} (CUDA error {})", what, code);
  if (!expr.empty()) s += fmt::format(" in {} at {}:{}", expr, file, line);
  return s;
}

}  // namespace ws::kernels
