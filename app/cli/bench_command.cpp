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

void write_json(const std::string& path, const nlohmann::json& doc) {
  std::ofstream f(path);
  if (!f) throw UsageError(fmt::format("--json: cannot write {}: {}", path, std::strerror(errno)));
  f << doc.dump(2) << "\n";
  f.close();  // a full disk shows only here
  if (!f) throw UsageError(fmt::format("--json: cannot write {}: {}", path, std::strerror(errno)));
}

std::string today() { return fmt::format("{:%Y-%m-%d}", fmt::gmtime(std::time(nullptr))); }

nlohmann::json machine_json(const wk::GpuInfo& gpu, int argc, char** argv) {
  return {{"gpu", gpu.name}, {"driver", gpu.driver}, {"driver_api", gpu.driver_api}, {"cuda", gpu.cuda},
          {"sms", gpu.sms},  {"date", today()},      {"command", command_line(argc, argv)}};
}

int run_calibration(const BenchOptions& o, const wk::GpuInfo& gpu, int argc, char** argv) {
  ProgressBar bar;
  const auto r = wk::calibrate([&](double f, std::string_view s) { bar.draw("calibrate", f, s); });
  bar.clear();
  if (const auto* e = std::get_if<wk::GpuError>(&r)) {
    std::cerr << "warpscope: calibration: " << e->describe() << "\n";
    return e->no_gpu ? kNoGpu : kFailure;
  }
  const auto& c = std::get<wk::Calibration>(r);
  fmt::print("{} ({} SMs), driver {}: the prediction model's parameters\n", gpu.name, c.sm_count, gpu.driver);
  fmt::print("  SM clock while measuring      {:10.0f} MHz\n", c.sm_clock_mhz);
  fmt::print("  launch overhead               {:10.2f} us per launch\n", c.launch_overhead_us);
  fmt::print("  DRAM copy bandwidth           {:10.0f} GB/s (read + written)\n", c.dram_gbps);
  fmt::print("  L2 read bandwidth             {:10.0f} GB/s\n", c.l2_gbps);
  fmt::print("  L1 global sectors             {:10.2f} per clock per SM\n", c.l1_sectors_per_clock_per_sm);
  fmt::print("  L1 global requests            {:10.2f} per clock per SM\n", c.l1_requests_per_clock_per_sm);
  fmt::print("  shared-memory wavefronts      {:10.2f} per clock per SM\n", c.shared_wavefronts_per_clock_per_sm);
  fmt::print("  FP32 FMA                      {:10.1f} per clock per SM\n", c.fma_per_clock_per_sm);
  for (const auto& [bytes, gbps] : c.dram_read_gbps_by_bytes_in_flight)
    fmt::print("  DRAM reads, {:5.0f} KiB in flight per SM {:6.0f} GB/s\n", bytes / 1024, gbps);
  if (c.launch_latency_us > 0) fmt::print("  launch as bench times it      {:10.2f} us\n", c.launch_latency_us);
  if (c.scattered_store_lines_per_ns > 0)
    fmt::print("  scattered stores into L2      {:10.1f} lines per ns (one sector each)\n",
               c.scattered_store_lines_per_ns);
  for (const bool resident : {false, true}) {
    if (c.block_lifetimes.empty()) break;
    fmt::print("  one-shot block lifetime, ns per block slot, {} (threads x words per thread, no barrier | barrier)\n",
               resident ? "L2-resident" : "DRAM-streaming");
    for (const int threads : {64, 128, 256, 512, 1024}) {
      std::string line = fmt::format("    {:5}", threads);
      for (const bool barrier : {false, true}) {
        line += barrier ? "  |" : "";
        for (const auto& b : c.block_lifetimes)
          if (b.threads == threads && b.barrier == barrier && b.resident == resident)
            line += fmt::format(" {}:{:6.0f}", b.words, b.ns);
      }
      fmt::print("{}\n", line);
    }
  }
  fmt::print("  L2 {:.0f} MiB, shared memory {:.0f} KiB and {} threads per SM\n", c.l2_bytes / (1 << 20),
             c.shared_bytes_per_sm / 1024, c.max_threads_per_sm);
  if (!o.json_path.empty()) {
    nlohmann::json doc = machine_json(gpu, argc, argv);
    nlohmann::json lifetimes = nlohmann::json::array();
    for (const auto& b : c.block_lifetimes)
      lifetimes.push_back({{"threads", b.threads}, {"words", b.words}, {"barrier", b.barrier},
                           {"resident", b.resident}, {"ns", b.ns}});
    doc["calibration"] = {{"sm_count", c.sm_count},
                          {"sm_clock_mhz", c.sm_clock_mhz},
                          {"launch_overhead_us", c.launch_overhead_us},
                          {"dram_gbps", c.dram_gbps},
                          {"l2_gbps", c.l2_gbps},
                          {"l1_sectors_per_clock_per_sm", c.l1_sectors_per_clock_per_sm},
                          {"l1_requests_per_clock_per_sm", c.l1_requests_per_clock_per_sm},
                          {"shared_wavefronts_per_clock_per_sm", c.shared_wavefronts_per_clock_per_sm},
                          {"fma_per_clock_per_sm", c.fma_per_clock_per_sm},
                          {"l2_bytes", c.l2_bytes},
                          {"shared_bytes_per_sm", c.shared_bytes_per_sm},
                          {"max_threads_per_sm", c.max_threads_per_sm},
                          {"dram_read_gbps_by_bytes_in_flight", c.dram_read_gbps_by_bytes_in_flight},
                          {"launch_latency_us", c.launch_latency_us},
                          {"scattered_store_lines_per_ns", c.scattered_store_lines_per_ns},
                          {"block_lifetimes", lifetimes},
                          {"command", command_line(argc, argv)}};
    write_json(o.json_path, doc);
  }
  return kOk;
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
  cmd->add_flag("--calibrate", o.calibrate,
                "measure the device parameters of the prediction model (microbenchmarks, not catalog kernels)");
  cmd->add_flag("--no-twin", o.no_twin, "do not time the hand-written plain-CUDA twins beside the kernels");
  return cmd;
}

