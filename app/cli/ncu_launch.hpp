// Running Nsight Compute on warpscope itself, for `reconcile --live` and
// `variant --run --ncu`: the counters asked for, the flags that repeat a launch
// exactly, and one profile exported as the CSVs `reconcile --ncu-csv` reads.
#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "ws/kernels/catalog.hpp"
#include "ws/kernels/reconcile.hpp"

namespace ws::cli {

// The hardware-model counters (docs/hardware-model.md), as scripts/gpu-measure.sh asks for them.
extern const char* const kNcuMetrics;

// Every parameter k reads, as flags ("--tile 32 --block-rows 8"): the exact launch, whatever the defaults become.
std::string param_flags(const kernels::KernelDescriptor& k, const kernels::KernelParams& p);
// "--kernel NAME " + param_flags().
std::string kernel_flags(const kernels::KernelDescriptor& k, const kernels::KernelParams& p);
std::string shell_quote(const std::string& s);
// The ncu executable on the PATH; none: exit 3 for the caller.
std::optional<std::string> ncu_on_path();
// This program, to run again under ncu.
std::string own_path();

// The two ncu exports of one profile PREFIX.ncu-rep.
std::string ncu_metrics_export(const std::string& prefix);  // kernel-wide metrics: --page raw
std::string ncu_source_export(const std::string& prefix);   // Source page: per CUDA line and SASS instruction

// ncu itself failed (no access to the counters, no GPU, a broken install): the
// command exits 3, as without ncu, with ncu's own last line.
struct ProfilerError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Runs `profile(quoted_prefix)` (an ncu command writing PREFIX.ncu-rep) in a
// fresh private temporary folder (mkdtemp: mode 0700, a name no one can plant
// a link at beforehand), exports its metrics (and its Source page when
// with_source_page), and reads them as the evidence for k at p. Each command is
// echoed to stderr; ncu's own messages go to a log, whose last line a
// ProfilerError carries. The folder is removed on every way out.
kernels::NcuEvidence profile_now(const std::function<std::string(const std::string&)>& profile, bool with_source_page,
                                 const kernels::KernelDescriptor& k, const kernels::KernelParams& p,
                                 const std::string& label);

}  // namespace ws::cli
