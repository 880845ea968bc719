// The Whole-kernel tab's Nsight Compute table (issue 25): `warpscope reconcile`
// for the kernel shown, against the GPU whose recordings the window shows
// (per source line where its Source page is recorded, else per space and
// operation), each row's cause as a short phrase with its meaning and evidence
// on hover. Reconciled once per report and measurement set, not per frame.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gui/app_state.hpp"
#include "ws/kernels/ncu_records.hpp"
#include "ws/kernels/reconcile.hpp"

namespace ws::gui {

struct NcuTableText {
  std::string title;                // "Nsight Compute on NVIDIA H100 ..., per space and operation"
  std::string status;               // why there is no table; empty when there is one
  std::vector<std::string> header;  // site ("all": kernel-wide), counter, sim., ncu, cause
  struct Row {
    std::vector<std::string> cells;
    std::string hover;      // the cause's meaning and this row's evidence
    bool differs = false;   // ncu's number is not the simulator's
    bool unexplained = false;
  };
  std::vector<Row> rows;
};

// "67108864" -> "67.1M": the table fits a third of a 1280-px window.
std::string compact_count(double v);

// The table's text for a reconciliation (or the status without one); `hidden`:
// a lesson conceals the counts, so every figure and cause reads "?".
NcuTableText ncu_table_text(const kernels::Reconciliation* r, const std::string& status, bool hidden);

// The warp stepper's line for the current instruction's source line, where ncu's
// Source page is recorded: "ncu: 2150000 wavefronts for this line (ideal 2097152;
// excess: L1 contention)". Empty at space-op granularity or without such a line.
std::string ncu_line_note(const kernels::Reconciliation& r, const SiteInfo& site);

// Reconciles the state's whole-kernel report with the shown measurement set's
// recordings when either changes.
class NcuReconciler {
 public:
  const kernels::Reconciliation* get(const AppState& state);
  const std::string& status() const { return status_; }

 private:
  // What the result was computed for: the job keeps its report at one address, so its kernel and parameters too.
  const void* report_ = nullptr;
  std::string kernel_;
  kernels::KernelParams params_;
  int kernel_serial_ = -1;
  const void* set_ = nullptr;
  std::string set_path_;
  std::optional<kernels::Reconciliation> result_;
  std::map<std::string, kernels::NcuRecords> records_;  // by GPU, read once
  std::string status_;
};

}  // namespace ws::gui
