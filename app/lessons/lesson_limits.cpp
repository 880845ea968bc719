#include "lessons/lesson_limits.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace ws::lessons {
namespace {

using L = LessonLimits;

// Thrown inside check_lesson_limits() only, which returns its message.
struct Over : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void text_limit(const std::string& field, const std::string& value, std::size_t limit, const char* what) {
  if (value.size() > limit) throw Over(fmt::format("{}: {} bytes, over the {} {} may hold", field, value.size(), limit, what));
}

void count_limit(const std::string& field, std::size_t count, std::size_t limit, const char* what) {
  if (count > limit) throw Over(fmt::format("{}: {} {}, over the {} a lesson may have", field, count, what, limit));
}

void check_question(const Question& q, const std::string& f) {
  text_limit(f + ".prompt", q.prompt, L::kPromptBytes, "a prompt");
  text_limit(f + ".reveal", q.reveal, L::kTextBytes, "a reveal");
  text_limit(f + ".answer", q.answer, L::kExpressionBytes, "an expression");
  text_limit(f + ".unit", q.unit, L::kLabelBytes, "a unit");
  count_limit(f + ".choices", q.choices.size(), L::kChoices, "choices (keys 1-9 pick them)");
  for (std::size_t i = 0; i < q.choices.size(); ++i)
    text_limit(fmt::format("{}.choices[{}]", f, i), q.choices[i], L::kExpressionBytes, "an expression");
  count_limit(f + ".which", q.options.size(), L::kChoices, "options (keys 1-9 pick them)");
  for (std::size_t i = 0; i < q.options.size(); ++i) {
    text_limit(fmt::format("{}.which[{}].label", f, i), q.options[i].label, L::kLabelBytes, "a label");
    text_limit(fmt::format("{}.which[{}].value", f, i), q.options[i].value, L::kExpressionBytes, "an expression");
  }
  count_limit(f + ".conceals", q.conceals.size(), L::kConceals, "facts");
  for (std::size_t i = 0; i < q.conceals.size(); ++i)
    text_limit(fmt::format("{}.conceals[{}]", f, i), q.conceals[i], L::kExpressionBytes, "an expression");
}

void check_lesson(const Lesson& lesson) {
  text_limit("title", lesson.title, L::kTitleBytes, "a title");
  text_limit("summary", lesson.summary, L::kSummaryBytes, "a summary");
  count_limit("steps", lesson.steps.size(), L::kSteps, "steps");
  for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
    const Step& s = lesson.steps[i];
    const std::string f = fmt::format("steps[{}]", i);
    text_limit(f + ".title", s.title, L::kTitleBytes, "a title");
    text_limit(f + ".text", s.text, L::kTextBytes, "a step's text");
    count_limit(f + ".compare", s.compare.size(), L::kCompares, "configurations");
    for (const auto& [name, config] : s.compare)
      text_limit(f + ".compare." + name.substr(0, L::kNameBytes) + (name.size() > L::kNameBytes ? "..." : ""), name,
                 L::kNameBytes, "a configuration's name");
    if (s.question) check_question(*s.question, f + ".question");
  }
  // The recap lists one sentence per lesson of a deck in the slide's side column.
  if (lesson.remember) text_limit("remember.text", lesson.remember->text, L::kPromptBytes, "a recap sentence");
}

bool continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

}  // namespace

std::optional<std::string> check_lesson_limits(const Lesson& lesson) {
  try {
    check_lesson(lesson);
  } catch (const Over& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

std::optional<std::string> check_lesson_file_size(std::size_t bytes) {
  if (bytes <= L::kFileBytes) return std::nullopt;
  return fmt::format("is {} bytes, over the {} a lesson file may be", bytes, L::kFileBytes);
}

std::optional<std::string> check_deck_file_size(std::size_t bytes) {
  if (bytes <= L::kFileBytes) return std::nullopt;
  return fmt::format("is {} bytes, over the {} a deck file may be", bytes, L::kFileBytes);
}

std::string capped_for_drawing(std::string_view text) {
  std::size_t glyphs = 0, cut = text.size();
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (continuation_byte(text[i])) continue;
    if (glyphs++ == L::kDrawnGlyphs) {
      cut = i;
      break;
    }
  }
  if (cut == text.size()) return std::string(text);
  std::size_t rest = 0;
  for (std::size_t i = cut; i < text.size(); ++i) rest += continuation_byte(text[i]) ? 0 : 1;
  return fmt::format("{}... ({} more characters not shown: the window draws at most {} in one piece of text)",
                     text.substr(0, cut), rest, L::kDrawnGlyphs);
}

}  // namespace ws::lessons
