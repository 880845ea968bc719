// kernels::ReportRun, the whole-kernel report in slices (the web page steps it
// between frames): stepped one probe or warp at a time it gives exactly the
// report report() gives in one go, it really stops between units, and a hook
// returning false ends it with nothing.
#include "ws/kernels/report_run.hpp"

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <string>

#include "ws/arch.hpp"
#include "ws/kernels/catalog.hpp"

namespace wk = ws::kernels;

namespace {

// A deadline already past: each step() does one unit of work and returns.
const auto kOneUnit = std::chrono::steady_clock::time_point::min();

void expect_same_counters(const wk::Counters& a, const wk::Counters& b, const std::string& where) {
  EXPECT_EQ(a.instructions, b.instructions) << where;
  EXPECT_EQ(a.wavefronts, b.wavefronts) << where;
  EXPECT_EQ(a.ideal_wavefronts, b.ideal_wavefronts) << where;
  EXPECT_EQ(a.bank_conflicts, b.bank_conflicts) << where;
  EXPECT_EQ(a.requests, b.requests) << where;
  EXPECT_EQ(a.sectors, b.sectors) << where;
  EXPECT_EQ(a.bytes_moved, b.bytes_moved) << where;
  EXPECT_EQ(a.bytes_used, b.bytes_used) << where;
  EXPECT_EQ(a.lines, b.lines) << where;
  EXPECT_EQ(a.block_lines, b.block_lines) << where;
  EXPECT_EQ(a.block_sectors, b.block_sectors) << where;
}

TEST(ReportRun, OneUnitAtATimeGivesTheReportOfOneGo) {
  // Odd sizes: edge blocks, several classes per axis; a matmul with barriers; a strided pattern.
  const std::pair<const char*, std::array<int, 3>> cases[] = {{"transpose_shared", {200, 136, 0}},
                                                              {"transpose_naive", {96, 72, 0}},
                                                              {"matmul_tiled", {64, 48, 80}},
                                                              {"smem_stride", {0, 0, 0}}};
  for (const auto& [name, size] : cases) {
    SCOPED_TRACE(name);
    const wk::KernelDescriptor& k = *wk::find_kernel(name);
    wk::KernelParams p = k.defaults;
    if (size[0]) {
      p.rows = size[0];
      p.cols = size[1];
      p.inner = size[2];
    }
    ASSERT_FALSE(wk::check_params(k, p, ws::default_preset()));
    const wk::KernelReport whole = wk::report(k, p, ws::default_preset(), ws::Dim3{1, 0, 0}, 1);

    wk::ReportRun run(k, p, ws::default_preset(), ws::Dim3{1, 0, 0}, 1);
    int steps = 1;
    while (!run.step(kOneUnit)) ++steps;
    const std::optional<wk::KernelReport> sliced = run.take();
    ASSERT_TRUE(sliced);
    EXPECT_GT(steps, 3) << "the run stops between units";

    ASSERT_EQ(sliced->sites.size(), whole.sites.size());
    for (std::size_t i = 0; i < whole.sites.size(); ++i) {
      EXPECT_EQ(sliced->sites[i].site.line, whole.sites[i].site.line);
      expect_same_counters(sliced->sites[i].kernel, whole.sites[i].kernel,
                           whole.sites[i].site.name + " kernel");
      expect_same_counters(sliced->sites[i].warp, whole.sites[i].warp, whole.sites[i].site.name + " warp");
    }
    expect_same_counters(sliced->shared_load, whole.shared_load, "shared load");
    expect_same_counters(sliced->global_store, whole.global_store, "global store");
    EXPECT_EQ(sliced->occupancy.blocks_per_sm, whole.occupancy.blocks_per_sm);
    EXPECT_EQ(sliced->simulated_seconds, whole.simulated_seconds);
  }
}

TEST(ReportRun, AHookReturningFalseEndsTheRunWithNothing) {
  const wk::KernelDescriptor& k = *wk::find_kernel("matmul_tiled");
  wk::KernelParams p = k.defaults;
  p.rows = p.cols = p.inner = 256;
  int calls = 0;
  wk::ReportRun run(k, p, ws::default_preset(), ws::Dim3{0, 0, 0}, 0, {[&](double) { return ++calls < 3; }});
  int steps = 1;
  while (!run.step(kOneUnit)) ++steps;
  EXPECT_EQ(calls, 3);
  EXPECT_FALSE(run.take());
  // Stopped within a unit of the refusal, long before the end (256 blocks of 8 warps).
  EXPECT_LT(steps, 100);
}

}  // namespace
