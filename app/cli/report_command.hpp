// `warpscope report`: a catalog kernel traced through the recording context;
// per access site the chosen warp's and the whole kernel's counters, occupancy
// and, with --gpu, the predicted time on that GPU (ws/kernels/prediction.hpp).
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/kernel_options.hpp"
#include "cli/model_gpu.hpp"
#include "ws/kernels/prediction.hpp"

namespace ws::cli {

struct ReportOptions {
  KernelOptions kernel;
  std::string block = "0,0";
  int warp = 0;
  std::string arch = "sm90";
  std::string gpu;  // --gpu: predict the time on this GPU (cli/model_gpu.hpp)
  bool json = false;
  bool csv = false;  // one row per site and scope (the chosen warp, the whole kernel): kReportCsvHeader
};

// The columns of `report --csv` (docs/export.md).
inline constexpr const char* kReportCsvHeader =
    "site,line,column,space,op,bytes,scope,instructions,wavefronts,ideal_wavefronts,bank_conflicts,requests,sectors,"
    "bytes_requested,bytes_moved";

CLI::App* add_report_command(CLI::App& root, ReportOptions& options);

// kernels::report() with "simulating NAME: 42%" redrawn on stderr once it has run
// half a second, only when stderr is a terminal (report and variant: up to ~8 s).
kernels::KernelReport report_showing_progress(const kernels::KernelDescriptor& k, const kernels::KernelParams& p,
                                              const ArchPreset& arch, Dim3 block, int warp);

// The pieces `variant` prints the same way: the --json object (sites, totals, ...),
// the prediction's keys, and the terminal table.
nlohmann::json report_json(const kernels::KernelReport& r, const ArchPreset& arch, Dim3 block, int warp,
                           double seconds);
nlohmann::json prediction_json(const kernels::Prediction& p, const ModelGpu& gpu);
void print_report(const kernels::KernelReport& r, const ArchPreset& arch, Dim3 block, int warp, double seconds);
void print_prediction(const kernels::Prediction& p, const ModelGpu& gpu);
int run_report(const ReportOptions& options);

}  // namespace ws::cli
