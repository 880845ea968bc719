// What Nsight Compute's Source page exports, per SASS instruction and per CUDA
// line (issue 25): a 32 x 32 tile transpose without and with padding, and an
// LDS.128 read whose "conflicts" are its ideal quarter-warp phases. Not part of
// the build; on a GPU (scripts/probes/ncu_source_probe.sh):
//   nvcc -O3 -arch=sm_90 -lineinfo ncu_source_probe.cu -o ncu_source_probe
// Output: assets/measurements/runs/h100-ncu-source-probe-2026-11-27.txt
#include <cstdio>
#include <cuda_runtime.h>

constexpr int kTile = 32;

// Column read tile[threadIdx.x][threadIdx.y]: 32 lanes in one bank, 32 wavefronts.
__global__ void transpose_shared_probe(float* out, const float* in, int n) {
  __shared__ float tile[kTile][kTile];
  int x = blockIdx.x * kTile + threadIdx.x;
  int y = blockIdx.y * kTile + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * kTile + threadIdx.x;
  y = blockIdx.x * kTile + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

// Padding: bank of (r, c) is (r + c) % 32, the column read is conflict-free.
__global__ void transpose_padded_probe(float* out, const float* in, int n) {
  __shared__ float tile[kTile][kTile + 1];
  int x = blockIdx.x * kTile + threadIdx.x;
  int y = blockIdx.y * kTile + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * kTile + threadIdx.x;
  y = blockIdx.x * kTile + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

// 16-byte lanes, stride 1: 4 wavefronts, 4 ideal, 0 bank conflicts (S3, S5).
__global__ void lds128_probe(float4* out, const float4* in) {
  __shared__ float4 buf[256];
  buf[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  const float4 v = buf[threadIdx.x ^ 1];
  out[blockIdx.x * 256 + threadIdx.x] = v;
}

int main() {
  const int n = 256;  // 8 x 8 blocks of 32 x 32
  float *in, *out;
  cudaMalloc(&in, n * n * sizeof(float));
  cudaMalloc(&out, n * n * sizeof(float));
  cudaMemset(in, 0, n * n * sizeof(float));
  dim3 grid(n / kTile, n / kTile), block(kTile, kTile);
  transpose_shared_probe<<<grid, block>>>(out, in, n);
  transpose_padded_probe<<<grid, block>>>(out, in, n);
  transpose_shared_probe<<<1, block>>>(out, in, n);  // one block: no other block's traffic
  lds128_probe<<<(n * n / 4) / 256, 256>>>(reinterpret_cast<float4*>(out), reinterpret_cast<const float4*>(in));
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("probe: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
