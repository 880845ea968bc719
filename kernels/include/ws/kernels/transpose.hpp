// Copy and transpose bodies, written once for the GPU and the tracer.
//   copy_body             the bandwidth ceiling: same tile loop, no transpose
//   transpose_naive_body  coalesced reads, strided writes (G2: 32 sectors per store)
//   transpose_tiled_body  through a __shared__ tile; the tile layout is the lesson:
//                         plain [T][T] (32-way column read, S4), padded [T][T+1],
//                         rotated tile[r][(c + r) % T], XOR tile[r][c ^ r]
//   transpose_fast_body   16-byte vectors, a 4x4 block of elements per thread
// Input is rows x cols, output cols x rows, row-major; any size (bounds checked).
#pragma once

#include "ws/kernels/context.hpp"
#include "ws/swizzle.hpp"

namespace ws::kernels {

// Tile layouts: element (r, c) of a T x T tile lives at index(r, c).
struct PlainTile {  // tile[T][T]
  int n;
  WS_HD constexpr int index(int r, int c) const { return swizzle::Padded{n, 0}.index(r, c); }
  WS_HD constexpr int pitch() const { return n; }
};
struct PaddedTile {  // tile[T][T + 1]: bank of (r, c) is (r + c) % 32
  int n;
  WS_HD constexpr int index(int r, int c) const { return swizzle::Padded{n, 1}.index(r, c); }
  WS_HD constexpr int pitch() const { return n + 1; }
};
struct RotatedTile {  // tile[r][(c + r) % T]: padding's banks without the extra column
  int n;
  WS_HD constexpr int index(int r, int c) const { return swizzle::Rotated{n}.index(r, c); }
  WS_HD constexpr int pitch() const { return n; }
};
struct XorTile {  // tile[r][c ^ r], T a power of two
  int n;
  WS_HD constexpr int index(int r, int c) const { return swizzle::Xor{n}.index(r, c); }
  WS_HD constexpr int pitch() const { return n; }
};

// The row loop every tiled body shares: thread row y visits rows y + j for
// j = 0, BR, ..., T - BR (T = tile, BR = rows per block), where x < x_end and
// y + j < y_end. kTile / kRows > 0 fix T and BR at compile time (kernels.cu
// instantiates kFixedTiles) so the loop unrolls completely; and a thread whose
// last row is inside the matrix (every thread of an interior block) runs it with
// no per-row bounds check, as straight-line code: its T / BR global loads are
// issued back to back and are in flight together instead of one per branch.
// Edge threads take the checked loop; both call the same f, so the accesses
// (and what the tracer records) are the same either way. Indices are int:
// check_params keeps rows x cols <= kMaxElements < 2^31.
template <int kTile = 0, int kRows = 0>
struct TileRows {
  int tile, step;
  WS_BODY explicit TileRows(const Shape& s) : tile(kTile > 0 ? kTile : s.tile), step(kRows > 0 ? kRows : s.block_rows) {}

