// `warpscope compare`
//   measure_live()     for --gpu live: the lesson runs benched now
//   compare()          every distinct measured entry predicted, the pairs formed
//   *_json / *_csv / print_table()   the three outputs
#include "cli/compare_command.hpp"

#include <fmt/format.h>

#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/command.hpp"
#include "cli/model_gpu.hpp"
#include "cli/progress_line.hpp"
#include "ws/kernels/lesson_pairs.hpp"
#include "ws/kernels/params_json.hpp"
#include "ws/kernels/prediction.hpp"
#include "ws/kernels/work.hpp"

namespace ws::cli {
namespace {

namespace wk = ws::kernels;

// The targets of issue 8, for the summary line: a pair's speedup and a kernel's time.
constexpr double kPairTarget = 0.15, kKernelTarget = 0.25;

struct KernelRow {
  const wk::KernelDescriptor* k = nullptr;
  const wk::MeasuredKernel* m = nullptr;
  std::optional<wk::Prediction> predicted;
  std::string skipped;  // why there is no prediction

  double error() const { return predicted && m->median_ms > 0 ? predicted->predicted_ms / m->median_ms - 1 : NAN; }
};

struct PairRow {
  const KernelRow* baseline = nullptr;
  const KernelRow* variant = nullptr;
  double measured = 0, lowest = 0, highest = 0;  // lowest/highest from the launches' spread, 0 if unknown
  double predicted = 0;
  std::string explanation;
  double error() const { return predicted > 0 ? predicted / measured - 1 : NAN; }
};

struct Comparison {
  std::string source;  // the file, or "measured live just now"
  std::vector<KernelRow> kernels;
  std::vector<PairRow> pairs;
};

std::variant<wk::Measurements, wk::GpuError> measure_live(const std::string& gpu) {
  wk::Measurements m;
  m.gpu = gpu;
  const wk::BenchOptions options{.repeat = 20, .check = true, .twin = false};
  ProgressLine progress("compare --gpu live");
  const auto runs = wk::lesson_runs();
  std::size_t n = 0;
  for (const auto& [k, p] : runs) {
    progress.show("timing kernel", ++n, runs.size(), std::string(k->name) + " " + wk::params_label(*k, p));
    auto r = wk::bench_kernel(*k, p, options);
    if (auto* e = std::get_if<wk::GpuError>(&r)) return *e;
    const wk::BenchResult& b = std::get<wk::BenchResult>(r);
    if (b.checked && !b.passed) throw std::runtime_error(std::string(k->name) + " gave a wrong result: " + b.check_message);
    wk::MeasuredKernel e;
    e.kernel = e.key = std::string(k->name);
    e.params = p;
    e.median_ms = b.median_ms;
    e.min_ms = b.min_ms;
    e.max_ms = b.max_ms;
    m.kernels.push_back(std::move(e));
  }
  return m;
}

Comparison compare(const wk::Measurements& m, const wk::Calibration& c) {
  Comparison out;
  out.source = m.path.empty() ? "measured live just now" : m.path;
  const auto entries = wk::distinct_entries(m);
  out.kernels.reserve(entries.size());  // pairs point into it
  std::uint64_t traced = 0;  // by the predictions so far: a file's entries share one budget
  ProgressLine progress("compare");  // 7 s for the H100's file (each prediction simulates its kernel)
  for (const wk::MeasuredKernel* e : entries) {
    KernelRow row{wk::find_kernel(e->kernel), e, std::nullopt, {}};
    progress.show("predicting kernel", out.kernels.size() + 1, entries.size(),
                  row.k ? std::string(row.k->name) + " " + wk::params_label(*row.k, e->params) : e->kernel);
    if (auto bad = wk::check_params(*row.k, e->params, default_preset())) row.skipped = *bad;
    else if (auto big = wk::check_work(*row.k, e->params, default_preset().warp_lanes)) row.skipped = *big;
    else if ((traced += wk::estimate_work(*row.k, e->params, default_preset().warp_lanes).traced_accesses()) >
             wk::kMaxPredictionWork)
      row.skipped = fmt::format("not predicted: the file's predictions would trace more than {} accesses in all",
                                wk::kMaxPredictionWork);
    else row.predicted = wk::predict(*row.k, e->params, c);
    out.kernels.push_back(std::move(row));
  }
  auto row_of = [&](const wk::MeasuredKernel* e) -> const KernelRow* {
    for (const KernelRow& r : out.kernels)
      if (r.m == e) return &r;
    return nullptr;
  };
  for (const wk::LessonPair& lp : wk::lesson_pairs(m)) {
    PairRow p;
    p.baseline = row_of(lp.baseline);
    p.variant = row_of(lp.variant);
    if (!p.baseline || !p.variant || lp.variant->median_ms <= 0) continue;
    p.measured = lp.baseline->median_ms / lp.variant->median_ms;
    if (lp.baseline->min_ms > 0 && lp.variant->max_ms > 0 && lp.baseline->max_ms > 0 && lp.variant->min_ms > 0) {
      p.lowest = lp.baseline->min_ms / lp.variant->max_ms;
      p.highest = lp.baseline->max_ms / lp.variant->min_ms;
    }
    if (p.baseline->predicted && p.variant->predicted) {
      p.predicted = p.baseline->predicted->predicted_ms / p.variant->predicted->predicted_ms;
      p.explanation = wk::explain_pair(p.variant->k->name, *p.baseline->predicted, *p.variant->predicted, p.measured);
    }
    out.pairs.push_back(std::move(p));
  }
  return out;
}

// ---- JSON ----

nlohmann::json side_json(const KernelRow& r) {
  nlohmann::json j = {{"kernel", r.m->kernel}, {"params", wk::params_to_json(r.m->params)},
                      {"label", wk::params_label(*r.k, r.m->params)}, {"measured_ms", r.m->median_ms}};
  if (r.m->min_ms > 0) j["measured_min_ms"] = r.m->min_ms;
  if (r.m->max_ms > 0) j["measured_max_ms"] = r.m->max_ms;
  if (r.predicted) {
    j["predicted_ms"] = r.predicted->predicted_ms;
    j["bound"] = std::string(r.predicted->bound);
  } else {
    j["predicted_ms"] = nullptr;
    j["bound"] = nullptr;
    j["skipped"] = r.skipped;
  }
  return j;
}

nlohmann::json number_or_null(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

nlohmann::json comparison_json(const Comparison& c, const ModelGpu& gpu) {
  nlohmann::json pairs = nlohmann::json::array(), kernels = nlohmann::json::array();
  for (const PairRow& p : c.pairs) {
    nlohmann::json j = {{"baseline", side_json(*p.baseline)},
                        {"variant", side_json(*p.variant)},
                        {"measured_speedup", p.measured},
                        {"predicted_speedup", p.predicted > 0 ? nlohmann::json(p.predicted) : nlohmann::json(nullptr)},
                        {"error", number_or_null(p.error())},
                        {"explanation", p.explanation}};
    if (p.lowest > 0) j["measured_speedup_range"] = {p.lowest, p.highest};
    pairs.push_back(std::move(j));
  }
  for (const KernelRow& r : c.kernels) {
    nlohmann::json j = side_json(r);
    j["error"] = number_or_null(r.error());
    if (r.predicted) {
      nlohmann::json res = nlohmann::json::object();
      for (const wk::ResourceTime& t : r.predicted->resources) res[std::string(t.name)] = t.ms;
      j["resources"] = std::move(res);
      j["explanation"] = r.predicted->explanation;
    }
    kernels.push_back(std::move(j));
  }
  return {{"gpu", gpu.name}, {"gpu_name", gpu.gpu}, {"source", c.source}, {"pairs", std::move(pairs)},
          {"kernels", std::move(kernels)}};
}

// ---- CSV: one table, a row per pair and per kernel ----

std::string cell(double v) { return std::isfinite(v) && v != 0 ? fmt::format("{:.6g}", v) : ""; }

void print_csv(const Comparison& c) {
  fmt::print("row,baseline_kernel,baseline_params,baseline_measured_ms,baseline_predicted_ms,baseline_bound,"
             "kernel,params,measured_ms,predicted_ms,bound,measured_speedup,measured_speedup_min,"
             "measured_speedup_max,predicted_speedup,error\n");
  auto side = [](const KernelRow& r) {
    return fmt::format("{},{},{},{},{}", r.m->kernel, wk::params_label(*r.k, r.m->params), cell(r.m->median_ms),
                       r.predicted ? cell(r.predicted->predicted_ms) : "",
                       r.predicted ? std::string(r.predicted->bound) : "");
  };
  for (const PairRow& p : c.pairs)
    fmt::print("pair,{},{},{},{},{},{},{}\n", side(*p.baseline), side(*p.variant), cell(p.measured), cell(p.lowest),
               cell(p.highest), cell(p.predicted), cell(p.error()));
  for (const KernelRow& r : c.kernels) fmt::print("kernel,,,,,,{},,,,,{}\n", side(r), cell(r.error()));
}

// ---- the terminal ----

std::string percent(double e) { return std::isfinite(e) ? fmt::format("{:+.0f}%", 100 * e) : "-"; }

std::string bound_of(const KernelRow& r) { return r.predicted ? std::string(r.predicted->bound) : "-"; }

void print_table(const Comparison& c, const ModelGpu& gpu) {
  const wk::Calibration& cal = gpu.calibration;
  fmt::print("{} ({}): measured vs predicted; measurements from {}\n", gpu.gpu, gpu.name, c.source);
  fmt::print("model parameters (calibration): {} SMs at {:.0f} MHz, launch {:.2f} us, DRAM {:.0f} GB/s, L2 {:.0f} "
             "GB/s, L1 {:.3g} requests and {:.3g} sectors per clock per SM, shared {:.3g} wavefronts per clock per "
             "SM, {:.0f} FMA per clock per SM, L2 {:.0f} MB\n\n",
             cal.sm_count, cal.sm_clock_mhz, cal.launch_us(), cal.dram_gbps, cal.l2_gbps,
             cal.l1_requests_per_clock_per_sm, cal.l1_sectors_per_clock_per_sm, cal.shared_wavefronts_per_clock_per_sm,
             cal.fma_per_clock_per_sm, cal.l2_bytes / 1e6);
  int pairs_ok = 0, kernels_ok = 0, kernels_predicted = 0;
  fmt::print("lesson pairs: speedup = baseline time / variant time\n");
  fmt::print("{:<62} {:>19} {:>9} {:>6}  {}\n", "baseline -> variant", "measured", "predicted", "error",
             "limiter: baseline -> variant");
  for (const PairRow& p : c.pairs) {
    const std::string name = fmt::format("{} {} -> {} {}", p.baseline->m->kernel,
                                         wk::params_label(*p.baseline->k, p.baseline->m->params), p.variant->m->kernel,
                                         wk::params_label(*p.variant->k, p.variant->m->params));
    const std::string measured =
        p.lowest > 0 ? fmt::format("{:.2f}x ({:.2f}-{:.2f})", p.measured, p.lowest, p.highest)
                     : fmt::format("{:.2f}x", p.measured);
    fmt::print("{:<62} {:>19} {:>9} {:>6}  {} -> {}\n", name, measured,
               p.predicted > 0 ? fmt::format("{:.2f}x", p.predicted) : "-", percent(p.error()), bound_of(*p.baseline),
               bound_of(*p.variant));
    if (!p.explanation.empty()) fmt::print("    {}\n", p.explanation);
    pairs_ok += std::abs(p.error()) <= kPairTarget;
  }
  fmt::print("\nkernels\n{:<24} {:<36} {:>11} {:>12} {:>6}  {}\n", "kernel", "parameters", "measured ms",
             "predicted ms", "error", "limiter");
  for (const KernelRow& r : c.kernels) {
    fmt::print("{:<24} {:<36} {:>11.4g} {:>12} {:>6}  {}\n", r.m->kernel, wk::params_label(*r.k, r.m->params),
               r.m->median_ms, r.predicted ? fmt::format("{:.4g}", r.predicted->predicted_ms) : "-",
               percent(r.error()), r.predicted ? bound_of(r) : "not predicted: " + r.skipped);
    kernels_predicted += r.predicted.has_value();
    kernels_ok += std::abs(r.error()) <= kKernelTarget;
  }
  fmt::print("\n{} of {} pairs within {:.0f}% of the measured speedup; {} of {} kernels within {:.0f}% of the measured "
             "time\n",
             pairs_ok, c.pairs.size(), 100 * kPairTarget, kernels_ok, kernels_predicted, 100 * kKernelTarget);
}

}  // namespace

CLI::App* add_compare_command(CLI::App& root, CompareOptions& o) {
  CLI::App* cmd = root.add_subcommand(
      "compare", "Lesson pairs: measured speedup on a GPU against the speedup the model predicts from its calibration");
  cmd->add_option("--gpu", o.gpu, "a recorded GPU (h100, h200: assets/measurements/NAME.json) or live (required)");
  CLI::Option* json = cmd->add_flag("--json", o.json, "print one JSON object");
  cmd->add_flag("--csv", o.csv, "print one CSV table: a row per pair, then a row per kernel")->excludes(json);
  return cmd;
}

int run_compare(const CompareOptions& o) {
  if (o.gpu.empty()) throw UsageError("--gpu is required (a recorded GPU such as h100, or live)");
  auto chosen = model_gpu(o.gpu);
  if (const auto* e = std::get_if<wk::GpuError>(&chosen)) return exit_for_gpu_error(*e);
  const ModelGpu& gpu = std::get<ModelGpu>(chosen);
  wk::Measurements live;
  if (!gpu.recorded) {
    auto measured = measure_live(gpu.gpu);
    if (const auto* e = std::get_if<wk::GpuError>(&measured)) return exit_for_gpu_error(*e);
    live = std::move(std::get<wk::Measurements>(measured));
  }
  const Comparison c = compare(gpu.recorded ? *gpu.recorded : live, gpu.calibration);
  if (o.json) fmt::print("{}\n", comparison_json(c, gpu).dump());
  else if (o.csv) print_csv(c);
  else print_table(c, gpu);
  return kOk;
}

}  // namespace ws::cli
