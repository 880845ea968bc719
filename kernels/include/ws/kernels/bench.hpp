// Timing catalog kernels on a real GPU. This header compiles without CUDA: the
// window calls it from a background thread; in a build without nvcc, or on a
// machine without a GPU or driver, every call returns a GpuError ("no GPU here")
// instead of crashing.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "ws/kernels/catalog.hpp"
#include "ws/kernels/measurements.hpp"

namespace ws::kernels {

struct GpuError {
  int code = 0;          // cudaError_t value (0 when the build has no CUDA)
  std::string what;      // cudaGetErrorString, or the reason
  std::string expr;      // the failing call, as written
  std::string file;
  int line = 0;
  bool no_gpu = false;   // cudaErrorNoDevice / InsufficientDriver / built without CUDA
  std::string describe() const;
};

struct GpuInfo {
  std::string name;    // as the driver reports it, e.g. "NVIDIA H100 80GB HBM3"
  std::string driver;       // the kernel module's version, as nvidia-smi's driver_version: "580.159.04"
  std::string driver_api;  // CUDA version the driver supports (cudaDriverGetVersion): "13.0"
  std::string cuda;        // runtime version warpscope was built with
  int sms = 0;
  int cc_major = 0, cc_minor = 0;
  double memory_gib = 0;
};

bool built_with_cuda();

// The driver version in the text of /proc/driver/nvidia/version ("NVRM version:
// NVIDIA UNIX ... Kernel Module  580.159.04  ..."): the first dotted number on
// the NVRM line, or empty when there is none.
std::string parse_nvrm_version(std::string_view text);
// That file's version on this machine, or empty (no driver, not Linux).
std::string read_driver_version();
std::variant<GpuInfo, GpuError> gpu_info();

struct BenchOptions {
  int repeat = 20;    // timed launches; the median is reported
  bool check = true;  // compare with the CPU reference on random data
  bool twin = true;   // also time the hand-written twin, launch for launch in turn with the kernel
};

// The hand-written plain-CUDA version of the same algorithm (kernels/src/handwritten.hpp),
// timed in the same run on the same arrays.
struct TwinResult {
  std::string source;  // e.g. "NVIDIA CUDA sample 6_Performance/transpose"
  double median_ms = 0, min_ms = 0, max_ms = 0;
  bool passed = false;  // its output matched the CPU reference too
  std::string check_message;
};

struct BenchResult {
  std::string kernel;
  KernelParams params;
  double median_ms = 0, min_ms = 0, max_ms = 0;
  int launches = 0;
  std::uint64_t bytes = 0;  // read + written, each array once
  double gbps = 0;          // bytes / median
  double gflops = 0;        // matmul only
  bool checked = false;
  bool passed = false;
  std::string check_message;  // first mismatch when it failed
  double sm_clock_mhz_before = 0, sm_clock_mhz_after = 0;  // measured around the timed launches
  std::optional<TwinResult> twin;  // none: no hand-written twin at these parameters
};

// Called with the fraction done (0..1) and what is running; from the calling thread.
using BenchProgress = std::function<void(double fraction, std::string_view stage)>;

std::variant<BenchResult, GpuError> bench_kernel(const KernelDescriptor& k, const KernelParams& p,
                                                 const BenchOptions& options, const BenchProgress& progress = {});

// cudaMemcpy device to device of `bytes`: GB/s counting bytes read + written.
std::variant<double, GpuError> bench_memcpy_d2d(std::uint64_t bytes, int repeat, const BenchProgress& progress = {});

// The SM clock now, in MHz: a short kernel's clock64 cycles over its %globaltimer nanoseconds.
std::variant<double, GpuError> measure_sm_clock_mhz();

// The prediction model's device parameters (Calibration), measured with
// microbenchmarks of their own (kernels/src/calibrate_cuda.cu); about 2 s.
std::variant<Calibration, GpuError> calibrate(const BenchProgress& progress = {});

// One launch on random data and nothing else (for Nsight Compute: one profiled launch per call).
std::optional<GpuError> launch_once(const KernelDescriptor& k, const KernelParams& p);

}  // namespace ws::kernels
