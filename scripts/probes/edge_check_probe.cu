// Why the catalog's one-element-per-thread transposes trailed NVIDIA's sample by
// 3-6% (docs/performance.md, "Against the same algorithm written by hand"): the
// padded transpose at 8192^2 with one thing changed at a time, 200 launches each,
// interleaved, output checked against the CPU. Not part of the build; on a GPU:
//   nvcc -O3 -arch=sm_90 -std=c++17 edge_check_probe.cu -o p && ./p
// H100 output: assets/measurements/runs/h100-edge-check-probe-2026-11-25.txt
// (recorded before the timing loop moved into probe_harness.cuh; same kernels, same method)
#include "probe_harness.cuh"

// NC: read through ld.global.nc (restrict); CHECK: the catalog's bounds checks;
// EARLY: output address computed before the barrier.
template <int T, int R, bool NC, bool CHECK, bool EARLY>
__global__ void probe(float* __restrict__ odata_r, const float* idata_in, float* odata_plain,
                      const float* __restrict__ idata_r, int width, int height) {
  __shared__ float tile[T][T + 1];
  const float* idata = NC ? idata_r : idata_in;
  float* odata = odata_plain;
  int x = blockIdx.x * T + threadIdx.x;
  int y = blockIdx.y * T + threadIdx.y;
  int xo = blockIdx.y * T + threadIdx.x, yo = blockIdx.x * T + threadIdx.y;
  int index_out = xo + yo * height;
  if (!CHECK || (x < width && y + T - R < height)) {
#pragma unroll
    for (int j = 0; j < T; j += R) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  }
  __syncthreads();
  if (!EARLY) { xo = blockIdx.y * T + threadIdx.x; yo = blockIdx.x * T + threadIdx.y; }
  if (!CHECK || (xo < height && yo + T - R < width)) {
#pragma unroll
    for (int j = 0; j < T; j += R) {
      if (EARLY) odata[index_out + j * height] = tile[threadIdx.x][threadIdx.y + j];
      else odata[(yo + j) * height + xo] = tile[threadIdx.x][threadIdx.y + j];
    }
  }
  (void)odata_r;
}

template <int T, int R, bool NC, bool CHECK, bool EARLY>
void launch(dim3 g, dim3 b, float* out, const float* in, int n) {
  probe<T, R, NC, CHECK, EARLY><<<g, b>>>(out, in, out, in, n, n);
}

int main() {
#define V(T, R, NC, CH, EA) {#T "x" #R " nc=" #NC " check=" #CH " early=" #EA, launch<T, R, NC, CH, EA>, T, R}
  const ProbeVariant vs[] = {
    V(32, 32, false, false, true), V(32, 32, true, false, true), V(32, 32, false, true, true),
    V(32, 32, false, false, false), V(32, 32, true, true, false), V(32, 32, false, true, false),
    V(16, 16, false, false, true), V(16, 16, true, false, true), V(16, 16, false, true, true),
    V(16, 16, true, true, false), V(32, 8, false, false, true), V(32, 8, true, true, false),
  };
  return run_probe(vs, sizeof(vs) / sizeof(vs[0]), 40);
}