  template <class F>
  WS_BODY void each(int x, int y, int x_end, int y_end, F&& f) const {
    if (x >= x_end) return;
    if (y + tile - step < y_end) {
      WS_UNROLL4
      for (int j = 0; j < tile; j += step) f(j);
    } else {
      WS_UNROLL4
      for (int j = 0; j < tile && y + j < y_end; j += step) f(j);
    }
  }
};

// Tile x rows-per-block shapes that kernels.cu instantiates at compile time, as
// entries ws_<kernel>_<T>x<BR> of copy, transpose_naive and the tiled transposes;
// any other shape runs the run-time entry ws_<kernel>. 32 x 8 is their default,
// 32 x 32 and 16 x 16 the one-element-per-thread shapes (seed 002). X(T, BR, ...).
#define WS_FIXED_TILES(X, ...) X(32, 8, __VA_ARGS__) X(32, 32, __VA_ARGS__) X(16, 16, __VA_ARGS__)

constexpr bool is_fixed_tile(int tile, int block_rows) {
#define WS_IS_FIXED_TILE(T, BR, t, r) || (t == T && r == BR)
  return false WS_FIXED_TILES(WS_IS_FIXED_TILE, tile, block_rows);
#undef WS_IS_FIXED_TILE
}

template <class Ctx, class Elem, int kTile = 0, int kRows = 0>
WS_BODY void copy_body(Ctx& ctx, const Shape s) {
  auto in = ctx.template global<const Elem>("in", s.rows, s.cols, s.cols);
  auto out = ctx.template global<Elem>("out", s.rows, s.cols, s.cols);
  const TileRows<kTile, kRows> rows(s);
  const int x = ctx.block_idx().x * rows.tile + ctx.thread_idx().x;
  const int y = ctx.block_idx().y * rows.tile + ctx.thread_idx().y;
  rows.each(x, y, s.cols, s.rows, [&](int j) {
    const int i = (y + j) * s.cols + x;
    out.store(WS_SITE("out_store"), i, in.load(WS_SITE("in_load"), i));
  });
}

template <class Ctx, class Elem, int kTile = 0, int kRows = 0>
WS_BODY void transpose_naive_body(Ctx& ctx, const Shape s) {
  auto in = ctx.template global<const Elem>("in", s.rows, s.cols, s.cols);
  auto out = ctx.template global<Elem>("out", s.cols, s.rows, s.rows);
  const TileRows<kTile, kRows> rows(s);
  const int x = ctx.block_idx().x * rows.tile + ctx.thread_idx().x;  // input column
  const int y = ctx.block_idx().y * rows.tile + ctx.thread_idx().y;  // input row
  rows.each(x, y, s.cols, s.rows, [&](int j) {
    const Elem v = in.load(WS_SITE("in_load"), (y + j) * s.cols + x);
    out.store(WS_SITE("out_store"), x * s.rows + (y + j), v);  // lanes a row apart
  });
}

template <class Ctx, class Elem, class Layout, int kTile = 0, int kRows = 0>
WS_BODY void transpose_tiled_body(Ctx& ctx, const Shape s, const Layout tile_layout) {
  const TileRows<kTile, kRows> rows(s);
  const int T = rows.tile;
  auto in = ctx.template global<const Elem>("in", s.rows, s.cols, s.cols);
  auto out = ctx.template global<Elem>("out", s.cols, s.rows, s.rows);
  auto tile = ctx.template shared<Elem>("tile", T, T, tile_layout.pitch());
  const int tx = ctx.thread_idx().x, ty = ctx.thread_idx().y;

  // Phase 0: coalesced row reads of the input tile into tile rows.
  int x = ctx.block_idx().x * T + tx;
  int y = ctx.block_idx().y * T + ty;
  rows.each(x, y, s.cols, s.rows, [&](int j) {
    const Elem v = in.load(WS_SITE("in_load"), (y + j) * s.cols + x);
    tile.store(WS_SITE("tile_store"), tile_layout.index(ty + j, tx), v);
  });
  ctx.sync();

  // Phase 1: column reads of the tile (lane tx reads row tx), coalesced row writes.
  x = ctx.block_idx().y * T + tx;  // output column = input row
  y = ctx.block_idx().x * T + ty;  // output row = input column
  rows.each(x, y, s.rows, s.cols, [&](int j) {
    const Elem v = tile.load(WS_SITE("tile_load"), tile_layout.index(tx, ty + j));
    out.store(WS_SITE("out_store"), (y + j) * s.rows + x, v);
  });
}

// Each thread moves 4x4 blocks of elements: four 16-byte row loads, a
// transpose in registers, four 16-byte row stores; no shared memory. A block of
// 16 x block_rows threads covers 64 columns x tile rows; each thread handles
// tile / (4 block_rows) such 4x4 blocks down the rows, two at a time with all
// eight loads issued before the first store (bytes in flight: what HBM3e needs).
// A warp is two thread rows of 16: lanes tx and tx + 16 hold input rows 4
// apart, so each store fills whole 32-byte sectors (G2). Rows, cols: multiples of 4.
inline constexpr int kFastTileCols = 64;

template <class Ctx>
WS_BODY void transpose_fast_body(Ctx& ctx, const Shape s) {
  auto in = ctx.template global<const float>("in", s.rows, s.cols, s.cols);
  auto out = ctx.template global<float>("out", s.cols, s.rows, s.rows);
  const int c0 = ctx.block_idx().x * kFastTileCols + 4 * ctx.thread_idx().x;
  if (c0 >= s.cols) return;
  for (int j = ctx.thread_idx().y; 4 * j < s.tile; j += 2 * s.block_rows) {
    Float4 v[2][4];
    int r0[2];
    bool live[2];
    WS_UNROLL
    for (int q = 0; q < 2; ++q) {
      const int jq = j + q * s.block_rows;
      r0[q] = ctx.block_idx().y * s.tile + 4 * jq;
      live[q] = 4 * jq < s.tile && r0[q] < s.rows;
      if (live[q]) {
        WS_UNROLL
        for (int i = 0; i < 4; ++i)
          v[q][i] = in.template load_vec<Float4>(WS_SITE("in_load"), (long long)(r0[q] + i) * s.cols + c0);
      }
    }
    WS_UNROLL
    for (int q = 0; q < 2; ++q) {
      if (!live[q]) continue;
      WS_UNROLL
      for (int i = 0; i < 4; ++i) {
        const Float4 t{{v[q][0].v[i], v[q][1].v[i], v[q][2].v[i], v[q][3].v[i]}};
        out.store_vec(WS_SITE("out_store"), (long long)(c0 + i) * s.rows + r0[q], t);
      }
    }
  }
}

// The same 4x4 register blocks, regrouped through a shared tile so that the
// stores, like the loads, are 256-byte row segments (4 lines per instruction
// instead of 16). The tile holds the block's output rows (64 of them, tile
// floats each), its 16-byte chunks XOR-swizzled by (row / 4) % 8: the STS.128
// of 8 lanes writing 8 different rows, and the LDS.128 of 8 lanes reading one
// row, both hit 8 different 4-bank groups (S2-S4, one wavefront per quarter warp).
WS_HD constexpr int fast_tile_index(int row, int chunk, int pitch) {
  return row * pitch + 4 * (chunk ^ ((row >> 2) & 7));
}

template <class Ctx>
WS_BODY void transpose_fast_staged_body(Ctx& ctx, const Shape s) {
  auto in = ctx.template global<const float>("in", s.rows, s.cols, s.cols);
  auto out = ctx.template global<float>("out", s.cols, s.rows, s.rows);
  auto tile = ctx.template shared<float>("tile", kFastTileCols, s.tile, s.tile);
  const int tx = ctx.thread_idx().x, ty = ctx.thread_idx().y;
  const int col_base = ctx.block_idx().x * kFastTileCols, row_base = ctx.block_idx().y * s.tile;
  const int c0 = col_base + 4 * tx;
  for (int j = ty; 4 * j < s.tile; j += s.block_rows) {  // phase 0: 4x4 blocks into tile rows
    const int r0 = row_base + 4 * j;
    if (c0 >= s.cols || r0 >= s.rows) continue;
    Float4 v[4];
    WS_UNROLL
    for (int i = 0; i < 4; ++i)
      v[i] = in.template load_vec<Float4>(WS_SITE("in_load"), (long long)(r0 + i) * s.cols + c0);
    WS_UNROLL
    for (int i = 0; i < 4; ++i) {
      const Float4 t{{v[0].v[i], v[1].v[i], v[2].v[i], v[3].v[i]}};
      tile.store_vec(WS_SITE("tile_store"), fast_tile_index(4 * tx + i, j, s.tile), t);
    }
  }
  ctx.sync();
  const int chunks = s.tile / 4, threads = 16 * s.block_rows;
  WS_UNROLL4
  for (int idx = ty * 16 + tx; idx < kFastTileCols * chunks; idx += threads) {  // phase 1: tile rows out
    const int row = idx / chunks, chunk = idx % chunks;
    if (col_base + row >= s.cols || row_base + 4 * chunk >= s.rows) continue;
    const Float4 v = tile.template load_vec<Float4>(WS_SITE("tile_load"), fast_tile_index(row, chunk, s.tile));
    out.store_vec(WS_SITE("out_store2"), (long long)(col_base + row) * s.rows + row_base + 4 * chunk, v);
  }
}

}  // namespace ws::kernels
