// The whole-kernel simulation's progress-and-cancel hook (SimulationProgress,
// report.cpp): fractions that only grow and end at 1, a coarse grain, the same
// counters as a run without a hook, and a hook returning false stops the run
// early with nothing returned. No timings: calls are counted.
#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>
#include <vector>

#include "ws/kernels/catalog.hpp"

namespace wk = ws::kernels;

namespace {

const wk::KernelDescriptor& kernel(const char* name) { return *wk::find_kernel(name); }

wk::KernelParams sized(const wk::KernelDescriptor& k, int rows, int cols) {
  wk::KernelParams p = k.defaults;
  p.rows = rows;
  p.cols = cols;
  return p;
}

void expect_same_counts(const wk::WholeKernel& a, const wk::WholeKernel& b) {
  ASSERT_EQ(a.sites.size(), b.sites.size());
  EXPECT_EQ(a.blocks_simulated, b.blocks_simulated);
  for (std::size_t i = 0; i < a.sites.size(); ++i) {
    EXPECT_EQ(a.counters[i].instructions, b.counters[i].instructions) << a.sites[i].name;
    EXPECT_EQ(a.counters[i].wavefronts, b.counters[i].wavefronts) << a.sites[i].name;
    EXPECT_EQ(a.counters[i].sectors, b.counters[i].sectors) << a.sites[i].name;
    EXPECT_EQ(a.counters[i].block_sectors, b.counters[i].block_sectors) << a.sites[i].name;
  }
}

// Every fraction the hook saw, for a run that is never stopped.
struct Recorder {
  std::vector<double> seen;
  wk::SimulationProgress hook() {
    return {[this](double f) {
      seen.push_back(f);
      return true;
    }};
  }
};

void expect_monotonic_to_one(const std::vector<double>& seen) {
  ASSERT_FALSE(seen.empty());
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_LE(seen[i - 1], seen[i]) << "call " << i;
  EXPECT_GE(seen.front(), 0.0);
  EXPECT_EQ(seen.back(), 1.0);
  EXPECT_EQ(std::count(seen.begin(), seen.end(), 1.0), 1) << "1 is said once, at the end";
}

TEST(SimulationProgress, FractionsGrowToOneAndCountsMatchARunWithoutHook) {
  for (const char* name : {"transpose_shared", "matmul_tiled", "transpose_naive"}) {
    SCOPED_TRACE(name);
    const wk::KernelDescriptor& k = kernel(name);
    wk::KernelParams p = sized(k, 256, 192);
    if (std::string_view(name) == "matmul_tiled") p.inner = 256;  // keeps every block short
    for (auto sampling : {wk::BlockSampling::EquivalenceClasses, wk::BlockSampling::EveryBlock}) {
      Recorder rec;
      const auto hooked = wk::simulate_whole_kernel(k, p, ws::default_preset(), sampling, wk::PathRule::SplitPaths,
                                                    rec.hook());
      ASSERT_TRUE(hooked.has_value());
      expect_monotonic_to_one(rec.seen);
      EXPECT_GT(rec.seen.size(), 2u) << "progress is reported while it runs, not only at the end";
      expect_same_counts(*hooked, wk::simulate_whole_kernel(k, p, ws::default_preset(), sampling));
    }
  }
}

// Coarse grain: at most about 1000 calls however many warps are traced
// (transpose_shared 2048^2, every block: 4096 blocks of 8 warps).
TEST(SimulationProgress, CalledAtACoarseGrain) {
  const wk::KernelDescriptor& k = kernel("transpose_shared");
  Recorder rec;
  const auto w = wk::simulate_whole_kernel(k, sized(k, 2048, 2048), ws::default_preset(),
                                           wk::BlockSampling::EveryBlock, wk::PathRule::SplitPaths, rec.hook());
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->blocks_simulated, 4096u);
  expect_monotonic_to_one(rec.seen);
  EXPECT_LE(rec.seen.size(), 1002u);
  EXPECT_GE(rec.seen.size(), 100u);
}

// A hook that says stop at its n-th call: the run ends there, far short of a full one's calls.
TEST(SimulationProgress, FalseStopsTheSimulationAndReturnsNothing) {
  const wk::KernelDescriptor& k = kernel("transpose_shared");
  const wk::KernelParams p = sized(k, 2048, 2048);
  Recorder full;
  ASSERT_TRUE(wk::simulate_whole_kernel(k, p, ws::default_preset(), wk::BlockSampling::EveryBlock,
                                        wk::PathRule::SplitPaths, full.hook()));
  for (int stop_at : {1, 3, 50}) {
    SCOPED_TRACE(stop_at);
    int calls = 0;
    double last = 0;
    const wk::SimulationProgress stop{[&](double f) {
      last = f;
      return ++calls < stop_at;
    }};
    EXPECT_FALSE(wk::simulate_whole_kernel(k, p, ws::default_preset(), wk::BlockSampling::EveryBlock,
                                           wk::PathRule::SplitPaths, stop));
    EXPECT_EQ(calls, stop_at) << "no call after the one that said stop";
    EXPECT_LT(last, 1.0);
    EXPECT_LT(std::size_t(calls) * 10, full.seen.size());
  }
}

TEST(SimulationProgress, CancelledReportIsNothingAndAFullOneEqualsThePlainReport) {
  const wk::KernelDescriptor& k = kernel("matmul_tiled");
  const wk::KernelParams p = sized(k, 2048, 1024);
  const ws::Dim3 block{1, 0, 0};
  int calls = 0;
  EXPECT_FALSE(wk::report(k, p, ws::default_preset(), block, 2, {[&](double) { return ++calls < 2; }}));
  EXPECT_EQ(calls, 2);

  Recorder rec;
  const auto hooked = wk::report(k, p, ws::default_preset(), block, 2, rec.hook());
  ASSERT_TRUE(hooked.has_value());
  expect_monotonic_to_one(rec.seen);
  const wk::KernelReport plain = wk::report(k, p, ws::default_preset(), block, 2);
  ASSERT_EQ(hooked->sites.size(), plain.sites.size());
  for (std::size_t i = 0; i < plain.sites.size(); ++i) {
    EXPECT_EQ(hooked->sites[i].kernel.wavefronts, plain.sites[i].kernel.wavefronts);
    EXPECT_EQ(hooked->sites[i].kernel.sectors, plain.sites[i].kernel.sectors);
    EXPECT_EQ(hooked->sites[i].warp.instructions, plain.sites[i].warp.instructions);
  }
  EXPECT_EQ(hooked->shared_load.wavefronts, plain.shared_load.wavefronts);
  EXPECT_EQ(hooked->global_load.sectors, plain.global_load.sectors);
}

// "Stop" at the last call (fraction 1) still means stop: no result.
TEST(SimulationProgress, FalseAtTheEndStillCancels) {
  const wk::KernelDescriptor& k = kernel("transpose_shared");
  bool saw_one = false;
  const wk::SimulationProgress stop_at_end{[&](double f) {
    saw_one = f == 1.0;
    return f < 1.0;
  }};
  EXPECT_FALSE(wk::report(k, sized(k, 256, 256), ws::default_preset(), ws::Dim3{0, 0, 0}, 0, stop_at_end));
  EXPECT_TRUE(saw_one);
}

// An empty hook is no hook.
TEST(SimulationProgress, EmptyHookRunsToTheEnd) {
  const wk::KernelDescriptor& k = kernel("transpose_padded");
  EXPECT_TRUE(wk::report(k, sized(k, 256, 256), ws::default_preset(), ws::Dim3{0, 0, 0}, 0, {}));
}

}  // namespace
