// Timings: per kernel median time, GB/s, % of the copy bandwidth, speedup vs
// the naive kernel measured and predicted, as a table and a bar chart drawn
// with ImDrawList. Live from a background bench when a GPU exists, else from
// the recorded files, always labelled with the GPU and the date.
#pragma once

#include "gui/app_state.hpp"

namespace ws::gui {

class TimingsPanel {
 public:
  void Draw(AppState& state);

 private:
  void draw_source(AppState& state);
  void draw_table(AppState& state, const MeasurementSet& m);
  void draw_chart(AppState& state, const MeasurementSet& m);
};

// The kernel a kernel's speedup is measured against (catalog data), or empty.
std::string_view baseline_of(std::string_view kernel);

}  // namespace ws::gui
