// Code: the kernel's own source (the header its body lives in, named by the
// catalog), the current access site's line highlighted and kept in view. Long
// lines wrap to the panel's width (no horizontal scrolling), so the current
// instruction's whole line shows however narrow the panel is (1280 x 720).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "gui/app_state.hpp"
#include "ws/result.hpp"

namespace ws::gui {

// Finds a repo-relative path such as "kernels/include/ws/kernels/transpose.hpp":
// under the first data root that has it (ws/kernels/assets.hpp: $WARPSCOPE_DATA_DIR,
// an install's share/warpscope, the build folder's source tree). Empty when not found.
std::filesystem::path locate_source(std::string_view repo_relative);
// The lines of that source file, tabs expanded, read as every input is
// (kernels::read_input_file: a regular file only, at most kMaxCodeViewBytes);
// else the one-line reason the code view shows.
inline constexpr std::size_t kMaxCodeViewBytes = 4u << 20;  // a kernel header is 10-20 KB
Result<std::vector<std::string>> read_source_lines(std::string_view repo_relative);

// A row of a wrapped source line: characters [begin, end) of the line, drawn
// `indent` characters in (continuation rows: the line's indentation + 4).
struct CodeRow {
  int begin = 0, end = 0, indent = 0;
};
// Cuts `line` into rows of at most `columns` characters (indent included):
// after a space where one falls in the row, else mid-word. Spaces at a break
// are dropped; every other character is in exactly one row, in order.
std::vector<CodeRow> wrap_code_line(std::string_view line, int columns);
// Characters of source per row in a code view whose text area (inside the
// child's padding and scrollbar) is `text_width` px wide, with `char_width`
// px characters: the 5-character line-number gutter off.
int code_columns(float text_width, float char_width);
inline constexpr int kCodeGutterChars = 5;

class CodePanel {
 public:
  void Draw(AppState& state);
  // Last frame: characters per row, and whether the highlighted line's rows lay
  // wholly inside the view (both ways); tests read these.
  int columns() const { return columns_; }
  bool current_line_shown() const { return current_shown_; }
  int current_line_rows() const { return current_rows_; }

 private:
  void load(std::string_view repo_relative);
  std::string loaded_path_;
  std::vector<std::string> lines_;
  std::string load_error_;
  int scrolled_to_line_ = -1;  // scroll only when the highlighted line changes
  int scroll_frames_ = 0;  // frames left to bring a newly highlighted line wholly into view
  int columns_ = 0;
  bool current_shown_ = false;
  int current_rows_ = 0;
};

}  // namespace ws::gui
