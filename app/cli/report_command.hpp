// `warpscope report`: a catalog kernel traced through the recording context;
// per access site the chosen warp's and the whole kernel's counters, occupancy
// and the cost model's time.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "cli/kernel_options.hpp"

namespace ws::cli {

struct ReportOptions {
  KernelOptions kernel;
  std::string block = "0,0";
  int warp = 0;
  std::string arch = "sm90";
  bool json = false;
};

CLI::App* add_report_command(CLI::App& root, ReportOptions& options);
int run_report(const ReportOptions& options);

}  // namespace ws::cli
