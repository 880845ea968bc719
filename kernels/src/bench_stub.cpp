// The GPU harness in a build without nvcc: every call says so, nothing crashes.
#include "ws/kernels/bench.hpp"

namespace ws::kernels {
namespace {
GpuError not_built() {
  GpuError e;
  e.no_gpu = true;
  e.what = "no GPU here: warpscope was built without a CUDA compiler (simulation and recorded timings only)";
  return e;
}
}  // namespace

bool built_with_cuda() { return false; }
std::variant<GpuInfo, GpuError> gpu_info() { return not_built(); }
std::variant<BenchResult, GpuError> bench_kernel(const KernelDescriptor&, const KernelParams&, const BenchOptions&,
                                                 const BenchProgress&) {
  return not_built();
}
std::variant<double, GpuError> bench_memcpy_d2d(std::uint64_t, int, const BenchProgress&) { return not_built(); }
std::variant<double, GpuError> measure_sm_clock_mhz() { return not_built(); }
std::variant<Calibration, GpuError> calibrate(const BenchProgress&) { return not_built(); }
std::optional<GpuError> launch_once(const KernelDescriptor&, const KernelParams&) { return not_built(); }

}  // namespace ws::kernels
