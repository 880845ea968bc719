// Code: the kernel's own source (the header its body lives in, named by the
// catalog), the current access site's line highlighted and kept in view.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "gui/app_state.hpp"

namespace ws::gui {

// Finds a repo-relative path such as "kernels/include/ws/kernels/transpose.hpp":
// under the first data root that has it (ws/kernels/assets.hpp: $WARPSCOPE_DATA_DIR,
// an install's share/warpscope, the build folder's source tree). Empty when not found.
std::filesystem::path locate_source(std::string_view repo_relative);

class CodePanel {
 public:
  void Draw(AppState& state);

 private:
  void load(std::string_view repo_relative);
  std::string loaded_path_;
  std::vector<std::string> lines_;
  std::string load_error_;
  int scrolled_to_line_ = -1;  // scroll only when the highlighted line changes
};

}  // namespace ws::gui
