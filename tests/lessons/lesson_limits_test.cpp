// Lesson limits (lessons/lesson_limits.hpp): each text field and count at its
// limit is taken, one over is refused naming the step and the field; the
// file's size is checked before parsing; the draw path's cap keeps any string
// under the renderer's ceiling, cut at a character boundary and saying so.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <sstream>

#include "lessons/lesson_facts.hpp"
#include "lessons/lesson_library.hpp"
#include "lessons/lesson_limits.hpp"

namespace ws::lessons {
namespace {

using L = LessonLimits;
using nlohmann::json;

json question(std::size_t prompt, std::size_t reveal, std::size_t choices) {
  json q = {{"prompt", std::string(prompt, 'p')}, {"answer", "wavefronts"}, {"reveal", std::string(reveal, 'r')}};
  q["choices"] = json::array();
  for (std::size_t i = 0; i < choices; ++i) q["choices"].push_back("wavefronts + " + std::to_string(i));
  return q;
}

// One lesson with every checked field at `n` bytes past its limit (0: at it).
json lesson(int over) {
  const std::size_t d = static_cast<std::size_t>(over);
  json j = {{"number", 1}, {"title", std::string(L::kTitleBytes, 'T')}, {"summary", std::string(L::kSummaryBytes, 's')}};
  j["steps"] = json::array();
  j["steps"].push_back({{"title", std::string(L::kTitleBytes, 't')},
                        {"state", {{"kernel", "smem_stride"}}},
                        {"text", std::string(L::kTextBytes + d, 'x')},
                        {"question", question(L::kPromptBytes, L::kTextBytes, L::kChoices)}});
  return j;
}

std::string error_of(const json& j) {
  auto r = parse_lesson(j.dump(), "05-limits.json");
  return r ? "" : r.error().message;
}

TEST(LessonLimits, EveryFieldAtItsLimitIsTaken) { EXPECT_EQ(error_of(lesson(0)), ""); }

TEST(LessonLimits, OneByteOverNamesTheStepAndTheField) {
  EXPECT_EQ(error_of(lesson(1)), "steps[0].text: 8001 bytes, over the 8000 a step's text may hold");
  json j = lesson(0);
  j["title"] = std::string(L::kTitleBytes + 1, 'T');
  EXPECT_EQ(error_of(j), "title: 201 bytes, over the 200 a title may hold");
  j = lesson(0);
  j["steps"][0]["question"]["reveal"] = std::string(L::kTextBytes + 1, 'r');
  EXPECT_EQ(error_of(j), "steps[0].question.reveal: 8001 bytes, over the 8000 a reveal may hold");
  j = lesson(0);
  j["steps"][0]["question"]["prompt"] = std::string(L::kPromptBytes + 1, 'p');
  EXPECT_EQ(error_of(j), "steps[0].question.prompt: 1001 bytes, over the 1000 a prompt may hold");
  j = lesson(0);
  j["steps"][0]["question"] = question(10, 10, L::kChoices + 1);
  EXPECT_EQ(error_of(j), "steps[0].question.choices: 10 choices (keys 1-9 pick them), over the 9 a lesson may have");
}

TEST(LessonLimits, StepsAtTheLimitAndOneOver) {
  json j = lesson(0);
  while (j["steps"].size() < L::kSteps) j["steps"].push_back({{"title", "a"}, {"text", "b"}});
  EXPECT_EQ(error_of(j), "");
  j["steps"].push_back({{"title", "a"}, {"text", "b"}});
  EXPECT_EQ(error_of(j), "steps: 101 steps, over the 100 a lesson may have");
}

TEST(LessonLimits, AFileTooLargeIsRefusedBeforeParsing) {
  const std::string big(L::kFileBytes + 1, ' ');  // not even JSON: the size is what is named
  auto r = parse_lesson(big, "05-big.json");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "is 262145 bytes, over the 262144 a lesson file may be");
}

std::size_t glyphs(const std::string& s) {
  std::size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

TEST(LessonLimits, TheDrawPathCapsAnyStringBelowTheRenderersCeiling) {
  const std::string fits(L::kDrawnGlyphs, 'x');
  EXPECT_EQ(capped_for_drawing(fits), fits);
  const std::string capped = capped_for_drawing(std::string(100000, 'x'));
  EXPECT_LT(glyphs(capped), L::kRendererGlyphs);
  EXPECT_EQ(capped.substr(0, L::kDrawnGlyphs), fits);
  EXPECT_NE(capped.find("... (88000 more characters not shown"), std::string::npos) << capped.substr(L::kDrawnGlyphs);
  // Two-byte characters: cut between characters, never inside one.
  std::string accents;
  for (int i = 0; i < 20000; ++i) accents += "\xc3\xa9";  // e-acute
  const std::string cut = capped_for_drawing(accents);
  EXPECT_EQ(cut.substr(0, 2 * L::kDrawnGlyphs), accents.substr(0, 2 * L::kDrawnGlyphs));
  EXPECT_EQ(cut.substr(2 * L::kDrawnGlyphs, 3), "...");
  EXPECT_LT(glyphs(cut), L::kRendererGlyphs);
}

}  // namespace
}  // namespace ws::lessons

namespace ws::lessons {
namespace {

// efficiency_pct is bytes used / bytes moved (docs/hardware-model.md G2): where
// lanes share words, as matmul_naive's rows of A do, it stays within 100% (it
// was bytes requested / bytes moved, over 100% for a broadcast).
TEST(LessonFacts, EfficiencyCountsTheBytesUsed) {
  const std::string lesson =
      R"({"number": 1, "title": "t", "summary": "s", "steps": [{"title": "a", "state": {"kernel": "matmul_naive", "view": "sector-map"},
          "text": "{efficiency_pct} {100 * bytes_used / bytes_moved} {bytes_requested} {bytes_used}"}]})";
  auto l = parse_lesson(lesson, "x.json");
  ASSERT_TRUE(l) << l.error().message;
  auto r = resolve_step(l->steps.at(0));
  ASSERT_TRUE(r) << r.error().message;
  std::istringstream words(r->text);
  double pct = 0, expected = 0, requested = 0, used = 0;
  words >> pct >> expected >> requested >> used;
  EXPECT_GT(requested, used) << r->text;  // lanes share bytes here
  EXPECT_DOUBLE_EQ(pct, expected) << r->text;
  EXPECT_LE(pct, 100.0) << r->text;
}

}  // namespace
}  // namespace ws::lessons
