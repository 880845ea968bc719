// What the body-form probes share (body_form, volatile_read, twin_shape): each
// defines `candidate`, its forms of the shared-memory transpose, and lists the
// variants with FORMS(T, R, L); this header times them against NVIDIA's sample
// (FORM 3) and the catalog's committed body (FORM 0), called through the
// catalog's own convention (the arrays in a struct passed by value, KernelParams,
// the body's __restrict__ parameters), 8192^2, with probe_harness.cuh.
#pragma once
#include "probe_harness.cuh"
#include "ws/kernels/params.hpp"
#include "ws/kernels/transpose.hpp"

namespace wk = ws::kernels;

struct Arrays {  // as kernels/src/gpu.hpp's GpuArrays
  void* p[4] = {};
};

// Phase 1 as the catalog writes it: the block's rows into the tile through
// tile_rows, element (r, c) at column tile_column<TILE, L>(r, c), indices of type I.
template <int TILE, int BLOCK_ROWS, int L, class I = int, class T, class Tile>
__device__ inline void fill_tile(Tile& tile, wk::In<T> in, int width, int height) {
  const int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  wk::tile_rows<TILE, BLOCK_ROWS>(x < width, y, height, [&](int j) {
    const I r = threadIdx.y + j, c = threadIdx.x;
    tile[r][tile_column<TILE, L>(r, c)] = in[(y + j) * width + x];
  });
}

// Layout L: 0 tile[T][T], 1 tile[T][T + 1], 2 rotated, 3 XOR. Each probe defines it.
template <int TILE, int BLOCK_ROWS, int L, int FORM, class T>
__device__ inline void candidate(wk::In<T> in, wk::Out<T> out, int width, int height);

// The catalog's body of layout L with the given bounds checks.
template <int TILE, int BLOCK_ROWS, int L, class Checks>
__device__ inline void catalog_body(wk::In<float> in, wk::Out<float> out, int width, int height, Checks inside) {
  if constexpr (L == 0) wk::transpose_shared<TILE, BLOCK_ROWS, float>(in, out, width, height, inside);
  if constexpr (L == 1) wk::transpose_padded<TILE, BLOCK_ROWS, float>(in, out, width, height, inside);
  if constexpr (L == 2) wk::transpose_rotated<TILE, BLOCK_ROWS, float>(in, out, width, height, inside);
  if constexpr (L == 3) wk::transpose_xor<TILE, BLOCK_ROWS, float>(in, out, width, height, inside);
}

// FORM 3: the sample (plain pointers, no checks); 0: the catalog's body; else the probe's candidate.
template <int TILE, int BLOCK_ROWS, int L, int FORM>
__global__ void entry(Arrays a, wk::KernelParams p) {
  const auto in = static_cast<const float*>(a.p[0]);
  const auto out = static_cast<float*>(a.p[1]);
  if constexpr (FORM == 3) {
    constexpr int P = L == 1 ? TILE + 1 : TILE;
    __shared__ float tile[TILE][P];
    const int width = p.cols, height = p.rows;
    const int index_in = (blockIdx.x * TILE + threadIdx.x) + (blockIdx.y * TILE + threadIdx.y) * width;
    const int index_out = (blockIdx.y * TILE + threadIdx.x) + (blockIdx.x * TILE + threadIdx.y) * height;
    for (int i = 0; i < TILE; i += BLOCK_ROWS) tile[threadIdx.y + i][tile_column<TILE, L>(threadIdx.y + i, threadIdx.x)] = in[index_in + i * width];
    __syncthreads();
    for (int i = 0; i < TILE; i += BLOCK_ROWS)
      out[index_out + i * height] = tile[threadIdx.x][tile_column<TILE, L>(threadIdx.x, threadIdx.y + i)];
  } else if constexpr (FORM == 0) {  // as the catalog's launch adapter calls it
    wk::tell_inside<TILE, BLOCK_ROWS>(p.cols, p.rows, [&](auto inside) {
      catalog_body<TILE, BLOCK_ROWS, L>(in, out, p.cols, p.rows, inside);
    });
  } else {
    candidate<TILE, BLOCK_ROWS, L, FORM, float>(in, out, p.cols, p.rows);
  }
}

// Launches `kernel` (an entry of T x R) as the catalog would: the arrays in a struct, the sizes in KernelParams.
template <int T, int R>
void launch_with(void (*kernel)(Arrays, wk::KernelParams), dim3 g, dim3 b, float* out, const float* in, int n) {
  Arrays a;
  a.p[0] = const_cast<float*>(in);
  a.p[1] = out;
  wk::KernelParams p;
  p.rows = p.cols = n;
  p.tile = T;
  p.block_rows = R;
  kernel<<<g, b>>>(a, p);
}

template <int T, int R, int L, int FORM>
void launch(dim3 g, dim3 b, float* out, const float* in, int n) {
  launch_with<T, R>(entry<T, R, L, FORM>, g, b, out, in, n);
}

// One variant; every layout of a shape (FORMS is the probe's list of forms).
#define V(T, R, L, F) {#T "x" #R " layout " #L " form " #F, launch<T, R, L, F>, T, R}
#define LAYOUTS(T, R) FORMS(T, R, 0), FORMS(T, R, 1), FORMS(T, R, 2), FORMS(T, R, 3)
