// Issue 37, "one rule everywhere": the same state is accepted or refused the
// same way, with the same message, by the command line's flags, by links
// (--open, screenshot --open: the web page's fragment) and by lesson files
// (lessons --check, and the decks made of them). Three rules, each one
// function: lessons::check_reveal, kernels::check_reads, kernels::check_window_work.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "run_command.hpp"

namespace ws::test {
namespace {

namespace fs = std::filesystem;

// Exit 2 with one line "warpscope: <names>...".
void expect_refused(const std::vector<std::string>& args, const std::string& names, const std::string& env = "") {
  const CommandResult r = run_warpscope_with(args, "", env);
  std::string line;
  for (const auto& a : args) line += a + " ";
  EXPECT_EQ(r.exit_code, 2) << line << "\n" << r.out << r.err;
  EXPECT_EQ(r.err.rfind("warpscope: " + names, 0), 0u) << line << "\n" << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << line << "\n" << r.err;
}

// A lessons folder holding one lesson file, for lessons --check.
struct LessonsDir {
  fs::path dir;
  explicit LessonsDir(const std::string& step_state) {
    dir = fs::temp_directory_path() / ("ws_one_rule_" + std::to_string(::getpid()) + "_" + std::to_string(std::rand()));
    fs::create_directories(dir);
    std::ofstream(dir / "07-x.json") << R"({"number": 7, "title": "t", "summary": "s", "steps": [{"title": "s", )"
                                        R"("text": "x", "state": )"
                                     << step_state << "}]}";
  }
  ~LessonsDir() { fs::remove_all(dir); }
  std::string env() const { return "WARPSCOPE_LESSONS_DIR=" + shell_quote(dir.string()); }
};

// padding's step 2 asks no question: a link refused reveal=1 there, the flags showed the step.
TEST(OneRule, RevealOnAStepWithoutAQuestionIsRefusedByFlagsAsByLinks) {
  const std::string rule = "step 2 of lesson 'padding' asks no question";
  if (!screenshot_built()) GTEST_SKIP() << "links, --text, --figure and export need the window, which this build lacks";
  expect_refused({"--open", "lesson=padding&step=2&reveal=1"}, "--open: reveal: " + rule);
  expect_refused({"lessons", "--text", "padding", "--step", "2", "--reveal"}, "--reveal: " + rule);
  expect_refused({"lessons", "--figure", "padding", "--step", "2", "--reveal"}, "--reveal: " + rule);
  expect_refused({"export", "--lesson", "padding", "--step", "2", "--reveal", "--view", "bank-map", "--format", "svg",
                  "--out", "/tmp/ws-one-rule.svg"},
                 "--reveal: " + rule);
  // A step with a question reveals, by flags and by links alike.
  const CommandResult asks = run_warpscope({"lessons", "--text", "strides", "--step", "2", "--reveal"});
  EXPECT_EQ(asks.exit_code, 0) << asks.err;
  const fs::path png = fs::temp_directory_path() / ("ws-one-rule-" + std::to_string(::getpid()) + ".png");
  fs::remove(png);
  expect_refused({"screenshot", "--lesson", "padding", "--step", "2", "--reveal", "--out", png.string()},
                 "--reveal: " + rule);
  expect_refused({"screenshot", "--open", "lesson=padding&step=2&reveal=1", "--out", png.string()},
                 "--open: reveal: " + rule);
  EXPECT_FALSE(fs::exists(png));  // refused before anything renders
  fs::remove(png);
}

// copy reads rows and cols: --inner and --swizzle were accepted by links and flags and changed nothing.
TEST(OneRule, AParameterTheKernelDoesNotReadIsRefusedByFlagsLinksAndLessons) {
  const std::string flag = "--inner: kernel copy does not read it (it reads --rows, --cols, --tile, --block-rows)";
  expect_refused({"report", "--kernel", "copy", "--inner", "5"}, flag);
  expect_refused({"bench", "--kernel", "copy", "--inner", "5"}, flag);  // before the GPU is looked for
  expect_refused({"report", "--kernel", "transpose_shared", "--swizzle", "0"},
                 "--swizzle: kernel transpose_shared does not read it (it reads --rows, --cols, --tile, --block-rows)");
  // What a kernel reads is still taken, and one set of flags for every kernel (bench's default) is not refused.
  EXPECT_EQ(run_warpscope({"report", "--kernel", "copy", "--rows", "256", "--cols", "256"}).exit_code, 0);
  const LessonsDir lesson(R"({"kernel": "copy", "params": {"inner": 5}})");
  expect_refused({"lessons", "--check"},
                 "07-x.json: steps[0].state.params: inner: kernel copy does not read it (it reads rows, cols, tile, block_rows)",
                 lesson.env());
  if (!screenshot_built()) GTEST_SKIP() << "links, export and screenshots need the window, which this build lacks";
  expect_refused({"export", "--kernel", "copy", "--inner", "5", "--view", "sector-map", "--format", "svg", "--out",
                  "/tmp/ws-one-rule.svg"},
                 flag);
  expect_refused({"--open", "kernel=copy&inner=5"}, "--open: inner: kernel copy does not read it (it reads rows, cols, tile, block_rows)");
  expect_refused({"--open", "kernel=copy&swizzle=5"},
                 "--open: swizzle: kernel copy does not read it (it reads rows, cols, tile, block_rows)");
  expect_refused({"screenshot", "--kernel", "copy", "--swizzle", "5", "--out", "/tmp/ws-one-rule.png"},
                 "--swizzle: kernel copy does not read it (it reads --rows, --cols, --tile, --block-rows)");
  expect_refused({"screenshot", "--open", "kernel=copy&inner=5", "--out", "/tmp/ws-one-rule.png"},
                 "--open: inner: kernel copy does not read it (it reads rows, cols, tile, block_rows)");
}

// matmul_tiled 16384^3 is 4.5e7 accesses, over the window's 2.5e7: --open and the flags refused it,
// a lesson step opened it (10-12 s). lessons --check refuses it with the link's message.
TEST(OneRule, AStepOverTheWindowsWorkLimitIsRefusedWithTheLinksMessage) {
  const std::string rule = "rows 16384 cols 16384 inner 16384 tile 16: too much to simulate for matmul_tiled";
  const LessonsDir lesson(
      R"({"kernel": "matmul_tiled", "params": {"rows": 16384, "cols": 16384, "inner": 16384}, "site": "a_load"})");
  const CommandResult check = run_warpscope_with({"lessons", "--check"}, "", lesson.env());
  EXPECT_EQ(check.exit_code, 2) << check.err;
  const std::string check_prefix = "warpscope: 07-x.json: steps[0].state.params: ";
  ASSERT_EQ(check.err.rfind(check_prefix + rule, 0), 0u) << check.err;
  if (!screenshot_built()) GTEST_SKIP() << "links and screenshots need the window, which this build lacks";
  // The link's message is the lesson's, word for word.
  const CommandResult link = run_warpscope({"--open", "kernel=matmul_tiled&rows=16384&cols=16384&inner=16384"});
  ASSERT_EQ(link.exit_code, 2) << link.err;
  EXPECT_EQ("warpscope: --open: " + check.err.substr(check_prefix.size()), link.err);
  expect_refused({"screenshot", "--kernel", "matmul_tiled", "--rows", "16384", "--cols", "16384", "--inner", "16384",
                  "--out", "/tmp/ws-one-rule.png"},
                 "--rows 16384 --cols 16384 --inner 16384 --tile 16: too much to simulate for matmul_tiled");
}

}  // namespace
}  // namespace ws::test
