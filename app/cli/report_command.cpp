// `warpscope report`
//   parse_block()    "X,Y" -> block index, checked against the grid
//   report_showing_progress()   a long simulation's percentage on stderr, when it is a terminal
//   report_json()    the --json contract (tests depend on the keys)
//   print_report()   a per-site table for the terminal
//   prediction_json(), print_prediction()   --gpu
#include "cli/report_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/model_gpu.hpp"
#include "ws/kernels/params_json.hpp"
#include "ws/kernels/prediction.hpp"
#include "ws/kernels/work.hpp"

namespace ws::cli {

using kernels::Counters;
using kernels::KernelReport;

namespace {

Dim3 parse_block(const std::string& text, const kernels::LaunchConfig& lc) {
  Dim3 b{0, 0, 0};
  const auto comma = text.find(',');
  // A whole number filling `part`, as std::from_chars reads it (no exception as control flow).
  auto whole = [](std::string_view part, int& v) {
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    return !part.empty() && ec == std::errc() && end == part.data() + part.size();
  };
  const std::string_view t = text;
  if (!whole(t.substr(0, comma), b.x) || (comma != std::string::npos && !whole(t.substr(comma + 1), b.y)))
    throw UsageError(fmt::format("--block: '{}' is not X,Y", text));
  if (b.x < 0 || b.x >= lc.grid.x || b.y < 0 || b.y >= lc.grid.y)
    throw UsageError(fmt::format("--block: {},{} is outside the grid of {} x {} blocks", b.x, b.y, lc.grid.x,
                                 lc.grid.y));
  return b;
}

nlohmann::json counters_json(const Counters& c) {
  return {{"instructions", c.instructions}, {"wavefronts", c.wavefronts},
          {"ideal_wavefronts", c.ideal_wavefronts}, {"bank_conflicts", c.bank_conflicts},
          {"requests", c.requests}, {"sectors", c.sectors},
          {"bytes_requested", c.bytes_requested}, {"bytes_used", c.bytes_used}, {"bytes_moved", c.bytes_moved}};
}

}  // namespace

// The report, with "simulating: 42%" redrawn on stderr once it has run half a
// second, only when stderr is a terminal (stdout's contracts are untouched), and
// the line erased at the end.
KernelReport report_showing_progress(const kernels::KernelDescriptor& k, const kernels::KernelParams& p,
                                     const ArchPreset& arch, Dim3 block, int warp) {
  if (isatty(STDERR_FILENO) == 0) return kernels::report(k, p, arch, block, warp);
  const auto t0 = std::chrono::steady_clock::now();
  int shown = -1;
  const kernels::SimulationProgress progress{[&](double fraction) {
    const int percent = static_cast<int>(100 * fraction);
    if (percent != shown && std::chrono::steady_clock::now() - t0 > std::chrono::milliseconds(500)) {
      fmt::print(stderr, "\rwarpscope: simulating {}: {:3d}%", k.name, percent);
      std::fflush(stderr);
      shown = percent;
    }
    return true;  // never cancelled: Ctrl-C ends the command
  }};
  std::optional<KernelReport> r = kernels::report(k, p, arch, block, warp, progress);
  if (shown >= 0) fmt::print(stderr, "\r{:{}}\r", "", 32 + k.name.size());
  return std::move(*r);
}

nlohmann::json report_json(const KernelReport& r, const ArchPreset& arch, Dim3 block, int warp, double seconds) {
  nlohmann::json sites = nlohmann::json::array();
  for (const auto& s : r.sites) {
    nlohmann::json j = counters_json(s.kernel);
    j["name"] = s.site.name;
    j["line"] = s.site.line;
    j["column"] = s.site.column;
    j["space"] = std::string(to_string(s.site.space));
    j["op"] = std::string(to_string(s.site.op));
    j["bytes"] = s.site.bytes;
    j["ldmatrix"] = static_cast<int>(s.site.ldmatrix);
    j["warp"] = counters_json(s.warp);
    sites.push_back(std::move(j));
  }
  return {{"kernel", r.kernel},
          {"params", kernels::params_to_json(r.params)},
          {"arch", std::string(arch.name)},
          {"launch", {{"grid", {r.launch.grid.x, r.launch.grid.y}}, {"block", {r.launch.block.x, r.launch.block.y}}}},
          {"block", {block.x, block.y}},
          {"warp", warp},
          {"sites", std::move(sites)},
          {"totals",
           {{"shared_load", counters_json(r.shared_load)}, {"shared_store", counters_json(r.shared_store)},
            {"global_load", counters_json(r.global_load)}, {"global_store", counters_json(r.global_store)}}},
          {"shared_bytes_per_block", r.shared_bytes_per_block},
          {"occupancy", {{"blocks_per_sm", r.occupancy.blocks_per_sm}, {"limiter", r.occupancy.limiter}}},
          {"simulated_seconds", r.simulated_seconds},
          {"analysis_seconds", seconds}};
}

nlohmann::json prediction_json(const kernels::Prediction& p, const ModelGpu& gpu) {
  nlohmann::json resources = nlohmann::json::object();
  for (const kernels::ResourceTime& t : p.resources) resources[std::string(t.name)] = t.ms;
  return {{"gpu", gpu.name},
          {"gpu_name", gpu.gpu},
          {"predicted_ms", p.predicted_ms},
          {"bound", std::string(p.bound)},
          {"resources", std::move(resources)},
          {"explanation", p.explanation}};
}

void print_prediction(const kernels::Prediction& p, const ModelGpu& gpu) {
  fmt::print("\npredicted on {} ({}): {:.4g} ms, {}-bound\n", gpu.gpu, gpu.name, p.predicted_ms, p.bound);
  for (const kernels::ResourceTime& t : p.resources)
    fmt::print("  {:<26} {:>10.4g} ms{}\n", t.name, t.ms, t.name == p.bound ? "  <- limits" : "");
  fmt::print("{}\n", p.explanation);
}

namespace {

std::string site_cells(const kernels::SiteReport& s, const Counters& c) {
  if (s.site.space == Space::Shared)
    return fmt::format("{:>12} {:>13} {:>10} {:>9}", c.instructions, c.wavefronts, c.ideal_wavefronts,
                       c.bank_conflicts);
  return fmt::format("{:>12} {:>13} {:>10} {:>9}", c.requests, c.sectors, "",
                     c.sectors ? fmt::format("{:.0f}%", 100.0 * c.bytes_used / c.bytes_moved) : "-");
}

}  // namespace

void print_report(const KernelReport& r, const ArchPreset& arch, Dim3 block, int warp, double seconds) {
  fmt::print("{} on {}: grid {} x {} blocks of {} x {} threads, {} bytes of shared memory per block\n", r.kernel,
             arch.name, r.launch.grid.x, r.launch.grid.y, r.launch.block.x, r.launch.block.y,
             r.shared_bytes_per_block);
  fmt::print("shared columns: instructions wavefronts ideal conflicts; global: requests sectors - efficiency (bytes used / bytes moved)\n\n");
  fmt::print("{:<16} {:>4} {:<6} {:<5} {:>2}  {:<49} | {}\n", "site", "line", "space", "op", "B",
             fmt::format("warp {} of block {},{}", warp, block.x, block.y), "whole kernel");
  for (const auto& s : r.sites)
    fmt::print("{:<16} {:>4} {:<6} {:<5} {:>2}  {} | {}\n", s.site.name, s.site.line, to_string(s.site.space),
               to_string(s.site.op), s.site.bytes, site_cells(s, s.warp), site_cells(s, s.kernel));
  auto per = [](std::uint64_t a, std::uint64_t b) { return b ? static_cast<double>(a) / b : 0.0; };
  fmt::print("\nwhole kernel: shared load {:.2f} wavefronts/instruction, shared store {:.2f}; "
             "global load {:.2f} sectors/request, global store {:.2f}\n",
             per(r.shared_load.wavefronts, r.shared_load.instructions),
             per(r.shared_store.wavefronts, r.shared_store.instructions),
             per(r.global_load.sectors, r.global_load.requests), per(r.global_store.sectors, r.global_store.requests));
  fmt::print("occupancy: {} blocks per SM (limited by {}); simulated time {:.3f} ms on {}'s reference GPU\n",
             r.occupancy.blocks_per_sm, r.occupancy.limiter, r.simulated_seconds * 1e3, arch.name);
  fmt::print("(simulated in {:.3f} s)\n", seconds);
}

CLI::App* add_report_command(CLI::App& root, ReportOptions& o) {
  CLI::App* cmd = root.add_subcommand("report", "Trace a catalog kernel: per-site and whole-kernel counters");
  cmd->add_option("--kernel", o.kernel.kernel, "catalog kernel name (required)");
  add_kernel_options(*cmd, o.kernel);
  cmd->add_option("--block", o.block, "block X,Y for the per-warp columns")->default_val("0,0");
  cmd->add_option("--warp", o.warp, "warp index inside the block")->default_val(0);
  cmd->add_option("--arch", o.arch, "architecture preset")->default_val("sm90");
  cmd->add_option("--gpu", o.gpu, "predict the time on a recorded GPU (h100, h200) or on this machine's (live)");
  cmd->add_flag("--json", o.json, "print one JSON object");
  cmd->add_flag("--csv", o.csv, "print the per-site counters as CSV (one row per site and scope: warp, kernel)");
  return cmd;
}

int run_report(const ReportOptions& o) {
  const kernels::KernelDescriptor& k = kernel_named(o.kernel.kernel);
  const ArchPreset& arch = preset_named(o.arch);
  const kernels::KernelParams p = params_from(o.kernel, k);
  check_or_throw(k, p, arch);
  if (!o.gpu.empty() && arch.name != default_preset().name)
    throw UsageError(fmt::format("--gpu: a GPU follows the {} rules; --arch {} cannot be predicted on it",
                                 default_preset().name, arch.name));
  // Refused up front rather than simulated for minutes (ws/kernels/work.hpp).
  if (auto too_much = kernels::check_work(k, p, arch.warp_lanes)) throw UsageError(*too_much);
  const kernels::LaunchConfig lc = kernels::launch_config(k, p);
  const Dim3 block = parse_block(o.block, lc);
  const int warps = (lc.block.count() + arch.warp_lanes - 1) / arch.warp_lanes;
  if (o.warp < 0 || o.warp >= warps)
    throw UsageError(fmt::format("--warp: {} is outside 0..{} (the block has {} warps of {} lanes)", o.warp,
                                 warps - 1, warps, arch.warp_lanes));
  if (o.csv && (o.json || !o.gpu.empty()))
    throw UsageError(fmt::format("--csv: give it alone, not with {}", o.json ? "--json" : "--gpu"));
  // The GPU after every flag (README "Exit codes": input first) and before the
  // simulation: a bad name or no GPU fails at once.
  std::optional<ModelGpu> gpu;
  if (!o.gpu.empty()) {
    auto chosen = model_gpu(o.gpu);
    if (const auto* e = std::get_if<kernels::GpuError>(&chosen)) return exit_for_gpu_error(*e);
    gpu = std::move(std::get<ModelGpu>(chosen));
  }
  const auto t0 = std::chrono::steady_clock::now();
  const KernelReport r = report_showing_progress(k, p, arch, block, o.warp);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const std::optional<kernels::Prediction> predicted =
      gpu ? std::optional(kernels::predict(k, r, gpu->calibration)) : std::nullopt;
  if (o.csv) {
    fmt::print("{}\n", kReportCsvHeader);
    for (const auto& s : r.sites)
      for (const auto& [scope, c] : {std::pair{"warp", s.warp}, std::pair{"kernel", s.kernel}})
        fmt::print("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", s.site.name, s.site.line, s.site.column,
                   to_string(s.site.space), to_string(s.site.op), s.site.bytes, scope, c.instructions, c.wavefronts,
                   c.ideal_wavefronts, c.bank_conflicts, c.requests, c.sectors, c.bytes_requested, c.bytes_moved);
  } else if (o.json) {
    nlohmann::json j = report_json(r, arch, block, o.warp, seconds);
    if (predicted) j.update(prediction_json(*predicted, *gpu));
    fmt::print("{}\n", j.dump());
  } else {
    print_report(r, arch, block, o.warp, seconds);
    if (predicted) print_prediction(*predicted, *gpu);
  }
  return kOk;
}

}  // namespace ws::cli
