// Follow-up to scattered_store_probe.cu (same results file):
// that run showed the naive transpose's stores alone at 2048^2 write 62.7 lines/ns on
// the H200 against the calibration's 75.0 (H100: 59.6 against 64.7), with the word
// position and the buffer size ruled out. Two suspects remain, timed here in one run:
//   the lane stride: the calibration's lanes write 32 adjacent lines, the transpose's
//     lanes lines a matrix column apart (8 KiB at 2048^2); scattered writes over a
//     16 MiB buffer with the lanes S lines apart, S = 1 .. 128 and odd strides;
//   the duration: the calibration runs ~2 ms, the 2048^2 transpose ~0.075 ms; the
//     same writes with 1/32 of the iterations;
// and the naive stores at 2048 x 2048 against 2048 x 2080 (a column 8320 bytes, not
// a power of two). Prints 128-byte lines written per ns, launch latency taken off.
// Not part of the build; on a GPU, from the repository root:
//   nvcc -O3 -arch=sm_90 -std=c++17 scripts/probes/scattered_stride_probe.cu -o p && ./p
// Results: assets/measurements/runs/{h100,h200}-scattered-store-probes-2026-11-25.txt.
#include <cuda_runtime.h>

#include <string>

#include "naive_parts.cuh"
#include "timed_cases.cuh"

// Lane l of warp-group g writes word 0 of line base(g) + l * stride, where the
// groups tile the buffer in runs of 32 * stride lines, so every line is written.
__global__ void strided_lines(float* out, std::size_t groups, int stride, int iterations) {
  const std::size_t warps = std::size_t(gridDim.x) * blockDim.x / 32;
  std::size_t group = (std::size_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x % 32;
#pragma unroll 4
  for (int it = 0; it < iterations; ++it) {
    const std::size_t g = group % groups;
    const std::size_t line = g / stride * 32 * stride + g % stride + std::size_t(lane) * stride;
    out[line * 32] = float(it);
    group += warps;
  }
}

int main() {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const std::size_t bytes = std::size_t(2048) * 2080 * 4;
  float* out;
  cudaMalloc(&out, bytes);
  const std::size_t groups = (16u << 20) / (32 * 128);  // 16 MiB of lines
  const int blocks = sms * 8, threads = 256;
  std::vector<TimedCase> cases = {launch_latency_case()};
  for (int iterations : {512, 16})
    for (int stride : {1, 2, 4, 8, 16, 32, 64, 128, 3, 65}) {
      if (iterations == 16 && stride != 1 && stride != 64) continue;
      cases.push_back({"lanes " + std::to_string(stride) + " lines apart, " + std::to_string(iterations) + " it",
                       double(blocks) * threads * iterations,
                       [=] { strided_lines<<<blocks, threads>>>(out, groups, stride, iterations); }});
    }
  for (int height : {2048, 2080})
    cases.push_back({"naive stores 2048 x " + std::to_string(height), 2048.0 * height,
                     [=] { stores_only<<<dim3(2048 / 32, height / 32), dim3(32, 8)>>>(out, 2048, height); }});
  return time_cases(cases, "; " + std::to_string(sms) + " SMs", 34);
}
