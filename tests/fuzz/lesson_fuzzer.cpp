// libFuzzer harness: the lesson-file loader (parse_lesson: the JSON schema
// check behind assets/lessons/*.json and $WARPSCOPE_LESSONS_DIR). Input: the
// file's text. A file warpscope cannot use must come back as an Error with a
// message naming the field; crashes, hangs, sanitizer reports and escaping
// exceptions (nlohmann's type errors included) are findings, and so is an
// accepted lesson with a text the window cannot draw (lesson_limits.hpp; seeds
// text_at_limit.json and text_over_limit.json).
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_check.hpp"
#include "lessons/lesson_library.hpp"
#include "lessons/lesson_limits.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto lesson = ws::lessons::parse_lesson(text, "01-fuzz.json");
  if (!lesson) {
    ws::fuzz::require_message(lesson.error().message, "parse_lesson returned an error without a message");
    return 0;
  }
  if (lesson->steps.empty()) ws::fuzz::finding("parse_lesson accepted a lesson without steps");
  using L = ws::lessons::LessonLimits;
  if (lesson->steps.size() > L::kSteps) ws::fuzz::finding("parse_lesson accepted more steps than the window lists");
  for (const auto& s : lesson->steps) {
    if (s.text.size() > L::kTextBytes || s.title.size() > L::kTitleBytes)
      ws::fuzz::finding("parse_lesson accepted a text over its limit");
    if (s.question && (s.question->reveal.size() > L::kTextBytes || s.question->prompt.size() > L::kPromptBytes ||
                       s.question->choices.size() > L::kChoices || s.question->options.size() > L::kChoices))
      ws::fuzz::finding("parse_lesson accepted a question over its limits");
    if (ws::lessons::capped_for_drawing(s.text).size() > 4 * L::kRendererGlyphs)
      ws::fuzz::finding("capped_for_drawing left more than one text call can draw");
  }
  return 0;
}
