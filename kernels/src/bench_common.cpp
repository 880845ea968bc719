// Parts of the GPU harness that need no CUDA.
#include <fmt/format.h>

#include <cctype>
#include <fstream>
#include <sstream>

#include "ws/kernels/bench.hpp"

namespace ws::kernels {

std::string GpuError::describe() const {
  if (no_gpu && code == 0) return what;
  std::string s = no_gpu ? "no GPU here: " : "";
  s += fmt::format("{} (CUDA error {})", what, code);
  if (!expr.empty()) s += fmt::format(" in {} at {}:{}", expr, file, line);
  return s;
}

std::string parse_nvrm_version(std::string_view text) {
  const std::size_t at = text.find("NVRM version:");
  if (at == std::string_view::npos) return {};
  std::string_view line = text.substr(at);
  line = line.substr(0, line.find('\n'));
  // Tokens are separated by spaces; the version is digits and at least one dot
  // ("x86_64" and "Module" are not, a date's "2025" has no dot).
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ') ++j;
    const std::string_view tok = line.substr(i, j - i);
    bool digits_and_dots = !tok.empty() && std::isdigit(static_cast<unsigned char>(tok.front()));
    for (char c : tok) digits_and_dots &= std::isdigit(static_cast<unsigned char>(c)) || c == '.';
    if (digits_and_dots && tok.find('.') != std::string_view::npos) return std::string(tok);
    i = j;
  }
  return {};
}

std::string read_driver_version() {
  std::ifstream f("/proc/driver/nvidia/version");
  if (!f) return {};
  std::stringstream ss;
  ss << f.rdbuf();
  return parse_nvrm_version(ss.str());
}

}  // namespace ws::kernels
