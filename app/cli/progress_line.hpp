// One line of progress on stderr for a command that can run longer than about
// two seconds ("warpscope: export: slide 37 of 87 (05-padding-s03-reveal)"),
// redrawn in place and erased at the end, only when stderr is a terminal:
// piped or redirected, the command prints nothing more than without it, so
// stdout's and stderr's contracts are untouched (issue 37). `report` shows its
// simulation's percentage the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ws::cli {

class ProgressLine {
 public:
  // `task` names the command's work ("export", "compare"); on when stderr is a terminal.
  explicit ProgressLine(std::string task);
  ~ProgressLine();  // erases the line, where one was drawn
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // "warpscope: TASK: WHAT N of TOTAL (DETAIL)", in place of the last line.
  void show(std::string_view what, std::size_t n, std::size_t total, std::string_view detail = {});
  // Erases the line (before the command's own output on stderr, or at its end).
  void clear();
  bool on() const { return on_; }

 private:
  std::string task_;
  bool on_ = false;
  std::size_t drawn_ = 0;  // characters of the line on screen now
};

}  // namespace ws::cli
