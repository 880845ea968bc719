// Every catalog kernel on a real GPU, at small and odd sizes, against the CPU
// reference on fresh random data. Skips without a GPU (CI); run on the H100
// and H200 by scripts/gpu-measure.sh, also under compute-sanitizer.
#include <gtest/gtest.h>

#include "ws/kernels/bench.hpp"

namespace wk = ws::kernels;

namespace {

// A macro, not a function: GTEST_SKIP returns from the function it is written in.
#define SKIP_WITHOUT_GPU()                                                                  \
  do {                                                                                      \
    const auto info_ = wk::gpu_info();                                                      \
    if (const auto* e_ = std::get_if<wk::GpuError>(&info_)) GTEST_SKIP() << e_->describe(); \
  } while (0)

void expect_correct(const char* name, wk::KernelParams p) {
  const wk::KernelDescriptor& k = *wk::find_kernel(name);
  ASSERT_FALSE(wk::check_params(k, p, ws::default_preset()));
  wk::BenchOptions o;
  o.repeat = 1;
  const auto r = wk::bench_kernel(k, p, o);
  ASSERT_TRUE(std::holds_alternative<wk::BenchResult>(r)) << std::get<wk::GpuError>(r).describe();
  const auto& b = std::get<wk::BenchResult>(r);
  EXPECT_TRUE(b.checked);
  EXPECT_TRUE(b.passed) << name << ": " << b.check_message;
  if (b.twin) EXPECT_TRUE(b.twin->passed) << name << "'s hand-written twin: " << b.twin->check_message;
}

wk::KernelParams sized(const char* name, int rows, int cols, int tile, int block_rows, int inner = 0) {
  wk::KernelParams p = wk::find_kernel(name)->defaults;
  p.rows = rows;
  p.cols = cols;
  p.tile = tile;
  p.block_rows = block_rows;
  p.inner = inner;
  return p;
}

}  // namespace

TEST(Gpu, InfoNamesTheDevice) {
  SKIP_WITHOUT_GPU();
  const auto info = std::get<wk::GpuInfo>(wk::gpu_info());
  EXPECT_FALSE(info.name.empty());
  EXPECT_GT(info.sms, 0);
  // The measurement files and the window show the driver's own version, not the CUDA API's.
  EXPECT_EQ(info.driver, wk::parse_nvrm_version("NVRM version: x " + info.driver + " y")) << info.driver;
  EXPECT_FALSE(info.driver_api.empty());
}

// Runs everywhere: the formats of /proc/driver/nvidia/version seen on proprietary and open modules.
TEST(Gpu, DriverVersionIsParsedFromTheNvrmLine) {
  EXPECT_EQ(wk::parse_nvrm_version("NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  Thu Oct 2 2025\n"
                                   "GCC version:  gcc version 12.2.0\n"),
            "580.159.04");
  EXPECT_EQ(wk::parse_nvrm_version("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  570.86.15  Release "
                                   "Build  (dvs-builder@U16-I3-B03-4-3)  Thu Jan 23 2025"),
            "570.86.15");
  EXPECT_EQ(wk::parse_nvrm_version("GCC version: 12.2.0\n"), "");
  EXPECT_EQ(wk::parse_nvrm_version("NVRM version: no number here\n"), "");
}

TEST(Gpu, TransposesMatchTheReference) {
  SKIP_WITHOUT_GPU();
  for (const char* k : {"copy", "transpose_naive", "transpose_shared", "transpose_padded", "transpose_rotated",
                        "transpose_xor", "transpose_nonsquare_int"}) {
    // Every compiled tile shape T x BR (T = 2..64, BR = 1..T, T BR <= 1024), at
    // a size with edge tiles on both sides (the checked row loop) and one of
    // whole tiles (the unrolled loop only).
    for (int tile = 2; tile <= 64; tile *= 2)
      for (int rows = 1; rows <= tile && tile * rows <= 1024; rows *= 2) {
        SCOPED_TRACE(testing::Message() << k << " tile " << tile << " x " << rows);
        expect_correct(k, sized(k, 3 * tile + 5, 2 * tile + 3, tile, rows));
        expect_correct(k, sized(k, 2 * tile, 3 * tile, tile, rows));
      }
    expect_correct(k, sized(k, 45, 27, 16, 4));  // warps that straddle the two row loops
  }
  expect_correct("transpose_nonsquare_int", sized("transpose_nonsquare_int", 1111, 113, 32, 8));
  expect_correct("transpose_fast", sized("transpose_fast", 100, 36, 32, 2));
  expect_correct("transpose_fast", sized("transpose_fast", 260, 516, 256, 16));
  auto staged = sized("transpose_fast", 100, 36, 32, 4);
  for (int s : {0, 1}) {
    staged.swizzle = s;
    expect_correct("transpose_fast", staged);
    auto big = sized("transpose_fast", 196, 68, 64, 16);
    big.swizzle = s;
    expect_correct("transpose_fast", big);
  }
}

