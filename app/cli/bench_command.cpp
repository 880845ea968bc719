// `warpscope bench`
//   ProgressBar   one line on stderr, redrawn in place when stderr is a terminal
//   bench_json()  the file written by --json (the measurement files extend it with ncu)
//   run_bench()   gpu_info first: no GPU -> exit 3 with one clear line
#include "cli/bench_command.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "ws/kernels/params_json.hpp"
#include "ws/kernels/bench.hpp"

namespace ws::cli {
namespace {

namespace wk = ws::kernels;

class ProgressBar {
 public:
  ProgressBar() : tty_(isatty(STDERR_FILENO) != 0) {}
  void draw(std::string_view kernel, double fraction, std::string_view stage) {
    if (!tty_) return;
    constexpr int kWidth = 30;
    const int filled = static_cast<int>(fraction * kWidth + 0.5);
    fmt::print(stderr, "\r[{}{}] {:3.0f}% {:<24} {:<36}", std::string(filled, '#'),
               std::string(kWidth - filled, '.'), 100 * fraction, kernel, stage);
    std::fflush(stderr);
  }
  void clear() {
    if (tty_) fmt::print(stderr, "\r{:100}\r", "");
  }

 private:
  bool tty_;
};

std::string command_line(int argc, char** argv) {
  std::string s = "warpscope";
  for (int i = 1; i < argc; ++i) s += std::string(" ") + argv[i];
  return s;
}

}  // namespace

CLI::App* add_bench_command(CLI::App& root, BenchOptions& o) {
  CLI::App* cmd = root.add_subcommand("bench", "Time catalog kernels on this machine's GPU");
  cmd->add_option("--kernel", o.kernel.kernel, "catalog kernel name, or all")->default_val("all");
  add_kernel_options(*cmd, o.kernel);
  cmd->add_option("--json", o.json_path, "write the results to this JSON file");
  cmd->add_option("--repeat", o.repeat, "timed launches per kernel (median reported)")->default_val(20);
  cmd->add_flag("--no-check", o.no_check, "skip the CPU reference check");
  cmd->add_flag("--launch-once", o.launch_once, "launch each kernel once, untimed (for Nsight Compute)");
  return cmd;
}

int run_bench(const BenchOptions& o, int argc, char** argv) {
  // Flags first (exit 2), then the GPU (exit 3).
  std::vector<const wk::KernelInfo*> kernels;
  const ArchPreset& arch = default_preset();
  if (o.kernel.kernel == "all") {
    for (const auto& k : wk::catalog()) kernels.push_back(&k);
  } else {
    kernels.push_back(&kernel_named(o.kernel.kernel));
  }
  std::vector<wk::KernelParams> params;
  for (const auto* k : kernels) {
    params.push_back(params_from(o.kernel, *k));
    check_or_throw(*k, params.back(), arch);
  }
  if (o.repeat < 1) throw UsageError(fmt::format("--repeat: {} is not a positive count", o.repeat));
  if (!o.json_path.empty()) check_output_path("--json", o.json_path);

  const auto info = wk::gpu_info();
  if (const auto* e = std::get_if<wk::GpuError>(&info)) {
    std::cerr << "warpscope: " << (e->no_gpu ? "" : "GPU unusable: ") << e->describe()
              << "; `warpscope report` still simulates every kernel\n";
    return e->no_gpu ? kNoGpu : kFailure;
  }
  const auto& gpu = std::get<wk::GpuInfo>(info);

  if (o.launch_once) {
    for (std::size_t i = 0; i < kernels.size(); ++i) {
      if (auto e = wk::launch_once(*kernels[i], params[i])) {
        std::cerr << "warpscope: " << kernels[i]->name << ": " << e->describe() << "\n";
        return kFailure;
      }
      fmt::print("launched {} ({})\n", kernels[i]->name, wk::entry_name(*kernels[i], params[i]));
    }
    return kOk;
  }

  fmt::print("{} ({} SMs, compute {}.{}), driver {} (CUDA {}), runtime {}\n", gpu.name, gpu.sms, gpu.cc_major,
             gpu.cc_minor, gpu.driver, gpu.driver_api, gpu.cuda);
  ProgressBar bar;
  double d2d = 0;
  {
    const auto r = wk::bench_memcpy_d2d(8192ull * 8192 * 4, std::max(o.repeat, 20),
                                        [&](double f, std::string_view s) { bar.draw("memcpy", f, s); });
    if (const auto* e = std::get_if<wk::GpuError>(&r)) {
      bar.clear();
      std::cerr << "warpscope: cudaMemcpy: " << e->describe() << "\n";
      return e->no_gpu ? kNoGpu : kFailure;
    }
    d2d = std::get<double>(r);
  }
  nlohmann::json out_kernels = nlohmann::json::object();
  bool all_passed = true;
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const auto& k = *kernels[i];
    wk::BenchOptions bo;
    bo.repeat = o.repeat;
    bo.check = !o.no_check;
    const auto r = wk::bench_kernel(k, params[i], bo, [&](double f, std::string_view s) { bar.draw(k.name, f, s); });
    if (const auto* e = std::get_if<wk::GpuError>(&r)) {
      bar.clear();
      std::cerr << "warpscope: " << k.name << ": " << e->describe() << "\n";
      return e->no_gpu ? kNoGpu : kFailure;
    }
    const auto& b = std::get<wk::BenchResult>(r);
    all_passed = all_passed && (!b.checked || b.passed);
    nlohmann::json j = {{"kernel", b.kernel}, {"params", kernels::params_to_json(b.params)}, {"median_ms", b.median_ms},
                        {"min_ms", b.min_ms}, {"max_ms", b.max_ms}, {"launches", b.launches},
                        {"bytes", b.bytes}, {"gbps", b.gbps}, {"fraction_of_memcpy", b.gbps / d2d},
                        {"checked", b.checked}, {"passed", b.passed},
                        {"entry", wk::entry_name(k, params[i])}, {"order", i}};
    if (k.flops) j["gflops"] = b.gflops;
    if (!b.check_message.empty()) j["check_message"] = b.check_message;
    out_kernels[std::string(k.name)] = j;
    lines.push_back(fmt::format("{:<24} {:>10.4f} {:>10.1f} {:>7.1f}% {:>10} {}", k.name, b.median_ms, b.gbps,
                                100 * b.gbps / d2d, k.flops ? fmt::format("{:.0f}", b.gflops) : "",
                                !b.checked ? "not checked" : b.passed ? "ok" : "FAILED: " + b.check_message));
  }
  bar.clear();
  fmt::print("cudaMemcpy device to device: {:.1f} GB/s (bytes read + written)\n\n", d2d);
  fmt::print("{:<24} {:>10} {:>10} {:>8} {:>10} {}\n", "kernel", "median ms", "GB/s", "of copy", "GFLOP/s",
             "check");
  for (const auto& l : lines) fmt::print("{}\n", l);

  if (!o.json_path.empty()) {
    const std::time_t now = std::time(nullptr);
    nlohmann::json doc = {{"gpu", gpu.name},
                          {"driver", gpu.driver},
                          {"driver_api", gpu.driver_api},
                          {"cuda", gpu.cuda},
                          {"sms", gpu.sms},
                          {"date", fmt::format("{:%Y-%m-%d}", fmt::gmtime(now))},
                          {"command", command_line(argc, argv)},
                          {"memcpy_d2d_gbps", d2d},
                          {"kernels", out_kernels}};
    std::ofstream f(o.json_path);
    if (!f) throw UsageError(fmt::format("--json: cannot write {}: {}", o.json_path, std::strerror(errno)));
    f << doc.dump(2) << "\n";
    f.close();  // a full disk shows only here
    if (!f) throw UsageError(fmt::format("--json: cannot write {}: {}", o.json_path, std::strerror(errno)));
  }
  return all_passed ? kOk : kFailure;
}

}  // namespace ws::cli
