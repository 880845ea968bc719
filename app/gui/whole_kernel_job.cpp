#include "gui/whole_kernel_job.hpp"

#include <chrono>
#include <exception>

#include "ws/kernels/report_run.hpp"
#include "ws/kernels/work.hpp"

namespace ws::gui {
namespace {

// The default job: the work limit checked, then kernels::report() as a
// ReportRun, stepped until each slice's deadline.
Background<ReportOutcome>::Step sliced_report(const ReportRequest& r, const kernels::SimulationProgress& progress) {
  auto run = std::make_shared<std::optional<kernels::ReportRun>>();
  return [r, progress, run](SliceClock::time_point until) -> std::optional<ReportOutcome> {
    if (!*run) {
      // Sizes that would take more than about a second are refused (the window's limit, ws/kernels/work.hpp).
      if (auto too_much = kernels::check_work(*r.kernel, r.params, r.arch->warp_lanes,
                                              kernels::kMaxWindowTracedAccesses)) {
        ReportOutcome o;
        o.error = *too_much;
        return o;
      }
      run->emplace(*r.kernel, r.params, *r.arch, Dim3{0, 0, 0}, 0, progress);
    }
    if (!(*run)->step(until)) return std::nullopt;
    ReportOutcome o;
    o.report = (*run)->take();
    o.cancelled = !o.report;
    return o;
  };
}

}  // namespace

WholeKernelJob::WholeKernelJob(ReportRunner run) : run_(std::move(run)) {}

WholeKernelJob::~WholeKernelJob() {
  if (!running_.valid()) return;
  control_->cancel = true;
  running_.wait();
}

void WholeKernelJob::request(const ReportRequest& r) {
  current_.reset();
  error_.clear();
  cancelled_ = false;
  latest_ = r;
  if (running_.valid()) {
    stop_running();
    waiting_ = r;
  } else {
    start(r);
  }
}

void WholeKernelJob::clear() {
  current_.reset();
  error_.clear();
  cancelled_ = false;
  waiting_.reset();
  latest_.reset();
  if (running_.valid()) stop_running();
}

void WholeKernelJob::cancel() {
  if (!busy()) return;  // finished: nothing to stop
  waiting_.reset();
  if (running_.valid()) stop_running();
  cancelled_ = true;
}

void WholeKernelJob::rerun() {
  if (latest_) request(*latest_);
}

void WholeKernelJob::stop_running() {
  control_->cancel = true;
  stale_ = true;
}

double WholeKernelJob::progress() const {
  return running_.valid() && !stale_ ? control_->progress.load(std::memory_order_relaxed) : 0.0;
}

void WholeKernelJob::start(const ReportRequest& r) {
  stale_ = false;
  control_ = std::make_shared<Control>();
  const kernels::SimulationProgress progress{[c = control_](double fraction) {
    c->progress.store(fraction, std::memory_order_relaxed);
    return !c->cancel.load(std::memory_order_relaxed);
  }};
  Background<ReportOutcome>::Step step =
      run_ ? [run = run_, r, progress](SliceClock::time_point) { return std::optional(run(r, progress)); }
           : sliced_report(r, progress);
  running_.start([step = std::move(step)](SliceClock::time_point until) -> std::optional<ReportOutcome> {
    try {
      return step(until);
    } catch (const std::exception& e) {
      ReportOutcome o;
      o.error = e.what();
      return o;
    }
  });
}

void WholeKernelJob::poll() {
  if (running_.ready()) {
    ReportOutcome o = running_.get();
    control_.reset();
    if (o.cancelled) ++stopped_early_;
    if (!stale_) {
      current_ = std::move(o.report);
      error_ = std::move(o.error);
      cancelled_ = o.cancelled;
    }
  }
  if (!running_.valid() && waiting_) {
    start(*waiting_);
    waiting_.reset();
  }
}

void WholeKernelJob::wait() {
  while (busy()) {
    if (running_.valid()) running_.wait();
    poll();
  }
}

}  // namespace ws::gui
