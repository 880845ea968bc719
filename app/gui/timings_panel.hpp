// Timings: the GPU the measurements come from (recorded files, or a live bench
// on this machine's GPU), and for the current kernel its measured time with the
// spread, the model's prediction on that GPU, its limiter and the lesson pairs
// it belongs to as paired bars. "Measured vs predicted" opens every pair and
// every kernel side by side (comparison_view.hpp).
#pragma once

#include "gui/app_state.hpp"

namespace ws::gui {

class TimingsPanel {
 public:
  void Draw(AppState& state);

 private:
  void draw_source(AppState& state);
  void draw_current(AppState& state, const MeasurementSet& m);
  int selected_pair_ = -1;  // in the comparison window
};

}  // namespace ws::gui
