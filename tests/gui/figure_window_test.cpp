// The figures at the classroom size, 1280 x 720, in the window: lane digits as
// drawn (glyph height, canvas::fit_lane_number) are at least 24 px on one- and
// two-row presenter maps, 16 px on 32-row ones and on the sector map, 12 px on
// the workbench's one- and two-row maps; the workbench shows a whole warp; the
// reveal changes the figure (one row of requests -> wavefront rows), animated
// unless turned off; a beside configuration is drawn at the same scale.
// docs/lessons.md ("Readable from the back row") records the heights measured here.
#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "gui/session.hpp"

namespace ws::gui {
namespace {

class FigureWindowTest : public ::testing::Test {
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
  // Two frames (tabs settle on the second); returns the image of the last.
  Image render(Workbench& bench, double dt = 1.0 / 60) {
    Image img;
    std::string error;
    build_frame(*window_, bench, *state_, dt);
    window_->end_frame();
    build_frame(*window_, bench, *state_, dt);
    EXPECT_TRUE(window_->end_frame_offscreen(img, &error)) << error;
    return img;
  }
  // A lesson step, revealed, in presenter mode or the workbench. In a lesson
  // presenter mode draws slides (tests/slides); the panels' own presenter
  // drawing is the figure alone, as `export --format png` draws it.
  void open(Workbench& bench, const char* lesson, int step, bool presenter) {
    AppState& s = *state_;
    if (presenter && !bench.figure_only())
      bench.show_figure_only(std::string_view(lesson) == "coalescing" ? lessons::View::SectorMap : lessons::View::BankMap);
    s.view.animate_reveal = false;
    ASSERT_TRUE(bench.lessons().start(lesson, step - 1, s)) << lesson;
    ASSERT_EQ(bench.lessons().error(), "");
    bench.lessons().reveal(s);
    s.view.presenter = presenter;
    s.whole_kernel.wait();
    render(bench);
  }
  void close(Workbench& bench) {
    bench.lessons().close(*state_);
    state_->view.presenter = false;
    state_->view.animate_reveal = true;
  }
  static void report(const char* what, float px) { std::printf("[ digits ] %-44s %5.1f px\n", what, px); }
  static AppState* state_;
  static GlWindow* window_;
};

AppState* FigureWindowTest::state_ = nullptr;
GlWindow* FigureWindowTest::window_ = nullptr;

struct Case {
  const char* lesson;
  int step;
  int rows;       // the map's rows (wavefronts or lines), checked so the case means what it says
  bool sectors;   // the sector map, else the bank map
  float presenter_px, normal_px;  // the least digit height each layout must draw
  const char* what;
};

TEST_F(FigureWindowTest, LaneDigitsAreReadableFromTheBackRow) {
  const Case cases[] = {
      {"strides", 1, 1, false, 24, 12, "bank map, 1 row (stride 1)"},
      {"strides", 2, 2, false, 24, 12, "bank map, 2 rows (stride 2)"},
      {"transpose-shared", 3, 32, false, 16, 0, "bank map, 32 rows (column read)"},
      {"coalescing", 2, 32, true, 16, 0, "sector map, 32 lines (column write)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    for (bool presenter : {true, false}) {
      Workbench bench;
      open(bench, c.lesson, c.step, presenter);
      const float px = c.sectors ? bench.global_memory().smallest_digit() : bench.bank_map().smallest_digit();
      const int rows = c.sectors ? static_cast<int>(bench.global_memory().last_layout().rows.size())
                                 : bench.bank_map().last_layout().rows;
      ASSERT_EQ(rows, c.rows);
      report((std::string(presenter ? "presenter: " : "workbench: ") + c.what).c_str(), px);
      EXPECT_GE(px, presenter ? c.presenter_px : c.normal_px) << (presenter ? "presenter" : "workbench");
      if (!c.sectors) {
        // Every row on screen: a whole warp, none scrolled away.
        const BankMapLayout& L = bench.bank_map().last_layout();
        EXPECT_LE(L.height, presenter ? 720.0f : 720.0f * 0.6f);
      }
      close(bench);
    }
  }
}

// F in presenter mode gives the figure the whole window: the numbers grow.
TEST_F(FigureWindowTest, TheFigureAloneDrawsLargerNumbers) {
  const Case cases[] = {
      {"strides", 2, 2, false, 24, 0, "bank map, 2 rows, figure alone (F)"},
      {"transpose-shared", 3, 32, false, 16, 0, "bank map, 32 rows, figure alone (F)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    float beside_text = 0;
    {
      Workbench bench;
      open(bench, c.lesson, c.step, true);
      beside_text = bench.bank_map().smallest_digit();
      close(bench);
    }
    Workbench bench;
    bench.show_figure_only(lessons::View::BankMap);
    open(bench, c.lesson, c.step, true);
    const float alone = bench.bank_map().smallest_digit();
    report(c.what, alone);
    // Wider cells: two digits on one line rather than stacked, so not always taller, never too small.
    EXPECT_GE(alone, std::min(beside_text, 24.0f));
    EXPECT_GE(alone, c.presenter_px);
    close(bench);
  }
}

// Ctrl + enlarges the text: a few rows' numbers grow with it; 32 rows give some of
// their height to the larger headline and legend, and keep 14 px (docs/lessons.md).
TEST_F(FigureWindowTest, LargerTextKeepsTheNumbersReadable) {
  const Case cases[] = {
      {"strides", 2, 2, false, 29.9f, 0, "bank map, 2 rows, text 1.5x (Ctrl +)"},
      {"transpose-shared", 3, 32, false, 14, 0, "bank map, 32 rows, text 1.5x (Ctrl +)"},
  };
  AppState& s = *state_;
  s.view.font_scale = 1.5f;
  s.view.font_reload = true;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    Workbench bench;
    open(bench, c.lesson, c.step, true);
    ASSERT_EQ(bench.bank_map().last_layout().rows, c.rows);
    const float px = bench.bank_map().smallest_digit();
    report(c.what, px);
    EXPECT_GE(px, c.presenter_px);
    close(bench);
  }
  s.view.font_scale = 1.0f;
  s.view.font_reload = true;
  Workbench bench;
  render(bench);
}

// A lesson's two figures one above the other (stride 32 over stride 33): 33 rows
// share the height at one scale, so their digits are smaller, still readable.
TEST_F(FigureWindowTest, TwoFiguresBesideKeepTheirDigitsReadable) {
  Workbench bench;
  open(bench, "strides", 5, true);
  ASSERT_EQ(bench.bank_map().figures_drawn(), 2) << "the lesson's step 5 draws stride 33 beside stride 32";
  const float px = bench.bank_map().smallest_digit();
  report("presenter: bank maps beside, 32 + 1 rows", px);
  EXPECT_GE(px, 12.0f);
  EXPECT_LE(bench.bank_map().last_layout().height + bench.bank_map().beside_layout().height, 720.0f);
  close(bench);
}

// The question shows one row of requests without the count; the reveal splits it
// into the wavefront rows. Animated in the window, at once where it is turned off.
TEST_F(FigureWindowTest, TheRevealChangesTheFigureAndAnimatesIt) {
  AppState& s = *state_;
  Workbench bench;
  ASSERT_TRUE(bench.lessons().start("strides", 1, s));  // stride 2: a question
  bench.show_figure_only(lessons::View::BankMap);
  s.view.presenter = true;
  s.view.animate_reveal = true;
  render(bench);
  ASSERT_TRUE(s.view.conceal.hides(lessons::Quantity::SharedCost));
  EXPECT_EQ(bench.bank_map().last_layout().rows, 1);
  const Image question = render(bench);

  bench.lessons().reveal(s);
  render(bench);
  EXPECT_TRUE(s.view.animating_reveal) << "the lanes move to their rows";
  for (int frame = 0; frame < 60 && s.view.animating_reveal; ++frame) render(bench, 1.0 / 30);
  EXPECT_FALSE(s.view.animating_reveal) << "done within 2 s";
  EXPECT_EQ(bench.bank_map().last_layout().rows, 2);
  const Image answer = render(bench);
  ASSERT_EQ(question.rgba.size(), answer.rgba.size());
  EXPECT_NE(question.rgba, answer.rgba);

  // Back to the question, then a reveal that is not animated: final at once.
  bench.lessons().unreveal(s);
  render(bench);
  EXPECT_EQ(bench.bank_map().last_layout().rows, 1);
  s.view.animate_reveal = false;
  bench.lessons().reveal(s);
  render(bench);
  EXPECT_FALSE(s.view.animating_reveal);
  EXPECT_EQ(bench.bank_map().last_layout().rows, 2);
  close(bench);
}

// tile[32][32] beside tile[32][33]: two maps, one scale, each its own cost.
TEST_F(FigureWindowTest, BesideConfigurationIsDrawnAtTheSameScale) {
  AppState& s = *state_;
  Workbench bench;
  ASSERT_TRUE(bench.lessons().start("transpose-shared", 2, s));  // the column read of tile[32][32]
  lessons::StepState padded;
  padded.kernel = "transpose_padded";
  padded.params = s.params;
  padded.site = s.trace.sites[s.current.site].name;
  s.view.beside = padded;
  s.view.beside_name = "padded";
  s.view.conceal = {};
  s.view.conceal.hide("padded", lessons::Quantity::SharedCost);
  bench.show_figure_only(lessons::View::BankMap);
  s.view.presenter = true;
  s.view.animate_reveal = false;
  render(bench);
  ASSERT_EQ(bench.bank_map().figures_drawn(), 2);
  const BankMapLayout& own = bench.bank_map().last_layout();
  const BankMapLayout& beside = bench.bank_map().beside_layout();
  EXPECT_EQ(own.rows, 32);
  EXPECT_EQ(beside.rows, 1) << "its cost concealed: one row of requests";
  EXPECT_FLOAT_EQ(own.cell_width, beside.cell_width);
  s.view.conceal = {};
  render(bench);
  EXPECT_EQ(bench.bank_map().beside_layout().rows, 1) << "tile[32][33]: conflict-free";
  EXPECT_FLOAT_EQ(bench.bank_map().last_layout().cell_height, bench.bank_map().beside_layout().cell_height);
  s.view.beside.reset();
  s.view.beside_name.clear();
  close(bench);
}

}  // namespace
}  // namespace ws::gui
