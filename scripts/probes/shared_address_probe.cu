// The follow-up to edge_check_probe.cu: the catalog's edge checks with the shared
// array's address (and optionally the global pointers) formed at the top by an
// empty asm, against the sample (mode 0) and the checks alone, at the tile shapes
// the catalog offers; 8192^2, 200 interleaved launches each. Mode 5 is what
// WS_SHARED does now (kernels/include/ws/kernels/cuda_like.hpp). Not part of the
// build; on a GPU:
//   nvcc -O3 -arch=sm_90 -std=c++17 shared_address_probe.cu -o p && ./p
// H100 output: assets/measurements/runs/h100-shared-address-probe-2026-11-25.txt
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

template <class P> __device__ __forceinline__ P pin(P p) { asm volatile("" : "+l"(p)); return p; }
// A global pointer pinned without losing its state space: through cvta.to.global and back.
template <class P> __device__ __forceinline__ P* pin_global(P* p) {
  size_t g = __cvta_generic_to_global(p);
  asm volatile("" : "+l"(g));
  return static_cast<P*>(__cvta_global_to_generic(g));
}

// 6: the catalog as it is (checks and edge path); 5: catalog checks + shared pin; 7: catalog checks + shared pin + global pointer pins
// MODE 0: sample (no checks); 1: checks; 2: checks + pointer pins; 3: checks + pointer and shared pins;
// 4: checks as the catalog (early return / edge path) + pins on pointers and shared
template <int T, int R, int MODE>
__global__ void probe(float* odata_arg, const float* __restrict__ idata_arg, int width, int height) {
  __shared__ float tile[T][T + 1];
  const float* __restrict__ idata = MODE == 2 || MODE == 3 || MODE == 4 ? pin(idata_arg) : MODE == 7 ? pin_global(idata_arg) : idata_arg;
  float* __restrict__ odata = MODE == 2 || MODE == 3 || MODE == 4 ? pin(odata_arg) : MODE == 7 ? pin_global(odata_arg) : odata_arg;
  if (MODE >= 3 && MODE != 6) asm volatile("" :: "l"(&tile[0][0]));
  int x = blockIdx.x * T + threadIdx.x;
  int y = blockIdx.y * T + threadIdx.y;
  if (MODE == 0 || (x < width && y + T - R < height)) {
#pragma unroll
    for (int j = 0; j < T; j += R) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  } else if ((MODE == 4 || MODE >= 5) && x < width) {
#pragma unroll
    for (int j = 0; j < T && y + j < height; j += R) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  }
  __syncthreads();
  x = blockIdx.y * T + threadIdx.x; y = blockIdx.x * T + threadIdx.y;
  if (MODE == 0 || (x < height && y + T - R < width)) {
#pragma unroll
    for (int j = 0; j < T; j += R) odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
  } else if ((MODE == 4 || MODE >= 5) && x < height) {
#pragma unroll
    for (int j = 0; j < T && y + j < width; j += R) odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
  }
}

struct Variant { const char* name; void (*k)(float*, const float*, int, int); int t, r; };

int main() {
  const int n = 8192;
  size_t bytes = size_t(n) * n * 4;
  std::vector<float> h(size_t(n) * n);
  srand(7);
  for (auto& v : h) v = 1.0f + float(rand() % 100000) / 7.0f;
  float *in, *out;
  cudaMalloc(&in, bytes); cudaMalloc(&out, bytes);
  cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice);
#define V(T, R, M) {#T "x" #R " mode " #M, probe<T, R, M>, T, R}
  Variant vs[] = {V(32, 32, 0), V(32, 32, 1), V(32, 32, 6), V(32, 32, 5), V(32, 32, 7),
                  V(16, 16, 0), V(16, 16, 1), V(16, 16, 6), V(16, 16, 5), V(16, 16, 7),
                  V(32, 8, 0), V(32, 8, 1), V(32, 8, 6), V(32, 8, 5), V(32, 8, 7), V(32, 16, 0), V(32, 16, 1), V(32, 16, 6), V(32, 16, 5), V(32, 16, 7),
                  V(16, 4, 0), V(16, 4, 1), V(16, 4, 6), V(16, 4, 5), V(16, 4, 7), V(64, 16, 0), V(64, 16, 1), V(64, 16, 6), V(64, 16, 5), V(64, 16, 7)};
  const int nv = sizeof(vs) / sizeof(vs[0]), rounds = 200;
  std::vector<std::vector<float>> t(nv);
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  std::vector<float> back(size_t(n) * n);
  for (int i = 0; i < nv; ++i) {
    cudaMemset(out, 0, bytes);
    dim3 g(n / vs[i].t, n / vs[i].t), bl(vs[i].t, vs[i].r);
    for (int w = 0; w < 5; ++w) vs[i].k<<<g, bl>>>(out, in, n, n);
    cudaMemcpy(back.data(), out, bytes, cudaMemcpyDeviceToHost);
    size_t bad = 0;
    for (int r = 0; r < n; r += 7) for (int c = 0; c < n; c += 3) bad += back[size_t(c) * n + r] != h[size_t(r) * n + c];
    printf("%-22s check %s\n", vs[i].name, bad ? "FAIL" : "ok");
  }
  for (int round = 0; round < rounds; ++round)
    for (int i = 0; i < nv; ++i) {
      dim3 g(n / vs[i].t, n / vs[i].t), bl(vs[i].t, vs[i].r);
      cudaEventRecord(a);
      vs[i].k<<<g, bl>>>(out, in, n, n);
      cudaEventRecord(b); cudaEventSynchronize(b);
      float ms; cudaEventElapsedTime(&ms, a, b); t[i].push_back(ms);
    }
  printf("err: %s\n", cudaGetErrorString(cudaGetLastError()));
  for (int i = 0; i < nv; ++i) {
    std::sort(t[i].begin(), t[i].end());
    printf("%-22s median %.4f ms  p10 %.4f  p90 %.4f\n", vs[i].name, t[i][rounds / 2], t[i][rounds / 10], t[i][rounds * 9 / 10]);
  }
}
