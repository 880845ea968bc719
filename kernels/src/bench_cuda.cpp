// GPU timing harness (built only with CUDA).
//   WS_CUDA_TRY       a failing call becomes a GpuError carrying expression and place
//   gpu_info()        name, driver and runtime versions; "no GPU here" errors
//   DeviceArrays      the body's global arrays on the device, freed on every path
//   bench_kernel()    warm-up, check vs the CPU reference, events around each of N launches, median;
//                     the hand-written twin (handwritten.hpp) checked and timed in turn with it
//   bench_memcpy_d2d()
#include <cuda_runtime.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "catalog_internal.hpp"
#include "cuda_error.hpp"
#include "gpu.hpp"
#include "handwritten.hpp"
#include "reference.hpp"
#include "ws/kernels/bench.hpp"
#include "ws/kernels/median.hpp"

#define WS_CUDA_TRY(expr)                                       \
  do {                                                          \
    const cudaError_t e_ = (expr);                              \
    if (e_ != cudaSuccess) return cuda_error(e_, #expr, __FILE__, __LINE__); \
  } while (0)

namespace ws::kernels {
namespace {

std::string version(int v) { return fmt::format("{}.{}", v / 1000, (v % 1000) / 10); }

struct DeviceArrays {
  std::vector<void*> ptrs;
  ~DeviceArrays() {
    for (void* p : ptrs) cudaFree(p);
  }
};

struct Events {
  cudaEvent_t start = nullptr, stop = nullptr;
  ~Events() {
    if (start) cudaEventDestroy(start);
    if (stop) cudaEventDestroy(stop);
  }
};

std::optional<GpuError> upload(std::vector<HostArray>& host, DeviceArrays& dev) {
  for (HostArray& h : host) {
    void* p = nullptr;
    const cudaError_t e = cudaMalloc(&p, h.bytes.size());
    if (e != cudaSuccess) return cuda_error(e, "cudaMalloc(array)", __FILE__, __LINE__);
    dev.ptrs.push_back(p);
    const cudaError_t c = cudaMemcpy(p, h.bytes.data(), h.bytes.size(), cudaMemcpyHostToDevice);
    if (c != cudaSuccess) return cuda_error(c, "cudaMemcpy(host to device)", __FILE__, __LINE__);
  }
  return std::nullopt;
}

GpuLaunch launch_of(const KernelParams& p, const LaunchConfig& lc, const DeviceArrays& dev) {
  GpuLaunch l;
  l.params = p;
  l.grid = lc.grid;
  l.block = lc.block;
  l.dynamic_shared_bytes = lc.dynamic_shared_bytes;
  for (std::size_t i = 0; i < dev.ptrs.size(); ++i) l.arrays.p[i] = dev.ptrs[i];
  return l;
}

std::optional<GpuError> launch(const KernelDescriptor& k, const KernelParams& p, const LaunchConfig& lc,
                               const DeviceArrays& dev) {
  if (!k.code.gpu) return cuda_error(cudaErrorInvalidDeviceFunction, "descriptor without a GPU entry", __FILE__, __LINE__);
  if (dev.ptrs.size() > static_cast<std::size_t>(GpuArrays::kMax))
    return cuda_error(cudaErrorInvalidValue, "more global arrays than GpuArrays holds", __FILE__, __LINE__);
  const auto e = static_cast<cudaError_t>(k.code.gpu(launch_of(p, lc, dev)));
  if (e != cudaSuccess) return cuda_error(e, "the kernel's launch (ws_kernel<...><<<grid, block>>>)", __FILE__, __LINE__);
  return std::nullopt;
}

// Outputs back from the device, then the CPU reference's verdict.
std::variant<std::optional<std::string>, GpuError> check_outputs(const KernelDescriptor& k, const KernelParams& p,
                                                                 std::vector<HostArray>& host, const DeviceArrays& dev) {
  for (std::size_t i = 0; i < host.size(); ++i)
    if (!host[i].input)
      WS_CUDA_TRY(cudaMemcpy(host[i].bytes.data(), dev.ptrs[i], host[i].bytes.size(), cudaMemcpyDeviceToHost));
  return check_against_reference(k, p, host);
}

// Runs the twin once on poisoned outputs and checks it like the kernel.
std::variant<TwinResult, GpuError> check_twin(const KernelDescriptor& k, const KernelParams& p, const LaunchConfig& lc,
                                              const HandwrittenTwin& twin, std::vector<HostArray>& host,
                                              const DeviceArrays& dev) {
  for (std::size_t i = 0; i < host.size(); ++i)
    if (!host[i].input) WS_CUDA_TRY(cudaMemset(dev.ptrs[i], 0xa5, host[i].bytes.size()));
  const auto e = static_cast<cudaError_t>(twin.launch(launch_of(p, lc, dev)));
  if (e != cudaSuccess) return cuda_error(e, "the hand-written twin's launch", __FILE__, __LINE__);
  WS_CUDA_TRY(cudaDeviceSynchronize());
  TwinResult t;
  t.source = std::string(twin.source);
  const auto verdict = check_outputs(k, p, host, dev);
  if (const auto* g = std::get_if<GpuError>(&verdict)) return *g;
  const auto& mismatch = std::get<std::optional<std::string>>(verdict);
  t.passed = !mismatch;
  if (mismatch) t.check_message = *mismatch;
  return t;
}

std::optional<GpuError> require_device() {
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) return cuda_error(e, "cudaGetDeviceCount(&n)", __FILE__, __LINE__);
  if (n == 0) return cuda_error(cudaErrorNoDevice, "cudaGetDeviceCount(&n)", __FILE__, __LINE__);
  (void)cudaGetLastError();  // an earlier failed call's error (elsewhere in the process) is not this run's
  return std::nullopt;
}

}  // namespace

bool built_with_cuda() { return true; }

std::variant<GpuInfo, GpuError> gpu_info() {
  if (auto e = require_device()) return *e;
  cudaDeviceProp prop{};
  WS_CUDA_TRY(cudaGetDeviceProperties(&prop, 0));
  int driver = 0, runtime = 0;
  WS_CUDA_TRY(cudaDriverGetVersion(&driver));
  WS_CUDA_TRY(cudaRuntimeGetVersion(&runtime));
  GpuInfo g;
  g.name = prop.name;
  g.driver_api = version(driver);
  // The driver's own version (what nvidia-smi reports); the CUDA API version
  // when the driver's /proc file cannot be read.
  g.driver = read_driver_version();
  if (g.driver.empty()) g.driver = "unknown (CUDA " + g.driver_api + " driver API)";
  g.cuda = version(runtime);
  g.sms = prop.multiProcessorCount;
  g.cc_major = prop.major;
  g.cc_minor = prop.minor;
  g.memory_gib = static_cast<double>(prop.totalGlobalMem) / (1ull << 30);
  return g;
}

std::optional<GpuError> launch_once(const KernelDescriptor& k, const KernelParams& p) {
  if (auto e = require_device()) return e;
  std::vector<HostArray> host = plan_arrays(k, p, 1);
  DeviceArrays dev;
  if (auto e = upload(host, dev)) return e;
  if (auto e = launch(k, p, launch_config(k, p), dev)) return e;
  const cudaError_t s = cudaDeviceSynchronize();
  if (s != cudaSuccess) return cuda_error(s, "cudaDeviceSynchronize()", __FILE__, __LINE__);
  return std::nullopt;
}

std::variant<BenchResult, GpuError> bench_kernel(const KernelDescriptor& k, const KernelParams& p,
                                                 const BenchOptions& o, const BenchProgress& progress) {
  auto report = [&](double f, std::string_view what) {
    if (progress) progress(f, what);
  };
  if (auto e = require_device()) return *e;
  const LaunchConfig lc = launch_config(k, p);
  report(0.0, "preparing random inputs");
  const auto seed = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  std::vector<HostArray> host = plan_arrays(k, p, seed);
  DeviceArrays dev;
  if (auto e = upload(host, dev)) return *e;

  BenchResult r;
  r.kernel = std::string(k.name);
  r.params = p;
  // Warm-up launch, which is also the checked one (outputs were poisoned).
  if (auto e = launch(k, p, lc, dev)) return *e;
  WS_CUDA_TRY(cudaDeviceSynchronize());
  if (o.check) {
    report(0.05, "checking against the CPU reference");
    const auto verdict = check_outputs(k, p, host, dev);
    if (const auto* g = std::get_if<GpuError>(&verdict)) return *g;
    const auto& mismatch = std::get<std::optional<std::string>>(verdict);
    r.checked = true;
    r.passed = !mismatch;
    if (mismatch) r.check_message = *mismatch;
  }
  const std::optional<HandwrittenTwin> twin = o.twin ? handwritten_twin(k, p) : std::nullopt;
  if (twin) {
    report(0.08, "checking the hand-written twin");
    auto t = check_twin(k, p, lc, *twin, host, dev);
    if (const auto* g = std::get_if<GpuError>(&t)) return *g;
    r.twin = std::get<TwinResult>(t);
  }
  if (const auto mhz = measure_sm_clock_mhz(); std::holds_alternative<double>(mhz))
    r.sm_clock_mhz_before = std::get<double>(mhz);

  Events ev;
  WS_CUDA_TRY(cudaEventCreate(&ev.start));
  WS_CUDA_TRY(cudaEventCreate(&ev.stop));
  // Kernel and twin take turns, launch for launch, so clock and thermal drift hit both alike.
  std::vector<double> times, twin_times;
  const int repeat = std::max(1, o.repeat);
  const GpuLaunch twin_launch = launch_of(p, lc, dev);
  for (int i = 0; i < repeat; ++i) {
    for (int who = 0; who < (twin ? 2 : 1); ++who) {
      WS_CUDA_TRY(cudaEventRecord(ev.start));
      if (who == 0) {
        if (auto e = launch(k, p, lc, dev)) return *e;
      } else if (const auto e = static_cast<cudaError_t>(twin->launch(twin_launch)); e != cudaSuccess) {
        return cuda_error(e, "the hand-written twin's launch", __FILE__, __LINE__);
      }
      WS_CUDA_TRY(cudaEventRecord(ev.stop));
      WS_CUDA_TRY(cudaEventSynchronize(ev.stop));
      float ms = 0;
      WS_CUDA_TRY(cudaEventElapsedTime(&ms, ev.start, ev.stop));
      (who == 0 ? times : twin_times).push_back(ms);
    }
    report(0.1 + 0.9 * (i + 1) / repeat, twin ? "timing, with the hand-written twin" : "timing");
  }
  if (const auto mhz = measure_sm_clock_mhz(); std::holds_alternative<double>(mhz))
    r.sm_clock_mhz_after = std::get<double>(mhz);
  r.launches = repeat;
  r.median_ms = median(times);
  r.min_ms = *std::min_element(times.begin(), times.end());
  r.max_ms = *std::max_element(times.begin(), times.end());
  if (r.twin) {
    r.twin->median_ms = median(twin_times);
    r.twin->min_ms = *std::min_element(twin_times.begin(), twin_times.end());
    r.twin->max_ms = *std::max_element(twin_times.begin(), twin_times.end());
  }
  r.bytes = useful_bytes(k, p);
  r.gbps = static_cast<double>(r.bytes) / (r.median_ms * 1e-3) / 1e9;
  r.gflops = flops(k, p) / (r.median_ms * 1e-3) / 1e9;
  return r;
}

std::variant<double, GpuError> bench_memcpy_d2d(std::uint64_t bytes, int repeat, const BenchProgress& progress) {
  if (auto e = require_device()) return *e;
  DeviceArrays dev;
  dev.ptrs.assign(2, nullptr);
  WS_CUDA_TRY(cudaMalloc(&dev.ptrs[0], bytes));
  WS_CUDA_TRY(cudaMalloc(&dev.ptrs[1], bytes));
  WS_CUDA_TRY(cudaMemset(dev.ptrs[0], 0x5a, bytes));  // a copy's speed does not depend on the values
  WS_CUDA_TRY(cudaMemcpy(dev.ptrs[1], dev.ptrs[0], bytes, cudaMemcpyDeviceToDevice));  // warm-up
  Events ev;
  WS_CUDA_TRY(cudaEventCreate(&ev.start));
  WS_CUDA_TRY(cudaEventCreate(&ev.stop));
  std::vector<double> times;
  for (int i = 0; i < std::max(1, repeat); ++i) {
    WS_CUDA_TRY(cudaEventRecord(ev.start));
    WS_CUDA_TRY(cudaMemcpyAsync(dev.ptrs[1], dev.ptrs[0], bytes, cudaMemcpyDeviceToDevice));
    WS_CUDA_TRY(cudaEventRecord(ev.stop));
    WS_CUDA_TRY(cudaEventSynchronize(ev.stop));
    float ms = 0;
    WS_CUDA_TRY(cudaEventElapsedTime(&ms, ev.start, ev.stop));
    times.push_back(ms);
    if (progress) progress(double(i + 1) / repeat, "cudaMemcpy device to device");
  }
  return 2.0 * static_cast<double>(bytes) / (median(times) * 1e-3) / 1e9;
}

}  // namespace ws::kernels
