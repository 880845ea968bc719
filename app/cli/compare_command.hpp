// `warpscope compare --gpu NAME [--json] [--csv]`: every lesson pair of the
// catalog (ws/kernels/lesson_pairs.hpp) with its measured and predicted
// speedup, the error, and each side's limiter; then every measured kernel.
// Measured times come from the GPU's measurement file (or, for `live`, a bench
// run now); predictions from the model (ws/kernels/prediction.hpp).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace ws::cli {

struct CompareOptions {
  std::string gpu;
  bool json = false;
  bool csv = false;
};

CLI::App* add_compare_command(CLI::App& root, CompareOptions& options);
int run_compare(const CompareOptions& options);

}  // namespace ws::cli
