// `warpscope reconcile --kernel NAME [params] (--gpu h100|h200 | --ncu-csv FILE... | --live)
//  [--json | --csv] [--print-ncu-command]`: the simulator's whole-kernel counts
// beside Nsight Compute's for the same launch, per source line where ncu's
// Source page is at hand, else per space and operation, each difference with
// its cause (ws/kernels/reconcile.hpp, docs/ncu.md).
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/kernel_options.hpp"
#include "ws/kernels/reconcile.hpp"

namespace ws::cli {

struct ReconcileOptions {
  KernelOptions kernel;
  std::string gpu;                   // a recorded GPU: assets/measurements/<gpu>.json and ncu-source/<gpu>/
  std::vector<std::string> ncu_csv;  // exports from ncu: a Source page and/or a metrics table
  bool live = false;                 // run ncu here
  bool json = false, csv = false;
  bool print_ncu_command = false;
};

// The columns of `reconcile --csv` (docs/ncu.md).
inline constexpr const char* kReconcileCsvHeader = "site,line,space,op,counter,simulated,ncu,difference,cause,evidence";

CLI::App* add_reconcile_command(CLI::App& root, ReconcileOptions& options);
nlohmann::json reconciliation_json(const kernels::Reconciliation& r);
// The table `reconcile` prints: a row per counter, its evidence under it, a count of causes.
void print_reconciliation(const kernels::Reconciliation& r, const kernels::KernelDescriptor& k);
// The ncu command lines that export what --ncu-csv reads, for k at p.
std::string ncu_commands(const kernels::KernelDescriptor& k, const kernels::KernelParams& p);
int run_reconcile(const ReconcileOptions& options);

}  // namespace ws::cli