int run_bench(const BenchOptions& o, int argc, char** argv) {
  // Flags first (exit 2), then the GPU (exit 3).
  std::vector<const wk::KernelDescriptor*> kernels;
  const ArchPreset& arch = default_preset();
  if (o.kernel.kernel == "all") {
    for (const auto& k : wk::catalog()) kernels.push_back(&k);
  } else {
    kernels.push_back(&kernel_named(o.kernel.kernel));
  }
  std::vector<wk::KernelParams> params;
  for (const auto* k : kernels) {
    params.push_back(params_from(o.kernel, *k, kernels.size() > 1 ? UnreadFlags::Ignored : UnreadFlags::Refused));
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

  if (o.calibrate) return run_calibration(o, gpu, argc, argv);

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
    bo.twin = !o.no_twin;
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
    j["sm_clock_mhz_before"] = b.sm_clock_mhz_before;
    j["sm_clock_mhz_after"] = b.sm_clock_mhz_after;
    std::string twin_column = "-";
    if (b.twin) {
      const auto& t = *b.twin;
      j["handwritten"] = {{"source", t.source},        {"median_ms", t.median_ms}, {"min_ms", t.min_ms},
                          {"max_ms", t.max_ms},        {"passed", t.passed},       {"ratio", b.median_ms / t.median_ms}};
      if (!t.check_message.empty()) j["handwritten"]["check_message"] = t.check_message;
      all_passed = all_passed && t.passed;
      twin_column = fmt::format("{:.3f}{}", b.median_ms / t.median_ms, t.passed ? "" : " (twin FAILED)");
    }
    out_kernels[std::string(k.name)] = j;
    lines.push_back(fmt::format("{:<24} {:>10.4f} {:>9.1f}% {:>10.1f} {:>7.1f}% {:>10} {:>8} {}", k.name, b.median_ms,
                                100 * (b.max_ms - b.min_ms) / b.median_ms, b.gbps, 100 * b.gbps / d2d,
                                k.flops ? fmt::format("{:.0f}", b.gflops) : "", twin_column,
                                !b.checked ? "not checked" : b.passed ? "ok" : "FAILED: " + b.check_message));
  }
  bar.clear();
  fmt::print("cudaMemcpy device to device: {:.1f} GB/s (bytes read + written)\n\n", d2d);
  fmt::print("{:<24} {:>10} {:>10} {:>10} {:>8} {:>10} {:>8} {}\n", "kernel", "median ms", "spread", "GB/s",
             "of copy", "GFLOP/s", "vs hand", "check");
  for (const auto& l : lines) fmt::print("{}\n", l);
  fmt::print("\nspread: (max - min) / median of the timed launches; vs hand: median / the median of the same\n"
             "algorithm hand-written in plain CUDA (NVIDIA's transpose sample, PMPP's matmul), timed in turn\n");

  if (!o.json_path.empty()) {
    nlohmann::json doc = machine_json(gpu, argc, argv);
    doc["memcpy_d2d_gbps"] = d2d;
    doc["kernels"] = out_kernels;
    write_json(o.json_path, doc);
  }
  return all_passed ? kOk : kFailure;
}

}  // namespace ws::cli
