// The whole-kernel report in the background (gui/background.hpp: a thread
// natively, slices between frames in the browser): a large kernel takes up to
// ~10 s to simulate within the work limit (ws/kernels/work.hpp), which must not
// freeze the window. One job runs at a time. It reports its progress, and the
// window can cancel it; a new request cancels the running job (its result
// would be thrown away) and starts once that job has stopped, within one warp's
// trace. A cancelled job shows nothing until it is run again.
#pragma once

#include <atomic>
#include <functional>
#include "gui/background.hpp"
#include <memory>
#include <optional>
#include <string>

#include "ws/kernels/catalog.hpp"

namespace ws::gui {

struct ReportRequest {
  const kernels::KernelDescriptor* kernel = nullptr;
  kernels::KernelParams params;
  const ArchPreset* arch = nullptr;
  // Keeps *kernel alive while the job runs when it is not the catalog's (a student's
  // variant, replaced at the next keystroke): a superseded job still reads it until it stops.
  std::shared_ptr<const void> owner;
};

struct ReportOutcome {
  std::optional<kernels::KernelReport> report;
  std::string error;       // refused (the work limit) or failed
  bool cancelled = false;  // the progress hook said stop: neither report nor error
};

// What a job runs, in one piece on its own thread; the default is
// kernels::report() behind kernels::check_work(), in slices (kernels::ReportRun).
// Tests pass their own to hold a job at a known point.
using ReportRunner = std::function<ReportOutcome(const ReportRequest&, const kernels::SimulationProgress&)>;

class WholeKernelJob {
 public:
  explicit WholeKernelJob(ReportRunner run = {});
  WholeKernelJob(const WholeKernelJob&) = delete;
  WholeKernelJob& operator=(const WholeKernelJob&) = delete;
  ~WholeKernelJob();  // cancels a running job and waits for it: the catalog outlives it

  void request(const ReportRequest& r);  // cancels the running job, if any
  void clear();   // the parameters are invalid: show nothing
  void cancel();  // the Cancel button: stop the latest request; cancelled() until rerun()
  void rerun();   // run the latest request again (after cancel())
  void poll();    // call once per frame; starts the waiting request when free
  void wait();    // screenshots and tests: block until the latest request is done

  bool busy() const { return running_.valid() || waiting_.has_value(); }
  // The report for the latest request, when it has finished; else nothing.
  const kernels::KernelReport* report() const { return current_ ? &*current_ : nullptr; }
  const std::string& error() const { return error_; }
  bool cancelled() const { return cancelled_; }
  // The latest request's fraction done, 0 to 1, while it runs (0 while it waits).
  double progress() const;
  // Jobs that stopped early because they were cancelled or superseded (tests read it).
  int stopped_early() const { return stopped_early_; }

 private:
  // Shared by the job's thread, which writes progress and reads cancel, and this object.
  struct Control {
    std::atomic<bool> cancel{false};
    std::atomic<double> progress{0.0};
  };
  void start(const ReportRequest& r);
  void stop_running();  // asks the running job to stop; its outcome will be dropped

  ReportRunner run_;  // empty: the default, sliced
  Background<ReportOutcome> running_;
  std::shared_ptr<Control> control_;       // the running job's
  std::optional<ReportRequest> waiting_;
  std::optional<ReportRequest> latest_;    // what rerun() runs again
  std::optional<kernels::KernelReport> current_;
  std::string error_;
  bool cancelled_ = false;
  bool stale_ = false;  // the running job's request is no longer the latest, or was cancelled
  int stopped_early_ = 0;
};

}  // namespace ws::gui
