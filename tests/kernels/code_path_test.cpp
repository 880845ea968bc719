// Code paths: an edge warp whose lanes take the unrolled interior path and the
// bounds-checked edge path of a row loop issues each access once per path on
// the GPU; the tracer must count both (docs/hardware-model.md, "How the tracer
// counts instructions"). The four shapes below were measured with Nsight
// Compute on an H200 (sm_90) with the straight-line/checked row loop the
// transposes use: l1tex__t_requests_pipe_lsu_mem_global_op_{ld,st}.sum and
// l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum.
// Code paths: an edge warp whose lanes take the unrolled interior path and the
// bounds-checked edge path of a row loop issues each access once per path on
// the GPU; the tracer must count both (docs/hardware-model.md, "How the tracer
// counts instructions"). The catalog's bodies no longer split a warp (their
// adapters choose the checked or unchecked copy per block: tile_bounds.hpp),
// so this file keeps the body that was measured: the naive transpose as the
// catalog had it until 2026-11-27, whose row loop chose its path per thread,
// registered here as a kernel of its own. The two shapes below were measured
// with Nsight Compute on an H200 (sm_90) with that body:
// l1tex__t_requests_pipe_lsu_mem_global_op_{ld,st}.sum and
// l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "family.hpp"     // kernels/src: TileShapes, host_run, variant_name, ceil_div
#include "reference.hpp"  // expect_transpose
#include "ws/kernels/catalog.hpp"

namespace ws::kernels::measured_paths {

// The row loop that was measured: a thread whose whole column of the tile is
// inside runs the unrolled loop with no check (path 1), one at the bottom edge
// checks each row (path 2); a warp of two thread rows can hold both.
template <int TILE, int BLOCK_ROWS, class Row>
void tile_rows(bool column_inside, int y, int height, Row row) {
  if (!column_inside) return;
  if (y + TILE - BLOCK_ROWS < height) {
    tracing->set_path(1);
    for (int j = 0; j < TILE; j += BLOCK_ROWS) row(j);
  } else {
    tracing->set_path(2);
    for (int j = 0; j < TILE && y + j < height; j += BLOCK_ROWS) row(j);
  }
  tracing->set_path(0);
}

template <int TILE, int BLOCK_ROWS>
void naive_by_thread(In<float> in, Out<float> out, int width, int height) {
  const int x = blockIdx.x * TILE + threadIdx.x;
  const int y = blockIdx.y * TILE + threadIdx.y;
  tile_rows<TILE, BLOCK_ROWS>(x < width, y, height, [&](int j) {
    const float v = in[(y + j) * width + x];
    out[x * height + (y + j)] = v;
  });
}

template <int TILE, int BLOCK_ROWS>
struct NaiveByThread {
  template <class Mem>
  static void run(Mem& m, const KernelParams& p) {
    const auto in = input<float>(m, "in", p.rows, p.cols);
    const auto out = output<float>(m, "out", p.cols, p.rows);
    naive_by_thread<TILE, BLOCK_ROWS>(in, out, p.cols, p.rows);
  }
};

constexpr std::string_view kName = "measured_naive_by_thread_paths";

Geometry tiles(const KernelParams& p) {
  return {{ceil_div(p.cols, p.tile), ceil_div(p.rows, p.tile), 1}, {p.tile, p.block_rows, 1}};
}

const KernelDescriptor& registered() {
  static const bool once = [] {
    KernelParams p;
    p.rows = p.cols = 64;
    p.tile = 32;
    p.block_rows = 8;
    return register_kernel({.name = kName,
                            .family = "test",
                            .title = "Naive transpose, row paths chosen per thread (as measured)",
                            .description = "The naive transpose as measured with per-thread code paths.",
                            .source_path = "tests/kernels/code_path_test.cpp",
                            .defaults = p,
                            .params = {{&KernelParams::rows, 1, 65536},
                                       {&KernelParams::cols, 1, 65536},
                                       {&KernelParams::tile, 2, 64, true},
                                       {&KernelParams::block_rows, 1, 64, true}},
                            .geometry = &tiles,
                            .code = {&host_run<TileShapes<NaiveByThread>>, nullptr, &variant_name<TileShapes<NaiveByThread>>},
                            .reference = &expect_transpose,
                            .block_mapping = BlockMapping::Affine});
  }();
  EXPECT_TRUE(once);
  return *find_kernel(kName);
}

}  // namespace ws::kernels::measured_paths

