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
// Results: assets/measurements/runs/h100-volatile-read-probe-2026-11-25.txt; form 6 went into the catalog.
#include "probe_harness.cuh"
#include "ws/kernels/params.hpp"
#include "ws/kernels/transpose.hpp"

namespace wk = ws::kernels;

struct Arrays {  // as kernels/src/gpu.hpp's GpuArrays
  void* p[4] = {};
};

template <class T>
__device__ __forceinline__ T read_volatile(const T& x) {
  return *static_cast<const volatile T*>(&x);
}

// Layout L: 0 tile[T][T], 1 tile[T][T + 1], 2 rotated, 3 XOR. FORM 1 read-first, 5 volatile, 6 vol-batched.
template <int TILE, int BLOCK_ROWS, int L, int FORM, class T>
__device__ inline void candidate(wk::In<T> in, wk::Out<T> out, int width, int height) {
  using namespace ws::kernels;
  WS_SHARED(T, tile, [TILE][L == 1 ? TILE + 1 : TILE]);
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile_rows<TILE, BLOCK_ROWS>(x < width, y, height, [&](int j) {
    const int r = threadIdx.y + j, c = threadIdx.x;
    tile[r][tile_column<TILE, L>(r, c)] = in[(y + j) * width + x];
  });
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if constexpr (FORM == 6) {
    T v[TILE / BLOCK_ROWS];
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
      const int r = threadIdx.x, c = threadIdx.y + j;
      v[j / BLOCK_ROWS] = read_volatile(tile[r][tile_column<TILE, L>(r, c)]);
    }
    tile_rows<TILE, BLOCK_ROWS>(x < height, y, width, [&](int j) { out[(y + j) * height + x] = v[j / BLOCK_ROWS]; });
  } else {
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
      const int r = threadIdx.x, c = threadIdx.y + j;
      const T v = FORM == 5 ? read_volatile(tile[r][tile_column<TILE, L>(r, c)]) : tile[r][tile_column<TILE, L>(r, c)];
      if (x < height && y + j < width) out[(y + j) * height + x] = v;
    }
  }
}

// FORM 0: the catalog's body; 3: the sample (plain pointers, no checks); else a candidate.
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
  } else if constexpr (FORM == 0) {
    if constexpr (L == 0) wk::transpose_shared<TILE, BLOCK_ROWS, float>(in, out, p.cols, p.rows);
    if constexpr (L == 1) wk::transpose_padded<TILE, BLOCK_ROWS, float>(in, out, p.cols, p.rows);
    if constexpr (L == 2) wk::transpose_rotated<TILE, BLOCK_ROWS, float>(in, out, p.cols, p.rows);
    if constexpr (L == 3) wk::transpose_xor<TILE, BLOCK_ROWS, float>(in, out, p.cols, p.rows);
  } else {
    candidate<TILE, BLOCK_ROWS, L, FORM, float>(in, out, p.cols, p.rows);
  }
}

template <int T, int R, int L, int FORM>
void launch(dim3 g, dim3 b, float* out, const float* in, int n) {
  Arrays a;
  a.p[0] = const_cast<float*>(in);
  a.p[1] = out;
  wk::KernelParams p;
  p.rows = p.cols = n;
  p.tile = T;
  p.block_rows = R;
  entry<T, R, L, FORM><<<g, b>>>(a, p);
}

int main() {
#define V(T, R, L, F) {#T "x" #R " layout " #L " form " #F, launch<T, R, L, F>, T, R}
#define FORMS(T, R, L) V(T, R, L, 3), V(T, R, L, 0), V(T, R, L, 1), V(T, R, L, 5), V(T, R, L, 6)
#define LAYOUTS(T, R) FORMS(T, R, 0), FORMS(T, R, 1), FORMS(T, R, 2), FORMS(T, R, 3)
  const ProbeVariant vs[] = {LAYOUTS(32, 32), LAYOUTS(16, 16), LAYOUTS(32, 8), LAYOUTS(64, 16), LAYOUTS(16, 4)};
  return run_probe(vs, sizeof(vs) / sizeof(vs[0]), 26);
}
