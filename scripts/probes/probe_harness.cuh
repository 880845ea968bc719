// What both probes share: an 8192^2 float transpose checked against the input
// (every 7th row, every 3rd column), then every variant timed in turn, round
// after round (interleaved, so clock and thermal drift hit all alike), with
// CUDA events; prints each variant's median and 10th/90th percentiles.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

// Column of tile element (r, c) in the probes' tile layouts L: 0 tile[T][T] and
// 1 tile[T][T + 1] (c itself), 2 rotated ((c + r) % T), 3 XOR (c ^ r).
template <int T, int L, class I = int>
__device__ __forceinline__ I tile_column(I r, I c) {
  return L == 2 ? (c + r) % T : L == 3 ? (c ^ r) : c;
}

struct ProbeVariant {
  const char* name;
  void (*launch)(dim3 grid, dim3 block, float* out, const float* in, int n);
  int tile, rows;
};

inline int run_probe(const ProbeVariant* vs, int nv, int name_width) {
  const int n = 8192, rounds = 200;
  const size_t bytes = size_t(n) * n * 4;
  std::vector<float> h(size_t(n) * n), back(size_t(n) * n);
  srand(7);
  for (auto& v : h) v = 1.0f + float(rand() % 100000) / 7.0f;
  float *in, *out;
  cudaMalloc(&in, bytes);
  cudaMalloc(&out, bytes);
  cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice);
  auto shape = [&](const ProbeVariant& v, dim3& g, dim3& b) {
    g = dim3(n / v.tile, n / v.tile);
    b = dim3(v.tile, v.rows);
  };
  for (int i = 0; i < nv; ++i) {  // warm-up, then the check
    dim3 g, b;
    shape(vs[i], g, b);
    cudaMemset(out, 0, bytes);
    for (int w = 0; w < 6; ++w) vs[i].launch(g, b, out, in, n);
    cudaMemcpy(back.data(), out, bytes, cudaMemcpyDeviceToHost);
    size_t bad = 0;
    for (int r = 0; r < n; r += 7)
      for (int c = 0; c < n; c += 3) bad += back[size_t(c) * n + r] != h[size_t(r) * n + c];
    printf("%-*s check %s\n", name_width, vs[i].name, bad ? "FAIL" : "ok");
  }
  std::vector<std::vector<float>> t(nv);
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int round = 0; round < rounds; ++round)
    for (int i = 0; i < nv; ++i) {
      dim3 g, bl;
      shape(vs[i], g, bl);
      cudaEventRecord(a);
      vs[i].launch(g, bl, out, in, n);
      cudaEventRecord(b);
      cudaEventSynchronize(b);
      float ms;
      cudaEventElapsedTime(&ms, a, b);
      t[i].push_back(ms);
    }
  const cudaError_t e = cudaGetLastError();
  printf("err: %s\n", cudaGetErrorString(e));
  for (int i = 0; i < nv; ++i) {
    std::sort(t[i].begin(), t[i].end());
    printf("%-*s median %.4f ms  p10 %.4f  p90 %.4f\n", name_width, vs[i].name, t[i][rounds / 2], t[i][rounds / 10],
           t[i][rounds * 9 / 10]);
  }
  return e == cudaSuccess ? 0 : 1;
}
