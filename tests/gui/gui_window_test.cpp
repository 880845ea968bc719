// The window under a display (xvfb-run in CI): every catalog kernel rendered
// at every access site into an offscreen framebuffer, at the classroom size of
// 1280 x 720. Fails on a GL error, an invalid ImGui frame or a blank image;
// writes one screenshot per kernel. Also the screenshot command and the
// no-display path of a bare `warpscope`.
#include <gtest/gtest.h>
#include <imgui.h>
#include <stb_image.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>

#include "../cli/run_command.hpp"
#include "gui/session.hpp"
#include "gui/view_state.hpp"
#include "ws/kernels/measurements.hpp"

namespace ws::gui {
namespace {

namespace fs = std::filesystem;

class WindowTest : public ::testing::Test {
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

  // Two frames per state: tabs that follow the instruction switch on the second.
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
    EXPECT_EQ(img.width, 1280);
    EXPECT_EQ(img.height, 720);
    EXPECT_FALSE(is_uniform(img));
    return img;
  }

  static AppState* state_;
  static GlWindow* window_;
};

AppState* WindowTest::state_ = nullptr;
GlWindow* WindowTest::window_ = nullptr;

TEST_F(WindowTest, EveryKernelAtEverySiteRendersAndItsBankMapMatchesTheSimulation) {
  Workbench bench;
  AppState& s = *state_;
  for (const kernels::KernelDescriptor& k : kernels::catalog()) {
    SCOPED_TRACE(std::string(k.name));
    s.select_kernel(k.name);
    ASSERT_FALSE(s.param_error) << *s.param_error;
    Image shot;
    for (int site = 0; site < static_cast<int>(s.trace.sites.size()); ++site) {
      if (!s.select_site(site)) continue;
      Image img = render(bench);
      if (s.current.valid && s.current.access.space == Space::Shared) {
        // The bank map drawn this frame holds one chip per lane word, one row per wavefront.
        const BankMapLayout& L = bench.bank_map().last_layout();
        int words = 0;
        for (int l = 0; l < s.current.shared.warp_lanes; ++l)
          words += s.current.shared.lanes[l].active ? s.current.shared.lanes[l].num_words : 0;
        EXPECT_EQ(L.rows, s.current.shared.wavefronts) << "site " << site;
        EXPECT_EQ(static_cast<int>(L.chips.size()), words) << "site " << site;
        if (shot.rgba.empty()) shot = img;
      } else if (s.current.valid) {
        EXPECT_EQ(static_cast<int>(bench.global_memory().last_layout().rows.size()), s.current.global.lines);
      }
      if (shot.rgba.empty() && site + 1 == static_cast<int>(s.trace.sites.size())) shot = img;
    }
    std::string error;
    EXPECT_TRUE(write_png(shot, fs::path(WS_TEST_OUT_DIR) / (std::string(k.name) + ".png"), &error)) << error;
  }
}

TEST_F(WindowTest, ResultsTabsFontScaleAndBadInputRender) {
  Workbench bench;
  AppState& s = *state_;
  ASSERT_TRUE(s.select_kernel("transpose_padded"));
  s.whole_kernel.wait();
  bench.show_results(ResultsTab::WholeKernel);
  render(bench);
  bench.show_results(ResultsTab::Timings);
  bench.show_detail(DetailTab::Blocks);
  render(bench);
  s.view.font_scale = 1.6f;
  s.view.font_reload = true;
  render(bench);
  // A scale ImGui would assert on (NaN once reached AddFont from --font-scale) is reset, not used.
  for (float bad : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(), 0.0f, -2.0f}) {
    s.view.font_scale = bad;
    s.view.font_reload = true;
    render(bench);
    EXPECT_EQ(s.view.font_scale, 1.0f);
  }
  s.view.font_scale = 1.0f;
  s.view.font_reload = true;
  kernels::KernelParams p = s.params;
  p.tile = 5;  // not a tile the kernel accepts: the window shows the message
  s.set_params(p);
  ASSERT_TRUE(s.param_error);
  render(bench);
  s.pattern.expr = "lane / 0";
  s.set_source(InstructionSource::Pattern);
  render(bench);
  s.set_source(InstructionSource::Kernel);
}

