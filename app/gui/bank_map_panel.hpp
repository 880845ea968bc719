// Bank map: bank columns x wavefront rows for the current shared instruction;
// each lane a chip in the wavefront that serves it, shared words under a
// broadcast badge, and the conflict headline.
#pragma once

#include "gui/app_state.hpp"
#include "gui/bank_map_layout.hpp"

#include <imgui.h>

namespace ws::gui {

class BankMapPanel {
 public:
  void Draw(AppState& state);
  // The layout drawn by the last frame (tests and the frame benchmark read it).
  const BankMapLayout& last_layout() const { return layout_; }

 private:
  void draw_map(const AppState& state, ImVec2 origin);
  void draw_tooltip(const AppState& state, const BankMapChip& chip);
  BankMapLayout layout_;
};

// One line under the headline: instruction kind, active lanes, groups (S3).
std::string shared_instruction_summary(const WarpAccess& a, const SharedResult& r);

}  // namespace ws::gui
