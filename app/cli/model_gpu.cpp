#include "cli/model_gpu.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <iostream>

#include "cli/command.hpp"

namespace ws::cli {

std::variant<ModelGpu, kernels::GpuError> model_gpu(const std::string& name) {
  if (name == "live") {
    const auto info = kernels::gpu_info();
    if (const auto* e = std::get_if<kernels::GpuError>(&info)) return *e;
    auto c = kernels::calibrate();
    if (const auto* e = std::get_if<kernels::GpuError>(&c)) return *e;
    return ModelGpu{name, std::get<kernels::GpuInfo>(info).name, std::get<kernels::Calibration>(c), std::nullopt};
  }
  std::string available;
  for (const std::string& path : kernels::measurement_files()) {
    const std::string stem = std::filesystem::path(path).stem().string();
    available += stem + ", ";
    if (stem != name) continue;
    auto loaded = kernels::load_measurements(path);
    if (!loaded) throw UsageError("--gpu: " + loaded.error().message);
    kernels::Measurements m = std::move(loaded.value());
    if (!m.calibration.present)
      throw UsageError(fmt::format("--gpu: {} has no calibration yet: record one on that GPU with "
                                   "`warpscope bench --calibrate` (scripts/gpu-measure.sh)",
                                   path));
    return ModelGpu{name, m.gpu, m.calibration, std::move(m)};
  }
  throw UsageError(fmt::format("--gpu: no recorded GPU named '{}' (available: {}live)", name, available));
}

int exit_for_gpu_error(const kernels::GpuError& e) {
  std::cerr << "warpscope: --gpu live: " << (e.no_gpu ? "" : "GPU unusable: ") << e.describe() << "\n";
  return e.no_gpu ? kNoGpu : kFailure;
}

}  // namespace ws::cli