// At the classroom size the six-panel layout cuts off nothing essential: the
// current instruction's whole source line is in the Code panel for every site of
// every catalog kernel (at 1x and 1.5x text), and both whole-kernel tables show
// every column.
TEST_F(WindowTest, At1280x720TheCurrentLineAndTheResultsTablesShowWhole) {
  AppState& s = *state_;
  for (float scale : {1.0f, 1.5f}) {
    Workbench bench;
    s.view.font_scale = scale;
    s.view.font_reload = true;
    bench.show_results(ResultsTab::WholeKernel);
    for (const kernels::KernelDescriptor& k : kernels::catalog()) {
      SCOPED_TRACE(testing::Message() << k.name << " at " << scale << "x");
      s.select_kernel(k.name);
      ASSERT_FALSE(s.param_error) << *s.param_error;
      s.whole_kernel.wait();
      for (int site = 0; site < static_cast<int>(s.trace.sites.size()); ++site) {
        if (!s.select_site(site)) continue;
        // The Code panel brings a new line into view over a few frames, as the window loop and screenshots do.
        render(bench);
        render(bench);
        EXPECT_TRUE(bench.code().current_line_shown())
            << "line " << s.trace.sites[site].line << " in " << bench.code().current_line_rows() << " rows of "
            << bench.code().columns() << " characters";
        if (scale == 1.0f) {
          EXPECT_GE(bench.code().columns(), 40);
        }
      }
      if (scale == 1.0f) {
        EXPECT_TRUE(bench.whole_kernel().tables_fit()) << "tables need " << bench.whole_kernel().tables_width() << " px";
      }
    }
  }
  s.view.font_scale = 1.0f;
  s.view.font_reload = true;
}

// Maximise one panel, then restore: the rects the frame used change and come back.
TEST_F(WindowTest, MaximiseAndRestoreAPanel) {
  Workbench bench;
  AppState& s = *state_;
  ASSERT_TRUE(s.select_kernel("transpose_shared"));
  render(bench);
  const WorkbenchLayout normal = bench.layout();
  EXPECT_NEAR(normal[PanelId::Code].w, 448, 1);
  bench.toggle_maximised(PanelId::Code);
  render(bench);
  EXPECT_EQ(bench.maximised(), PanelId::Code);
  EXPECT_EQ(bench.layout()[PanelId::Code].w, 1280);
  EXPECT_EQ(bench.layout()[PanelId::Code].y, normal[PanelId::Code].y);
  EXPECT_GT(bench.code().columns(), 100);  // the longest catalog line fits unwrapped
  bench.toggle_maximised(PanelId::Code);
  render(bench);
  EXPECT_FALSE(bench.maximised());
  EXPECT_EQ(bench.layout().panels, normal.panels);
  // A dragged splitter moves the border; the automatic layout comes back with no splits.
  bench.set_splits(PanelSplits{.right = 0.5f});
  render(bench);
  EXPECT_NEAR(bench.layout()[PanelId::Code].w, 640, 1);
  bench.set_splits({});
  render(bench);
  EXPECT_EQ(bench.layout().panels, normal.panels);
}

// "Your variant": the tab opens on a typed layout, its bank map is the variant's
// column read, a refused expression renders its message, the results tab renders.
TEST_F(WindowTest, YourVariantTabRendersTheTypedLayoutAndItsMessage) {
  Workbench bench;
  AppState& s = *state_;
  ASSERT_TRUE(s.select_kernel("transpose_shared"));
  kernels::KernelParams p = s.params;
  p.rows = p.cols = 256;
  s.set_params(p);
  s.variant_editor.mode = VariantMode::TileLayout;
  s.variant_editor.layout = "(c + 2*r) % T";
  ASSERT_TRUE(s.apply_variant()) << s.variant_editor.error;
  s.whole_kernel.wait();
  s.wait_variant_predictions();
  bench.show_memory(MemoryTab::YourVariant);
  bench.show_results(ResultsTab::Variant);
  render(bench);
  EXPECT_EQ(s.kernel().name, "transpose_layout") << "entering the tab keeps the typed variant";
  EXPECT_EQ(bench.bank_map().last_layout().rows, 2) << "(c + 2r) % T: a 2-way column read";
  s.variant_editor.layout = "c % 2";
  EXPECT_FALSE(s.apply_variant());
  render(bench);
  EXPECT_EQ(bench.bank_map().last_layout().rows, 2) << "the last good layout stays drawn";
  s.variant_editor.mode = VariantMode::LaneExpression;
  render(bench);
  EXPECT_EQ(s.source, InstructionSource::Pattern);
  bench.show_memory(MemoryTab::BankMap);
  render(bench);
  EXPECT_EQ(s.source, InstructionSource::Kernel);
  ASSERT_TRUE(s.select_kernel("transpose_padded"));
}

