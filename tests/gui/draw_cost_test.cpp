// What a frame asks the GPU to draw (gui/draw_cost.hpp): a browser without a
// GPU pays for the pixels its triangles cover, about 10 ms a canvas on two
// cores (issue 36, docs/web.md). The workbench's views cover less than a
// canvas of triangles (1.5 to 1.6 before the panels' backgrounds and the
// figures' cells became clears, gui/backdrop.hpp), and the picture with those
// clears is the picture without them.
#include <gtest/gtest.h>
#include <imgui.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "gui/backdrop.hpp"
#include "gui/draw_cost.hpp"
#include "gui/session.hpp"
#include "gui/view_state.hpp"

namespace ws::gui {
namespace {

TEST(DrawCost, ATrianglesPixelsAreCountedInsideItsClipRectangle) {
  ImGuiContext* context = ImGui::CreateContext();
  ImDrawList list(ImGui::GetDrawListSharedData());
  list._ResetForNewFrame();
  list.Flags = ImDrawListFlags_None;  // no anti-aliased fringe: two triangles a rectangle
  list.PushClipRect(ImVec2(0, 0), ImVec2(100, 100));
  list.AddRectFilled(ImVec2(10, 10), ImVec2(30, 20), IM_COL32_WHITE);    // 200 px, inside
  list.AddRectFilled(ImVec2(90, 90), ImVec2(110, 110), IM_COL32_WHITE);  // 400 px, a quarter inside
  list.AddTriangleFilled(ImVec2(-50, 0), ImVec2(50, 0), ImVec2(-50, 100), IM_COL32_WHITE);  // its corner (0..50)^2 / 2 inside
  list.PopClipRect();
  const DrawListCost c = draw_list_cost(list);
  EXPECT_EQ(c.triangles, 2 + 2 + 1);
  EXPECT_NEAR(c.pixels, 200 + 100 + 1250, 1e-3);
  ImGui::DestroyContext(context);
}

class DrawCostWindow : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    state_ = new AppState();
    WindowOptions o;
    o.width = 1280;
    o.height = 720;
    o.visible = false;
    std::string error;
    window_ = GlWindow::open(o, *state_, &error).release();
    ASSERT_NE(window_, nullptr) << error;
  }
  static void TearDownTestSuite() {
    delete window_;
    delete state_;
  }

  // The view's picture after a few frames (tabs and scrolling settle), and its draw cost.
  DrawCost render(Workbench& bench, Image* picture) {
    std::string error;
    bench.lessons().wait();
    state_->whole_kernel.wait();  // both pictures with the whole-kernel view done
    for (int i = 0; i < 3; ++i) {
      build_frame(*window_, bench, *state_, 1.0 / 60);
      window_->end_frame();
    }
    build_frame(*window_, bench, *state_, 1.0 / 60);
    EXPECT_TRUE(window_->end_frame_offscreen(*picture, &error)) << error;
    const ImDrawData* d = ImGui::GetDrawData();
    return d && d->Valid ? draw_cost(*d) : DrawCost{};
  }

  static AppState* state_;
  static GlWindow* window_;
};

AppState* DrawCostWindow::state_ = nullptr;
GlWindow* DrawCostWindow::window_ = nullptr;

// Pixels whose colour differs by more than a faint anti-aliasing step.
double differing_fraction(const Image& a, const Image& b) {
  if (a.width != b.width || a.height != b.height || a.rgba.size() != b.rgba.size()) return 1.0;
  long differ = 0;
  int x0 = a.width, y0 = a.height, x1 = -1, y1 = -1;
  for (std::size_t i = 0; i < a.rgba.size(); i += 4) {
    int most = 0;
    for (int c = 0; c < 3; ++c) most = std::max(most, std::abs(int(a.rgba[i + c]) - int(b.rgba[i + c])));
    if (most > 24) {
      ++differ;
      const int x = int(i / 4 % a.width), y = int(i / 4 / a.width);
      x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
    }
  }
  if (differ) std::printf("  %ld pixels differ, within x %d..%d, y %d..%d\n", differ, x0, x1, y0, y1);
  return double(differ) / (double(a.width) * a.height);
}

TEST_F(DrawCostWindow, EachViewCoversLessThanACanvasAndItsClearsDrawTheSamePicture) {
  for (const char* view : {"kernel=transpose_shared", "lesson=padding&step=4", "lesson=coalescing&step=2&reveal=1",
                           "lesson=padding&step=4&reveal=1&present=1", "lesson=strides&step=4&reveal=1"}) {
    SCOPED_TRACE(view);
    Workbench bench;
    state_->view.animate_reveal = false;  // both pictures at the reveal's end
    ASSERT_EQ(apply_view_state(view, *state_, bench.lessons()), std::nullopt);
    Image with_clears, without;
    backdrop::set_enabled(true);
    const DrawCost cost = render(bench, &with_clears);
    backdrop::set_enabled(false);
    const DrawCost all_triangles = render(bench, &without);
    backdrop::set_enabled(true);
    std::printf("%-45s triangles cover %.2f canvases (%.2f without clears), %ld vertices\n", view, cost.overdraw(),
                all_triangles.overdraw(), cost.vertices);
    EXPECT_LT(cost.overdraw(), 0.75);
    EXPECT_GT(all_triangles.overdraw(), cost.overdraw() + 0.5);  // the clears carry the backgrounds
    EXPECT_LT(differing_fraction(with_clears, without), 0.002);
  }
}

}  // namespace
}  // namespace ws::gui
