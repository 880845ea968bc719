// The next step after phase2_probe.cu, which closed the 32 x 32 gap only with
// plain kernel arguments: candidate body forms timed through the catalog's own
// calling convention (the arrays in a struct passed by value, KernelParams, the
// body's __restrict__ parameters, tile_rows and WS_SHARED from the real headers),
// against the sample form in the same run. 8192^2, 200 interleaved launches each.
//   catalog     the committed body (kernels/include/ws/kernels/transpose.hpp)
//   read-first  the second phase reads the tile with no check (a tile read is
//               always in bounds) and checks only the global store, so nothing
//               the read needs waits behind the check
//   batched     read-first with the reads of all rows before tile_rows' stores
//   unsigned    the committed body with r and c unsigned: the rotated layout's
//               (c + r) % TILE is then one AND instead of the six-instruction
//               signed chain that the SASS shows after the barrier
// Written 2026-11-25 after the device time was spent; not yet run. The PTX
// (nvcc -ptx, 32 x 32 rotated) already shows a catch: the compiler computes the
// column index before the barrier but sinks the tile read itself back behind
// the store's check, so on the GPU lanes outside the matrix would not read the
// tile while the tracer, running the body as written, would record their reads.
// A form that wins here must also keep the tracer's counts exact (the SASS and
// ncu checks of scripts/gpu-measure.sh) before it goes into the catalog.
// Form 0 times the catalog's body as committed when it runs: since 2026-11-25 the
// volatile-read form (volatile_read_probe.cu); the recorded results are from before.
// Not part of the build; on a GPU, from the repository root:
//   nvcc -O3 -arch=sm_90 -std=c++20 -Ikernels/include -Isim/include scripts/probes/body_form_probe.cu -o p && ./p
#include <type_traits>

#include "form_probe.cuh"

// Layout L: 0 tile[T][T], 1 tile[T][T + 1], 2 rotated, 3 XOR. FORM 1: read-first, 2: batched, 4: unsigned.
template <int TILE, int BLOCK_ROWS, int L, int FORM, class T>
__device__ inline void candidate(wk::In<T> in, wk::Out<T> out, int width, int height) {
  using namespace ws::kernels;
  WS_SHARED(T, tile, [TILE][L == 1 ? TILE + 1 : TILE]);
  fill_tile<TILE, BLOCK_ROWS, L, std::conditional_t<FORM == 4, unsigned, int>>(tile, in, width, height);
  __syncthreads();
  const int x = blockIdx.y * TILE + threadIdx.x;
  const int y = blockIdx.x * TILE + threadIdx.y;
  if constexpr (FORM == 4) {
    tile_rows<TILE, BLOCK_ROWS>(x < height, y, width, [&](int j) {
      const unsigned r = threadIdx.x, c = threadIdx.y + j;
      out[(y + j) * height + x] = tile[r][tile_column<TILE, L>(r, c)];
    });
  } else if constexpr (FORM == 1) {
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
      const int r = threadIdx.x, c = threadIdx.y + j;
      const T v = tile[r][tile_column<TILE, L>(r, c)];
      if (x < height && y + j < width) out[(y + j) * height + x] = v;
    }
  } else {
    T v[TILE / BLOCK_ROWS];
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
      const int r = threadIdx.x, c = threadIdx.y + j;
      v[j / BLOCK_ROWS] = tile[r][tile_column<TILE, L>(r, c)];
    }
    tile_rows<TILE, BLOCK_ROWS>(x < height, y, width, [&](int j) { out[(y + j) * height + x] = v[j / BLOCK_ROWS]; });
  }
}

int main() {
#define FORMS(T, R, L) V(T, R, L, 3), V(T, R, L, 0), V(T, R, L, 1), V(T, R, L, 2), V(T, R, L, 4)
  const ProbeVariant vs[] = {LAYOUTS(32, 32), LAYOUTS(16, 16), LAYOUTS(32, 8), LAYOUTS(64, 16), LAYOUTS(16, 4)};
  return run_probe(vs, sizeof(vs) / sizeof(vs[0]), 26);
}
