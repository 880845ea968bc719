// Lesson pairs are found among measured entries by their parameters: keys are
// arbitrary text here on purpose, and sizes must agree.
#include <gtest/gtest.h>

#include "ws/kernels/lesson_pairs.hpp"

namespace wk = ws::kernels;

namespace {

wk::MeasuredKernel entry(const char* kernel, void (*set)(wk::KernelParams&) = nullptr) {
  wk::MeasuredKernel e;
  e.kernel = kernel;
  e.params = wk::find_kernel(kernel)->defaults;
  if (set) set(e.params);
  e.key = "entry " + std::to_string(std::rand());  // never read
  e.median_ms = 1;
  return e;
}

bool has_pair(const std::vector<wk::LessonPair>& pairs, const wk::MeasuredKernel& b, const wk::MeasuredKernel& v) {
  for (const auto& p : pairs)
    if (p.baseline->kernel == b.kernel && p.baseline->params == b.params && p.variant->kernel == v.kernel &&
        p.variant->params == v.params)
      return true;
  return false;
}

}  // namespace

TEST(LessonPairs, BaselineKernelsAtTheSameSizes) {
  wk::Measurements m;
  m.kernels = {entry("transpose_shared"), entry("transpose_padded"),
               entry("transpose_shared", [](auto& p) { p.rows = p.cols = 2048; }),
               entry("transpose_padded", [](auto& p) { p.rows = p.cols = 2048; }),
               entry("transpose_padded", [](auto& p) { p.rows = 4096; })};
  const auto pairs = wk::lesson_pairs(m);
  EXPECT_TRUE(has_pair(pairs, m.kernels[0], m.kernels[1]));
  EXPECT_TRUE(has_pair(pairs, m.kernels[2], m.kernels[3]));
  EXPECT_FALSE(has_pair(pairs, m.kernels[0], m.kernels[3]));  // sizes differ
  EXPECT_EQ(pairs.size(), 2u);                                // 4096 x 8192 has no measured baseline
}

TEST(LessonPairs, ContrastsMatchEveryOtherParameter) {
  wk::Measurements m;
  m.kernels = {entry("smem_stride", [](auto& p) { p.stride = 1; p.bytes = 8; }),
               entry("smem_stride", [](auto& p) { p.stride = 2; p.bytes = 8; }),
               entry("smem_stride", [](auto& p) { p.stride = 2; p.bytes = 4; }),
               entry("smem_stride", [](auto& p) { p.stride = 32; p.bytes = 8; p.repeats = 16; })};
  const auto pairs = wk::lesson_pairs(m);
  ASSERT_EQ(pairs.size(), 1u);  // stride 2 at 4 bytes and the 16-repeat run have no stride-1 twin
  EXPECT_TRUE(has_pair(pairs, m.kernels[1], m.kernels[0]));
}

TEST(LessonPairs, RepeatedEntriesCountOnce) {
  wk::Measurements m;
  m.kernels = {entry("ldmatrix_swizzle"), entry("ldmatrix_swizzle", [](auto& p) { p.swizzle = 0; }),
               entry("ldmatrix_swizzle", [](auto& p) { p.swizzle = 0; })};
  EXPECT_EQ(wk::distinct_entries(m).size(), 2u);
  const auto pairs = wk::lesson_pairs(m);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].baseline->params.swizzle, 0);
  EXPECT_EQ(pairs[0].variant->params.swizzle, 1);
}

TEST(LessonPairs, EveryContrastIsARunnableLessonRun) {
  const auto runs = wk::lesson_runs();
  for (const wk::KernelDescriptor& k : wk::catalog()) {
    for (const wk::ParamContrast& c : k.hints.contrasts) {
      for (int from : c.from) {
        wk::KernelParams p = k.defaults;
        p.*c.field = from;
        EXPECT_FALSE(wk::check_params(k, p, ws::default_preset())) << k.name << " " << from;
        EXPECT_NE(std::find(runs.begin(), runs.end(), std::pair{&k, p}), runs.end()) << k.name;
      }
    }
    if (!k.hints.baseline.empty()) {
      EXPECT_NE(wk::find_kernel(k.hints.baseline), nullptr) << k.name;
    }
  }
}

TEST(LessonPairs, ParamsLabelNamesWhatDiffers) {
  const wk::KernelDescriptor& k = *wk::find_kernel("smem_stride");
  EXPECT_EQ(wk::params_label(k, k.defaults), "defaults");
  wk::KernelParams p = k.defaults;
  p.bytes = 8;
  EXPECT_EQ(wk::params_label(k, p), "bytes=8");
}
