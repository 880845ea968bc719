// GPU failure paths, on a GPU only (each test skips cleanly without one): an
// out-of-memory, a failed launch and a wrong result each come back as a clear
// error from the bench harness (the CLI and the window print what it says), and
// the GPU stays usable afterwards. The out-of-memory is real (another allocation
// holds the memory, seen by the warpscope process too); the launch error is a
// real CUDA error from an invalid block shape; the wrong result is a real
// kernel (copy) launched where a transpose is expected.
#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include <string>

#include "cli/run_command.hpp"
#include "ws/kernels/bench.hpp"
#include "gpu.hpp"  // kernels/src: GpuLaunch, what a descriptor's code.gpu receives
#include "ws/kernels/catalog.hpp"

namespace wk = ws::kernels;

namespace {

#define WS_REQUIRE_GPU()                                                                    \
  do {                                                                                      \
    auto info_ = wk::gpu_info();                                                            \
    if (const auto* e_ = std::get_if<wk::GpuError>(&info_)) GTEST_SKIP() << e_->describe(); \
  } while (0)

wk::KernelParams transpose_params(int n) {
  wk::KernelParams p = wk::find_kernel("transpose_padded")->defaults;
  p.rows = p.cols = n;
  return p;
}

wk::BenchOptions quick() {
  wk::BenchOptions o;
  o.repeat = 3;
  o.twin = false;
  return o;
}

// All but `leave` bytes of the GPU's free memory, freed when it goes.
struct MemoryHog {
  void* p = nullptr;
  explicit MemoryHog(std::size_t leave) {
    std::size_t free = 0, total = 0;
    if (cudaMemGetInfo(&free, &total) != cudaSuccess || free <= leave) return;
    for (std::size_t want = free - leave; want > leave && cudaMalloc(&p, want) != cudaSuccess; want -= 64ull << 20)
      p = nullptr;
  }
  ~MemoryHog() {
    if (p) cudaFree(p);
  }
};

}  // namespace

TEST(GpuFailures, OutOfMemoryIsAClearErrorInTheHarnessAndTheCli) {
  WS_REQUIRE_GPU();
  const wk::KernelParams p = transpose_params(8192);  // two 256 MiB arrays
  // Loaded first (CUDA loads a kernel's module at its first launch, which needs
  // memory too), so that what fails below is the arrays' allocation.
  auto warm = wk::bench_kernel(*wk::find_kernel("transpose_padded"), p, quick());
  ASSERT_TRUE(std::holds_alternative<wk::BenchResult>(warm)) << std::get<wk::GpuError>(warm).describe();
  {
    MemoryHog hog(128ull << 20);
    ASSERT_NE(hog.p, nullptr) << "could not take the GPU's memory";
    auto r = wk::bench_kernel(*wk::find_kernel("transpose_padded"), p, quick());
    ASSERT_TRUE(std::holds_alternative<wk::GpuError>(r)) << "ran with 128 MiB free";
    const wk::GpuError& e = std::get<wk::GpuError>(r);
    EXPECT_EQ(e.code, static_cast<int>(cudaErrorMemoryAllocation)) << e.describe();
    EXPECT_NE(e.describe().find("out of memory"), std::string::npos) << e.describe();
    EXPECT_FALSE(e.no_gpu);
    // Another process sees the same full GPU (its context or its arrays do not fit):
    // exit 1 and a line naming the failure.
    const auto cli = ws::test::run_warpscope({"bench", "--kernel", "transpose_padded", "--repeat", "3", "--no-twin"});
    EXPECT_EQ(cli.exit_code, 1) << cli.out << cli.err;
    EXPECT_NE(cli.err.find("out of memory"), std::string::npos) << cli.err;
  }
  cudaDeviceSynchronize();
  // The memory back, the same bench runs and passes.
  auto again = wk::bench_kernel(*wk::find_kernel("transpose_padded"), p, quick());
  ASSERT_TRUE(std::holds_alternative<wk::BenchResult>(again)) << std::get<wk::GpuError>(again).describe();
  EXPECT_TRUE(std::get<wk::BenchResult>(again).passed);
}

TEST(GpuFailures, AFailedLaunchIsAClearError) {
  WS_REQUIRE_GPU();
  wk::KernelDescriptor k = *wk::find_kernel("transpose_padded");
  const auto launch = k.code.gpu;
  k.code.gpu = [launch](const wk::GpuLaunch& l) {
    wk::GpuLaunch bad = l;
    bad.block = {2048, 1, 1};  // over the 1024 threads a block may have
    return launch(bad);
  };
  auto r = wk::bench_kernel(k, transpose_params(1024), quick());
  ASSERT_TRUE(std::holds_alternative<wk::GpuError>(r));
  const wk::GpuError& e = std::get<wk::GpuError>(r);
  EXPECT_NE(e.code, 0);
  EXPECT_FALSE(e.describe().empty());
  // Not sticky: the real kernel runs next.
  auto ok = wk::bench_kernel(*wk::find_kernel("transpose_padded"), transpose_params(1024), quick());
  ASSERT_TRUE(std::holds_alternative<wk::BenchResult>(ok)) << std::get<wk::GpuError>(ok).describe();
  EXPECT_TRUE(std::get<wk::BenchResult>(ok).passed);
}

TEST(GpuFailures, AWrongResultIsReportedWithTheFirstMismatch) {
  WS_REQUIRE_GPU();
  wk::KernelDescriptor k = *wk::find_kernel("transpose_padded");
  k.code.gpu = wk::find_kernel("copy")->code.gpu;  // same arrays and grid: copies instead of transposing
  auto r = wk::bench_kernel(k, transpose_params(512), quick());
  ASSERT_TRUE(std::holds_alternative<wk::BenchResult>(r)) << std::get<wk::GpuError>(r).describe();
  const wk::BenchResult& b = std::get<wk::BenchResult>(r);
  EXPECT_TRUE(b.checked);
  EXPECT_FALSE(b.passed);
  EXPECT_NE(b.check_message.find("out"), std::string::npos) << b.check_message;
}
