// The whole-kernel fast path (one block per equivalence class, report.cpp)
// against brute force over every block, on small and odd sizes.
#include <gtest/gtest.h>

#include "equivalence_check.hpp"
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
  wk::test::expect_classes_match_every_block(k, p, arch);
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

// Whatever the catalog holds: a kernel added to it is checked here with no line
// of its own, at the first small odd sizes it accepts.
TEST(Equivalence, EveryCatalogKernelAtOddSizes) {
  const ws::ArchPreset& arch = ws::default_preset();
  for (const wk::KernelDescriptor& k : wk::catalog()) {
    const auto p = wk::test::odd_sizes(k, arch);
    ASSERT_TRUE(p) << k.name << " accepts none of odd_sizes()'s shapes: give it one (equivalence_check.hpp)";
    wk::test::expect_classes_match_every_block(k, *p, arch);
  }
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
