// `warpscope screenshot --open STATE` and `warpscope --open STATE`: a view-state
// string opened in the window draws exactly what the flags of the same state
// draw, and prints the string the window gives back; bad states are refused
// with the key named before any window opens.
#include <gtest/gtest.h>

#include <filesystem>

#include "../cli/run_command.hpp"

namespace ws::gui {
namespace {

namespace fs = std::filesystem;
using test::run_warpscope;
using test::slurp;

std::string line_after(const std::string& out, const std::string& label) {
  const auto at = out.find(label);
  return at == std::string::npos ? "(no " + label + ")"
                                 : out.substr(at + label.size(), out.find('\n', at) - at - label.size());
}

fs::path out_png(const std::string& name) {
  fs::create_directories(WS_TEST_OUT_DIR);
  return fs::path(WS_TEST_OUT_DIR) / name;
}

TEST(ViewStateOpen, AnOpenedStateRendersTheLessonStepAsItsFlagsDo) {
  const fs::path opened = out_png("view-state-open.png"), flagged = out_png("view-state-flags.png");
  const auto r = run_warpscope({"screenshot", "--open", "lesson=padding&step=3&present=1", "--size",
                                "1280x720", "--out", opened.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(line_after(r.out, "slide: "), "Lesson 6: Padding, rotation and XOR  -  step 3 of 5");
  EXPECT_EQ(line_after(r.out, "state: "), "lesson=padding&step=3&present=1");
  const auto f = run_warpscope({"screenshot", "--lesson", "padding", "--step", "3", "--present", "--size",
                                "1280x720", "--out", flagged.string()});
  ASSERT_EQ(f.exit_code, 0) << f.err;
  // Same state, same pixels (the PNG writer is deterministic).
  EXPECT_EQ(slurp(opened), slurp(flagged));
}

TEST(ViewStateOpen, AKernelStateRendersAndComesBackUnchanged) {
  const std::string state =
      "kernel=transpose_padded&rows=512&cols=256&tile=16&block=3,1&warp=2&instr=0&layout=" +
      std::string("(c%20%2B%202*r)%20%25%20T");
  const auto r =
      run_warpscope({"screenshot", "--open", state, "--out", out_png("view-state-kernel.png").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(line_after(r.out, "state: "), state);
}

TEST(ViewStateOpen, BadStatesAreNamedBeforeAWindowOpens) {
  const std::string out = out_png("view-state-bad.png").string();
  auto r = run_warpscope({"screenshot", "--open", "lesson=padding&step=9", "--out", out});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--open: step: 9 is outside lesson 'padding' (steps 1 .. 5)"), std::string::npos)
      << r.err;
  r = run_warpscope({"screenshot", "--open", "lesson=padding", "--kernel", "copy", "--out", out});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--kernel: the --open state sets it"), std::string::npos) << r.err;
  // The bare window checks the state first: exit 2 with the key named, no display needed.
  r = run_warpscope({"--open", "kernel=transpose_shared&warp=abc"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("warpscope: --open: warp: 'abc' is not a number"), std::string::npos) << r.err;
  r = run_warpscope({"--open", "lesson=padding", "--present"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--open: the state names the lesson, step, deck and presenter mode"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace ws::gui
