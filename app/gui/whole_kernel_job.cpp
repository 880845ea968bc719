#include "gui/whole_kernel_job.hpp"

#include <chrono>
#include <exception>

#include "ws/kernels/work.hpp"

namespace ws::gui {

WholeKernelJob::~WholeKernelJob() {
  if (running_.valid()) running_.wait();
}

void WholeKernelJob::request(const ReportRequest& r) {
  current_.reset();
  error_.clear();
  if (running_.valid()) {
    stale_ = true;
    waiting_ = r;
  } else {
    start(r);
  }
}

void WholeKernelJob::clear() {
  current_.reset();
  error_.clear();
  waiting_.reset();
  if (running_.valid()) stale_ = true;
}

void WholeKernelJob::start(const ReportRequest& r) {
  stale_ = false;
  running_ = std::async(std::launch::async, [r]() {
    Outcome o;
    try {
      // Sizes that would take minutes are refused, as by `warpscope report` (ws/kernels/work.hpp).
      if (auto too_much = kernels::check_work(*r.kernel, r.params, r.arch->warp_lanes)) {
        o.error = *too_much;
        return o;
      }
      o.report = kernels::report(*r.kernel, r.params, *r.arch, Dim3{0, 0, 0}, 0);
    } catch (const std::exception& e) {
      o.error = e.what();
    }
    return o;
  });
}

void WholeKernelJob::poll() {
  if (running_.valid() && running_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    Outcome o = running_.get();
    if (!stale_) {
      current_ = std::move(o.report);
      error_ = std::move(o.error);
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
