// `warpscope variant`: a student's own tile layout or access pattern
// (ws/kernels/variant.hpp), simulated like `report`, its time predicted beside
// the catalog's variants and, with --run, compiled with NVRTC from the catalog's
// own body and timed on this machine's GPU; with --ncu also counted by Nsight
// Compute and reconciled with the simulator (`reconcile`'s table).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "cli/kernel_options.hpp"

namespace ws::cli {

struct VariantOptions {
  KernelOptions kernel;  // --kernel: the catalog kernel it stands beside (transpose_shared, smem_stride)
  std::string layout;    // --layout EXPR in r, c, T
  std::string pattern;   // --pattern EXPR in lane, i (a byte address)
  std::string swizzle;   // --swizzle-preset: tma32|tma64|tma128|cute:B,M,S on the byte address
  std::string arch = "sm90";
  std::string gpu;       // --gpu: the prediction's GPU; default live with --run, else h100
  bool run = false;
  int repeat = 20;
  bool ncu = false;      // --ncu: with --run, count it with Nsight Compute and reconcile
  bool json = false;
};

CLI::App* add_variant_command(CLI::App& root, VariantOptions& options);
int run_variant(const VariantOptions& options);

}  // namespace ws::cli
