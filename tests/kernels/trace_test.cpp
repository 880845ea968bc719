// The tracer on known kernels: the counts every GPU course quotes, taken from
// the kernel bodies themselves (S1-S7, G1-G2 of docs/hardware-model.md).
#include <gtest/gtest.h>

#include <set>

#include "ws/global_analysis.hpp"
#include "ws/kernels/catalog.hpp"
#include "ws/shared_analysis.hpp"

namespace wk = ws::kernels;
using ws::Dim3;

namespace {

wk::KernelParams defaults(const char* name) { return wk::find_kernel(name)->defaults; }

const ws::TracedInstruction& first_at(const ws::WarpTrace& w, const char* site) {
  for (const auto& ti : w.instructions)
    if (w.sites[ti.site].name == site) return ti;
  ADD_FAILURE() << "no instruction at site " << site;
  return w.instructions.front();
}

// The first instruction of the named site with the highest source line (a
// body with two stores to `out`, the second phase's one).
const ws::TracedInstruction& first_at_last_site(const ws::WarpTrace& w, const char* site) {
  const ws::TracedInstruction* found = nullptr;
  for (const auto& ti : w.instructions)
    if (w.sites[ti.site].name == site && (!found || w.sites[ti.site].line > w.sites[found->site].line)) found = &ti;
  if (!found) ADD_FAILURE() << "no instruction at site " << site;
  return found ? *found : w.instructions.front();
}

int wavefronts(const ws::WarpTrace& w, const char* site) {
  return ws::analyze_shared(first_at(w, site).access, ws::default_preset()).wavefronts;
}
int sectors(const ws::WarpTrace& w, const char* site) { return ws::analyze_global(first_at(w, site).access).sectors; }

ws::WarpTrace trace(const char* name, wk::KernelParams p, Dim3 block = {0, 0, 0}, int warp = 0) {
  return wk::trace_warp(*wk::find_kernel(name), p, block, warp);
}

}  // namespace

TEST(Trace, TransposeTileColumnReadConflictsUnlessPaddedRotatedOrXored) {
  EXPECT_EQ(wavefronts(trace("transpose_shared", defaults("transpose_shared")), "tile_load"), 32);  // 32-way
  EXPECT_EQ(wavefronts(trace("transpose_padded", defaults("transpose_padded")), "tile_load"), 1);
  EXPECT_EQ(wavefronts(trace("transpose_rotated", defaults("transpose_rotated")), "tile_load"), 1);
  EXPECT_EQ(wavefronts(trace("transpose_xor", defaults("transpose_xor")), "tile_load"), 1);
  EXPECT_EQ(wavefronts(trace("transpose_shared", defaults("transpose_shared")), "tile_store"), 1);
}

TEST(Trace, GlobalSectorsOfCopyAndNaiveTranspose) {
  const auto naive = trace("transpose_naive", defaults("transpose_naive"));
  EXPECT_EQ(sectors(naive, "in_load"), 4);     // 128 contiguous bytes
  EXPECT_EQ(sectors(naive, "out_store"), 32);  // one row per lane
  EXPECT_EQ(sectors(trace("copy", defaults("copy")), "out_store"), 4);
  auto p = defaults("transpose_fast");
  p.swizzle = 0;
  const auto fast = trace("transpose_fast", p);
  EXPECT_EQ(sectors(fast, "in_load"), 16);   // 2 rows x 256 bytes
  EXPECT_EQ(sectors(fast, "out_store"), 16);  // 16 rows x one full sector
  EXPECT_EQ(first_at(fast, "out_store").access.bytes, 16);
  const auto staged = trace("transpose_fast", defaults("transpose_fast"));
  EXPECT_EQ(ws::analyze_global(first_at_last_site(staged, "out_store").access).sectors, 16);  // 2 rows x 256 bytes
  EXPECT_EQ(wavefronts(staged, "tile_store"), 4);  // STS.128, swizzled: no conflict
  EXPECT_EQ(wavefronts(staged, "tile_load"), 4);
}

TEST(Trace, PhasesAndProgramOrder) {
  const auto w = trace("transpose_padded", defaults("transpose_padded"));
  ASSERT_EQ(w.instructions.size(), 16u);  // 4 loads and 4 stores per phase, 32 / 8 rows each
  auto site = [&](int i) { return w.sites[w.instructions[i].site].name; };
  for (int i = 0; i < 4; ++i) {  // in source order: each row read, then stored
    EXPECT_EQ(site(2 * i), "in_load") << i;
    EXPECT_EQ(site(2 * i + 1), "tile_store") << i;
    EXPECT_EQ(site(8 + 2 * i), "tile_load") << i;
    EXPECT_EQ(site(8 + 2 * i + 1), "out_store") << i;
  }
  EXPECT_EQ(w.instructions[7].phase, 0);
  EXPECT_EQ(w.instructions[8].phase, 1);
}

TEST(Trace, ArraysDescribeTheirGeometry) {
  const auto w = trace("transpose_padded", defaults("transpose_padded"));
  ASSERT_EQ(w.arrays.size(), 3u);
  EXPECT_EQ(w.arrays[2].name, "tile");
  EXPECT_EQ(w.arrays[2].space, ws::Space::Shared);
  EXPECT_EQ(w.arrays[2].pitch, 33);
  EXPECT_EQ(w.arrays[2].base, 0u);
  EXPECT_EQ(w.arrays[1].rows, 8192);
  EXPECT_NE(w.arrays[0].base, w.arrays[1].base);
  EXPECT_EQ(w.arrays[0].base % 256, 0u);
  EXPECT_EQ(w.arrays[1].base % 256, 0u);
  EXPECT_GE(w.arrays[1].base, w.arrays[0].base + 8192ull * 8192 * 4);
}

