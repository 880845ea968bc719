// Every step of every built-in lesson in the window at the classroom size of
// 1280 x 720, in the normal layout and in presenter mode: the step's state is
// applied (kernel, preset, block, warp, instruction), the frame renders without
// GL errors, and in presenter mode a bank map shows all its rows at a height
// the back row can read. Writes one presenter screenshot per lesson.
#include <gtest/gtest.h>
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <stb_image.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "../cli/run_command.hpp"
#include "gui/session.hpp"
#include "lessons/lesson_limits.hpp"

namespace ws::gui {
namespace {

namespace fs = std::filesystem;


class LessonWindowTest : public ::testing::Test {
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
    fs::create_directories(WS_TEST_OUT_DIR);
  }
  static void TearDownTestSuite() {
    delete window_;
    delete state_;
  }
  Image render(Workbench& bench) {
    Image img;
    std::string error;
    build_frame(*window_, bench, *state_, 1.0 / 60);
    window_->end_frame();
    build_frame(*window_, bench, *state_, 1.0 / 60);
    EXPECT_TRUE(window_->end_frame_offscreen(img, &error)) << error;
    const ImDrawData* dd = ImGui::GetDrawData();
    EXPECT_TRUE(dd && dd->Valid && dd->CmdListsCount > 0);
    EXPECT_EQ(window_->take_gl_errors(), "");
    EXPECT_FALSE(is_uniform(img));
    return img;
  }
  static AppState* state_;
  static GlWindow* window_;
};

AppState* LessonWindowTest::state_ = nullptr;
GlWindow* LessonWindowTest::window_ = nullptr;

// Pixels that differ between two frames in the presenter's figure area (the
// left two thirds: the text column is at most a third of the width).
int figure_pixels_changed(const Image& a, const Image& b) {
  int changed = 0;
  const int figure_w = a.width * 2 / 3;
  for (int y = 0; y < a.height; ++y)
    for (int x = 0; x < figure_w; ++x) {
      const std::size_t i = (static_cast<std::size_t>(y) * a.width + x) * 4;
      changed += a.rgba[i] != b.rgba[i] || a.rgba[i + 1] != b.rgba[i + 1] || a.rgba[i + 2] != b.rgba[i + 2];
    }
  return changed;
}

TEST_F(LessonWindowTest, EveryStepOfEveryLessonRendersInBothLayouts) {
  Workbench bench;
  AppState& s = *state_;
  s.view.animate_reveal = false;  // the revealed figure at once (the animation has its own test)
  LessonPlayer& player = bench.lessons();
  ASSERT_TRUE(player.library().errors.empty()) << player.library().errors.front();
  ASSERT_GE(player.library().lessons.size(), 12u);
  for (const lessons::Lesson& lesson : player.library().lessons) {
    ASSERT_TRUE(player.start(lesson.id, 0, s));
    for (int step = 0; step < player.step_count(); ++step) {
      SCOPED_TRACE(lesson.file_name() + " step " + std::to_string(step + 1));
      player.go_to(step, s);
      ASSERT_EQ(player.error(), "");
      const lessons::StepState& want = lesson.steps[step].state;
      EXPECT_EQ(s.kernel().name, want.kernel);
      EXPECT_EQ(s.arch().name, want.arch);
      EXPECT_TRUE(s.params == want.params);
      EXPECT_EQ(s.block.x, want.block.x);
      EXPECT_EQ(s.block.y, want.block.y);
      EXPECT_EQ(s.warp, want.warp);
      if (!want.site.empty()) {
        EXPECT_EQ(s.trace.sites[s.current.site].name, want.site);
      }
      s.whole_kernel.wait();
      s.view.presenter = false;
      render(bench);
      s.view.presenter = true;
      const Image asked = render(bench);
      player.reveal(s);
      const Image img = render(bench);
      // The reveal changes the figure itself, not only the text beside it.
      if (lesson.steps[step].question) {
        EXPECT_GT(figure_pixels_changed(asked, img), 0) << "the reveal leaves the figure as it was";
      }
      if (step == player.step_count() / 2) {
        std::string error;
        EXPECT_TRUE(write_png(img, fs::path(WS_TEST_OUT_DIR) / ("lesson_" + lesson.id + ".png"), &error)) << error;
      }
    }
  }
  player.close(s);
  s.view.presenter = false;
}

// A slide is designed at 1280 x 720 and scales with the window, not with the
// workbench's text size: Ctrl + leaves it exactly as it was (every glyph keeps
// its size on the slide, tests/slides).
TEST_F(LessonWindowTest, SlidesDoNotDependOnTheTextSize) {
  Workbench bench;
  AppState& s = *state_;
  ASSERT_TRUE(bench.lessons().start("transpose-shared", 2, s));  // the column read
  s.view.animate_reveal = false;
  bench.lessons().reveal(s);
  s.view.presenter = true;
  std::vector<Image> images;
  for (float scale : {1.0f, 1.5f, 2.0f}) {
    s.view.font_scale = scale;
    s.view.font_reload = true;
    render(bench);
    images.push_back(render(bench));
  }
  // The font atlas is rebuilt for each text size and packs the slide's glyphs
  // elsewhere: its filtering may move a pixel's shade, never a glyph.
  auto differing = [](const Image& a, const Image& b) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < a.rgba.size(); i += 4)
      n += a.rgba[i] != b.rgba[i] || a.rgba[i + 1] != b.rgba[i + 1] || a.rgba[i + 2] != b.rgba[i + 2];
    return n;
  };
  ASSERT_EQ(images[0].rgba.size(), images[1].rgba.size());
  std::printf("[ slides ] pixels that differ at text size 1.5x: %zu, 2x: %zu of %zu\n", differing(images[0], images[1]),
              differing(images[0], images[2]), images[0].rgba.size() / 4);
  EXPECT_LT(differing(images[0], images[1]), images[0].rgba.size() / 4 / 200);
  EXPECT_LT(differing(images[0], images[2]), images[0].rgba.size() / 4 / 200);
  s.view.font_scale = 1.0f;
  s.view.font_reload = true;
  render(bench);
  bench.lessons().close(s);
  s.view.presenter = false;
  s.view.animate_reveal = true;
}

