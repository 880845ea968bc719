// Why transpose_naive at 16384 x 4096 takes 7% longer than at 8192^2 with the
// same requests, sectors and bytes (docs/prediction.md, "Where it is wrong"):
// its stores alone (out[x * height + y], each block filling whole 128-byte
// lines), and its loads alone, at shapes of one element count; 200 interleaved
// launches each. Not part of the build; on a GPU:
//   nvcc -O3 -arch=sm_90 -std=c++17 store_stride_probe.cu -o p && ./p
// Outputs: assets/measurements/runs/{h100,h200}-store-stride-probe-2026-11-25.txt
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "naive_parts.cuh"

int main() {
  const int shapes[][2] = {{8192, 8192}, {4096, 16384}, {16384, 4096}, {2048, 32768}, {32768, 2048}};  // rows, cols
  const size_t n = size_t(8192) * 8192;
  float *in, *out;
  cudaMalloc(&in, n * 4);
  cudaMalloc(&out, n * 4);
  cudaMemset(in, 0, n * 4);
  const int rounds = 200, kinds = 3, ns = sizeof(shapes) / sizeof(shapes[0]);
  std::vector<std::vector<float>> t(kinds * ns);
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int round = -5; round < rounds; ++round)
    for (int s = 0; s < ns; ++s)
      for (int k = 0; k < kinds; ++k) {
        const int h = shapes[s][0], w = shapes[s][1];
        const dim3 grid(w / 32, h / 32), block(32, 8);
        cudaEventRecord(a);
        if (k == 0) stores_only<<<grid, block>>>(out, w, h);
        else if (k == 1) loads_only<<<grid, block>>>(in, out, w, h);
        else naive<<<grid, block>>>(in, out, w, h);
        cudaEventRecord(b);
        cudaEventSynchronize(b);
        float ms;
        cudaEventElapsedTime(&ms, a, b);
        if (round >= 0) t[s * kinds + k].push_back(ms);
      }
  printf("err: %s\n", cudaGetErrorString(cudaGetLastError()));
  const char* names[] = {"stores only", "loads only", "naive transpose"};
  for (int s = 0; s < ns; ++s)
    for (int k = 0; k < kinds; ++k) {
      auto& v = t[s * kinds + k];
      std::sort(v.begin(), v.end());
      printf("%5d x %-5d %-16s median %.4f ms  p10 %.4f  p90 %.4f\n", shapes[s][0], shapes[s][1], names[k],
             v[rounds / 2], v[rounds / 10], v[rounds * 9 / 10]);
    }
  return 0;
}
