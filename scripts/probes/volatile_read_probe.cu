// After body_form_probe.cu: reading the tile before the store's check closed the
// 32 x 32 gap, but the compiler then issues the tile read after `@P EXIT`, so lanes
// outside the matrix skip a read the tracer records. A volatile read cannot be
// skipped: every lane reads, as the tracer says, and the column index no longer
// waits behind the check either. Timed against the sample form and the committed
// body in the same run (8192^2, 200 interleaved launches each):
//   catalog     the committed body (kernels/include/ws/kernels/transpose.hpp)
//   read-first  body_form_probe's form 1 (plain read before the checked store)
//   volatile    read-first through a volatile reference, one row at a time
//   vol-batched the volatile reads of all rows first, then tile_rows' stores
// Not part of the build; on a GPU, from the repository root:
//   nvcc -O3 -arch=sm_90 -std=c++20 -Ikernels/include -Isim/include scripts/probes/volatile_read_probe.cu -o p && ./p
// Results: assets/measurements/runs/h100-volatile-read-probe-2026-11-25.txt; form 6 went into the catalog
// (volatile_read, cuda_like.hpp), so form 0 now times that body; the recorded form 0 is the one before.
#include "form_probe.cuh"


// Layout L: 0 tile[T][T], 1 tile[T][T + 1], 2 rotated, 3 XOR. FORM 1 read-first, 5 volatile, 6 vol-batched.
template <int TILE, int BLOCK_ROWS, int L, int FORM, class T>
__device__ inline void candidate(wk::In<T> in, wk::Out<T> out, int width, int height) {
  using namespace ws::kernels;
  WS_SHARED(T, tile, [TILE][L == 1 ? TILE + 1 : TILE]);
  fill_tile<TILE, BLOCK_ROWS, L>(tile, in, width, height);
  __syncthreads();
  const int x = blockIdx.y * TILE + threadIdx.x;
  const int y = blockIdx.x * TILE + threadIdx.y;
  if constexpr (FORM == 6) {
    T v[TILE / BLOCK_ROWS];
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
      const int r = threadIdx.x, c = threadIdx.y + j;
      v[j / BLOCK_ROWS] = volatile_read(tile[r][tile_column<TILE, L>(r, c)]);
    }
    tile_rows<TILE, BLOCK_ROWS>(x < height, y, width, [&](int j) { out[(y + j) * height + x] = v[j / BLOCK_ROWS]; });
  } else {
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
      const int r = threadIdx.x, c = threadIdx.y + j;
      const T v = FORM == 5 ? volatile_read(tile[r][tile_column<TILE, L>(r, c)]) : tile[r][tile_column<TILE, L>(r, c)];
      if (x < height && y + j < width) out[(y + j) * height + x] = v;
    }
  }
}

int main() {
#define FORMS(T, R, L) V(T, R, L, 3), V(T, R, L, 0), V(T, R, L, 1), V(T, R, L, 5), V(T, R, L, 6)
  const ProbeVariant vs[] = {LAYOUTS(32, 32), LAYOUTS(16, 16), LAYOUTS(32, 8), LAYOUTS(64, 16), LAYOUTS(16, 4)};
  return run_probe(vs, sizeof(vs) / sizeof(vs[0]), 26);
}
