// The model's predictions of a list of (kernel, parameters) on one GPU's
// calibration, a slice at a time (gui/background.hpp): each kernel's whole-kernel
// report is a kernels::ReportRun stepped until the slice's deadline. Where the
// model cannot go (parameters the kernel refuses, more work than the window's
// limit, an error) the entry stays empty.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "gui/background.hpp"
#include "ws/kernels/catalog.hpp"
#include "ws/kernels/measurements.hpp"
#include "ws/kernels/prediction.hpp"
#include "ws/kernels/report_run.hpp"

namespace ws::gui {

using PredictionJobs = std::vector<std::pair<const kernels::KernelDescriptor*, kernels::KernelParams>>;
using Predictions = std::vector<std::optional<kernels::Prediction>>;

// The jobs' indices, the cheapest first by the work each simulation does (flops
// plus useful bytes; 0 for one the kernel refuses): the browser predicts in this
// order so that most rows fill in soon, the native threads in reverse so that
// the longest starts first.
std::vector<std::size_t> cheapest_first(const PredictionJobs& jobs);

class PredictionSlices {
 public:
  PredictionSlices(PredictionJobs jobs, kernels::Calibration calibration);
  // Works until `until` (at least one unit); the predictions once all are done.
  std::optional<Predictions> step(SliceClock::time_point until);
  // The entries predicted so far (the others empty), until step() returns them all.
  const Predictions& so_far() const { return out_; }
  // Predicts these entries (indices into the jobs) next, before the cheaper
  // ones: the kernel on screen does not wait behind the whole set.
  void put_first(const std::vector<std::size_t>& entries);

 private:
  PredictionJobs jobs_;
  kernels::Calibration calibration_;
  Predictions out_;
  std::vector<std::size_t> order_;         // the cheapest first: most rows fill in soon
  std::size_t next_ = 0;                   // into order_
  std::optional<kernels::ReportRun> run_;  // the report of jobs_[order_[next_]] under way
};

}  // namespace ws::gui
