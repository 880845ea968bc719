// The whole-kernel report in a background thread: an 8192² transpose takes up
// to half a second to simulate, which must not freeze the window. One job runs
// at a time; a request made while one runs replaces any earlier waiting request.
#pragma once

#include <future>
#include <memory>
#include <optional>
#include <string>

#include "ws/kernels/catalog.hpp"

namespace ws::gui {

struct ReportRequest {
  const kernels::KernelInfo* kernel = nullptr;
  kernels::KernelParams params;
  const ArchPreset* arch = nullptr;
  // Keeps *kernel alive while the job runs when it is not the catalog's (a student's
  // variant, replaced at the next keystroke).
  std::shared_ptr<const void> owner;
};

class WholeKernelJob {
 public:
  WholeKernelJob() = default;
  WholeKernelJob(const WholeKernelJob&) = delete;
  WholeKernelJob& operator=(const WholeKernelJob&) = delete;
  ~WholeKernelJob();  // waits for a running job: the catalog outlives it

  void request(const ReportRequest& r);
  void clear();  // the parameters are invalid: show nothing
  void poll();   // call once per frame; starts the waiting request when free
  void wait();   // screenshots and tests: block until the latest request is done

  bool busy() const { return running_.valid() || waiting_.has_value(); }
  // The report for the latest request, when it has finished; else nothing.
  const kernels::KernelReport* report() const { return current_ ? &*current_ : nullptr; }
  const std::string& error() const { return error_; }

 private:
  struct Outcome {
    std::optional<kernels::KernelReport> report;
    std::string error;
  };
  void start(const ReportRequest& r);

  std::future<Outcome> running_;
  std::optional<ReportRequest> waiting_;
  std::optional<kernels::KernelReport> current_;
  std::string error_;
  bool stale_ = false;  // the running job's request is no longer the latest
};

}  // namespace ws::gui
