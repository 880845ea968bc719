// Matrix multiplication C = A B (A: M x K, B: K x N, row-major), as in
// Programming Massively Parallel Processors, section 4.5.
//   matmul_naive  every thread reads a row of A and a column of B from global memory
//   matmul_tiled  phases: load the Mds/Nds tiles, barrier, multiply from shared, barrier
// Any size: out-of-range threads load zeros and store nothing.
#pragma once

#include "ws/kernels/cuda_like.hpp"

namespace ws::kernels {

WS_BODY void matmul_naive(In<float> A, In<float> B, Out<float> C, int M, int N, int K) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N) return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k) acc += A[row * K + k] * B[k * N + col];
  C[row * N + col] = acc;
}

template <int TILE_WIDTH>
WS_BODY void matmul_tiled(In<float> A, In<float> B, Out<float> C, int M, int N, int K) {
  WS_SHARED(float, Mds, [TILE_WIDTH][TILE_WIDTH]);
  WS_SHARED(float, Nds, [TILE_WIDTH][TILE_WIDTH]);
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE_WIDTH + ty;
  const int col = blockIdx.x * TILE_WIDTH + tx;
  float acc = 0.0f;
  for (int ph = 0; ph < (K + TILE_WIDTH - 1) / TILE_WIDTH; ++ph) {
    // Out-of-range elements load as 0 so that the inner loop needs no bounds.
    float a = 0.0f, b = 0.0f;
    if (row < M && ph * TILE_WIDTH + tx < K) a = A[row * K + ph * TILE_WIDTH + tx];
    if (ph * TILE_WIDTH + ty < K && col < N) b = B[(ph * TILE_WIDTH + ty) * N + col];
    Mds[ty][tx] = a;
    Nds[ty][tx] = b;
    __syncthreads();
    // The compiler reads Mds[ty][k .. k + 3] with one 16-byte load (two words
    // when TILE_WIDTH is 2); every lane of a thread row reads the same words:
    // a broadcast (S1).
    for (int k = 0; k < TILE_WIDTH; ++k) acc += Mds[ty][k] * Nds[k][tx];
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = acc;
}

}  // namespace ws::kernels
