// The shapes where each thread carries many rows of the tile (TILE / BLOCK_ROWS
// of 8 to 64: 16 x 1, 16 x 2, 32 x 1, 32 x 2, 64 x 1 ... 64 x 8), which the
// all-shapes sweep (scripts/twin-sweep.sh) found up to 25% behind NVIDIA's
// sample on the H100 for tile[T][T] and 15% for the padded 16 x 1 and 64 x 1,
// with 32 x 8 as the control; every layout. Against the sample (form 3) and the
// committed body (form 0: phase 1 one checked loop; phase 2 volatile reads of all
// rows, then tile_rows' stores), same run, 8192^2, 200 interleaved launches each:
//   11  phase 1 through tile_rows (the body before the checked loop), phase 2 as committed
//   13  phase 2 one row at a time: a volatile read, then that row's checked store
//   15  phase 2 in groups of at most 4 rows: 4 volatile reads, then their checked stores
// Not part of the build; on a GPU, from the repository root:
//   nvcc -O3 -arch=sm_90 -std=c++20 -Ikernels/include -Isim/include scripts/probes/many_rows_probe.cu -o p && ./p
#include "form_probe.cuh"

// Layout L: 0 tile[T][T], 1 tile[T][T + 1], 2 rotated, 3 XOR.
template <int TILE, int BLOCK_ROWS, int L, int FORM, class T>
__device__ inline void candidate(wk::In<T> in, wk::Out<T> out, int width, int height) {
  using namespace ws::kernels;
  WS_SHARED(T, tile, [TILE][L == 1 ? TILE + 1 : TILE]);
  if constexpr (FORM == 11) {
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
  if constexpr (FORM == 11) {
    T v[TILE / BLOCK_ROWS];
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) v[j / BLOCK_ROWS] = volatile_read(tile[r][tile_column<TILE, L>(r, int(threadIdx.y) + j)]);
    tile_rows<TILE, BLOCK_ROWS>(x < height, y, width, [&](int j) { out[(y + j) * height + x] = v[j / BLOCK_ROWS]; });
  } else {
    constexpr int N = TILE / BLOCK_ROWS, K = FORM == 13 ? 1 : (N < 4 ? N : 4);
#pragma unroll
    for (int j0 = 0; j0 < TILE; j0 += K * BLOCK_ROWS) {
      T v[K];
#pragma unroll
      for (int k = 0; k < K; ++k) v[k] = volatile_read(tile[r][tile_column<TILE, L>(r, int(threadIdx.y) + j0 + k * BLOCK_ROWS)]);
#pragma unroll
      for (int k = 0; k < K; ++k) {
        const int j = j0 + k * BLOCK_ROWS;
        if (x < height && y + j < width) out[(y + j) * height + x] = v[k];
      }
    }
  }
}

int main() {
#define FORMS(T, R, L) V(T, R, L, 3), V(T, R, L, 0), V(T, R, L, 11), V(T, R, L, 13), V(T, R, L, 15)
  const ProbeVariant vs[] = {LAYOUTS(16, 1), LAYOUTS(16, 2), LAYOUTS(32, 1), LAYOUTS(32, 2), LAYOUTS(64, 1),
                             LAYOUTS(64, 2), LAYOUTS(64, 4),  LAYOUTS(64, 8), LAYOUTS(32, 8)};
  return run_probe(vs, sizeof(vs) / sizeof(vs[0]), 26);
}
