// Progress on stderr, only on a terminal (cli/progress_line.hpp).
#include "cli/progress_line.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

#include "ws/kernels/input_file.hpp"

namespace ws::cli {

ProgressLine::ProgressLine(std::string task) : task_(std::move(task)), on_(::isatty(STDERR_FILENO) != 0) {}

ProgressLine::~ProgressLine() { clear(); }

void ProgressLine::show(std::string_view what, std::size_t n, std::size_t total, std::string_view detail) {
  if (!on_) return;
  // A name from a file is escaped (kernels::printable): the line stays one line.
  std::string line = fmt::format("warpscope: {}: {} {} of {}", task_, what, n, total);
  if (!detail.empty()) line += fmt::format(" ({})", kernels::printable(detail, 60));
  // Spaces over what is left of a longer previous line.
  const std::size_t pad = drawn_ > line.size() ? drawn_ - line.size() : 0;
  fmt::print(stderr, "\r{}{:{}}", line, "", pad);
  std::fflush(stderr);
  drawn_ = line.size();
}

void ProgressLine::clear() {
  if (!on_ || drawn_ == 0) return;
  fmt::print(stderr, "\r{:{}}\r", "", drawn_);
  std::fflush(stderr);
  drawn_ = 0;
}

}  // namespace ws::cli
