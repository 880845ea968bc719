// The whole-kernel fast path (one block per equivalence class, report.cpp)
// against brute force over every block, on small and odd sizes.
#include <gtest/gtest.h>

#include "ws/kernels/catalog.hpp"

namespace wk = ws::kernels;

namespace {

struct Case {
  const char* kernel;
  int rows, cols, tile, block_rows, inner = 0;
};

void expect_same(const Case& c, const ws::ArchPreset& arch) {
  const wk::KernelDescriptor& k = *wk::find_kernel(c.kernel);
  wk::KernelParams p = k.defaults;
  p.rows = c.rows;
  p.cols = c.cols;
  p.tile = c.tile;
  p.block_rows = c.block_rows;
  p.inner = c.inner;
  ASSERT_FALSE(wk::check_params(k, p, arch)) << *wk::check_params(k, p, arch);
  const auto fast = wk::simulate_whole_kernel(k, p, arch, wk::BlockSampling::EquivalenceClasses);
  const auto all = wk::simulate_whole_kernel(k, p, arch, wk::BlockSampling::EveryBlock);
  const auto lc = wk::launch_config(k, p);
  EXPECT_EQ(all.blocks_simulated, static_cast<std::uint64_t>(lc.grid.count()));
  EXPECT_LE(fast.blocks_simulated, all.blocks_simulated);
  ASSERT_EQ(fast.sites.size(), all.sites.size());
  for (std::size_t i = 0; i < all.sites.size(); ++i) {
    SCOPED_TRACE(std::string(c.kernel) + " " + std::to_string(c.rows) + "x" + std::to_string(c.cols) + " site " +
                 all.sites[i].name);
    const auto &a = fast.counters[i], &b = all.counters[i];
    EXPECT_EQ(a.instructions, b.instructions);
    EXPECT_EQ(a.wavefronts, b.wavefronts);
    EXPECT_EQ(a.ideal_wavefronts, b.ideal_wavefronts);
    EXPECT_EQ(a.bank_conflicts, b.bank_conflicts);
    EXPECT_EQ(a.requests, b.requests);
    EXPECT_EQ(a.sectors, b.sectors);
    EXPECT_EQ(a.bytes_requested, b.bytes_requested);
    EXPECT_EQ(a.lines, b.lines);
    EXPECT_EQ(a.block_lines, b.block_lines);
    EXPECT_EQ(a.block_sectors, b.block_sectors);
  }
}

}  // namespace

TEST(Equivalence, TransposesOnOddSizes) {
  const Case cases[] = {
      {"transpose_naive", 100, 37, 32, 8},       {"transpose_shared", 100, 37, 32, 8},
      {"transpose_padded", 64, 96, 32, 8},       {"transpose_rotated", 37, 100, 16, 4},
      {"transpose_xor", 111, 13, 16, 16},        {"transpose_nonsquare_int", 111, 13, 32, 8},
      {"transpose_nonsquare_int", 1111, 113, 32, 8}, {"copy", 100, 37, 32, 8},
      {"transpose_padded", 45, 71, 2, 1},        {"transpose_shared", 50, 70, 4, 2},
      {"transpose_fast", 100, 36, 32, 2},        {"transpose_fast", 68, 200, 64, 4},
      {"transpose_fast", 100, 36, 32, 4},        {"transpose_fast", 132, 260, 128, 16},
  };
  for (const Case& c : cases) expect_same(c, ws::default_preset());
}

TEST(Equivalence, LargeGridsCollapseToAFewClasses) {
  const wk::KernelDescriptor& k = *wk::find_kernel("transpose_padded");
  const auto w = wk::simulate_whole_kernel(k, k.defaults, ws::default_preset(), wk::BlockSampling::EquivalenceClasses);
  EXPECT_LE(w.blocks_simulated, 4u);  // 8192 x 8192: 65536 blocks, one class (no edges, all offsets % 32 == 0)
}

TEST(Equivalence, MatmulAndPatterns) {
  const Case cases[] = {
      {"matmul_naive", 37, 29, 16, 8, 45}, {"matmul_tiled", 37, 29, 16, 8, 45},
      {"matmul_tiled", 9, 11, 2, 8, 7},    {"matmul_tiled", 64, 40, 32, 8, 33},
      {"ldmatrix_swizzle", 96, 64, 32, 8},
  };
  for (const Case& c : cases) expect_same(c, ws::default_preset());
}

TEST(Equivalence, OtherPresets) {
  expect_same({"transpose_shared", 100, 37, 16, 8}, *ws::find_preset("sm1x"));
  expect_same({"transpose_padded", 40, 24, 8, 4}, *ws::find_preset("toy4"));
}
