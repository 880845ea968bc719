// Whether a tracer could follow the single checked phase-1 loop that
// twin_shape_probe.cu found faster (form 7): its SASS predicates every row's LDG
// and STS instead of branching, so at an edge a warp may issue a row with no lane
// inside. What do Nsight Compute's counters say such a warp executes? This runs
// that phase 1 (padded tile, the catalog's volatile-read phase 2) on a 45 x 27
// matrix with 16 x 4 and 32 x 16 blocks and prints, for the global loads of phase
// 1, the warp instructions counted two ways on the host:
//   branched   a warp issues row j only if some lane is inside (what the tracer records)
//   predicated every warp that reaches the loop issues every row
// Run under ncu to compare (from the repository root, on a GPU):
//   nvcc -O3 -arch=sm_90 -std=c++20 -Ikernels/include -Isim/include scripts/probes/predicated_edge_probe.cu -o p
//   ncu --metrics smsp__sass_inst_executed_op_global_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum ./p
// Results: assets/measurements/runs/h100-predicated-edge-probe-2026-11-25.txt.
#include <cstdio>

#include "ws/kernels/transpose.hpp"

namespace wk = ws::kernels;

template <int TILE, int BLOCK_ROWS>
__global__ void checked_loop_padded(const float* __restrict__ in, float* __restrict__ out, int width, int height) {
  using namespace ws::kernels;
  WS_SHARED(float, tile, [TILE][TILE + 1]);
  {
    const int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
      if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  }
  __syncthreads();
  const int x = blockIdx.y * TILE + threadIdx.x, y = blockIdx.x * TILE + threadIdx.y;
  float v[TILE / BLOCK_ROWS];
#pragma unroll
  for (int j = 0; j < TILE; j += BLOCK_ROWS) v[j / BLOCK_ROWS] = volatile_read(tile[threadIdx.x][threadIdx.y + j]);
  tile_rows<TILE, BLOCK_ROWS>(x < height, y, width, [&](int j) { out[(y + j) * height + x] = v[j / BLOCK_ROWS]; });
}

template <int TILE, int BLOCK_ROWS>
void run(const float* in, float* out, int rows, int cols) {
  const dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE), block(TILE, BLOCK_ROWS);
  long branched = 0, predicated = 0, lanes_on = 0;
  const int threads = TILE * BLOCK_ROWS, warps = (threads + 31) / 32;
  for (unsigned by = 0; by < grid.y; ++by)
    for (unsigned bx = 0; bx < grid.x; ++bx)
      for (int w = 0; w < warps; ++w)
        for (int j = 0; j < TILE; j += BLOCK_ROWS) {
          int on = 0;
          for (int t = w * 32; t < w * 32 + 32 && t < threads; ++t) {
            const int x = bx * TILE + t % TILE, y = by * TILE + t / TILE;
            on += x < cols && y + j < rows;
          }
          ++predicated;
          branched += on > 0;
          lanes_on += on;
        }
  printf("%dx%d on %d x %d: phase-1 global load warp instructions: branched %ld, predicated %ld (%ld lanes inside)\n",
         TILE, BLOCK_ROWS, rows, cols, branched, predicated, lanes_on);
  checked_loop_padded<TILE, BLOCK_ROWS><<<grid, block>>>(in, out, cols, rows);
  cudaDeviceSynchronize();
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 1 << 20);
  cudaMalloc(&out, 1 << 20);
  cudaMemset(in, 0x3c, 1 << 20);
  run<16, 4>(in, out, 45, 27);
  run<32, 16>(in, out, 45, 27);
  const cudaError_t e = cudaGetLastError();
  printf("err: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