// A class is run with keys only: PgDn/PgUp step, a digit picks a choice,
// Enter reveals, B blanks, P toggles presenter mode. Keys are fed through ImGui's input
// as the GLFW backend would (ImGui 1.86: io.KeysDown, one frame down, one up).
TEST_F(LessonWindowTest, KeysAloneRunALesson) {
  Workbench bench;
  AppState& s = *state_;
  auto press = [&](int key) {
    ImGui::GetIO().KeysDown[key] = true;
    build_frame(*window_, bench, s, 1.0 / 60);
    window_->end_frame();
    ImGui::GetIO().KeysDown[key] = false;
    build_frame(*window_, bench, s, 1.0 / 60);
    window_->end_frame();
  };
  LessonPlayer& player = bench.lessons();
  ASSERT_TRUE(player.use_deck("course"));  // every step of every lesson: the keys walk them all
  ASSERT_TRUE(player.start("transpose-shared", 0, s));
  s.view.presenter = false;
  press(GLFW_KEY_P);
  EXPECT_TRUE(s.view.presenter);
  press(GLFW_KEY_PAGE_DOWN);
  press(GLFW_KEY_PAGE_DOWN);
  EXPECT_EQ(player.step(), 2);
  ASSERT_NE(player.resolved(), nullptr);
  ASSERT_TRUE(player.resolved()->question.has_value());
  EXPECT_EQ(s.trace.sites[s.current.site].name, "tile_load");  // the step's state came with it
  press(GLFW_KEY_4);
  EXPECT_EQ(player.chosen, 3);
  EXPECT_FALSE(player.revealed);
  press(GLFW_KEY_ENTER);
  EXPECT_TRUE(player.revealed);
  EXPECT_EQ(player.prediction_right(), player.resolved()->question->correct == 3);
  press(GLFW_KEY_PAGE_UP);  // back: the question again, then the step before
  EXPECT_EQ(player.step(), 2);
  EXPECT_FALSE(player.revealed);
  press(GLFW_KEY_PAGE_UP);
  EXPECT_EQ(player.step(), 1);
  press(GLFW_KEY_B);  // the clicker's blank key: a black frame, nothing else
  EXPECT_TRUE(bench.blanked());
  press(GLFW_KEY_PAGE_DOWN);  // any move shows the slide again, without moving
  EXPECT_FALSE(bench.blanked());
  EXPECT_EQ(player.step(), 1);
  // Escape in the slide show opens the deck's contents, never the workbench; P leaves.
  press(GLFW_KEY_ESCAPE);
  EXPECT_TRUE(s.view.presenter);
  EXPECT_TRUE(bench.contents_open());
  press(GLFW_KEY_ESCAPE);
  EXPECT_FALSE(bench.contents_open());
  press(GLFW_KEY_P);
  EXPECT_FALSE(s.view.presenter);
  // Ctrl+E writes the figure of the instruction shown, SVG and CSV, in the working folder.
  const fs::path here = fs::current_path(), dir = fs::temp_directory_path() / ("ws_ctrl_e_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::current_path(dir);
  ImGui::GetIO().KeyCtrl = true;
  press(GLFW_KEY_E);
  ImGui::GetIO().KeyCtrl = false;
  fs::current_path(here);
  int svg = 0, csv = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    svg += e.path().extension() == ".svg";
    csv += e.path().extension() == ".csv";
    if (e.path().extension() == ".svg") {
      EXPECT_NE(test::slurp(e.path()).find("class=\"lane\""), std::string::npos);
    }
  }
  EXPECT_EQ(svg, 1);
  EXPECT_EQ(csv, 1);
  fs::remove_all(dir);
  player.close(s);
}

