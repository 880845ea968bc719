// The Timings model's sources, over the kernels library: recorded files
// (ws/kernels/measurements.hpp) and the GPU bench (ws/kernels/bench.hpp),
// which answers "no GPU here" instead of failing on machines without one.
#include <fmt/format.h>

#include <stdexcept>

#include "gui/timings_model.hpp"
#include "ws/kernels/bench.hpp"
#include "ws/kernels/measurements.hpp"

namespace ws::gui {
namespace {

// cudaMemcpy of one 8192² fp32 matrix, the size the transposes move (as `warpscope bench`).
constexpr std::uint64_t kMemcpyBytes = 8192ull * 8192 * 4;

}  // namespace

std::vector<MeasurementSet> load_recorded_measurements(std::string* error, std::vector<std::string>* skipped) {
  std::vector<MeasurementSet> sets;
  const std::string dir = kernels::measurements_dir();
  const auto files = kernels::measurement_files(dir);
  if (files.empty()) *error = fmt::format("no *.json file in {}", dir);
  for (const std::string& path : files) {
    const auto loaded = kernels::load_measurements(path);
    if (!loaded) {
      skipped->push_back(loaded.error().message);
      continue;
    }
    MeasurementSet s;
    static_cast<kernels::Measurements&>(s) = std::move(loaded.value());
    s.origin = s.path;
    // Each (kernel, parameters) once, sweeps included: the window matches entries by parameters.
    std::vector<Measurement> distinct;
    for (const Measurement* e : kernels::distinct_entries(s)) distinct.push_back(*e);
    s.kernels = std::move(distinct);
    sets.push_back(std::move(s));
  }
  return sets;
}

std::string probe_gpu(std::string* name) {
#ifdef __EMSCRIPTEN__
  // A page reaches no CUDA device: the timings shown are the recorded ones.
  name->clear();
  return "a web page cannot run CUDA; run warpscope on a machine with an NVIDIA GPU to measure";
#endif
  auto info = kernels::gpu_info();
  if (auto* e = std::get_if<kernels::GpuError>(&info)) {
    name->clear();
    return e->no_gpu ? e->what : e->describe();
  }
  *name = std::get<kernels::GpuInfo>(info).name;
  return {};
}

MeasurementSet run_live_bench(const std::function<void(float, const std::string&)>& progress) {
  auto info = kernels::gpu_info();
  if (auto* e = std::get_if<kernels::GpuError>(&info)) throw std::runtime_error(e->describe());
  const kernels::GpuInfo& gpu = std::get<kernels::GpuInfo>(info);
  MeasurementSet set;
  set.gpu = gpu.name;
  set.driver = gpu.driver;
  set.cuda = gpu.cuda;
  set.date = "live";
  set.origin = "live on this machine";
  const auto runs = kernels::lesson_runs();
  const float steps = static_cast<float>(runs.size() + 2);  // + cudaMemcpy + calibration
  auto memcpy = kernels::bench_memcpy_d2d(kMemcpyBytes, 20, [&](double f, std::string_view) {
    progress(static_cast<float>(f) / steps, "cudaMemcpy");
  });
  if (auto* e = std::get_if<kernels::GpuError>(&memcpy)) throw std::runtime_error(e->describe());
  set.memcpy_d2d_gbps = std::get<double>(memcpy);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const auto& [k, p] = runs[i];
    const std::string name(k->name);
    auto r = kernels::bench_kernel(*k, p, kernels::BenchOptions{.twin = false}, [&](double f, std::string_view) {
      progress((static_cast<float>(i + 1) + static_cast<float>(f)) / steps, name);
    });
    if (auto* e = std::get_if<kernels::GpuError>(&r)) throw std::runtime_error(name + ": " + e->describe());
    const kernels::BenchResult& b = std::get<kernels::BenchResult>(r);
    // A kernel whose output is wrong gets no timing: a fast wrong answer teaches nothing.
    if (b.checked && !b.passed) throw std::runtime_error(name + " gave a wrong result: " + b.check_message);
    Measurement m;
    m.key = m.kernel = name;
    m.params = b.params;
    m.median_ms = b.median_ms;
    m.min_ms = b.min_ms;
    m.max_ms = b.max_ms;
    m.gbps = b.gbps;
    m.gflops = b.gflops;
    set.kernels.push_back(std::move(m));
  }
  // The model's parameters for this GPU, measured now (about 2 s).
  auto calibration = kernels::calibrate([&](double f, std::string_view stage) {
    progress((static_cast<float>(runs.size() + 1) + static_cast<float>(f)) / steps, std::string(stage));
  });
  if (auto* e = std::get_if<kernels::GpuError>(&calibration)) throw std::runtime_error("calibration: " + e->describe());
  set.calibration = std::get<kernels::Calibration>(calibration);
  set.calibration.present = true;
  progress(1.0f, "done");
  return set;
}

}  // namespace ws::gui
