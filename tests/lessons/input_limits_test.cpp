// Issue 37, for lessons and decks: a FIFO or a link to /dev/zero named like a
// lesson or a deck is refused at once with one line (it blocked `lessons`, its
// --check and the window forever, or read until memory ran out); a
// placeholder's format width is capped (a width of 2e9 took 17 s and 5.9 GB);
// decks get the lesson files' limits (a 200 MB deck title crashed the window);
// and a value echoed from a deck is escaped, so one error is one line.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "cli/run_command.hpp"
#include "kernels/special_files.hpp"
#include "lessons/deck.hpp"
#include "lessons/lesson_facts.hpp"
#include "lessons/lesson_limits.hpp"

namespace ws::lessons {
namespace {

namespace fs = std::filesystem;
using ws::test::returns_in_time;

const LessonLibrary& library() {
  static const LessonLibrary lib = load_library();
  return lib;
}

// A folder holding one good lesson, a FIFO and a link to /dev/zero, each named like a lesson.
class PlantedLessonFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("ws_planted_lessons_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    ASSERT_FALSE(library().lessons.empty());
    fs::copy_file(library().lessons.front().file, dir_ / fs::path(library().lessons.front().file).filename());
    ws::test::make_fifo(dir_ / "99-fifo.json");
    ws::test::link_to_dev_zero(dir_ / "99-zero.json");
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(PlantedLessonFiles, TheLibraryRefusesThemInOneLineEachAndKeepsTheGoodLesson) {
  EXPECT_TRUE(returns_in_time([&] {
    const LessonLibrary lib = load_library(dir_.string());
    bool ok = lib.lessons.size() == 1 && lib.errors.size() == 2;
    ok = ok && lib.errors[0] == "99-fifo.json: is a FIFO (named pipe), not a regular file";
    ok = ok && lib.errors[1].starts_with("99-zero.json: is a device");
    if (!ok)
      for (const auto& e : lib.errors) std::fprintf(stderr, "%s\n", e.c_str());
    return ok;
  }));
}

TEST_F(PlantedLessonFiles, LessonsCheckEndsWithTheMessage) {
  const auto r = ws::test::run_warpscope_with({"lessons", "--check"}, "",
                                              "WARPSCOPE_LESSONS_DIR=" + dir_.string() + " timeout 20");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;  // 124: timeout killed it
  EXPECT_NE(r.err.find("99-fifo.json: is a FIFO"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST_F(PlantedLessonFiles, ADeckThatIsNoRegularFileIsRefusedInOneLine) {
  for (const char* name : {"99-fifo.json", "99-zero.json"}) {
    const std::string path = (dir_ / name).string();
    EXPECT_TRUE(returns_in_time([&] {
      const auto d = load_deck(path, library());
      if (d) return false;
      std::fprintf(stderr, "%s\n", d.error().message.c_str());
      return d.error().message.starts_with(path + ": is a") &&
             d.error().message.find('\n') == std::string::npos;
    })) << name;
  }
}

std::string fill_error(const std::string& text) {
  Step s;
  const auto* k = kernels::find_kernel("transpose_shared");
  s.state.kernel = k->name;
  s.state.params = k->defaults;
  s.state.site = "tile_load";
  s.text = text;
  const auto r = resolve_step(s);
  return r ? std::string() : r.error().message;
}

TEST(PlaceholderFormat, WidthAndPrecisionAreCapped) {
  EXPECT_EQ(fill_error("{wavefronts|>64}"), "");
  EXPECT_EQ(fill_error("{wavefronts|.64f}"), "");
  EXPECT_EQ(fill_error("{wavefronts|*^12.3f}"), "");
  for (const char* spec : {">65", ">2000000000", ".65f", "0>99999999999999999999", "10.100f"}) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::string e = fill_error(std::string("{wavefronts|") + spec + "}");
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 2.0) << spec;
    EXPECT_NE(e.find(fmt::format("format '{}' asks for a width or precision of", spec)), std::string::npos)
        << spec << ": " << e;
    EXPECT_NE(e.find("over the 64 a placeholder may have"), std::string::npos) << e;
  }
}

TEST(DeckLimits, SizeTitleAndEntriesHaveTheLessonFilesLimits) {
  const std::string ok_title(LessonLimits::kTitleBytes, 't');
  auto at_limit =
      parse_deck(R"({"title": ")" + ok_title + R"(", "lessons": ["banks"]})", "d.json", library());
  EXPECT_TRUE(at_limit) << at_limit.error().message;
  auto long_title =
      parse_deck(R"({"title": ")" + ok_title + R"(x", "lessons": ["banks"]})", "d.json", library());
  ASSERT_FALSE(long_title);
  EXPECT_EQ(long_title.error().message, "d.json: title: 201 bytes, over the 200 a title may hold");
  std::string many = R"({"title": "t", "lessons": ["banks")";
  for (std::size_t i = 0; i < LessonLimits::kDeckLessons; ++i) many += R"(, "banks")";
  auto too_many = parse_deck(many + "]}", "d.json", library());
  ASSERT_FALSE(too_many);
  EXPECT_EQ(too_many.error().message, "d.json: lessons: 101 entries, over the 100 a deck may have");
  const std::string huge =
      R"({"title": ")" + std::string(LessonLimits::kFileBytes, 't') + R"(", "lessons": ["banks"]})";
  auto too_big = parse_deck(huge, "d.json", library());
  ASSERT_FALSE(too_big);
  EXPECT_NE(too_big.error().message.find(
                fmt::format("d.json: is {} bytes, over the 262144 a deck file may be", huge.size())),
            std::string::npos)
      << too_big.error().message;
}

TEST(DeckLimits, ALargeDeckFileIsRefusedBeforeItIsRead) {
  const fs::path p = fs::temp_directory_path() / ("ws_huge_deck_" + std::to_string(::getpid()) + ".json");
  { std::ofstream(p) << "{"; }
  fs::resize_file(p, 200u << 20);  // sparse: nothing is written
  const auto t0 = std::chrono::steady_clock::now();
  const auto d = load_deck(p.string(), library());
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  fs::remove(p);
  ASSERT_FALSE(d);
  EXPECT_NE(d.error().message.find("is 209715200 bytes, over the 262144 a deck file may be"),
            std::string::npos)
      << d.error().message;
  EXPECT_LT(s, 1.0);
}

TEST(DeckLimits, ValuesEchoedFromADeckAreEscaped) {
  auto id = parse_deck("{\"title\": \"t\", \"lessons\": [\"x\\nwarpscope: forged\\u001b[2J\"]}", "d.json",
                       library());
  ASSERT_FALSE(id);
  EXPECT_NE(id.error().message.find(R"('x\nwarpscope: forged\x1b[2J' is not a lesson)"), std::string::npos)
      << id.error().message;
  auto key = parse_deck("{\"title\": \"t\", \"lessons\": [\"banks\"], \"a\\rb\": 1}", "d.json", library());
  ASSERT_FALSE(key);
  EXPECT_NE(key.error().message.find(R"(d.json: a\rb: unknown field)"), std::string::npos)
      << key.error().message;
}

}  // namespace
}  // namespace ws::lessons

namespace ws::lessons {
namespace {

// Issue 37: a lesson key or value with a newline or ESC was echoed raw, forging a second "warpscope:" line.
TEST(LessonMessages, KeysAndValuesAreEscaped) {
  const auto key =
      parse_lesson("{\"title\": \"t\", \"steps\": [], \"x\\nwarpscope: forged\": 1}", "07-x.json");
  ASSERT_FALSE(key);
  EXPECT_EQ(key.error().message.find(R"(x\nwarpscope: forged: unknown field)"), 0u) << key.error().message;
  const auto value = parse_lesson(
      "{\"number\": 7, \"title\": \"t\", \"summary\": \"s\", \"steps\": [{\"title\": \"s\", \"text\": \"x\", "
      "\"state\": {\"kernel\": \"co\\u001bpy\"}}]}",
      "07-x.json");
  ASSERT_FALSE(value);
  EXPECT_NE(value.error().message.find(R"('co\x1bpy' is not a catalog kernel)"), std::string::npos)
      << value.error().message;
}

}  // namespace
}  // namespace ws::lessons

namespace ws::lessons {
namespace {

// Issue 37: a lesson step opened matmul_tiled 16384^3 in the whole-kernel view (10-12 s) that --open and
// the flags refuse (over the window's 2.5e7 traced accesses). One rule: the lesson is refused, naming the
// step.
TEST(LessonMessages, AStepOverTheWindowsWorkLimitIsRefusedAsOpenRefusesIt) {
  auto lesson = [](const std::string& params, const std::string& compare) {
    return R"({"number": 7, "title": "t", "summary": "s", "steps": [{"title": "s", "text": "x", "state": )"
           R"({"kernel": "matmul_tiled", "params": )" +
           params + R"(, "site": "a_load"})" + compare + "}]}";
  };
  const std::string huge = R"({"rows": 16384, "cols": 16384, "inner": 16384})";
  const auto step = parse_lesson(lesson(huge, ""), "07-x.json");
  ASSERT_FALSE(step);
  EXPECT_EQ(step.error().message.find("steps[0].state.params: "), 0u) << step.error().message;
  const auto compare = parse_lesson(lesson(R"({"rows": 256, "cols": 256, "inner": 256})",
                                           R"(, "compare": {"big": {"params": )" + huge + "}}"),
                                    "07-x.json");
  ASSERT_FALSE(compare);
  EXPECT_EQ(compare.error().message.find("steps[0].compare.big.params: "), 0u) << compare.error().message;
  EXPECT_TRUE(parse_lesson(lesson(R"({"rows": 256, "cols": 256, "inner": 256})", ""), "07-x.json"));
}

}  // namespace
}  // namespace ws::lessons
