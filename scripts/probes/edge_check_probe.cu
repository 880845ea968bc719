// Why the catalog's one-element-per-thread transposes trailed NVIDIA's sample by
// 3-6% (docs/performance.md, "Against the same algorithm written by hand"): the
// padded transpose at 8192^2 with one thing changed at a time, 200 launches each,
// interleaved, output checked against the CPU. Not part of the build; on a GPU:
//   nvcc -O3 -arch=sm_90 -std=c++17 edge_check_probe.cu -o p && ./p
// H100 output: assets/measurements/runs/h100-edge-check-probe-2026-11-25.txt
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

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

struct Variant { const char* name; void (*k)(float*, const float*, float*, const float*, int, int); int t, r; };

int main() {
  const int n = 8192;
  size_t bytes = size_t(n) * n * 4;
  std::vector<float> h(size_t(n) * n);
  srand(7);
  for (auto& v : h) v = 1.0f + float(rand() % 100000) / 7.0f;
  float *in, *out;
  cudaMalloc(&in, bytes); cudaMalloc(&out, bytes);
  cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice);
#define V(T, R, NC, CH, EA) {#T "x" #R " nc=" #NC " check=" #CH " early=" #EA, probe<T, R, NC, CH, EA>, T, R}
  Variant vs[] = {
    V(32, 32, false, false, true), V(32, 32, true, false, true), V(32, 32, false, true, true),
    V(32, 32, false, false, false), V(32, 32, true, true, false), V(32, 32, false, true, false),
    V(16, 16, false, false, true), V(16, 16, true, false, true), V(16, 16, false, true, true),
    V(16, 16, true, true, false), V(32, 8, false, false, true), V(32, 8, true, true, false),
  };
  const int nv = sizeof(vs) / sizeof(vs[0]), rounds = 200;
  std::vector<std::vector<float>> t(nv);
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  std::vector<float> back(size_t(n) * n);
  for (int i = 0; i < nv; ++i) {  // correctness + warm-up
    cudaMemset(out, 0, bytes);
    dim3 g(n / vs[i].t, n / vs[i].t), bl(vs[i].t, vs[i].r);
    for (int w = 0; w < 5; ++w) vs[i].k<<<g, bl>>>(out, in, out, in, n, n);
    vs[i].k<<<g, bl>>>(out, in, out, in, n, n);
    cudaMemcpy(back.data(), out, bytes, cudaMemcpyDeviceToHost);
    size_t bad = 0;
    for (int r = 0; r < n; r += 7) for (int c = 0; c < n; c += 3) bad += back[size_t(c) * n + r] != h[size_t(r) * n + c];
    printf("%-40s check %s\n", vs[i].name, bad ? "FAIL" : "ok");
  }
  for (int round = 0; round < rounds; ++round)
    for (int i = 0; i < nv; ++i) {
      dim3 g(n / vs[i].t, n / vs[i].t), bl(vs[i].t, vs[i].r);
      cudaEventRecord(a);
      vs[i].k<<<g, bl>>>(out, in, out, in, n, n);
      cudaEventRecord(b); cudaEventSynchronize(b);
      float ms; cudaEventElapsedTime(&ms, a, b); t[i].push_back(ms);
    }
  printf("err: %s\n", cudaGetErrorString(cudaGetLastError()));
  for (int i = 0; i < nv; ++i) {
    std::sort(t[i].begin(), t[i].end());
    printf("%-40s median %.4f ms  p10 %.4f  p90 %.4f\n", vs[i].name, t[i][rounds / 2], t[i][rounds / 10], t[i][rounds * 9 / 10]);
  }
}
