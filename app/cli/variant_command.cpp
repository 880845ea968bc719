// `warpscope variant`
//   make()        the typed expression checked (exit 2 naming the first offending point)
//   beside()      the catalog kernels it is compared with, predicted and measured
//   counted_by_ncu()  --ncu: the variant's launch profiled by ncu and reconciled
//   run_variant() report + prediction, then with --run: NVRTC, load, check, time
#include "cli/variant_command.hpp"

#include <fmt/format.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/model_gpu.hpp"
#include "cli/ncu_launch.hpp"
#include "cli/reconcile_command.hpp"
#include "cli/report_command.hpp"
#include "ws/kernels/params_json.hpp"
#include "ws/kernels/prediction.hpp"
#include "ws/kernels/variant_gpu.hpp"
#include "ws/kernels/work.hpp"

namespace ws::cli {
namespace {

using kernels::KernelVariant;

std::shared_ptr<const KernelVariant> make(const VariantOptions& o, const ArchPreset& arch) {
  if (o.layout.empty() == o.pattern.empty())
    throw UsageError(o.layout.empty() ? "variant: give --layout EXPR (a tile layout in r, c, T) or --pattern EXPR (a "
                                        "byte address in lane, i)"
                                      : "--pattern: give --layout or --pattern, not both");
  kernels::VariantSpec spec;
  const auto kind = o.layout.empty() ? kernels::VariantKind::AccessPattern : kernels::VariantKind::TileLayout;
  spec.base = o.kernel.kernel.empty() ? std::string(kernels::default_variant_base(kind).name) : o.kernel.kernel;
  if (!o.layout.empty() && !kernels::accepts_layout(spec.base))
    throw UsageError(fmt::format("--kernel: {} takes no --layout (layouts go with {})", spec.base,
                                 kernels::variant_bases(kind)));
  if (!o.pattern.empty() && !kernels::accepts_pattern(spec.base))
    throw UsageError(fmt::format("--kernel: {} takes no --pattern (patterns go with {})", spec.base,
                                 kernels::variant_bases(kind)));
  spec.expression = o.layout.empty() ? o.pattern : o.layout;
  spec.params = params_from(o.kernel, kernel_named(spec.base));
  spec.swizzle = o.swizzle;
  auto made = kernels::make_variant(spec, arch);
  if (!made) throw UsageError(made.error().message);
  return *made;
}

// A catalog kernel shown beside the variant (kernels::beside_kernels()), with its times.
struct Beside {
  const kernels::KernelDescriptor* kernel;
  kernels::KernelParams params;
  std::string label;
  double predicted_ms = 0;
  double measured_ms = 0;  // 0: not measured
  double min_ms = 0, max_ms = 0;
};

std::vector<Beside> beside(const KernelVariant& v) {
  std::vector<Beside> out;
  for (kernels::BesideKernel& b : kernels::beside_kernels(v)) out.push_back({b.kernel, b.params, std::move(b.label)});
  return out;
}

// The same variant run again under ncu (one launch of the NVRTC entry
// ws_variant counted, its output discarded), then reconciled with the simulator
// from ncu's kernel-wide metrics: per space and operation.
kernels::Reconciliation counted_by_ncu(const VariantOptions& o, const KernelVariant& v) {
  const kernels::KernelDescriptor& k = v.descriptor();
  const kernels::KernelParams& p = v.params();
  const kernels::KernelDescriptor& base = kernel_named(v.spec().base);
  std::string again = fmt::format("variant {} {} --kernel {} {} --run --repeat 1 --gpu {} --json",
                                   o.layout.empty() ? "--pattern" : "--layout", shell_quote(v.spec().expression),
                                   base.name, param_flags(base, p), o.gpu.empty() || o.gpu == "live" ? "h100" : o.gpu);
  if (!v.spec().swizzle.empty()) again += " --swizzle-preset " + shell_quote(v.spec().swizzle);
  const std::string self = shell_quote(own_path());
  const kernels::NcuEvidence e = profile_now(
      [&](const std::string& prefix) {
        return fmt::format("ncu --clock-control none --metrics {} -k regex:{} -c 1 -f -o {} {} {}", kNcuMetrics,
                           kernels::entry_name(k, p), prefix, self, again);
      },
      false, k, p, "live");
  const kernels::WholeKernel sim =
      kernels::simulate_whole_kernel(k, p, default_preset(), kernels::BlockSampling::EquivalenceClasses);
  kernels::Reconciliation r = kernels::reconcile(k, p, sim, e);
  r.note = "per space and operation from ncu's kernel-wide metrics of one launch of the NVRTC-compiled variant";
  return r;
}

nlohmann::json kinds_json(const std::set<std::string>& s) { return nlohmann::json(std::vector<std::string>(s.begin(), s.end())); }

}  // namespace

CLI::App* add_variant_command(CLI::App& root, VariantOptions& o) {
  CLI::App* cmd = root.add_subcommand(
      "variant", "Your own tile layout or access pattern: simulated, predicted and, with --run, compiled and timed");
  cmd->add_option("--kernel", o.kernel.kernel,
                  fmt::format("the catalog kernel it stands beside: {} (default for --layout) or {} (default for "
                              "--pattern)",
                              kernels::default_variant_base(kernels::VariantKind::TileLayout).name,
                              kernels::default_variant_base(kernels::VariantKind::AccessPattern).name));
  cmd->add_option("--layout", o.layout,
                  "tile layout in r, c, T: the column of element (r, c) (values 0..T-1), or its word in the tile");
  cmd->add_option("--pattern", o.pattern, "byte address lane `lane` reads in iteration i, e.g. '4*(17*lane)'");
  cmd->add_option("--swizzle-preset", o.swizzle,
                  "applied to the byte address: tma32, tma64, tma128 (Hopper TMA) or cute:B,M,S (CuTe Swizzle)");
  add_kernel_options(*cmd, o.kernel);
  cmd->add_option("--arch", o.arch, "architecture preset")->default_val("sm90");
  cmd->add_option("--gpu", o.gpu, "predict on a recorded GPU (h100, h200) or live; default live with --run, else h100");
  cmd->add_flag("--run", o.run, "compile with NVRTC, check against the CPU reference and time on this GPU");
  cmd->add_option("--repeat", o.repeat, "with --run: timed launches (median reported)")->default_val(20);
  cmd->add_flag("--ncu", o.ncu,
                "with --run: count one launch with Nsight Compute and reconcile it with the simulator (as reconcile)");
  cmd->add_flag("--json", o.json, "print one JSON object (report --json's keys, predicted_ms, beside, measured)");
  return cmd;
}

int run_variant(const VariantOptions& o) {
  const ArchPreset& arch = preset_named(o.arch);
  const auto v = make(o, arch);
  const kernels::KernelDescriptor& k = v->descriptor();
  const kernels::KernelParams& p = v->params();
  if (arch.name != default_preset().name)
    throw UsageError(fmt::format("--arch: variants are predicted and run on {} GPUs; use analyze for {}",
                                 default_preset().name, arch.name));
  if (o.ncu && !o.run) throw UsageError("--ncu: goes with --run (the variant is counted on this machine's GPU)");
  if (o.repeat < 1 || o.repeat > 10000) throw UsageError(fmt::format("--repeat: {} is outside 1..10000", o.repeat));
  if (auto too_much = kernels::check_work(k, p, arch.warp_lanes)) throw UsageError(*too_much);
  auto chosen = model_gpu(o.gpu.empty() ? (o.run ? "live" : "h100") : o.gpu);
  if (const auto* e = std::get_if<kernels::GpuError>(&chosen)) return exit_for_gpu_error(*e);
  const ModelGpu& gpu = std::get<ModelGpu>(chosen);

  const auto t0 = std::chrono::steady_clock::now();
  const kernels::KernelReport r = report_showing_progress(k, p, arch, Dim3{0, 0, 0}, 0);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const kernels::Prediction predicted = kernels::predict(k, r, gpu.calibration);
  std::vector<Beside> others = beside(*v);
  for (Beside& b : others) {
    b.predicted_ms = kernels::predict(*b.kernel, b.params, gpu.calibration).predicted_ms;
    if (gpu.recorded)
      for (const auto& m : gpu.recorded->kernels)
        if (m.kernel == b.kernel->name && m.params == b.params)
          b.measured_ms = m.median_ms, b.min_ms = m.min_ms, b.max_ms = m.max_ms;
  }

  std::optional<kernels::VariantRun> ran;
  if (o.run) {
    kernels::BenchOptions bo;
    bo.repeat = o.repeat;
    auto result = kernels::run_variant(*v, bo);
    if (auto* e = std::get_if<kernels::VariantRunError>(&result)) {
      fmt::print(stderr, "warpscope: variant --run: {}\n", e->message);
      return e->no_gpu ? kNoGpu : kFailure;
    }
    ran = std::move(std::get<kernels::VariantRun>(result));
    bo.twin = false;
    for (Beside& b : others) {  // the catalog's kernels in the same run, for a fair comparison
      auto timed = kernels::bench_kernel(*b.kernel, b.params, bo);
      if (auto* e = std::get_if<kernels::GpuError>(&timed)) return exit_for_gpu_error(*e);
      const auto& t = std::get<kernels::BenchResult>(timed);
      b.measured_ms = t.median_ms, b.min_ms = t.min_ms, b.max_ms = t.max_ms;
    }
  }

  std::optional<kernels::Reconciliation> reconciled;
  if (o.ncu && ran) {
    if (!ncu_on_path()) {
      fmt::print(stderr, "warpscope: variant --ncu needs Nsight Compute, and there is no ncu on the PATH\n");
      return kNoGpu;
    }
    reconciled = counted_by_ncu(o, *v);
  }

  const std::string where = ran ? fmt::format("measured in this run on {}", ran->gpu.name)
                                : gpu.recorded ? fmt::format("measured: recorded {} on {}", gpu.recorded->date, gpu.gpu)
                                               : std::string("not measured");
  if (o.json) {
    nlohmann::json j = report_json(r, arch, Dim3{0, 0, 0}, 0, seconds);
    j.update(prediction_json(predicted, gpu));
    j["variant"] = {{"kind", v->kind() == kernels::VariantKind::TileLayout ? "layout" : "pattern"},
                    {"base", v->spec().base},
                    {"expression", v->spec().expression},
                    {"swizzle", v->spec().swizzle},
                    {"c_expression", v->c_expression()},
                    {"summary", v->summary()}};
    if (const auto* t = v->layout()) {
      j["variant"]["form"] = t->form == kernels::LayoutForm::Column ? "column" : "word";
      j["variant"]["pitch"] = t->pitch;
    }
    nlohmann::json side = nlohmann::json::array();
    for (const Beside& b : others) {
      nlohmann::json e = {{"kernel", b.kernel->name}, {"label", b.label},
                          {"params", kernels::params_to_json(b.params)}, {"predicted_ms", b.predicted_ms}};
      if (b.measured_ms > 0) e["measured"] = {{"median_ms", b.measured_ms}, {"min_ms", b.min_ms}, {"max_ms", b.max_ms}};
      side.push_back(std::move(e));
    }
    j["beside"] = std::move(side);
    j["beside_measured"] = where;
    if (ran) {
      const kernels::BenchResult& b = ran->bench;
      j["measured"] = {{"gpu", ran->gpu.name},       {"driver", ran->gpu.driver},
                       {"median_ms", b.median_ms},   {"min_ms", b.min_ms},
                       {"max_ms", b.max_ms},         {"launches", b.launches},
                       {"passed", b.passed},         {"check_message", b.check_message},
                       {"arch", ran->compiled.arch}, {"ptx_kinds", kinds_json(ran->compiled.access_kinds)},
                       {"traced_kinds", kinds_json(ran->traced_kinds)}, {"widths_match", ran->widths_match}};
    }
    if (reconciled) j["ncu"] = reconciliation_json(*reconciled);
    fmt::print("{}\n", j.dump());
  } else {
    fmt::print("your variant: {}\n", v->summary());
    print_report(r, arch, Dim3{0, 0, 0}, 0, seconds);
    print_prediction(predicted, gpu);
    fmt::print("\nbeside the catalog (predicted on {}; {}):\n", gpu.gpu, where);
    fmt::print("  {:<26} {:>12} {:>12}\n", "kernel", "predicted ms", "measured ms");
    auto row = [](const std::string& name, double pred, double meas, double lo, double hi) {
      fmt::print("  {:<26} {:>12.4f} {:>12}{}\n", name, pred, meas > 0 ? fmt::format("{:.4f}", meas) : "-",
                 meas > 0 && hi > 0 ? fmt::format("  ({:.4f} .. {:.4f})", lo, hi) : "");
    };
    row("your variant", predicted.predicted_ms, ran ? ran->bench.median_ms : 0, ran ? ran->bench.min_ms : 0,
        ran ? ran->bench.max_ms : 0);
    for (const Beside& b : others) row(b.label, b.predicted_ms, b.measured_ms, b.min_ms, b.max_ms);
    if (ran) {
      auto join = [](const std::set<std::string>& s) {
        std::string out;
        for (const auto& x : s) out += (out.empty() ? "" : ", ") + x;
        return out;
      };
      fmt::print("\ncompiled with NVRTC for {}: PTX accesses {} ({} the tracer's)\n", ran->compiled.arch,
                 join(ran->compiled.access_kinds), ran->widths_match ? "equal to" : "DIFFERENT from");
      fmt::print("checked against the CPU reference on random data: {}\n",
                 ran->bench.passed ? "passed" : "FAILED: " + ran->bench.check_message);
    }
    if (reconciled) {
      fmt::print("\n");
      print_reconciliation(*reconciled, k);
    }
  }
  if (ran && (!ran->bench.passed || !ran->widths_match)) return kFailure;
  return kOk;
}

}  // namespace ws::cli
