#include "gui/prediction_slices.hpp"

#include <algorithm>
#include <exception>

#include "ws/arch.hpp"
#include "ws/kernels/work.hpp"

namespace ws::gui {

std::vector<std::size_t> cheapest_first(const PredictionJobs& jobs) {
  std::vector<std::pair<double, std::size_t>> cost;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const auto& [k, p] = jobs[i];
    const bool runs = k && !kernels::check_params(*k, p, default_preset());
    cost.emplace_back(runs ? kernels::flops(*k, p) + static_cast<double>(kernels::useful_bytes(*k, p)) : 0.0,
                      i);
  }
  std::stable_sort(cost.begin(), cost.end());
  std::vector<std::size_t> order;
  for (const auto& c : cost) order.push_back(c.second);
  return order;
}

PredictionSlices::PredictionSlices(PredictionJobs jobs, kernels::Calibration calibration)
    : jobs_(std::move(jobs)),
      calibration_(std::move(calibration)),
      out_(jobs_.size()),
      order_(cheapest_first(jobs_)) {}

void PredictionSlices::put_first(const std::vector<std::size_t>& entries) {
  // The entry under way (run_) keeps its place; the rest of the order is re-sorted
  // stably with the wanted ones in front.
  const std::size_t from = next_ + (run_ ? 1 : 0);
  if (from >= order_.size()) return;
  auto wanted = [&](std::size_t i) { return std::find(entries.begin(), entries.end(), i) != entries.end(); };
  std::stable_partition(order_.begin() + static_cast<std::ptrdiff_t>(from), order_.end(), wanted);
}

std::optional<Predictions> PredictionSlices::step(SliceClock::time_point until) {
  do {
    if (next_ == jobs_.size()) return std::move(out_);
    const std::size_t i = order_[next_];
    const auto& [k, p] = jobs_[i];
    try {
      if (!run_) {
        // A file's sizes could ask for minutes of simulation: no prediction then.
        if (!k || kernels::check_params(*k, p, default_preset()) ||
            kernels::check_work(*k, p, default_preset().warp_lanes)) {
          ++next_;
          continue;
        }
        run_.emplace(*k, p, default_preset(), Dim3{0, 0, 0}, 0);
      }
      if (!run_->step(until)) return std::nullopt;
      if (std::optional<kernels::KernelReport> r = run_->take())
        out_[i] = kernels::predict(*k, *r, calibration_);
    } catch (const std::exception&) {
      // A kernel the simulator cannot run at these sizes gets no prediction.
    }
    run_.reset();
    ++next_;
  } while (SliceClock::now() < until);
  return next_ == jobs_.size() ? std::optional<Predictions>(std::move(out_)) : std::nullopt;
}

}  // namespace ws::gui
