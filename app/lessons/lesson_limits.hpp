// How much of a lesson the window can draw, and the check that holds every
// lesson file to it: `lessons --check`, the window's loader and
// `screenshot --lesson` all read lessons through load_lesson(), which applies
// check_lesson_limits() to every file (docs/lessons.md "Limits").
//
// The renderer's ceiling, measured (docs/lessons.md): Dear ImGui 1.86 with
// 16-bit indices draws one text call as a single mesh of 4 vertices per
// glyph, and a mesh holds at most 65 535 vertices, so one call draws at most
// 16 383 glyphs. Wrapped text (TextWrapped) emits every glyph of the string,
// scrolled out of sight or not: a step text of 16 300 letters drew, one of
// 16 500 aborted the window. The limits below keep every field far inside that
// ceiling even after its {placeholders} are filled in, and capped_for_drawing()
// holds the draw path to it whatever a string holds.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "lessons/lesson.hpp"

namespace ws::lessons {

struct LessonLimits {
  // Bytes of UTF-8 (a glyph is at least one byte, so bytes bound glyphs).
  static constexpr std::size_t kFileBytes = 256 * 1024;  // read and parsed in well under a second
  static constexpr std::size_t kTitleBytes = 200;        // lesson and step titles: one or two lines
  static constexpr std::size_t kSummaryBytes = 1000;     // the list's tooltip
  static constexpr std::size_t kTextBytes = 8000;        // a step's text, a question's reveal
  static constexpr std::size_t kPromptBytes = 1000;      // a question's prompt
  static constexpr std::size_t kLabelBytes = 200;        // a "which" option's label; a unit
  static constexpr std::size_t kExpressionBytes = 500;   // answer, choices, option values, conceals
  static constexpr std::size_t kNameBytes = 40;          // a compare configuration's name
  static constexpr std::size_t kSteps = 100;             // the contents list: one line per step
  static constexpr std::size_t kChoices = 9;             // keys 1-9 pick them
  static constexpr std::size_t kCompares = 8;            // each is simulated when the step opens
  static constexpr std::size_t kConceals = 32;
  // A deck (decks/<name>.json) is held to the same file size and title length,
  // and lists at most as many lessons as a lesson has steps (one line each).
  static constexpr std::size_t kDeckLessons = 100;
  // A placeholder's format width and precision ({x|>8}, {x|.2f}): a number
  // far wider than any line (a width of 2e9 took 17 s and 5.9 GB).
  static constexpr std::size_t kFormatWidth = 64;
  // The measured ceiling of one ImGui text call (see above), and what the draw
  // path passes at most: room left for a prefix ("3. ", "Answer: ").
  static constexpr std::size_t kRendererGlyphs = 16383;
  static constexpr std::size_t kDrawnGlyphs = 12000;
};

// The first field over its limit, named as the schema's messages name fields:
// "steps[2].text: 20000 bytes, over the 8000 a step's text may hold". The
// caller adds the file name.
std::optional<std::string> check_lesson_limits(const Lesson& lesson);

// A file too large to read as a lesson ("is 5242880 bytes, over the 262144 a
// lesson file may be"); checked before the file is parsed.
std::optional<std::string> check_lesson_file_size(std::size_t bytes);

// The same for a deck file ("is 5242880 bytes, over the 262144 a deck file may be").
std::optional<std::string> check_deck_file_size(std::size_t bytes);

// `text` as the window may draw it in one call: at most kDrawnGlyphs glyphs,
// else cut at a character boundary with "... (N more characters not shown)".
std::string capped_for_drawing(std::string_view text);

}  // namespace ws::lessons
