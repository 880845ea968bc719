// The window's whole-kernel job (no display needed): its progress, the Cancel
// button's cancel() and "Run again", and a new request superseding a running
// job. A gated runner holds a job at a known point, so nothing here depends on
// timing; the AppState tests run the real simulation and assert only outcomes.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <thread>

#include "gui/app_state.hpp"

namespace ws::gui {
namespace {

// Runs a request with `held_rows` rows until `open`, reporting 0.25 meanwhile and
// returning cancelled when the job says stop; other requests finish at once.
struct Gate {
  int held_rows = 512;
  std::atomic<bool> open{false};
  std::atomic<int> started{0}, stopped{0};

  ReportRunner runner() {
    return [this](const ReportRequest& r, const kernels::SimulationProgress& progress) {
      ++started;
      ReportOutcome o;
      while (r.params.rows == held_rows && !open) {
        if (!progress.on_progress(0.25)) {
          ++stopped;
          o.cancelled = true;
          return o;
        }
        std::this_thread::yield();
      }
      progress.on_progress(1.0);
      o.report.emplace();
      o.report->kernel = std::string(r.kernel->name);
      o.report->params = r.params;
      return o;
    };
  }
  void wait_started(int n) const {
    while (started < n) std::this_thread::yield();
  }
};

ReportRequest request_rows(int rows, std::shared_ptr<const void> owner = nullptr) {
  ReportRequest r;
  r.kernel = kernels::find_kernel("transpose_shared");
  r.params = r.kernel->defaults;
  r.params.rows = r.params.cols = rows;
  r.arch = &default_preset();
  r.owner = std::move(owner);
  return r;
}

void wait_progress(const WholeKernelJob& job) {
  while (job.progress() == 0) std::this_thread::yield();
}

TEST(WholeKernelJob, ShowsProgressThenCancelStopsItAndRunAgainFinishesIt) {
  Gate gate;
  WholeKernelJob job(gate.runner());
  job.request(request_rows(512));
  gate.wait_started(1);
  wait_progress(job);
  EXPECT_EQ(job.progress(), 0.25);
  EXPECT_TRUE(job.busy());
  EXPECT_EQ(job.report(), nullptr);
  EXPECT_FALSE(job.cancelled());

  job.cancel();
  EXPECT_TRUE(job.cancelled()) << "the panel says cancelled at once, before the thread has stopped";
  EXPECT_EQ(job.progress(), 0.0);
  job.wait();
  EXPECT_EQ(gate.stopped, 1) << "the running simulation was told to stop";
  EXPECT_EQ(job.stopped_early(), 1);
  EXPECT_TRUE(job.cancelled());
  EXPECT_EQ(job.report(), nullptr) << "a cancelled job shows no report";
  EXPECT_TRUE(job.error().empty());
  EXPECT_FALSE(job.busy());

  gate.open = true;
  job.rerun();
  EXPECT_FALSE(job.cancelled());
  job.wait();
  EXPECT_EQ(gate.started, 2);
  ASSERT_NE(job.report(), nullptr);
  EXPECT_EQ(job.report()->params.rows, 512);
  EXPECT_FALSE(job.cancelled());
  EXPECT_EQ(job.stopped_early(), 1);
}

// Changing the parameters while a job runs stops that job instead of waiting for
// it; the variant it reads stays alive until it has stopped.
TEST(WholeKernelJob, NewRequestCancelsTheRunningJob) {
  Gate gate;
  WholeKernelJob job(gate.runner());
  auto owner = std::make_shared<int>(1);
  const std::weak_ptr<int> watched = owner;
  job.request(request_rows(512, owner));
  owner.reset();
  gate.wait_started(1);
  EXPECT_FALSE(watched.expired()) << "the running job keeps its descriptor's owner";

  job.request(request_rows(256));
  EXPECT_EQ(job.report(), nullptr);
  EXPECT_FALSE(job.cancelled()) << "superseded is not cancelled: the new request runs";
  job.wait();  // would never return if the held job were waited for rather than stopped
  EXPECT_EQ(gate.stopped, 1);
  EXPECT_EQ(job.stopped_early(), 1);
  EXPECT_EQ(gate.started, 2);
  ASSERT_NE(job.report(), nullptr);
  EXPECT_EQ(job.report()->params.rows, 256);
  EXPECT_FALSE(job.cancelled());
  EXPECT_TRUE(watched.expired()) << "released once the stopped job is collected";
}

// clear() (invalid parameters) stops a running job too and shows nothing.
TEST(WholeKernelJob, ClearStopsTheRunningJob) {
  Gate gate;
  WholeKernelJob job(gate.runner());
  job.request(request_rows(512));
  gate.wait_started(1);
  job.clear();
  job.wait();
  EXPECT_EQ(gate.stopped, 1);
  EXPECT_EQ(job.report(), nullptr);
  EXPECT_FALSE(job.cancelled());
  job.rerun();  // nothing to run again
  EXPECT_FALSE(job.busy());
}

// The destructor stops a held job rather than waiting for it forever.
TEST(WholeKernelJob, DestroyingStopsTheRunningJob) {
  Gate gate;
  {
    WholeKernelJob job(gate.runner());
    job.request(request_rows(512));
    gate.wait_started(1);
  }
  EXPECT_EQ(gate.stopped, 1);
}

kernels::KernelParams transpose(int n) {
  kernels::KernelParams p = kernels::find_kernel("transpose_shared")->defaults;
  p.rows = p.cols = n;
  return p;
}

// The real simulation through the window's model: the latest parameters' report
// wins, a cancelled job shows no report, and running it again gives the report.
TEST(WholeKernelJob, AppStateSupersedesCancelsAndRunsAgain) {
  AppState s;
  ASSERT_TRUE(s.select_kernel("transpose_shared"));
  s.set_params(transpose(8192));
  s.set_params(transpose(256));
  s.whole_kernel.wait();
  ASSERT_NE(s.whole_kernel.report(), nullptr) << s.whole_kernel.error();
  EXPECT_EQ(s.whole_kernel.report()->params.rows, 256);

  s.set_params(transpose(1024));
  s.whole_kernel.cancel();  // no tick() since the request: the job has not been collected
  EXPECT_TRUE(s.whole_kernel.cancelled());
  s.whole_kernel.wait();
  EXPECT_TRUE(s.whole_kernel.cancelled());
  EXPECT_EQ(s.whole_kernel.report(), nullptr);

  s.whole_kernel.rerun();
  s.whole_kernel.wait();
  ASSERT_NE(s.whole_kernel.report(), nullptr) << s.whole_kernel.error();
  EXPECT_EQ(s.whole_kernel.report()->params.rows, 1024);
  EXPECT_FALSE(s.whole_kernel.cancelled());
}

}  // namespace
}  // namespace ws::gui
