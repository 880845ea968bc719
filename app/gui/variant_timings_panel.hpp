// "Your variant" (the results panel's tab, shown while a variant is the current
// kernel): its predicted time beside the catalog kernels it stands beside, on the
// GPU the Timings tab shows (or the first recorded calibration), their recorded
// times where the parameters match, and "Run on GPU": the variant compiled with
// NVRTC, checked and timed in the background with the kernels beside it.
#pragma once

#include <string>

#include "gui/app_state.hpp"

namespace ws::gui {

class VariantTimingsPanel {
 public:
  void Draw(AppState& state);

 private:
  void draw_table(AppState& state);
  void draw_run(AppState& state);
};

// Why "Run on GPU" is off, one line ("no GPU here: ..."); empty when it can run.
std::string run_blocked_reason(const AppState& state);

}  // namespace ws::gui
