// Whole kernel: the report's counters for every warp of every block, per
// access site and in total, and Nsight Compute's counts of a real GPU beside
// the simulated ones, each difference with its cause (ncu_table.hpp), when the
// recorded run used these parameters.
#pragma once

#include <optional>
#include <string>

#include "gui/app_state.hpp"
#include "gui/figure_text.hpp"
#include "gui/ncu_table.hpp"

namespace ws::gui {

class WholeKernelPanel {
 public:
  void Draw(AppState& state);
  // Last frame: every column of both tables had its full content width (no
  // column clipped); the widest table's content width in px. Tests read these.
  bool tables_fit() const { return tables_fit_; }
  float tables_width() const { return tables_width_; }

 private:
  void note_table_fit();  // before EndTable
  bool tables_fit_ = true;
  float tables_width_ = 0;
  void draw_progress(WholeKernelJob& job);
  void draw_sites(const kernels::KernelReport& r, const WholeKernelText& t);
  void draw_totals(const WholeKernelText& t);
  void draw_ncu(const NcuTableText& t);
  NcuReconciler ncu_;
};

}  // namespace ws::gui