// Lesson limits (lessons/lesson_limits.hpp), as the window meets them: a lesson
// with every text field at its limit, written as one unbroken word (the worst
// case: ImGui emits every glyph of a wrapped text), renders in both layouts,
// revealed; a file one byte or one step over a limit is skipped with its file,
// step and field named, and the window goes on with the other lessons.
TEST_F(LessonWindowTest, ALessonAtEachLimitRendersAndOneOverIsSkipped) {
  using L = lessons::LessonLimits;
  using nlohmann::json;
  const fs::path dir = fs::temp_directory_path() / ("ws_lesson_limits_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto lesson = [](std::size_t text, std::size_t reveal, std::size_t title, std::size_t steps) {
    json q = {{"prompt", std::string(L::kPromptBytes, 'p')}, {"answer", "wavefronts"},
              {"reveal", std::string(reveal, 'r')}, {"choices", json::array()}};
    for (std::size_t i = 0; i < L::kChoices; ++i) q["choices"].push_back("wavefronts + " + std::to_string(i));
    json j = {{"number", 1}, {"title", std::string(title, 'T')}, {"summary", std::string(L::kSummaryBytes, 's')}};
    j["steps"] = json::array({{{"title", std::string(title, 't')},
                               {"state", {{"kernel", "smem_stride"}, {"site", "buf_load"}, {"view", "bank-map"}}},
                               {"text", std::string(text, 'x')},
                               {"question", q}}});
    // The other steps are short: 100 texts at the limit would pass the file's own limit.
    while (j["steps"].size() < steps) j["steps"].push_back({{"title", "more"}, {"text", "y"}});
    return j;
  };
  std::ofstream(dir / "01-at-limits.json") << lesson(L::kTextBytes, L::kTextBytes, L::kTitleBytes, L::kSteps).dump();
  std::ofstream(dir / "02-text-over.json") << lesson(L::kTextBytes + 1, 10, 10, 1).dump();
  std::ofstream(dir / "03-reveal-over.json") << lesson(10, L::kTextBytes + 1, 10, 1).dump();
  std::ofstream(dir / "04-title-over.json") << lesson(10, 10, L::kTitleBytes + 1, 1).dump();
  std::ofstream(dir / "05-steps-over.json") << lesson(10, 10, 10, L::kSteps + 1).dump();
  ::setenv("WARPSCOPE_LESSONS_DIR", dir.c_str(), 1);
  {
    Workbench bench;
    AppState& s = *state_;
    LessonPlayer& player = bench.lessons();
    const auto& lib = player.library();
    ASSERT_EQ(lib.lessons.size(), 1u) << (lib.errors.empty() ? "" : lib.errors.front());
    ASSERT_EQ(lib.errors.size(), 4u);
    EXPECT_EQ(lib.errors[0], "02-text-over.json: steps[0].text: 8001 bytes, over the 8000 a step's text may hold");
    EXPECT_EQ(lib.errors[1],
              "03-reveal-over.json: steps[0].question.reveal: 8001 bytes, over the 8000 a reveal may hold");
    EXPECT_EQ(lib.errors[2], "04-title-over.json: title: 201 bytes, over the 200 a title may hold");
    EXPECT_EQ(lib.errors[3], "05-steps-over.json: steps: 101 steps, over the 100 a lesson may have");
    render(bench);  // the list, with the skipped files named
    for (int step : {0, static_cast<int>(L::kSteps) - 1}) {
      SCOPED_TRACE(step);
      ASSERT_TRUE(player.start("at-limits", step, s));
      ASSERT_EQ(player.error(), "");
      for (bool presenter : {false, true}) {
        s.view.presenter = presenter;
        render(bench);
        if (step == 0) {
          player.reveal(s);
          render(bench);
          player.go_to(0, s);
        }
      }
      s.view.presenter = false;
    }
    player.close(s);
  }
  ::unsetenv("WARPSCOPE_LESSONS_DIR");
  // The draw path's own cap: any string, however long, stays inside what one text call can draw.
  Workbench bench;
  build_frame(*window_, bench, *state_, 1.0 / 60);
  ImGui::Begin("cap");
  ImGui::TextWrapped("%s", lessons::capped_for_drawing(std::string(100000, 'x')).c_str());
  ImGui::End();
  window_->end_frame();
  fs::remove_all(dir);
}

