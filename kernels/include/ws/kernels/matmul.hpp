// Matrix multiplication C = A B (A: M x K, B: K x N, row-major), after
// Programming Massively Parallel Processors, section 4.5.
//   matmul_naive_body  every thread reads a row of A and a column of B from global memory
//   matmul_tiled_body  phases: load Mds/Nds tiles, barrier, multiply from shared, barrier
// Shape: rows = M, cols = N, inner = K, tile = TILE_WIDTH; any size (bounds checked).
#pragma once

#include "ws/kernels/context.hpp"

namespace ws::kernels {

template <class Ctx>
WS_BODY void matmul_naive_body(Ctx& ctx, const Shape s) {
  const int M = s.rows, N = s.cols, K = s.inner;
  auto A = ctx.template global<const float>("A", M, K, K);
  auto B = ctx.template global<const float>("B", K, N, N);
  auto C = ctx.template global<float>("C", M, N, N);
  const int row = ctx.block_idx().y * s.tile + ctx.thread_idx().y;
  const int col = ctx.block_idx().x * s.tile + ctx.thread_idx().x;
  if (row >= M || col >= N) return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A.load(WS_SITE("a_load"), (long long)row * K + k) * B.load(WS_SITE("b_load"), (long long)k * N + col);
  C.store(WS_SITE("c_store"), (long long)row * N + col, acc);
}

template <class Ctx>
WS_BODY void matmul_tiled_body(Ctx& ctx, const Shape s) {
  const int M = s.rows, N = s.cols, K = s.inner, T = s.tile;
  auto A = ctx.template global<const float>("A", M, K, K);
  auto B = ctx.template global<const float>("B", K, N, N);
  auto C = ctx.template global<float>("C", M, N, N);
  auto Mds = ctx.template shared<float>("Mds", T, T, T);
  auto Nds = ctx.template shared<float>("Nds", T, T, T);
  const int tx = ctx.thread_idx().x, ty = ctx.thread_idx().y;
  const int row = ctx.block_idx().y * T + ty;
  const int col = ctx.block_idx().x * T + tx;
  float acc = 0.0f;
  const int phases = (K + T - 1) / T;
  for (int ph = 0; ph < phases; ++ph) {
    // Out-of-range elements load as 0 so that the inner loop needs no bounds.
    float a = 0.0f, b = 0.0f;
    if (row < M && ph * T + tx < K) a = A.load(WS_SITE("a_load"), (long long)row * K + ph * T + tx);
    if (ph * T + ty < K && col < N) b = B.load(WS_SITE("b_load"), (long long)(ph * T + ty) * N + col);
    Mds.store(WS_SITE("mds_store"), ty * T + tx, a);
    Nds.store(WS_SITE("nds_store"), ty * T + tx, b);
    ctx.sync();
    for (int k = 0; k < T; ++k)
      acc += Mds.load(WS_SITE("mds_load"), ty * T + k) * Nds.load(WS_SITE("nds_load"), k * T + tx);
    ctx.sync();
  }
  if (row < M && col < N) C.store(WS_SITE("c_store"), (long long)row * N + col, acc);
}

}  // namespace ws::kernels
