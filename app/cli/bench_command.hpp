// `warpscope bench`: real GPU timings of catalog kernels (median of N launches,
// checked against the CPU reference), cudaMemcpy D2D as the ceiling.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "cli/kernel_options.hpp"

namespace ws::cli {

struct BenchOptions {
  KernelOptions kernel;  // kernel == "all" (default): every catalog kernel with its defaults
  std::string json_path;
  int repeat = 20;
  bool no_check = false;
  bool launch_once = false;  // one launch per kernel, no timing (to run under Nsight Compute)
  bool calibrate = false;    // measure the prediction model's device parameters instead of kernels
  bool no_twin = false;      // skip the hand-written twins
};

CLI::App* add_bench_command(CLI::App& root, BenchOptions& options);
int run_bench(const BenchOptions& options, int argc, char** argv);

}  // namespace ws::cli