// The tiled matmul's phases: Shift+Right lands on the first instruction of the
// next barrier phase, and as many steps as there are phases come back round.
TEST(PhaseStepping, StepsToTheFirstInstructionOfEachPhase) {
  AppState s;
  kernels::KernelParams p = kernels::find_kernel("matmul_tiled")->defaults;
  p.rows = p.cols = 128;
  ASSERT_TRUE(s.select_kernel("matmul_tiled", &p));
  ASSERT_GT(s.phase_count(), 2);
  std::vector<int> first_of_phase(s.phase_count(), -1);
  for (int i = s.instruction_count() - 1; i >= 0; --i) first_of_phase[s.trace.instructions[i].phase] = i;
  s.set_instruction(0);
  for (int k = 1; k <= s.phase_count(); ++k) {
    s.step_phase(1);
    const int phase = k % s.phase_count();
    if (first_of_phase[phase] >= 0) {
      EXPECT_EQ(s.instruction, first_of_phase[phase]) << "phase " << phase;
    }
  }
  s.step_phase(-1);
  EXPECT_EQ(s.trace.instructions[s.instruction].phase, s.phase_count() - 1);
}

TEST(LessonScreenshot, ALessonStepInPresenterModeAndBadStepsAreUsageErrors) {
  const fs::path out = fs::path(WS_TEST_OUT_DIR) / "cli_lesson.png";
  fs::remove(out);
  auto r = test::run_warpscope({"screenshot", "--lesson", "transpose-shared", "--step", "3", "--present", "--size",
                                "1280x720", "--out", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(out));
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"screenshot", "--lesson", "transpose-shared", "--step", "42", "--out", out.string()},
           {"screenshot", "--lesson", "nope", "--out", out.string()},
           {"screenshot", "--lesson", "strides", "--kernel", "copy", "--out", out.string()},
           {"screenshot", "--kernel", "copy", "--reveal", "--out", out.string()}}) {
    r = test::run_warpscope(args);
    EXPECT_EQ(r.exit_code, 2) << args[2] << ": " << r.err;
  }
}

