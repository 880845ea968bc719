// The naive transpose and its two halves, for the probes that take its cost
// apart (store_stride_probe.cu, scattered_store_probe.cu): 32 x 8 threads,
// 32 x 32 elements per block, as the catalog's default transpose.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>

__global__ void stores_only(float* __restrict__ out, int width, int height) {
  const int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
#pragma unroll
  for (int j = 0; j < 32; j += 8) out[std::size_t(x) * height + y + j] = float(x + y + j);
}
__global__ void loads_only(const float* __restrict__ in, float* __restrict__ sink, int width, int height) {
  const int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  float s = 0;
#pragma unroll
  for (int j = 0; j < 32; j += 8) s += in[std::size_t(y + j) * width + x];
  if (s == 1.2345f) sink[0] = s;
}
__global__ void naive(const float* __restrict__ in, float* __restrict__ out, int width, int height) {
  const int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
#pragma unroll
  for (int j = 0; j < 32; j += 8) out[std::size_t(x) * height + y + j] = in[std::size_t(y + j) * width + x];
}

