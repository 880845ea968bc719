// `warpscope kernel FILE.cu`: a student's own CUDA file, traced thread by thread
// on the host (ws/kernels/student.hpp), counted per access as Nsight Compute
// counts it, checked for races, predicted (docs/your-kernel.md).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace ws::cli {

struct KernelFileOptions {
  std::string file;
  std::string entry;
  std::string grid, block;
  std::vector<std::string> args;   // NAME=VALUE
  std::vector<std::string> sizes;  // NAME=ELEMENTS
  int dynamic_smem = 0;
  bool json = false, csv = false;
  std::string gpu = "h100";
  int timeout_seconds = 120;
  bool run = false;   // also on this machine's GPU: compiled by nvcc, timed
  int repeat = 50;    // timed launches with --run
  bool ncu = false;
  std::string sass;
  bool window = false;  // open it in the window instead of printing   // a recorded nvdisasm -g -c listing instead of compiling one now   // with --run: Nsight Compute's counters beside the simulator's
};

CLI::App* add_kernel_command(CLI::App& root, KernelFileOptions& options);
int run_kernel_command(const KernelFileOptions& options);

}  // namespace ws::cli
