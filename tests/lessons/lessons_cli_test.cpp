// `warpscope lessons` and `warpscope --lesson`: the list as JSON, and bad
// lesson input as exit 2 with one line naming the file and field or the flag.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/run_command.hpp"
#include "lessons/lesson_library.hpp"

namespace ws::lessons {
namespace {

namespace fs = std::filesystem;
using test::run_warpscope;
using test::run_warpscope_with;

TEST(LessonsCli, JsonListsEveryLessonWithItsSteps) {
  const auto r = run_warpscope({"lessons", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const LessonLibrary lib = load_library();
  ASSERT_EQ(j.size(), lib.lessons.size());
  ASSERT_GE(j.size(), 12u);
  for (std::size_t i = 0; i < j.size(); ++i) {
    EXPECT_EQ(j[i]["id"], lib.lessons[i].id);
    EXPECT_EQ(j[i]["steps"], lib.lessons[i].steps.size());
    for (const char* key : {"number", "title", "summary", "questions", "file"}) EXPECT_TRUE(j[i].contains(key)) << key;
  }
}

TEST(LessonsCli, CheckResolvesEveryStep) {
  const auto r = run_warpscope({"lessons", "--check"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("resolves"), std::string::npos);
}

TEST(LessonsCli, ShowPrintsComputedAnswers) {
  const auto r = run_warpscope({"lessons", "--show", "strides"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("<- answer"), std::string::npos);
  EXPECT_EQ(r.out.find('{'), std::string::npos);
}

TEST(LessonsCli, BadLessonInputIsExitTwoNamingIt) {
  const fs::path dir = fs::temp_directory_path() / ("ws_lessons_cli_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "03-broken.json")
      << R"({"number": 3, "title": "t", "summary": "s", "steps": [{"title": "a", "text": "b", "state": {"kernel": "copy", "view": "pie"}}]})";
  const std::string env = "WARPSCOPE_LESSONS_DIR=" + dir.string();
  for (const auto& args : std::vector<std::vector<std::string>>{{"lessons"}, {"lessons", "--json"}, {"--lesson", "broken"}}) {
    const auto r = run_warpscope_with(args, "", env);
    EXPECT_EQ(r.exit_code, 2) << args[0];
    EXPECT_NE(r.err.find("03-broken.json: steps[0].state.view: 'pie' is not a view"), std::string::npos) << r.err;
  }
  fs::remove_all(dir);
  struct Case {
    std::vector<std::string> args;
    std::string names;
  };
  for (const Case& c : std::vector<Case>{{{"--lesson", "no-such-lesson"}, "--lesson: unknown lesson 'no-such-lesson'"},
                                         {{"--lesson", "strides", "--step", "99"}, "--step: 99 is outside 1.."},
                                         {{"--lesson", "strides", "--step", "0"}, "--step: 0 is outside 1.."},
                                         {{"--step", "2"}, "--step: needs --lesson"},
                                         {{"lessons", "--show", "nope"}, "--show: unknown lesson 'nope'"}}) {
    const auto r = run_warpscope(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args[0];
    EXPECT_NE(r.err.find(c.names), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

}  // namespace
}  // namespace ws::lessons
