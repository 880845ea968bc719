// "Your variant" in the window's model (no display needed): a typed tile layout
// or access pattern becomes the kernel every panel shows; a refused expression
// shows its message and keeps the last good one; the GPU run says why it is off.
#include <gtest/gtest.h>

#include "gui/app_state.hpp"
#include "gui/bank_map_layout.hpp"
#include "gui/variant_timings_panel.hpp"

namespace ws::gui {
namespace {

// 256 x 256 keeps the background whole-kernel job and predictions short.
kernels::KernelParams small_transpose() {
  kernels::KernelParams p = kernels::find_kernel("transpose_shared")->defaults;
  p.rows = p.cols = 256;
  return p;
}

bool type_layout(AppState& s, const std::string& expr) {
  s.variant_editor.mode = VariantMode::TileLayout;
  s.variant_editor.layout = expr;
  return s.apply_variant();
}

int rows_of_bank_map(const AppState& s) {
  BankMapMetrics m;
  m.available_width = 900;
  return layout_bank_map(s.current.shared, m).rows;
}

const SiteInfo& current_site(const AppState& s) { return s.trace.sites.at(s.current.site); }

// The swizzle choice applies to the typed address: TMA 128B turns the plain
// tile's 32-way column read into 4 wavefronts; "none" brings the 32 back.
TEST(Variant, SwizzleChoiceAppliesToTheTypedLayout) {
  AppState s;
  ASSERT_TRUE(s.select_kernel("transpose_shared"));
  s.set_params(small_transpose());
  ASSERT_TRUE(type_layout(s, "c")) << s.variant_editor.error;
  ASSERT_TRUE(s.current.valid) << s.current.error;
  EXPECT_EQ(s.current.shared.wavefronts, 32);
  s.variant_editor.swizzle = "tma128";
  ASSERT_TRUE(s.apply_variant()) << s.variant_editor.error;
  EXPECT_EQ(current_site(s).name, "tile_load");
  EXPECT_EQ(s.current.shared.wavefronts, 4);
  s.variant_editor.swizzle = "tma99";
  EXPECT_FALSE(s.apply_variant());
  EXPECT_NE(s.variant_editor.error.find("tma99"), std::string::npos);
  EXPECT_EQ(s.current.shared.wavefronts, 4) << "a refused choice keeps the last good variant";
  s.variant_editor.swizzle.clear();
  ASSERT_TRUE(s.apply_variant()) << s.variant_editor.error;
  EXPECT_EQ(s.current.shared.wavefronts, 32);
}

TEST(Variant, TypedLayoutIsTheKernelTheBankMapShows) {
  AppState s;
  ASSERT_TRUE(s.select_kernel("transpose_shared"));
  s.set_params(small_transpose());
  ASSERT_TRUE(type_layout(s, "(c + r) % T")) << s.variant_editor.error;
  ASSERT_NE(s.variant, nullptr);
  EXPECT_EQ(s.kernel().name, "transpose_layout");
  EXPECT_EQ(s.params.rows, 256) << "the sizes of the kernel it stands beside are kept";
  EXPECT_EQ(s.kernel().source_path, kernels::find_kernel("transpose_shared")->source_path) << "the code view's file";
  // The window opens the variant on its column read: rotated, one wavefront.
  ASSERT_TRUE(s.current.valid) << s.current.error;
  EXPECT_EQ(current_site(s).name, "tile_load");
  EXPECT_EQ(s.current.shared.wavefronts, 1);
  EXPECT_EQ(rows_of_bank_map(s), 1);

  // Retyped as the plain layout: the same instruction, now 32 wavefronts in 32 rows.
  const int instruction = s.instruction;
  ASSERT_TRUE(type_layout(s, "c")) << s.variant_editor.error;
  EXPECT_EQ(s.instruction, instruction) << "typing keeps the place";
  EXPECT_EQ(current_site(s).name, "tile_load");
  EXPECT_EQ(s.current.shared.wavefronts, 32);
  EXPECT_EQ(rows_of_bank_map(s), 32);

  // The whole-kernel job reports the variant shown, even after the next keystroke.
  ASSERT_TRUE(type_layout(s, "(c + 2*r) % T")) << s.variant_editor.error;
  ASSERT_TRUE(type_layout(s, "r*(T+1) + c")) << s.variant_editor.error;
  s.whole_kernel.wait();
  ASSERT_NE(s.whole_kernel.report(), nullptr) << s.whole_kernel.error();
  EXPECT_EQ(s.whole_kernel.report()->kernel, "transpose_layout");
  EXPECT_EQ(s.whole_kernel.report()->shared_load.wavefronts, s.whole_kernel.report()->shared_load.instructions)
      << "the padded tile's column read is conflict-free in every warp";
}

TEST(Variant, BadExpressionShowsItsMessageAndKeepsThePreviousKernel) {
  AppState s;
  ASSERT_TRUE(s.select_kernel("transpose_shared"));
  s.set_params(small_transpose());
  ASSERT_TRUE(type_layout(s, "(c + r) % T")) << s.variant_editor.error;
  const auto good = s.variant;
  const int serial = s.kernel_serial;
  struct Case {
    std::string expr, names;
  };
  for (const Case& c : {Case{"(c + r) % T + q", "'q' at column"}, Case{"c % 2", "(r, c) = (0, 0) and (0, 2)"},
                        Case{"(c + r", "column"}}) {
    EXPECT_FALSE(type_layout(s, c.expr)) << c.expr;
    EXPECT_NE(s.variant_editor.error.find(c.names), std::string::npos) << c.expr << ": " << s.variant_editor.error;
    EXPECT_EQ(s.variant, good) << c.expr;
    EXPECT_EQ(s.kernel_serial, serial) << c.expr;
    EXPECT_TRUE(s.current.valid);
    EXPECT_EQ(s.current.shared.wavefronts, 1) << "the last good layout is still drawn";
  }
  // The next good expression clears the message.
  ASSERT_TRUE(type_layout(s, "c ^ r")) << s.variant_editor.error;
  EXPECT_TRUE(s.variant_editor.error.empty());
  EXPECT_NE(s.variant, good);
}

TEST(Variant, ParametersRemakeTheVariantAndACatalogPickLeavesIt) {
  AppState s;
  ASSERT_TRUE(s.select_kernel("transpose_shared"));
  s.set_params(small_transpose());
  ASSERT_TRUE(type_layout(s, "(c + r) % T")) << s.variant_editor.error;
  kernels::KernelParams p = s.params;
  p.tile = 16;
  s.set_params(p);
  ASSERT_FALSE(s.param_error) << *s.param_error;
  EXPECT_EQ(s.variant->params().tile, 16) << "the layout is checked again for the new tile";
  EXPECT_EQ(s.kernel().name, "transpose_layout");
  ASSERT_TRUE(s.select_kernel("transpose_padded"));
  EXPECT_EQ(s.variant, nullptr);
  EXPECT_EQ(s.kernel().name, "transpose_padded");
}

TEST(Variant, AccessPatternIsSmemStridesReadAtTheTypedAddresses) {
  AppState s;
  s.variant_editor.mode = VariantMode::AccessPattern;
  s.variant_editor.pattern = "4 * (32 * lane)";
  ASSERT_TRUE(s.apply_variant()) << s.variant_editor.error;
  EXPECT_EQ(s.kernel().name, "smem_pattern");
  ASSERT_TRUE(s.current.valid) << s.current.error;
  EXPECT_EQ(s.current.access.space, Space::Shared);
  EXPECT_EQ(s.current.shared.wavefronts, 32);
  s.variant_editor.pattern = "4 * (17 * lane)";
  ASSERT_TRUE(s.apply_variant()) << s.variant_editor.error;
  EXPECT_EQ(s.current.shared.wavefronts, 1);
  // Predicted beside smem_stride at stride 1 and 32, on the first recorded calibration.
  const MeasurementSet* gpu = s.variant_gpu();
  if (!gpu) GTEST_SKIP() << "no recorded calibration";
  s.wait_variant_predictions();
  const VariantPredictions* p = s.variant_jobs.predictions(*s.variant, gpu->gpu);
  ASSERT_NE(p, nullptr);
  ASSERT_EQ(p->rows.size(), 3u);
  for (const VariantPrediction& r : p->rows) ASSERT_TRUE(r.ms);
  EXPECT_LT(*p->rows[0].ms, *p->rows[2].ms / 4) << "stride 17 is conflict-free, stride 32 is 32-way";
}

TEST(Variant, RunIsOffWithoutAGpuAndSaysWhy) {
  AppState s;
  EXPECT_EQ(run_blocked_reason(s), "type a tile layout or an access pattern first");
  ASSERT_TRUE(s.select_kernel("transpose_shared"));
  s.set_params(small_transpose());
  ASSERT_TRUE(type_layout(s, "(c + 2*r) % T")) << s.variant_editor.error;
  s.timings.gpu = GpuStatus::Absent;  // as on a machine without one, whatever this one has
  s.timings.gpu_reason = "no CUDA device";
  EXPECT_EQ(run_blocked_reason(s), "no GPU here: no CUDA device");
  s.timings.gpu = GpuStatus::Present;
  EXPECT_EQ(run_blocked_reason(s), "");
}

}  // namespace
}  // namespace ws::gui
