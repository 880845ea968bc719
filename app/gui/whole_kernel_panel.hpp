// Whole kernel: the report's counters for every warp of every block, per
// access site and in total, with the Nsight Compute counters recorded on a real
// GPU beside the simulated ones when the recorded run used these parameters.
#pragma once

#include <optional>
#include <string>

#include "gui/app_state.hpp"
#include "gui/figure_text.hpp"

namespace ws::gui {

// The ncu metric recorded for a total row and a counter: e.g. shared load
// wavefronts -> l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum.
std::string ncu_metric(Space space, Op op, std::string_view counter);

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
};

}  // namespace ws::gui
