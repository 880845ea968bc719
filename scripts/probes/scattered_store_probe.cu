// Why the H200's naive transpose at 2048^2 (L2-resident) runs 14% slower than
// the calibrated scattered-write rate predicts, and the H100's only 4%
// (docs/prediction.md, "Where it is wrong"). Times, in one run, 200 interleaved
// launches each:
//   the calibration's own scattered_store (kernels/src/calibrate_cuda.cu: lane l
//   writes word 0 of line group * 32 + l, a quarter of the L2), then the same
//   over the naive transpose's 16 MiB output, then with the word advancing each
//   iteration (every line filled over 32 stores, as the transpose fills it);
//   the naive transpose's stores alone, loads alone and whole, at 1024^2,
//   2048^2 and 4096^2 (the last does not fit the H100's L2);
// and prints each as 128-byte lines written per ns, launch latency (an empty
// kernel's events) taken off, beside the raw median. Not part of the build; on
// a GPU, from the repository root:
//   nvcc -O3 -arch=sm_90 -std=c++17 scripts/probes/scattered_store_probe.cu -o p && ./p
// Results: assets/measurements/runs/{h100,h200}-scattered-store-probes-2026-11-25.txt.
#include <cuda_runtime.h>

#include <string>

#include "naive_parts.cuh"
#include "timed_cases.cuh"

// As calibrate_cuda.cu's scattered_store, with ADVANCE: iteration it writes word
// it % 32 of the line instead of word 0.
template <bool ADVANCE>
__global__ void scattered(float* out, std::size_t groups, int iterations) {
  const std::size_t warps = std::size_t(gridDim.x) * blockDim.x / 32;
  std::size_t group = (std::size_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x % 32;
#pragma unroll 4
  for (int it = 0; it < iterations; ++it) {
    out[((group % groups) * 32 + lane) * 32 + (ADVANCE ? it % 32 : 0)] = float(it);
    group += warps;
  }
}

int main() {
  int sms = 0, l2 = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0);
  const std::size_t big = std::size_t(4096) * 4096 * 4;
  float *in, *out;
  cudaMalloc(&in, big);
  cudaMalloc(&out, big);
  cudaMemset(in, 0x3c, big);
  const int blocks = sms * 8, threads = 256, iterations = 512;
  const double calib_lines = double(blocks) * threads * iterations;
  const std::size_t quarter_groups = std::size_t(l2) / 4 / 4096 * 4096 / (32 * 128), out16_groups = (16u << 20) / (32 * 128);
  std::vector<TimedCase> cases = {
      launch_latency_case(),
      {"calibration: word 0, L2 / 4", calib_lines, [&] { scattered<false><<<blocks, threads>>>(out, quarter_groups, iterations); }},
      {"word 0, 16 MiB", calib_lines, [&] { scattered<false><<<blocks, threads>>>(out, out16_groups, iterations); }},
      {"word advancing, 16 MiB", calib_lines, [&] { scattered<true><<<blocks, threads>>>(out, out16_groups, iterations); }},
  };
  for (int n : {1024, 2048, 4096}) {
    const dim3 grid(n / 32, n / 32), block(32, 8);
    const std::string size = std::to_string(n) + "^2 ";
    cases.push_back({size + "naive stores only", double(n) * n, [=] { stores_only<<<grid, block>>>(out, n, n); }});
    cases.push_back({size + "naive loads only", 0, [=] { loads_only<<<grid, block>>>(in, out, n, n); }});
    cases.push_back({size + "naive transpose", double(n) * n, [=] { naive<<<grid, block>>>(in, out, n, n); }});
  }
  return time_cases(cases, "; " + std::to_string(sms) + " SMs, L2 " + std::to_string(l2 >> 20) + " MiB", 32);
}
