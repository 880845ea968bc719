// Recorded results from real GPUs (assets/measurements/<gpu>.json): bench
// timings and Nsight Compute counters per catalog kernel. The window shows them
// when no GPU is present; the fidelity test compares them with the simulator.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ws/kernels/catalog.hpp"
#include "ws/result.hpp"

namespace ws::kernels {

struct MeasuredKernel {
  std::string key;     // entry name: the kernel name, or "smem_stride stride=2 bytes=8" for sweeps
  std::string kernel;  // catalog name
  KernelParams params;
  double median_ms = 0, gbps = 0, gflops = 0;
  std::map<std::string, double> ncu;  // metric -> value
};

struct Measurements {
  std::string path;
  std::string gpu, driver, cuda, date, command;
  double memcpy_d2d_gbps = 0;
  std::vector<MeasuredKernel> kernels;

  // The entry recorded with the catalog defaults (key == kernel name), or nullptr.
  const MeasuredKernel* find(std::string_view kernel) const;
};

// Parsed file, or an Error saying what is wrong with it.
Result<Measurements> load_measurements(const std::string& path);
// $WARPSCOPE_MEASUREMENTS_DIR, else assets/measurements under the first data
// root that has it (ws/kernels/assets.hpp: installed, or the source tree).
std::string measurements_dir();
// Every *.json there, sorted by name (empty when the folder is missing).
std::vector<std::string> measurement_files(const std::string& dir = measurements_dir());

}  // namespace ws::kernels
