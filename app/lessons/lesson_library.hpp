// Reading lessons: one JSON file per lesson under assets/lessons/, checked
// against the schema of docs/lessons.md. A file that breaks it is skipped with
// one message naming the file and the field ("05-transpose.json:
// steps[2].state.kernel: 'tranpose' is not a catalog kernel"); the window shows
// the message and the other lessons, the command line exits 2 with it.
#pragma once

#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "lessons/lesson.hpp"
#include "ws/result.hpp"

namespace ws::lessons {

// $WARPSCOPE_LESSONS_DIR, else assets/lessons under the first data root that
// has it (ws/kernels/assets.hpp); empty when there is none.
std::string lessons_dir();

// One file. The error names the field; the caller's message adds the file.
// The id is the file name without ".json" and without a leading "NN-"
// ("05-transpose-shared.json" is "transpose-shared").
Result<Lesson> load_lesson(const std::string& path);
std::string lesson_id_of(const std::string& file_name);
// The same from text (tests); `name` is the file name used for the id.
Result<Lesson> parse_lesson(const std::string& text, const std::string& name);

// The step with option choices[i] of each of its toggles applied (lesson.hpp):
// its state and every compare configuration changed alike, its texts and
// question unchanged (they are filled for the new state when resolved). All
// zeros: the step as written. The error names the toggle and the option.
Result<Step> toggled(const Step& step, const std::vector<int>& choices);
// The one rule for showing a step's answer (the flags' --reveal, a link's
// reveal=1): the step must ask a question. `step` counts from 1 and is inside
// the lesson. nullopt when it asks one; else "step 2 of lesson 'padding' asks
// no question", which the caller prefixes with its name of the flag or key.
std::optional<std::string> check_reveal(const Lesson& lesson, int step);

// "not valid JSON: line 3, column 5: ..." from a parser's exception (lessons and decks).
std::string json_problem(const std::exception& e);

struct LessonLibrary {
  std::string dir;
  std::vector<Lesson> lessons;      // sorted by number, then id
  std::vector<std::string> errors;  // "<file>: <field>: <what is wrong>", one per skipped file
  const Lesson* find(std::string_view id) const;
  std::string ids() const;  // "banks, strides, ..." for messages
};

// Every *.json in `dir` (sorted by name); a missing folder is one error.
LessonLibrary load_library(const std::string& dir = lessons_dir());

}  // namespace ws::lessons
