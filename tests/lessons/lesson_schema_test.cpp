// The schema's messages: a broken lesson names its field and says what is
// wrong; the library skips the file, names it, and keeps the good ones.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "lessons/lesson_facts.hpp"
#include "lessons/lesson_library.hpp"

namespace ws::lessons {
namespace {

namespace fs = std::filesystem;

// A valid one-step lesson with `step` spliced in as its step.
std::string lesson_with(const std::string& step) {
  return R"({"number": 1, "title": "t", "summary": "s", "steps": [)" + step + "]}";
}
const std::string kGoodState = R"("state": {"kernel": "transpose_shared", "params": {"rows": 64, "cols": 64}, "site": "tile_load"})";

std::string parse_error(const std::string& text) {
  auto r = parse_lesson(text, "07-sample.json");
  return r ? "" : r.error().message;
}

// The message of the first step that fails to resolve.
std::string resolve_error(const std::string& step) {
  auto l = parse_lesson(lesson_with(step), "x.json");
  if (!l) return "parse: " + l.error().message;
  auto r = resolve_step(l->steps.at(0));
  return r ? "" : r.error().message;
}

TEST(LessonSchema, AGoodLessonParsesAndItsIdDropsTheNumber) {
  auto r = parse_lesson(lesson_with(R"({"title": "a", "text": "b", )" + kGoodState + "}"), "07-sample.json");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->id, "sample");
  EXPECT_EQ(r->steps.at(0).state.params.rows, 64);
  EXPECT_EQ(r->steps.at(0).state.params.tile, 32);  // the kernel's default
}

TEST(LessonSchema, EachProblemNamesItsField) {
  struct Case {
    std::string text, names;
  };
  const std::vector<Case> cases = {
      {"{", "not valid JSON: line 1"},
      {R"({"number": 1e999, "title": "t"})", "not valid JSON: number overflow parsing '1e999'"},
      {R"({"title": "t", "summary": "s", "steps": []})", "number: is missing"},
      {R"({"number": 1, "title": "t", "summary": "s", "steps": []})", "steps: is not a non-empty array"},
      {lesson_with(R"({"title": "a", "text": "b"})"), "steps[0].state: is missing"},
      {lesson_with(R"({"title": "a", "text": 3, )" + kGoodState + "}"), "steps[0].text: is an integer, not a string"},
      {lesson_with(R"({"title": "a", "txt": "b", )" + kGoodState + "}"), "steps[0].txt: unknown field"},
      {lesson_with(R"({"title": "a", "text": "b", "state": {"kernel": "tranpose"}})"),
       "steps[0].state.kernel: 'tranpose' is not a catalog kernel"},
      {lesson_with(R"({"title": "a", "text": "b", "state": {"kernel": "copy", "params": {"stride": 2}}})"),
       "steps[0].state.params: stride: kernel copy does not read it (it reads rows, cols, tile, block_rows)"},
      {lesson_with(R"({"title": "a", "text": "b", "state": {"kernel": "copy", "params": {"tile": "big"}}})"),
       "steps[0].state.params.tile: is a string, not an integer"},
      {lesson_with(R"({"title": "a", "text": "b", "state": {"kernel": "copy", "arch": "sm99"}})"),
       "steps[0].state.arch: 'sm99' is not a preset"},
      {lesson_with(R"({"title": "a", "text": "b", "state": {"kernel": "copy", "view": "pie"}})"),
       "steps[0].state.view: 'pie' is not a view"},
      {lesson_with(R"({"title": "a", "text": "b", "state": {"kernel": "copy", "highlight": {"lanes": [40]}}})"),
       "steps[0].state.highlight.lanes[0]: 40 is outside 0..31"},
      {lesson_with(R"({"title": "a", "text": "b", )" + kGoodState + R"(, "question": {"prompt": "p", "reveal": "r"}})"),
       "steps[0].question: needs exactly one of"},
      {lesson_with(R"({"title": "a", "text": "b", )" + kGoodState +
                   R"(, "question": {"prompt": "p", "reveal": "r", "which": [{"label": "x", "value": "wavefronts"}], "pick": "min"}})"),
       "steps[0].question.which: is not an array of two or more options"},
  };
  for (const Case& c : cases) {
    const std::string e = parse_error(c.text);
    EXPECT_NE(e.find(c.names), std::string::npos) << "expected '" << c.names << "' in '" << e << "'";
  }
}

TEST(LessonSchema, StepsThatCannotBeShownNameTheirField) {
  const std::string q = R"(, "title": "a", "text": "b")";
  struct Case {
    std::string step, names;
  };
  const std::vector<Case> cases = {
      {R"({"title": "a", "text": "{wavefrons}", )" + kGoodState + "}", "text: {wavefrons}: unknown fact 'wavefrons'"},
      {R"({"title": "a", "text": "{sectors}", )" + kGoodState + "}", "'sectors' is a global-memory fact"},
      {R"({"title": "a", "text": "{wavefronts / 0}", )" + kGoodState + "}", "is not a finite number"},
      {R"({"title": "a", "text": "{wavefronts", )" + kGoodState + "}", "text: a '{' is never closed"},
      {R"({"state": {"kernel": "transpose_shared", "site": "nowhere"})" + q + "}", "state.site: 'nowhere' is not a site"},
      {R"({"state": {"kernel": "transpose_shared", "block": [999, 0]})" + q + "}", "state.block: (999, 0) is outside the grid"},
      {R"({"state": {"kernel": "transpose_shared", "site": "in_load", "view": "bank-map"})" + q + "}",
       "state.view: bank-map cannot show site 'in_load', a global access"},
      // Typed-in answers are refused: an answer must name a fact.
      {R"({"title": "a", "text": "b", )" + kGoodState + R"(, "question": {"prompt": "p", "answer": "32", "reveal": "r"}})",
       "question.answer: '32' names no fact"},
      {R"({"title": "a", "text": "b", )" + kGoodState +
           R"(, "question": {"prompt": "p", "answer": "wavefronts", "choices": ["wavefronts + 1", "wavefronts + 2"], "reveal": "r"}})",
       "question.choices: none equals the computed answer"},
      {R"({"title": "a", "text": "b", )" + kGoodState +
           R"(, "question": {"prompt": "p", "which": [{"label": "x", "value": "wavefronts"}, {"label": "y", "value": "way"}], "pick": "min", "reveal": "r"}})",
       "question.which: options 0 and 1 tie"},
      {R"({"title": "a", "text": "{other:wavefronts}", )" + kGoodState + "}", "no compare configuration named 'other'"},
  };
  for (const Case& c : cases) {
    const std::string e = resolve_error(c.step);
    EXPECT_NE(e.find(c.names), std::string::npos) << "expected '" << c.names << "' in '" << e << "'";
  }
}

TEST(LessonSchema, ExpressionsAndFormats) {
  auto l = parse_lesson(lesson_with(R"({"title": "a", "text": "{gcd(param.tile, 12)} {(wavefronts + 1) / 2|.1f} {max(way, 3)} {banks * bank_bytes}", )" +
                                    kGoodState + "}"),
                        "x.json");
  ASSERT_TRUE(l) << l.error().message;
  auto r = resolve_step(l->steps[0]);
  ASSERT_TRUE(r) << r.error().message;
  // transpose_shared's column read on sm90: 32 wavefronts, 32-way; tile 32.
  EXPECT_EQ(r->text, "4 16.5 32 128");
  EXPECT_EQ(format_number(16.25), "16.25");
  EXPECT_EQ(format_number(3.0), "3");
  EXPECT_EQ(format_number(0.5), "0.5");
}

TEST(LessonSchema, TheLibrarySkipsABadFileNamesItAndKeepsTheGoodOnes) {
  const fs::path dir = fs::temp_directory_path() / ("ws_lessons_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "01-good.json") << lesson_with(R"({"title": "a", "text": "b", )" + kGoodState + "}");
  std::ofstream(dir / "02-bad.json") << lesson_with(R"({"title": "a", "text": "b", "state": {"kernel": "nope"}})");
  const LessonLibrary lib = load_library(dir.string());
  ASSERT_EQ(lib.lessons.size(), 1u);
  EXPECT_EQ(lib.lessons[0].id, "good");
  ASSERT_EQ(lib.errors.size(), 1u);
  EXPECT_EQ(lib.errors[0].rfind("02-bad.json: steps[0].state.kernel: 'nope' is not a catalog kernel", 0), 0u)
      << lib.errors[0];
  fs::remove_all(dir);
  EXPECT_EQ(load_library(dir.string()).errors.size(), 1u);  // a missing folder is one message
}

}  // namespace
}  // namespace ws::lessons
