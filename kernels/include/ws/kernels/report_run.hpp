// A whole-kernel report computed in slices: each step() simulates until a
// deadline and returns, so a caller without threads (the web page) can spread
// the work over its frames and stay responsive. report() is this run stepped
// to the end, so both give the same report.
#pragma once

#include <chrono>
#include <memory>
#include <optional>

#include "ws/kernels/catalog.hpp"

namespace ws::kernels {

class ReportRun {
 public:
  // As report(k, p, arch, block, warp, progress); `k`, `arch` must outlive the run.
  // The chosen warp is traced here; the whole kernel in the steps.
  ReportRun(const KernelDescriptor& k, const KernelParams& p, const ArchPreset& arch, Dim3 block, int warp,
            SimulationProgress progress = {});
  ~ReportRun();
  ReportRun(ReportRun&&) noexcept;
  ReportRun& operator=(ReportRun&&) noexcept;

  // Simulates until `until` has passed, at least one probe or one warp (a
  // warp of the tiled matmul at 4096^2 is a few milliseconds); true once
  // finished or cancelled (progress.on_progress returned false).
  bool step(std::chrono::steady_clock::time_point until);
  // The report once step() returned true; nothing when cancelled. Call once.
  std::optional<KernelReport> take();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ws::kernels