namespace wk = ws::kernels;

namespace {

wk::KernelParams shape(int rows, int cols, int tile, int block_rows,
                       const wk::KernelDescriptor& k = wk::measured_paths::registered()) {
  wk::KernelParams p = k.defaults;
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

wk::WholeKernel whole(const wk::KernelDescriptor& k, const wk::KernelParams& p, wk::PathRule paths) {
  return wk::simulate_whole_kernel(k, p, ws::default_preset(), wk::BlockSampling::EquivalenceClasses, paths);
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
    const auto& k = wk::measured_paths::registered();
    const auto w = whole(k, shape(m.rows, m.cols, m.tile, m.block_rows), wk::PathRule::SplitPaths);
    const auto load = named(w, "in_load"), store = named(w, "out_store");
    EXPECT_EQ(load.instructions, m.load_requests);
    EXPECT_EQ(load.requests, m.load_requests);
    EXPECT_EQ(store.requests, m.store_requests);
    EXPECT_EQ(store.sectors, m.store_sectors);
    // Merging the paths (the tracer's old rule) undercounts exactly these shapes.
    const auto merged = whole(k, shape(m.rows, m.cols, m.tile, m.block_rows), wk::PathRule::MergePaths);
    EXPECT_LT(named(merged, "in_load").instructions, m.load_requests);
  }
}

TEST(CodePaths, EveryBlockAgreesWithTheEquivalenceClasses) {
  const auto& k = *wk::find_kernel("transpose_padded");
  const auto p = shape(45, 27, 16, 4, k);
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
// made of whole tiles has no edge path at all. The catalog's tiled kernels never
// split a warp, at any shape: their adapters choose a body's copy per block.
TEST(CodePaths, SplittingChangesNothingWithoutStraddlingWarps) {
  std::mt19937 rng(2026);
  const char* kernels[] = {"copy", "transpose_naive", "transpose_shared", "transpose_padded", "transpose_rotated",
                           "transpose_xor"};
  for (int trial = 0; trial < 40; ++trial) {
    const bool catalog = trial % 3 == 0;
    const bool one_row_per_warp = trial % 2 == 0;
    const int tile = one_row_per_warp && !catalog ? 32 : 1 << (1 + rng() % 5);
    const int block_rows = std::min(tile, 1 << (rng() % 4));
    const bool ragged = catalog || one_row_per_warp;  // any size; else whole tiles
    const int rows = ragged ? 1 + int(rng() % 200) : tile * (1 + int(rng() % 6));
    const int cols = ragged ? 1 + int(rng() % 200) : tile * (1 + int(rng() % 6));
    const auto& k = catalog ? *wk::find_kernel(kernels[rng() % std::size(kernels)]) : wk::measured_paths::registered();
    SCOPED_TRACE(testing::Message() << k.name << " " << rows << " x " << cols << ", tile " << tile << " x "
                                    << block_rows);
    const auto p = shape(rows, cols, tile, block_rows, k);
    const auto refused = wk::check_params(k, p, ws::default_preset());
    ASSERT_FALSE(refused) << *refused;
    const auto split = whole(k, p, wk::PathRule::SplitPaths);
    const auto merged = whole(k, p, wk::PathRule::MergePaths);
    ASSERT_EQ(split.sites.size(), merged.sites.size());
    for (std::size_t i = 0; i < split.sites.size(); ++i) {
      EXPECT_EQ(split.counters[i].instructions, merged.counters[i].instructions) << split.sites[i].name;
      EXPECT_EQ(split.counters[i].wavefronts, merged.counters[i].wavefronts) << split.sites[i].name;
      EXPECT_EQ(split.counters[i].sectors, merged.counters[i].sectors) << split.sites[i].name;
    }
  }
}
