// The window under a display (xvfb-run in CI): every catalog kernel rendered
// at every access site into an offscreen framebuffer, at the classroom size of
// 1280 x 720. Fails on a GL error, an invalid ImGui frame or a blank image;
// writes one screenshot per kernel. Also the screenshot command and the
// no-display path of a bare `warpscope`.
#include <gtest/gtest.h>
#include <imgui.h>
#include <stb_image.h>

#include <filesystem>

#include "../cli/run_command.hpp"
#include "gui/session.hpp"

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
  for (const kernels::KernelInfo& k : kernels::catalog()) {
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
