// What the store-rate probes share (scattered_store, scattered_stride,
// shared_line_store): a list of launches, each timed with CUDA events 200 times,
// interleaved round by round after 5 warm-up rounds; prints each one's median and
// 10th/90th percentiles, and its rate in 128-byte lines written per ns with the
// first case's median (an empty kernel: the launch as events see it) taken off.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

struct TimedCase {
  std::string name;
  double lines;  // 128-byte lines written (one per lane per store); 0: no rate printed
  std::function<void()> launch;
};

__global__ void empty_kernel() {}

// The empty kernel, to be the first case.
inline TimedCase launch_latency_case() {
  return {"empty kernel (launch latency)", 0, [] { empty_kernel<<<1, 32>>>(); }};
}

// `header` follows "err: <CUDA's last error>" on the first line.
inline int time_cases(const std::vector<TimedCase>& cases, const std::string& header, int name_width) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  const int rounds = 200;
  std::vector<std::vector<float>> t(cases.size());
  for (int round = -5; round < rounds; ++round)
    for (std::size_t i = 0; i < cases.size(); ++i) {
      cudaEventRecord(a);
      cases[i].launch();
      cudaEventRecord(b);
      cudaEventSynchronize(b);
      float ms;
      cudaEventElapsedTime(&ms, a, b);
      if (round >= 0) t[i].push_back(ms);
    }
  const cudaError_t e = cudaGetLastError();
  printf("err: %s%s\n", cudaGetErrorString(e), header.c_str());
  for (auto& v : t) std::sort(v.begin(), v.end());
  const double launch_ns = 1e6 * t[0][rounds / 2];
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const double ms = t[i][rounds / 2];
    printf("%-*s median %.4f ms  p10 %.4f  p90 %.4f", name_width, cases[i].name.c_str(), ms, t[i][rounds / 10],
           t[i][rounds * 9 / 10]);
    if (cases[i].lines > 0) printf("  %.1f lines/ns", cases[i].lines / std::max(1e6 * ms - launch_ns, 1.0));
    printf("\n");
  }
  return e == cudaSuccess ? 0 : 1;
}
