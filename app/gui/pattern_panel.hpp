// "Your variant" in lane-expression mode (variant_panel.hpp): a student types
// the byte address of each lane as an expression in `lane` (ws/pattern_input.hpp)
// and sees the bank map or the sector map of that access at once. Bad input shows its message; nothing is drawn from it.
#pragma once

#include <array>

#include "gui/app_state.hpp"

namespace ws::gui {

class PatternPanel {
 public:
  void Draw(AppState& state);

 private:
  std::array<char, 256> expr_{};
  std::array<char, 40> mask_{};
  bool synced_ = false;  // text buffers copied from the state once
};

}  // namespace ws::gui
