// Code paths: an edge warp whose lanes take the unrolled interior path and the
// bounds-checked edge path of a row loop issues each access once per path on
// the GPU; the tracer must count both (docs/hardware-model.md, "How the tracer
// counts instructions"). The four shapes below were measured with Nsight
// Compute on an H200 (sm_90) with the straight-line/checked row loop the
// transposes use: l1tex__t_requests_pipe_lsu_mem_global_op_{ld,st}.sum and
// l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "ws/kernels/catalog.hpp"

namespace wk = ws::kernels;

namespace {

wk::KernelParams shape(int rows, int cols, int tile, int block_rows) {
  wk::KernelParams p = wk::find_kernel("transpose_naive")->defaults;
  p.rows = rows;
  p.cols = cols;
  p.tile = tile;
  p.block_rows = block_rows;
  return p;
}

// Whole-kernel counters of every site with this name, added up.
wk::Counters named(const wk::WholeKernel& w, const char* name) {
  wk::Counters c;
  for (std::size_t i = 0; i < w.sites.size(); ++i)
    if (w.sites[i].name == name) c.add(w.counters[i]);
  return c;
}

wk::WholeKernel whole(const char* kernel, const wk::KernelParams& p, wk::PathRule paths) {
  return wk::simulate_whole_kernel(*wk::find_kernel(kernel), p, ws::default_preset(),
                                   wk::BlockSampling::EquivalenceClasses, paths);
}

struct Measured {
  int rows, cols, tile, block_rows;
  std::uint64_t load_requests, store_requests, store_sectors;
};

}  // namespace

TEST(CodePaths, StraddlingWarpsMatchNsightCompute) {
  const Measured measured[] = {{45, 27, 16, 4, 52, 52, 765}, {31, 33, 8, 2, 95, 95, 675}};
  for (const Measured& m : measured) {
    SCOPED_TRACE(testing::Message() << m.rows << " x " << m.cols << ", tile " << m.tile << " x " << m.block_rows);
    const auto w = whole("transpose_naive", shape(m.rows, m.cols, m.tile, m.block_rows), wk::PathRule::SplitPaths);
    const auto load = named(w, "in_load"), store = named(w, "out_store");
    EXPECT_EQ(load.instructions, m.load_requests);
    EXPECT_EQ(load.requests, m.load_requests);
    EXPECT_EQ(store.requests, m.store_requests);
    EXPECT_EQ(store.sectors, m.store_sectors);
    // Merging the paths (the tracer's old rule) undercounts exactly these shapes.
    const auto merged = whole("transpose_naive", shape(m.rows, m.cols, m.tile, m.block_rows), wk::PathRule::MergePaths);
    EXPECT_LT(named(merged, "in_load").instructions, m.load_requests);
  }
}

TEST(CodePaths, EveryBlockAgreesWithTheEquivalenceClasses) {
  const auto p = shape(45, 27, 16, 4);
  const auto& k = *wk::find_kernel("transpose_padded");
  const auto fast = wk::simulate_whole_kernel(k, p, ws::default_preset(), wk::BlockSampling::EquivalenceClasses);
  const auto all = wk::simulate_whole_kernel(k, p, ws::default_preset(), wk::BlockSampling::EveryBlock);
  ASSERT_EQ(fast.sites.size(), all.sites.size());
  for (std::size_t i = 0; i < fast.sites.size(); ++i) {
    EXPECT_EQ(fast.counters[i].instructions, all.counters[i].instructions) << fast.sites[i].name;
    EXPECT_EQ(fast.counters[i].wavefronts, all.counters[i].wavefronts) << fast.sites[i].name;
    EXPECT_EQ(fast.counters[i].sectors, all.counters[i].sectors) << fast.sites[i].name;
  }
}

// Where no warp can hold lanes on both paths, splitting changes nothing: a tile
// 32 wide makes each warp one thread row (all its lanes share y), and a matrix
// made of whole tiles has no edge path at all.
TEST(CodePaths, SplittingChangesNothingWithoutStraddlingWarps) {
  std::mt19937 rng(2026);
  const char* kernels[] = {"copy", "transpose_naive", "transpose_shared", "transpose_padded", "transpose_rotated",
                           "transpose_xor"};
  for (int trial = 0; trial < 40; ++trial) {
    const bool one_row_per_warp = trial % 2 == 0;
    const int tile = one_row_per_warp ? 32 : 1 << (1 + rng() % 5);
    const int block_rows = std::min(tile, 1 << (rng() % 4));
    const int rows = one_row_per_warp ? 1 + int(rng() % 200) : tile * (1 + int(rng() % 6));
    const int cols = one_row_per_warp ? 1 + int(rng() % 200) : tile * (1 + int(rng() % 6));
    const char* kernel = kernels[rng() % std::size(kernels)];
    SCOPED_TRACE(testing::Message() << kernel << " " << rows << " x " << cols << ", tile " << tile << " x "
                                    << block_rows);
    const auto p = shape(rows, cols, tile, block_rows);
    ASSERT_FALSE(wk::check_params(*wk::find_kernel(kernel), p, ws::default_preset()));
    const auto split = whole(kernel, p, wk::PathRule::SplitPaths);
    const auto merged = whole(kernel, p, wk::PathRule::MergePaths);
    ASSERT_EQ(split.sites.size(), merged.sites.size());
    for (std::size_t i = 0; i < split.sites.size(); ++i) {
      EXPECT_EQ(split.counters[i].instructions, merged.counters[i].instructions) << split.sites[i].name;
      EXPECT_EQ(split.counters[i].wavefronts, merged.counters[i].wavefronts) << split.sites[i].name;
      EXPECT_EQ(split.counters[i].sectors, merged.counters[i].sectors) << split.sites[i].name;
    }
  }
}
