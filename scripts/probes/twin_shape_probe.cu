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
// Results: assets/measurements/runs/h200-twin-shape-probe-2026-11-25.txt.
#include "probe_harness.cuh"
#include "ws/kernels/params.hpp"
#include "ws/kernels/transpose.hpp"

namespace wk = ws::kernels;

struct Arrays {  // as kernels/src/gpu.hpp's GpuArrays
  void* p[4] = {};
};

// Layout L: 0 tile[T][T], 1 tile[T][T + 1], 2 rotated, 3 XOR.
template <int TILE, int BLOCK_ROWS, int L, int FORM, class T>
__device__ inline void candidate(wk::In<T> in, wk::Out<T> out, int width, int height) {
  using namespace ws::kernels;
  WS_SHARED(T, tile, [TILE][L == 1 ? TILE + 1 : TILE]);
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if constexpr (FORM == 7) {
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
      const int r = threadIdx.y + j, c = threadIdx.x;
      if (x < width && y + j < height) tile[r][tile_column<TILE, L>(r, c)] = in[(y + j) * width + x];
    }
  } else {
    tile_rows<TILE, BLOCK_ROWS>(x < width, y, height, [&](int j) {
      const int r = threadIdx.y + j, c = threadIdx.x;
      tile[r][tile_column<TILE, L>(r, c)] = in[(y + j) * width + x];
    });
  }
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
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
#define FORMS(T, R, L) V(T, R, L, 3), V(T, R, L, 0), V(T, R, L, 5), V(T, R, L, 7), V(T, R, L, 9)
#define LAYOUTS(T, R) FORMS(T, R, 0), FORMS(T, R, 1), FORMS(T, R, 2), FORMS(T, R, 3)
  const ProbeVariant vs[] = {LAYOUTS(32, 16), LAYOUTS(64, 16), LAYOUTS(32, 8)};
  return run_probe(vs, sizeof(vs) / sizeof(vs[0]), 26);
}
