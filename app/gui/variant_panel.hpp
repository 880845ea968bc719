// "Your variant" (the memory panel's tab): a student types
//   - a lane expression: one instruction's addresses (the own pattern, PatternPanel);
//   - a tile layout in r, c, T for the shared-memory transpose; or
//   - an access pattern in lane, i for the shared-memory microbenchmark.
// A layout or pattern is made into a kernel at every edit (AppState::apply_variant),
// so the bank map, shared array, code, warp stepper and whole-kernel panel show it
// at once; a refused expression shows its message and the last good variant stays.
// Its predicted and measured times are VariantTimingsPanel's.
#pragma once

#include <array>

#include "gui/app_state.hpp"
#include "gui/pattern_panel.hpp"

namespace ws::gui {

class VariantPanel {
 public:
  // `entered`: the tab was not shown last frame (a layout typed earlier is made the
  // current kernel again if a catalog kernel was picked since).
  void Draw(AppState& state, bool entered);

 private:
  void draw_layout(AppState& state, bool entered);
  void draw_pattern(AppState& state, bool entered);
  PatternPanel lane_expression_;
  std::array<char, 256> layout_{};
  std::array<char, 256> pattern_{};
  bool synced_ = false;  // text buffers copied from the state once
};

// The editor's expression made the current kernel when it is not already (mode
// switched, tab re-entered after a catalog kernel was picked).
void ensure_variant_shown(AppState& state);

}  // namespace ws::gui
