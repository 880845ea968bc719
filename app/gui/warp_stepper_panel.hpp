// Warp stepper: block, warp and access site, with buttons, keys (handled by the
// workbench) and playback; and how each lane of the warp maps to a thread
// (tx, ty), with the arithmetic spelled out: thread id = tx + ty * blockDim.x,
// warp id = id / W, lane id = id % W (W: the preset's warp size, 32 or 4).
#pragma once

#include "gui/app_state.hpp"
#include "gui/ncu_table.hpp"

namespace ws::gui {

class WarpStepperPanel {
 public:
  void Draw(AppState& state);

 private:
  void draw_cursor(AppState& state);
  void draw_lane_threads(const AppState& state);
  NcuReconciler ncu_;  // ncu's count for the current line, where its Source page is recorded
};

// "tile_load, line 42: shared load, 4 bytes (after barrier 1)".
std::string site_description(const SiteInfo& s, int phase);

}  // namespace ws::gui