// `export --format png`: the presenter's figure alone, at the size asked for.
TEST(LessonScreenshot, ExportPngIsTheFigureAtTheRequestedSize) {
  const fs::path out = fs::path(WS_TEST_OUT_DIR) / "export_bank_map.png";
  fs::remove(out);
  const auto r = test::run_warpscope({"export", "--lesson", "transpose-shared", "--step", "3", "--view", "bank-map",
                                      "--format", "png", "--size", "1280x720", "--out", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  int w = 0, h = 0, n = 0;
  ASSERT_TRUE(stbi_info(out.c_str(), &w, &h, &n));
  EXPECT_EQ(w, 1280);
  EXPECT_EQ(h, 720);
}

// The window's player resolves steps off the frame (LessonPlayer::resolve_in_background):
// what it shows once done is what the command line's player shows at once, and
// keys pressed faster than the steps resolve end on the last step pressed, resolved.
TEST(LessonPlayerInBackground, ShowsWhatTheSynchronousPlayerShows) {
  AppState sync_state, bg_state;
  LessonPlayer sync_player, bg_player;
  bg_player.resolve_in_background(true);
  const lessons::Lesson* lesson = sync_player.library().find("conflicts-vs-time");
  ASSERT_NE(lesson, nullptr);
  for (int i = 0; i < static_cast<int>(lesson->steps.size()); ++i) {
    SCOPED_TRACE(i + 1);
    ASSERT_TRUE(sync_player.start(lesson->id, i, sync_state));
    ASSERT_TRUE(bg_player.start(lesson->id, i, bg_state));
    if (bg_player.resolving()) {
      EXPECT_EQ(bg_player.resolved(), nullptr);  // the panel says it is working, and shows no stale text
      EXPECT_TRUE(bg_player.error().empty());
    }
    bg_player.wait();
    EXPECT_FALSE(bg_player.resolving());
    ASSERT_NE(sync_player.resolved(), nullptr) << sync_player.error();
    ASSERT_NE(bg_player.resolved(), nullptr) << bg_player.error();
    EXPECT_EQ(bg_player.resolved()->text, sync_player.resolved()->text);
    EXPECT_EQ(bg_player.resolved()->question.has_value(), sync_player.resolved()->question.has_value());
    // The step's state is applied at once, resolved or not.
    EXPECT_EQ(bg_state.kernel().name, sync_state.kernel().name);
  }
}

TEST(LessonPlayerInBackground, KeysFasterThanTheStepsEndOnTheLastStepResolved) {
  AppState state, sync_state;
  LessonPlayer player, sync_player;
  player.resolve_in_background(true);
  ASSERT_TRUE(player.start("conflicts-vs-time", 0, state));
  int presses = 0;
  while (player.forward(state) && player.lesson()->id == "conflicts-vs-time") ++presses;
  ASSERT_GT(presses, 3);
  player.wait();
  ASSERT_TRUE(player.error().empty()) << player.error();
  ASSERT_NE(player.resolved(), nullptr);
  ASSERT_TRUE(sync_player.start(player.lesson()->id, player.step(), sync_state));
  EXPECT_EQ(player.resolved()->text, sync_player.resolved()->text);
}

}  // namespace
}  // namespace ws::gui
