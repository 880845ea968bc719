// The phase forms of the shared-memory transposes that many_rows_probe.cu and
// phase_pair_probe.cu time against NVIDIA's sample (form_probe.cuh). Form
// 100 + 10 P + Q, P the phase-1 form, Q the phase-2 form:
//   P 0  one checked loop                  P 1  tile_rows' interior and edge paths
//   Q 0  volatile reads of all rows, then tile_rows' stores
//   Q 1  per row: a volatile read, then that row's checked store
//   Q 2  groups of at most 4 rows: their volatile reads, then their checked stores
//   Q 3  tile_rows, each row a volatile read and its store (edge lanes outside skip both)
// A probe that times only these defines candidate as phase_form (WS_PHASE_FORMS_ONLY).
#pragma once
#include "form_probe.cuh"

template <int TILE, int BLOCK_ROWS, int L, int FORM, class T>
__device__ inline void phase_form(wk::In<T> in, wk::Out<T> out, int width, int height) {
  using namespace ws::kernels;
  constexpr int P = (FORM - 100) / 10, Q = FORM % 10;
  WS_SHARED(T, tile, [TILE][L == 1 ? TILE + 1 : TILE]);
  if constexpr (P == 1) {
    fill_tile<TILE, BLOCK_ROWS, L>(tile, in, width, height);
  } else {
    const int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
      const int r = threadIdx.y + j, c = threadIdx.x;
      if (x < width && y + j < height) tile[r][tile_column<TILE, L>(r, c)] = in[(y + j) * width + x];
    }
  }
  __syncthreads();
  const int x = blockIdx.y * TILE + threadIdx.x;
  const int y = blockIdx.x * TILE + threadIdx.y;
  const int r = threadIdx.x;
  auto word = [&](int j) -> auto& { return tile[r][tile_column<TILE, L>(r, int(threadIdx.y) + j)]; };
  if constexpr (Q == 0) {
    T v[TILE / BLOCK_ROWS];
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) v[j / BLOCK_ROWS] = volatile_read(word(j));
    tile_rows<TILE, BLOCK_ROWS>(x < height, y, width, [&](int j) { out[(y + j) * height + x] = v[j / BLOCK_ROWS]; });
  } else if constexpr (Q == 3) {
    tile_rows<TILE, BLOCK_ROWS>(x < height, y, width, [&](int j) { out[(y + j) * height + x] = volatile_read(word(j)); });
  } else {
    constexpr int N = TILE / BLOCK_ROWS, K = Q == 1 ? 1 : (N < 4 ? N : 4);
#pragma unroll
    for (int j0 = 0; j0 < TILE; j0 += K * BLOCK_ROWS) {
      T v[K];
#pragma unroll
      for (int k = 0; k < K; ++k) v[k] = volatile_read(word(j0 + k * BLOCK_ROWS));
#pragma unroll
      for (int k = 0; k < K; ++k) {
        const int j = j0 + k * BLOCK_ROWS;
        if (x < height && y + j < width) out[(y + j) * height + x] = v[k];
      }
    }
  }
}

#ifdef WS_PHASE_FORMS_ONLY
template <int TILE, int BLOCK_ROWS, int L, int FORM, class T>
__device__ inline void candidate(wk::In<T> in, wk::Out<T> out, int width, int height) {
  phase_form<TILE, BLOCK_ROWS, L, FORM, T>(in, out, width, height);
}
#endif
