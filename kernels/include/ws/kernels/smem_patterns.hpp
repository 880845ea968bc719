// Shared-memory patterns, one warp per block.
//   smem_stride_body      lane i uses element i * stride of a V-wide array (S2-S4)
//   smem_broadcast_body   lanes read k distinct words: one word broadcasts (S1)
//   ldmatrix_swizzle_body a 32 x 128-byte tile of 16-byte chunks, stored with the
//                         128B XOR swizzle (TMA layout) and read with ldmatrix.x4 (S7)
#pragma once

#include <cstdint>

#include "ws/kernels/context.hpp"
#include "ws/swizzle.hpp"

namespace ws::kernels {

inline constexpr int kPatternBlocks = 4096;  // blocks of one warp each

template <class Ctx, class V>
WS_BODY void smem_stride_body(Ctx& ctx, const Shape s) {
  auto in = ctx.template global<const V>("in", kPatternBlocks, 32, 32);
  auto out = ctx.template global<V>("out", kPatternBlocks, 32, 32);
  auto buf = ctx.template shared<V>("buf", 32, s.stride, s.stride);  // lane i's element opens row i
  const int lane = ctx.thread_idx().x;
  const long long g = (long long)ctx.block_idx().x * 32 + lane;
  buf.store(WS_SITE("buf_store"), lane * s.stride, in.load(WS_SITE("in_load"), g));
  ctx.sync();
  out.store(WS_SITE("out_store"), g, buf.load(WS_SITE("buf_load"), lane * s.stride));
}

template <class Ctx>
WS_BODY void smem_broadcast_body(Ctx& ctx, const Shape s) {
  auto in = ctx.template global<const float>("in", kPatternBlocks, 32, 32);
  auto out = ctx.template global<float>("out", kPatternBlocks, 32, 32);
  auto buf = ctx.template shared<float>("buf", 1, 32, 32);
  const int lane = ctx.thread_idx().x;
  const long long g = (long long)ctx.block_idx().x * 32 + lane;
  buf.store(WS_SITE("buf_store"), lane, in.load(WS_SITE("in_load"), g));
  ctx.sync();
  // s.stride distinct words, consecutive: one wavefront whatever k (S1, S4).
  out.store(WS_SITE("out_store"), g, buf.load(WS_SITE("buf_load"), lane % s.stride));
}

// Element index of 16-byte chunk c of row r in a tile of 128-byte rows
// (64 16-bit elements): with the swizzle, chunk c ^ (r % 8) (TMA 128B mode).
WS_HD constexpr int chunk_index(int r, int c, bool swizzled) {
  const std::uint32_t byte = std::uint32_t(r) * 128u + std::uint32_t(c) * 16u;
  return int((swizzled ? swizzle::tma(byte, swizzle::TmaMode::B128) : byte) / 2u);
}

// Copies a rows x 64 matrix of 16-bit values through shared memory: 128
// threads store 32 rows as 16-byte chunks, then each warp reads its 8 rows as
// four 8x8 matrices per ldmatrix.x4 and writes its fragments back out.
template <class Ctx>
WS_BODY void ldmatrix_swizzle_body(Ctx& ctx, const Shape s) {
  auto in = ctx.template global<const std::uint16_t>("in", s.rows, 64, 64);
  auto out = ctx.template global<std::uint16_t>("out", s.rows, 64, 64);
  auto tile = ctx.template shared<std::uint16_t>("tile", 32, 64, 64);
  const bool swz = s.swizzle != 0;
  const int t = ctx.thread_idx().x;
  const int row0 = ctx.block_idx().x * 32;
WS_UNROLL
  for (int i = 0; i < 2; ++i) {
    const int q = t + 128 * i, r = q / 8, c = q % 8;
    const U32x4 v = in.template load_vec<U32x4>(WS_SITE("in_load"), (long long)(row0 + r) * 64 + c * 8);
    tile.store_vec(WS_SITE("tile_store"), chunk_index(r, c, swz), v);
  }
  ctx.sync();
  const int warp = t / 32, lane = t % 32;
WS_UNROLL
  for (int half = 0; half < 2; ++half) {
    // Lanes 8m..8m+7 address the rows of matrix m: chunk 4 * half + m of rows 8 * warp + 0..7.
    const int r = 8 * warp + lane % 8, c = 4 * half + lane / 8;
    const U32x4 f = ctx.ldmatrix_x4(WS_SITE("tile_ldmatrix"), tile, chunk_index(r, c, swz));
WS_UNROLL
    for (int m = 0; m < 4; ++m) {
      const long long o = (long long)(row0 + 8 * warp + lane / 4) * 64 + (4 * half + m) * 8 + 2 * (lane % 4);
      out.store_vec(WS_SITE("out_store"), o, f.v[m]);
    }
  }
}

}  // namespace ws::kernels
