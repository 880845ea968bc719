// libFuzzer harness: the lesson-file loader (parse_lesson: the JSON schema
// check behind assets/lessons/*.json and $WARPSCOPE_LESSONS_DIR). Input: the
// file's text. A file warpscope cannot use must come back as an Error with a
// message naming the field; crashes, hangs, sanitizer reports and escaping
// exceptions (nlohmann's type errors included) are findings.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_check.hpp"
#include "lessons/lesson_library.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto lesson = ws::lessons::parse_lesson(text, "01-fuzz.json");
  if (!lesson) {
    ws::fuzz::require_message(lesson.error().message, "parse_lesson returned an error without a message");
    return 0;
  }
  if (lesson->steps.empty()) ws::fuzz::finding("parse_lesson accepted a lesson without steps");
  return 0;
}