TEST(Gpu, MatmulsMatchTheReference) {
  SKIP_WITHOUT_GPU();
  for (const char* k : {"matmul_naive", "matmul_tiled"}) {
    expect_correct(k, sized(k, 37, 29, 16, 8, 45));
    expect_correct(k, sized(k, 64, 64, 32, 8, 64));
    expect_correct(k, sized(k, 9, 11, 2, 8, 7));
    expect_correct(k, sized(k, 21, 19, 4, 8, 23));
    expect_correct(k, sized(k, 17, 33, 8, 8, 15));
  }
}

TEST(Gpu, SharedPatternsMatchTheReference) {
  SKIP_WITHOUT_GPU();
  // A few repeats: the sums still check every read, and compute-sanitizer runs this test too.
  wk::KernelParams p = wk::find_kernel("smem_stride")->defaults;
  p.repeats = 3;
  for (int bytes : {4, 8, 16})
    for (int stride : {1, 2, 33}) {
      p.bytes = bytes;
      p.stride = stride;
      expect_correct("smem_stride", p);
    }
  p = wk::find_kernel("smem_broadcast")->defaults;
  p.repeats = 3;
  for (int k : {1, 5, 32}) {
    p.stride = k;
    expect_correct("smem_broadcast", p);
  }
  p = wk::find_kernel("ldmatrix_swizzle")->defaults;
  p.rows = 96;
  for (int repeats : {1, 3})
    for (int s : {0, 1}) {
      p.repeats = repeats;
      p.swizzle = s;
      expect_correct("ldmatrix_swizzle", p);
    }
}

// The coalescing kernels at a size that leaves the last block part empty (777)
// and at whole blocks (1024, where the blog's twins run and are checked too).
TEST(Gpu, GlobalPatternsMatchTheReference) {
  SKIP_WITHOUT_GPU();
  for (int n : {777, 1024}) {
    wk::KernelParams p = wk::find_kernel("strided_read")->defaults;
    p.rows = n;
    for (int stride : {1, 2, 3, 4, 8, 16, 32}) {
      p.stride = stride;
      expect_correct("strided_read", p);
    }
    p = wk::find_kernel("offset_read")->defaults;
    p.rows = n;
    for (int offset : {0, 1, 7, 8, 31, 32}) {
      p.offset = offset;
      expect_correct("offset_read", p);
    }
    p = wk::find_kernel("aos_field")->defaults;
    p.rows = n;
    for (int bytes : {12, 16}) {
      p.bytes = bytes;
      expect_correct("aos_field", p);
    }
    p = wk::find_kernel("soa_field")->defaults;
    p.rows = n;
    expect_correct("soa_field", p);
  }
}

TEST(Gpu, MemcpyBandwidthIsPositive) {
  SKIP_WITHOUT_GPU();
  const auto r = wk::bench_memcpy_d2d(64ull << 20, 3);
  ASSERT_TRUE(std::holds_alternative<double>(r));
  EXPECT_GT(std::get<double>(r), 10.0);
}

// Every descriptor in the catalog, at its defaults: a kernel added by its family
// file is checked on the GPU without editing this test.
TEST(Gpu, EveryCatalogKernelMatchesItsReference) {
  SKIP_WITHOUT_GPU();
  for (const auto& k : wk::catalog()) {
    SCOPED_TRACE(std::string(k.name));
    ASSERT_NE(k.code.gpu, nullptr) << "built with CUDA, yet no GPU entry";
    expect_correct(std::string(k.name).c_str(), k.defaults);
  }
}
