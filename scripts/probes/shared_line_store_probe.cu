// Follow-up to scattered_stride_probe.cu, which ruled out the lane stride and the
// kernel's duration: the naive transpose's stores still write fewer lines per ns
// than the calibration's scattered writes. What is left is that the transpose
// writes each 128-byte line many times from one block, close together (its 8 warps
// write words y, y+8, y+16, y+24 of the same 32 lines), where the calibration
// writes each line once per pass. Times grid-stride scattered writes (16 MiB, 8
// blocks of 8 warps per SM, as the calibration) where each line of a warp-group
// is written: once (the calibration); by the 8 warps of a block, one word each;
// 4 times by one warp; 8 warps x 4 words (the transpose's pattern); 32 times by
// one warp; and the naive stores at 2048^2 for reference; then the first and the
// transpose's pattern over 256 MiB (past L2: the lines stream to DRAM) against the
// naive stores at 8192^2. Lines/ns count line
// touches (one per lane per store), launch latency taken off.
// Not part of the build; on a GPU, from the repository root:
//   nvcc -O3 -arch=sm_90 -std=c++17 scripts/probes/shared_line_store_probe.cu -o p && ./p
// Results: assets/measurements/runs/{h100,h200}-scattered-store-probes-2026-11-25.txt.
#include <cuda_runtime.h>

#include <string>

#include "naive_parts.cuh"
#include "timed_cases.cuh"

// WARPS_SHARE: the warps of a block write the same 32 lines (else each its own);
// TOUCHES: consecutive stores of a warp to its lines before it moves on.
template <bool WARPS_SHARE, int TOUCHES>
__global__ void line_touches(float* out, std::size_t groups, int iterations) {
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = blockDim.x / 32;
  for (int it = 0; it < iterations; it += TOUCHES) {
    const std::size_t pass = std::size_t(it / TOUCHES) * gridDim.x + blockIdx.x;
    const std::size_t group = (WARPS_SHARE ? pass : pass * warps + warp) % groups;
#pragma unroll
    for (int t = 0; t < TOUCHES; ++t) {
      const int word = WARPS_SHARE ? (warp + warps * t) % 32 : t % 32;
      out[(group * 32 + lane) * 32 + word] = float(it + t);
    }
  }
}

int main() {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  float* out;
  cudaMalloc(&out, std::size_t(8192) * 8192 * 4);
  const std::size_t groups = (16u << 20) / (32 * 128), big_groups = (std::size_t(256) << 20) / (32 * 128);
  const int blocks = sms * 8, threads = 256, iterations = 512;
  const double lines = double(blocks) * threads * iterations;
  std::vector<TimedCase> cases = {
      launch_latency_case(),
      {"once per pass (calibration)", lines, [&] { line_touches<false, 1><<<blocks, threads>>>(out, groups, iterations); }},
      {"8 warps x 1 word", lines, [&] { line_touches<true, 1><<<blocks, threads>>>(out, groups, iterations); }},
      {"1 warp x 4 words", lines, [&] { line_touches<false, 4><<<blocks, threads>>>(out, groups, iterations); }},
      {"8 warps x 4 words (naive's)", lines, [&] { line_touches<true, 4><<<blocks, threads>>>(out, groups, iterations); }},
      {"1 warp x 32 words", lines, [&] { line_touches<false, 32><<<blocks, threads>>>(out, groups, iterations); }},
      {"naive stores 2048^2", 2048.0 * 2048, [&] { stores_only<<<dim3(64, 64), dim3(32, 8)>>>(out, 2048, 2048); }},
      {"256 MiB: once per pass", lines, [&] { line_touches<false, 1><<<blocks, threads>>>(out, big_groups, iterations); }},
      {"256 MiB: 8 warps x 4 words", lines, [&] { line_touches<true, 4><<<blocks, threads>>>(out, big_groups, iterations); }},
      {"naive stores 8192^2", 8192.0 * 8192, [&] { stores_only<<<dim3(256, 256), dim3(32, 8)>>>(out, 8192, 8192); }},
  };
  return time_cases(cases, "; " + std::to_string(sms) + " SMs", 30);
}