// A padded tile is a little wider than tall (tile[32][33]: one padding column);
// ldmatrix's tile[32][64] of 2-byte elements is a wide tile with no padding.
TEST(Trace, OnlyALittleExtraWidthIsPadding) {
  const auto padded = trace("transpose_padded", defaults("transpose_padded"));
  EXPECT_EQ(padded.arrays[2].cols, 32);
  EXPECT_EQ(padded.arrays[2].pitch, 33);
  const auto wide = trace("ldmatrix_swizzle", defaults("ldmatrix_swizzle"));
  bool found = false;
  for (const auto& a : wide.arrays)
    if (a.name == "tile") {
      found = true;
      EXPECT_EQ(a.cols, 64);
      EXPECT_EQ(a.pitch, 64);
    }
  EXPECT_TRUE(found);
}

TEST(Trace, EdgeBlockLanesAreInactive) {
  // 1111 x 113 int, 32 x 8 blocks: block column 3 covers input columns 96..127, so lanes 17..31 skip.
  auto p = defaults("transpose_nonsquare_int");
  const auto w = trace("transpose_nonsquare_int", p, Dim3{3, 0, 0}, 0);
  EXPECT_EQ(first_at(w, "in_load").access.active_mask, 0x1ffffu);
  // The last block row: input rows 1088..1110 are output columns, so lanes 23..31
  // neither read their column of the tile nor store it (one `if` guards both).
  const auto last = trace("transpose_nonsquare_int", p, Dim3{0, 34, 0}, 0);
  EXPECT_EQ(first_at(last, "out_store").access.active_mask, 0x7fffffu);
  EXPECT_EQ(first_at(last, "tile_load").access.active_mask, 0x7fffffu);
}

TEST(Trace, LdmatrixSwizzleSpreadsRowsOverAllBanks) {
  auto p = defaults("ldmatrix_swizzle");
  const auto swizzled = trace("ldmatrix_swizzle", p);
  const auto& ldsm = first_at(swizzled, "tile_ldmatrix");
  EXPECT_EQ(ldsm.access.ldmatrix, ws::Ldmatrix::X4);
  EXPECT_EQ(wavefronts(swizzled, "tile_ldmatrix"), 4);
  p.swizzle = 0;
  EXPECT_EQ(wavefronts(trace("ldmatrix_swizzle", p), "tile_ldmatrix"), 32);
  EXPECT_EQ(wavefronts(swizzled, "tile_store"), 4);  // STS.128: four quarter-warps, no conflict
}

TEST(Trace, StridePatternsMatchTheMeasuredExamples) {
  auto p = defaults("smem_stride");
  const std::pair<int, int> four_byte[] = {{1, 1}, {2, 2}, {3, 1}, {16, 16}, {32, 32}, {33, 1}};
  for (auto [stride, expected] : four_byte) {
    p.stride = stride;
    p.bytes = 4;
    EXPECT_EQ(wavefronts(trace("smem_stride", p), "buf_load"), expected) << "stride " << stride;
  }
  p.bytes = 8;
  p.stride = 2;
  EXPECT_EQ(wavefronts(trace("smem_stride", p), "buf_load"), 4);  // LDS.64 stride 2: 4 wavefronts
  p.bytes = 16;
  p.stride = 1;
  EXPECT_EQ(wavefronts(trace("smem_stride", p), "buf_load"), 4);  // LDS.128 stride 1
}

TEST(Trace, BroadcastAndMatmulTiles) {
  auto p = defaults("smem_broadcast");
  for (int k : {1, 2, 32}) {
    p.stride = k;
    EXPECT_EQ(wavefronts(trace("smem_broadcast", p), "buf_load"), 1) << k << " distinct words";
  }
  auto m = defaults("matmul_tiled");
  m.tile = 32;
  const auto w = trace("matmul_tiled", m);
  const auto& mds = first_at(w, "mds_load").access;
  for (int lane = 1; lane < 32; ++lane) EXPECT_EQ(mds.address[lane], mds.address[0]);  // Mds[ty][k]: one word
  // Mds[ty][k .. k + 3] is one LDS.128 (as the compiler emits it): a 16-byte
  // broadcast, paired lanes served as two groups of 16, one wavefront each (S3, S4).
  EXPECT_EQ(mds.bytes, 16);
  EXPECT_EQ(wavefronts(w, "mds_load"), 2);
  EXPECT_EQ(wavefronts(w, "nds_load"), 1);
}

TEST(Trace, ToyPresetWarpsOfFourLanes) {
  const auto w = wk::trace_warp(*wk::find_kernel("transpose_shared"), defaults("transpose_shared"), Dim3{0, 0, 0}, 1, 4);
  EXPECT_EQ(w.lanes_in_warp, 4);
  EXPECT_EQ(w.lane_thread[0].x, 4);  // warp 1 of 4 lanes starts at thread 4
  EXPECT_EQ(first_at(w, "in_load").access.active_mask, 0xfu);
}