// Measurement files with a wrong type or shape: each is skipped with a message
// naming it and the field, the good one still shows, and the window runs on.
TEST_F(WindowTest, BadMeasurementFilesAreSkippedAndNamed) {
  const fs::path dir = fs::temp_directory_path() / ("ws_gui_measurements_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "folder.json");
  fs::copy_file(kernels::measurement_files().at(0), dir / "a_good.json");
  std::ofstream(dir / "b_string.json") << R"({"memcpy_d2d_gbps": "fast", "kernels": {}})";
  std::ofstream(dir / "c_null.json") << R"({"kernels": {"copy": {"median_ms": null}}})";
  std::ofstream(dir / "d_kernels.json") << R"({"kernels": 3})";
  ASSERT_EQ(setenv("WARPSCOPE_MEASUREMENTS_DIR", dir.c_str(), 1), 0);
  {
    AppState bad;
    unsetenv("WARPSCOPE_MEASUREMENTS_DIR");
    ASSERT_EQ(bad.timings.recorded.size(), 1u);
    ASSERT_EQ(bad.timings.skipped_files.size(), 4u);
    const auto& skipped = bad.timings.skipped_files;
    EXPECT_NE(skipped[0].find("b_string.json: memcpy_d2d_gbps is a string"), std::string::npos) << skipped[0];
    EXPECT_NE(skipped[1].find("c_null.json: kernels.copy.median_ms is null"), std::string::npos) << skipped[1];
    EXPECT_NE(skipped[2].find("d_kernels.json: kernels is an integer"), std::string::npos) << skipped[2];
    EXPECT_NE(skipped[3].find("folder.json: is a folder"), std::string::npos) << skipped[3];
    Workbench bench;
    bench.show_results(ResultsTab::Timings);
    for (int f = 0; f < 3; ++f) {
      build_frame(*window_, bench, bad, 1.0 / 60);
      window_->end_frame();
    }
    EXPECT_EQ(window_->take_gl_errors(), "");
    bad.whole_kernel.wait();
  }
  unsetenv("WARPSCOPE_MEASUREMENTS_DIR");
  fs::remove_all(dir);
}

TEST(ScreenshotCommand, WritesAPngOfTheRequestedSize) {
  const fs::path out = fs::path(WS_TEST_OUT_DIR) / "cli_transpose_shared.png";
  fs::remove(out);
  const auto r = test::run_warpscope({"screenshot", "--kernel", "transpose_shared", "--rows", "512", "--cols", "512",
                                      "--site", "tile_load", "--size", "1280x720", "--out", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  int w = 0, h = 0, n = 0;
  ASSERT_TRUE(stbi_info(out.c_str(), &w, &h, &n));
  EXPECT_EQ(w, 1280);
  EXPECT_EQ(h, 720);
}

TEST(ScreenshotCommand, OpensOnYourVariant) {
  const fs::path out = fs::path(WS_TEST_OUT_DIR) / "cli_variant_layout.png";
  fs::remove(out);
  const auto r = test::run_warpscope({"screenshot", "--variant-layout", "(c + 2*r) % T", "--rows", "512", "--cols",
                                      "512", "--size", "1280x720", "--out", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(out));
  struct Case {
    std::vector<std::string> args;
    std::string names;
  };
  const std::string never = (fs::path(WS_TEST_OUT_DIR) / "never_variant.png").string();
  for (const Case& c : std::vector<Case>{
           {{"--variant-layout", "c % 2"}, "--variant-layout: elements (r, c) = (0, 0) and (0, 2)"},
           {{"--variant-pattern", "4 * q"}, "--variant-pattern: 'q' at column"},
           {{"--variant-layout", "c", "--variant-pattern", "0"}, "--variant-pattern: give"},
           {{"--variant-layout", "c", "--kernel", "copy"}, "--kernel: copy takes no --variant-layout"}}) {
    auto args = c.args;
    args.insert(args.begin(), "screenshot");
    args.insert(args.end(), {"--out", never});
    const auto bad = test::run_warpscope(args);
    EXPECT_EQ(bad.exit_code, 2) << c.names << ": " << bad.err;
    EXPECT_NE(bad.err.find("warpscope: " + c.names), std::string::npos) << bad.err;
  }
  EXPECT_FALSE(fs::exists(never));
}

TEST(ScreenshotCommand, BadInputIsAUsageError) {
  const std::string out = (fs::path(WS_TEST_OUT_DIR) / "never.png").string();
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"screenshot", "--kernel", "no_such_kernel", "--out", out},
           {"screenshot", "--kernel", "transpose_shared", "--block", "9999,0", "--out", out},
           {"screenshot", "--kernel", "transpose_shared", "--site", "nowhere", "--out", out},
           {"screenshot", "--kernel", "transpose_shared", "--size", "10x10", "--out", out},
           {"screenshot", "--kernel", "transpose_shared", "--rows", "0", "--out", out}}) {
    const auto r = test::run_warpscope(args);
    EXPECT_EQ(r.exit_code, 2) << args[2] << " " << r.err;
    EXPECT_NE(r.err.find("warpscope"), std::string::npos);
  }
  EXPECT_FALSE(fs::exists(out));
}

// Values that reached ImGui (an assertion), wrapped to a byte, or were written
// nowhere with exit 0: each is exit 2 with one line naming the flag.
TEST(ScreenshotCommand, OutOfRangeValuesAndUnwritablePathsNameTheFlag) {
  const std::string out = (fs::path(WS_TEST_OUT_DIR) / "never2.png").string();
  const std::vector<std::string> base = {"screenshot", "--kernel", "copy", "--rows", "256", "--cols", "256"};
  struct Case {
    std::vector<std::string> extra;
    std::string names;
  };
  const std::vector<Case> cases = {
      {{"--out", out, "--font-scale", "nan"}, "--font-scale: 'nan' is not a finite number"},
      {{"--out", out, "--font-scale", "inf"}, "--font-scale"},
      {{"--out", out, "--font-scale", "0"}, "--font-scale: 0 is outside"},
      {{"--out", out, "--font-scale", "-1"}, "--font-scale"},
      {{"--out", out, "--font-scale", "1e30"}, "--font-scale"},
      {{"--out", out, "--pattern", "4*lane", "--pattern-bytes", "260"}, "--pattern-bytes: 260 is not one of"},
      {{"--out", out, "--pattern", "4*lane", "--pattern-bytes", "-252"}, "--pattern-bytes: -252"},
      {{"--out", out, "--pattern", "4*lane", "--pattern-bytes", "3"}, "--pattern-bytes: 3"},
      {{"--out", out, "--pattern", "2*lane", "--pattern-bytes", "4"}, "--pattern: The sm90 preset cannot serve"},
      {{"--out", out, "--pattern", std::string(300, '(') + "lane" + std::string(300, ')')}, "--pattern: '(' at column 257"},
      {{"--out", out, "--pattern", std::string(5000, '-') + "lane"}, "--pattern: the expression is 5004 characters"},
      {{"--out", "/nonexistent-dir/x.png"}, "--out: cannot write /nonexistent-dir/x.png"},
      {{"--out", WS_TEST_OUT_DIR}, std::string("--out: ") + WS_TEST_OUT_DIR + " is a directory"},
      {{"--out", "/dev/full"}, "--out: cannot write /dev/full: No space left on device"},
  };
  for (const Case& c : cases) {
    auto args = base;
    args.insert(args.end(), c.extra.begin(), c.extra.end());
    const auto r = test::run_warpscope(args);
    EXPECT_EQ(r.exit_code, 2) << c.names << ": " << r.err;
    EXPECT_NE(r.err.find("warpscope: " + c.names), std::string::npos) << c.names << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_FALSE(fs::exists(out));
  // A closed stdout: the PNG is written (not into fd 1), and the lost "wrote" line is exit 1.
  const std::string shot = (fs::path(WS_TEST_OUT_DIR) / "stdout_closed.png").string();
  fs::remove(shot);
  auto args = base;
  args.insert(args.end(), {"--out", shot});
  const auto closed = test::run_warpscope_with(args, ">&-");
  EXPECT_EQ(closed.exit_code, 1) << closed.err;
  EXPECT_NE(closed.err.find("standard output: it is closed"), std::string::npos) << closed.err;
  int w = 0, h = 0, n = 0;
  EXPECT_TRUE(stbi_info(shot.c_str(), &w, &h, &n));
}

// A font file that is cut short or not a font used to abort inside ImGui: now
// the window warns, naming the file, and draws with ImGui's own font.
TEST(ScreenshotCommand, BadFontFilesFallBackWithAWarning) {
  const fs::path dir = fs::temp_directory_path() / ("ws_bad_fonts_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string noise(5000, '\0');
  for (std::size_t i = 0; i < noise.size(); ++i) noise[i] = static_cast<char>(i * 7919 % 251);
  std::ofstream(dir / "DejaVuSans.ttf", std::ios::binary) << noise;
  std::ofstream(dir / "DejaVuSansMono.ttf", std::ios::binary) << std::string("\0\1\0\0\0\x20", 6);  // 32 tables, none there
  const std::string out = (fs::path(WS_TEST_OUT_DIR) / "bad_fonts.png").string();
  const auto r = test::run_warpscope_with({"screenshot", "--kernel", "copy", "--rows", "256", "--cols", "256", "--out", out},
                                          "", "WARPSCOPE_FONT_DIR=" + test::shell_quote(dir.string()));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find((dir / "DejaVuSans.ttf").string() + ": not a TrueType"), std::string::npos) << r.err;
  int w = 0, h = 0, n = 0;
  EXPECT_TRUE(stbi_info(out.c_str(), &w, &h, &n));
  fs::remove_all(dir);
}

TEST(NoDisplay, BareWarpscopeSaysItNeedsADisplay) {
  const std::string cmd = "env -u DISPLAY -u WAYLAND_DISPLAY " + test::shell_quote(WARPSCOPE_EXE) + " 2>&1 </dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string text;
  char buf[512];
  while (std::fgets(buf, sizeof buf, p)) text += buf;
  const int status = pclose(p);
  ASSERT_TRUE(WIFEXITED(status)) << "crashed: " << text;
  EXPECT_NE(WEXITSTATUS(status), 0);
  EXPECT_NE(text.find("xvfb-run"), std::string::npos) << text;
}

}  // namespace
}  // namespace ws::gui

namespace ws::gui {
namespace {

// Ctrl+L / "Copy link": the clipboard holds the command that opens what is on
// screen, and that command's state opens the same window again.
TEST_F(WindowTest, CopyLinkPutsTheOpeningCommandOnTheClipboard) {
  Workbench bench;
  AppState& s = *state_;
  ASSERT_TRUE(bench.lessons().start("padding", 3, s));
  bench.lessons().reveal(s);
  render(bench);
  const std::string state = encode_view_state(s, bench.lessons());
  ASSERT_NE(state.find("lesson=padding&step=4&reveal=1"), std::string::npos) << state;
  const std::string link = bench.copy_link(s);
  EXPECT_EQ(link, "warpscope --open '" + state + "'");
  EXPECT_EQ(std::string(ImGui::GetClipboardText()), link);
  // The link's state, opened in a fresh window model, gives the same state back.
  AppState fresh;
  LessonPlayer player;
  const std::string inside = link.substr(link.find('\'') + 1, link.rfind('\'') - link.find('\'') - 1);
  ASSERT_FALSE(apply_view_state(inside, fresh, player).has_value());
  EXPECT_EQ(encode_view_state(fresh, player), state);
  bench.lessons().close(s);
}

}  // namespace
}  // namespace ws::gui
