// `warpscope reconcile`
//   ncu_metrics, ncu_commands()   what to ask ncu for (--print-ncu-command, --live)
//   gather_*()                    the evidence: recorded (--gpu), exported (--ncu-csv), run now (--live)
//   reconciliation_json(), print_csv(), print_table()
#include "cli/reconcile_command.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <map>

#include "cli/command.hpp"
#include "cli/ncu_launch.hpp"
#include "ws/kernels/measurements.hpp"
#include "ws/kernels/lesson_pairs.hpp"
#include "ws/kernels/ncu_records.hpp"
#include "ws/kernels/params_json.hpp"
#include "ws/kernels/work.hpp"

namespace ws::cli {

namespace wk = ws::kernels;
namespace fs = std::filesystem;

namespace {

// One profile (the Source page's counters and the kernel-wide metrics together), then its two pages as CSV.
struct NcuRun {
  std::string profile_command, metrics_command, source_command;
};

NcuRun ncu_run(const std::string& warpscope, const wk::KernelDescriptor& k, const wk::KernelParams& p,
               const std::string& prefix) {
  return {fmt::format("ncu --clock-control none --section SourceCounters --metrics {} --import-source yes "
                      "-k regex:ws_kernel -f -o {} {} bench {} --launch-once",
                      kNcuMetrics, prefix, warpscope, kernel_flags(k, p)),
          ncu_metrics_export(prefix), ncu_source_export(prefix)};
}

// ---- evidence ----

const char* kNoRecording =
    "no ncu counters recorded on {} for {} at these parameters ({}); recorded: {}. Export them yourself: warpscope "
    "reconcile {} --print-ncu-command";

wk::NcuEvidence gather_recorded(const std::string& gpu, const wk::KernelDescriptor& k, const wk::KernelParams& p) {
  const fs::path file = fs::path(wk::measurements_dir()) / (gpu + ".json");
  std::error_code ec;
  if (gpu.find('/') != std::string::npos || !fs::is_regular_file(file, ec)) {
    std::string known;
    for (const auto& f : wk::measurement_files()) known += (known.empty() ? "" : ", ") + fs::path(f).stem().string();
    throw UsageError(fmt::format("--gpu: no recordings for '{}' (recorded: {})", gpu, known.empty() ? "none" : known));
  }
  auto measured = wk::load_measurements(file.string());
  if (!measured) throw UsageError(measured.error().message);
  auto records = wk::load_ncu_records(gpu);
  if (!records) throw UsageError(records.error().message);
  auto found = wk::recorded_evidence(*records, *measured, k, p);
  if (!found) throw UsageError(found.error().message);
  if (!*found) {
    std::string shapes;
    for (const auto& m : measured->kernels)
      if (m.kernel == k.name && !m.ncu.empty()) shapes += (shapes.empty() ? "" : "; ") + wk::params_label(k, m.params);
    throw UsageError(fmt::format(fmt::runtime(kNoRecording), gpu, k.name, wk::params_label(k, p),
                                 shapes.empty() ? "none of this kernel" : shapes, kernel_flags(k, p)));
  }
  return std::move(**found);
}

wk::NcuEvidence gather_exported(const std::vector<std::string>& files, const wk::KernelDescriptor& k,
                                const wk::KernelParams& p, const std::string& label) {
  auto exported = wk::read_ncu_csvs(files);
  if (!exported) throw UsageError(exported.error().message);
  auto e = wk::evidence_from_export(*exported, k, p, label);
  if (!e) throw UsageError(e.error().message);
  return std::move(*e);
}

// nullopt: no ncu here (exit 3).
std::optional<wk::NcuEvidence> gather_live(const wk::KernelDescriptor& k, const wk::KernelParams& p) {
  if (!ncu_on_path()) return std::nullopt;
  const std::string self = shell_quote(own_path());
  return profile_now([&](const std::string& prefix) { return ncu_run(self, k, p, prefix).profile_command; }, true, k,
                     p, "live");
}

// ---- output ----

std::string number(std::optional<double> v) {
  if (!v) return "";
  return std::fabs(*v - std::round(*v)) < 1e-9 ? fmt::format("{:.0f}", *v) : fmt::format("{:.6g}", *v);
}

std::string csv_text(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

void print_csv(const wk::Reconciliation& r) {
  fmt::print("{}\n", kReconcileCsvHeader);
  for (const wk::ReconcileRow& row : r.rows)
    fmt::print("{},{},{},{},{},{},{},{},{},{}\n", csv_text(row.site.value_or("")),
               row.line ? std::to_string(*row.line) : "", to_string(row.space), to_string(row.op), row.counter,
               row.simulated, number(row.ncu), row.ncu ? number(row.difference()) : "", wk::cause_id(row.cause),
               csv_text(row.evidence));
}

}  // namespace

void print_reconciliation(const wk::Reconciliation& r, const wk::KernelDescriptor& k) {
  fmt::print("{} ({}): simulated vs Nsight Compute, {}\n", r.kernel, wk::params_label(k, r.params), r.ncu_source);
  fmt::print("granularity {}: {}\n\n", r.granularity, r.note);
  fmt::print("{:<22} {:>5} {:<6} {:<5} {:<22} {:>13} {:>13} {:>20}  {}\n", "site", "line", "space", "op", "counter",
             "simulated", "ncu", "difference", "cause");
  std::map<wk::NcuCause, int> counts;
  for (const wk::ReconcileRow& row : r.rows) {
    ++counts[row.cause];
    const double d = row.difference();
    const std::string diff = !row.ncu ? "-"
                             : std::fabs(d) < 0.5 ? "0"
                             : row.simulated ? fmt::format("{:+.0f} ({:+.1f}%)", d, 100 * d / double(row.simulated))
                                             : fmt::format("{:+.0f}", d);
    fmt::print("{:<22} {:>5} {:<6} {:<5} {:<22} {:>13} {:>13} {:>20}  {}\n", row.site.value_or("(kernel)"),
               row.line ? std::to_string(*row.line) : "-", to_string(row.space), to_string(row.op), row.counter,
               row.simulated, row.ncu ? number(row.ncu) : "-", diff, wk::cause_id(row.cause));
    if (!row.evidence.empty()) fmt::print("{:>30}{}\n", "", row.evidence);
  }
  std::string summary;
  for (wk::NcuCause c : wk::kAllNcuCauses)
    if (counts[c]) summary += fmt::format("{}{} {}", summary.empty() ? "" : ", ", counts[c], wk::cause_id(c));
  fmt::print("\n{} rows: {}\n", r.rows.size(), summary);
}

std::string ncu_commands(const wk::KernelDescriptor& k, const wk::KernelParams& p) {
  const NcuRun run = ncu_run("warpscope", k, p, std::string(k.name));
  return fmt::format(
      "# profile one launch: the Source page's counters and the kernel-wide metrics (warpscope's CUDA build "
      "carries -lineinfo)\n{}\n"
      "# its kernel-wide metrics (a row per launch) and its Source page (per CUDA line and SASS instruction)\n{}\n{}\n"
      "# then, on any machine:\nwarpscope reconcile {} --ncu-csv {}-metrics.csv --ncu-csv {}-source.csv\n",
      run.profile_command, run.metrics_command, run.source_command, kernel_flags(k, p), k.name, k.name);
}

nlohmann::json reconciliation_json(const wk::Reconciliation& r) {
  nlohmann::json rows = nlohmann::json::array();
  for (const wk::ReconcileRow& row : r.rows) {
    nlohmann::json ncu = row.ncu ? nlohmann::json(*row.ncu) : nlohmann::json(nullptr);
    rows.push_back({{"site", row.site ? nlohmann::json(*row.site) : nlohmann::json(nullptr)},
                    {"line", row.line ? nlohmann::json(*row.line) : nlohmann::json(nullptr)},
                    {"space", std::string(to_string(row.space))},
                    {"op", std::string(to_string(row.op))},
                    {"counter", row.counter},
                    {"simulated", row.simulated},
                    {"ncu", ncu},
                    {"difference", row.ncu ? nlohmann::json(row.difference()) : nlohmann::json(nullptr)},
                    {"cause", std::string(wk::cause_id(row.cause))},
                    {"evidence", row.evidence}});
  }
  return {{"kernel", r.kernel},     {"params", wk::params_to_json(r.params)}, {"ncu_source", r.ncu_source},
          {"granularity", r.granularity}, {"note", r.note},                          {"rows", std::move(rows)}};
}

CLI::App* add_reconcile_command(CLI::App& root, ReconcileOptions& o) {
  CLI::App* cmd = root.add_subcommand(
      "reconcile", "Why does Nsight Compute say otherwise? The simulator's counts beside ncu's, per source line, each "
                   "difference with its cause");
  cmd->add_option("--kernel", o.kernel.kernel, "catalog kernel name (required)");
  add_kernel_options(*cmd, o.kernel);
  CLI::Option* gpu = cmd->add_option("--gpu", o.gpu, "ncu counters recorded on this GPU (h100, h200)");
  CLI::Option* csv_files = cmd->add_option("--ncu-csv", o.ncu_csv,
                                           "an ncu CSV export: the Source page (--page source --print-source "
                                           "cuda,sass) and/or the metrics (--page raw); give it twice for both")
                               ->excludes(gpu);
  cmd->add_flag("--live", o.live, "run Nsight Compute (ncu) on this machine's GPU now")->excludes(gpu, csv_files);
  CLI::Option* json = cmd->add_flag("--json", o.json, "print one JSON object");
  cmd->add_flag("--csv", o.csv, "print one CSV table, a row per counter")->excludes(json);
  cmd->add_flag("--print-ncu-command", o.print_ncu_command,
                "print the ncu command lines that export what --ncu-csv reads, and stop");
  return cmd;
}

int run_reconcile(const ReconcileOptions& o) {
  const wk::KernelDescriptor& k = kernel_named(o.kernel.kernel);
  const wk::KernelParams p = params_from(o.kernel, k);
  check_or_throw(k, p, default_preset());
  if (o.print_ncu_command) {
    fmt::print("{}", ncu_commands(k, p));
    return kOk;
  }
  const int sources = !o.gpu.empty() + !o.ncu_csv.empty() + o.live;
  if (sources != 1) throw UsageError("give one of --gpu NAME, --ncu-csv FILE or --live (or --print-ncu-command)");
  if (auto too_much = wk::check_work(k, p, default_preset().warp_lanes)) throw UsageError(*too_much);
  wk::NcuEvidence e;
  if (!o.gpu.empty()) {
    e = gather_recorded(o.gpu, k, p);
  } else if (!o.ncu_csv.empty()) {
    std::string label = "csv";
    for (const auto& f : o.ncu_csv) label += " " + f;
    e = gather_exported(o.ncu_csv, k, p, label);
  } else {
    auto live = gather_live(k, p);
    if (!live) {
      fmt::print(stderr, "warpscope: --live needs Nsight Compute, and there is no ncu on the PATH (export the CSVs "
                         "where it runs: warpscope reconcile ... --print-ncu-command)\n");
      return kNoGpu;
    }
    e = std::move(*live);
  }
  const wk::WholeKernel sim =
      wk::simulate_whole_kernel(k, p, default_preset(), wk::BlockSampling::EquivalenceClasses);
  const wk::Reconciliation r = wk::reconcile(k, p, sim, e);
  if (o.json) fmt::print("{}\n", reconciliation_json(r).dump());
  else if (o.csv) print_csv(r);
  else print_reconciliation(r, k);
  return kOk;
}

}  // namespace ws::cli
