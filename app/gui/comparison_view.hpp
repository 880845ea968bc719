// Measured against predicted, for the Timings tab and its "Measured vs
// predicted" window: lesson pairs as paired speedup bars (measured with the
// launches' spread, predicted from the GPU's calibration), the error, each
// side's limiter and the model's sentence; every measured kernel with its time.
#pragma once

#include <string>
#include <vector>

#include "gui/timings_model.hpp"

namespace ws::gui {

struct PairView {
  const Measurement* baseline = nullptr;
  const Measurement* variant = nullptr;
  const kernels::Prediction* baseline_predicted = nullptr;  // null while computing or without calibration
  const kernels::Prediction* variant_predicted = nullptr;
  double measured = 0, lowest = 0, highest = 0;  // speedup; lowest/highest 0 when no spread was recorded
  double predicted = 0;                          // 0 when unknown
  std::string label;                             // "transpose_shared -> transpose_padded"
  std::string sentence;                          // the model's, empty when unknown
  double error() const { return predicted > 0 ? predicted / measured - 1 : 0; }
};

std::vector<PairView> pair_views(const TimingsModel& t);

// "0.195 ms (0.190-0.211)": the median and, when recorded, the spread.
std::string measured_text(const Measurement& m);

// Two bars on a log axis from 1x: measured (blue, with the spread as a whisker)
// above predicted (orange). Claims `width` x one text line.
void speedup_bars(const PairView& p, float width, double axis_lo, double axis_hi);
// The log axis that holds every pair's bars.
void speedup_axis(const std::vector<PairView>& pairs, double* lo, double* hi);

// The window itself, while t.comparison_open; it opens on the current kernel's pair.
void draw_comparison_window(TimingsModel& t, int* selected_pair, std::string_view current_kernel);

}  // namespace ws::gui
