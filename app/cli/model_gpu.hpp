// `--gpu NAME` of `report` and `compare`: the GPU whose calibration the
// prediction model uses. NAME is a measurement file's stem (h100, h200:
// assets/measurements/<name>.json) or `live`, this machine's GPU, calibrated now.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "ws/kernels/bench.hpp"
#include "ws/kernels/measurements.hpp"

namespace ws::cli {

struct ModelGpu {
  std::string name;  // as given: "h100" or "live"
  std::string gpu;   // the device: "NVIDIA H100 80GB HBM3"
  kernels::Calibration calibration;
  std::optional<kernels::Measurements> recorded;  // the file's timings; none for `live`
};

// UsageError naming --gpu for an unknown name, an unreadable file or one without
// a calibration; a GpuError when `live` finds no usable GPU (exit_for_gpu_error()).
std::variant<ModelGpu, kernels::GpuError> model_gpu(const std::string& name);

// Prints the error on one line and returns 3 (no GPU) or 1.
int exit_for_gpu_error(const kernels::GpuError& e);

}  // namespace ws::cli
