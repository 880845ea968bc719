// The two H200 twins still more than 3% behind NVIDIA's sample after the
// volatile-read body (docs/performance.md): padded 32 x 16 (1.036) and rotated
// 64 x 16 (1.043), with 32 x 8 as the control, every layout. Against the sample
// and the committed body (form 0: volatile reads of all rows, then tile_rows'
// stores), in the same run (8192^2, 200 interleaved launches each):
//   5  volatile read per row, the store checked per row (no tile_rows after the barrier)
//   7  the committed phase 2, phase 1 as one checked loop (no interior/edge paths)
//   9  the committed body with the phase-2 indices unsigned (rotated: one AND, not a signed modulo)
// Not part of the build; on a GPU, from the repository root:
//   nvcc -O3 -arch=sm_90 -std=c++20 -Ikernels/include -Isim/include scripts/probes/twin_shape_probe.cu -o p && ./p
// Results: assets/measurements/runs/{h200,h100}-twin-shape-probe-2026-11-25.txt (the H200
// run timed the first three shapes, the H100 run all six).
#include "form_probe.cuh"


// Layout L: 0 tile[T][T], 1 tile[T][T + 1], 2 rotated, 3 XOR.
template <int TILE, int BLOCK_ROWS, int L, int FORM, class T>
__device__ inline void candidate(wk::In<T> in, wk::Out<T> out, int width, int height) {
  using namespace ws::kernels;
  WS_SHARED(T, tile, [TILE][L == 1 ? TILE + 1 : TILE]);
  if constexpr (FORM == 7) {
    const int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
      const int r = threadIdx.y + j, c = threadIdx.x;
      if (x < width && y + j < height) tile[r][tile_column<TILE, L>(r, c)] = in[(y + j) * width + x];
    }
  } else {
    fill_tile<TILE, BLOCK_ROWS, L>(tile, in, width, height);
  }
  __syncthreads();
  const int x = blockIdx.y * TILE + threadIdx.x;
  const int y = blockIdx.x * TILE + threadIdx.y;
  if constexpr (FORM == 5) {
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
      const int r = threadIdx.x, c = threadIdx.y + j;
      const T v = volatile_read(tile[r][tile_column<TILE, L>(r, c)]);
      if (x < height && y + j < width) out[(y + j) * height + x] = v;
    }
  } else {
    T v[TILE / BLOCK_ROWS];
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
      if constexpr (FORM == 9) {
        const unsigned r = threadIdx.x, c = threadIdx.y + j;
        v[j / BLOCK_ROWS] = volatile_read(tile[r][tile_column<TILE, L, unsigned>(r, c)]);
      } else {
        const int r = threadIdx.x, c = threadIdx.y + j;
        v[j / BLOCK_ROWS] = volatile_read(tile[r][tile_column<TILE, L>(r, c)]);
      }
    }
    tile_rows<TILE, BLOCK_ROWS>(x < height, y, width, [&](int j) { out[(y + j) * height + x] = v[j / BLOCK_ROWS]; });
  }
}

int main() {
#define FORMS(T, R, L) V(T, R, L, 3), V(T, R, L, 0), V(T, R, L, 5), V(T, R, L, 7), V(T, R, L, 9)
  const ProbeVariant vs[] = {LAYOUTS(32, 16), LAYOUTS(64, 16), LAYOUTS(32, 8), LAYOUTS(32, 32), LAYOUTS(16, 16), LAYOUTS(16, 4)};
  return run_probe(vs, sizeof(vs) / sizeof(vs[0]), 26);
}
