// `warpscope lessons [--json] [--check]`: the built-in lessons (assets/lessons/).
// A lesson file that breaks the schema is bad input: exit 2, naming the file
// and the field. --check also resolves every step and question through the
// simulator (what the window would show), so a lesson that cannot be shown
// fails here rather than in front of a class.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "lessons/lesson_library.hpp"

namespace ws::cli {

struct LessonsOptions {
  bool json = false;
  bool check = false;
  std::string show;  // one lesson's steps as the window shows them, answers included (a teacher's key)
  // --text ID --step N [--reveal]: every string the slide shows in that state.
  std::string text;
  int step = 1;
  bool reveal = false;
  // --figure ID --step N [--reveal] [--json | --svg]: the slide as data (its elements) or as SVG.
  std::string figure;
  bool svg = false;
  // --deck NAME --plan [--json]: each slide of the deck with its estimated minutes, the total
  // and the steps shown before what they need is taught.
  std::string deck;
  bool plan = false;
};

CLI::App* add_lessons_command(CLI::App& root, LessonsOptions& options);
int run_lessons(const LessonsOptions& options);

// The lesson named by --lesson, checked: its file read, the step inside it.
// `step` counts from 1. Throws UsageError naming the flag or the file and field.
const lessons::Lesson& lesson_named(const lessons::LessonLibrary& lib, const std::string& id, int step,
                                    const char* flag = "--lesson");
// --lesson and --step of a bare `warpscope`, checked before a window opens:
// --step without --lesson, an unknown id, a step outside the lesson, or the
// lesson's own file broken are bad input (exit 2).
void check_lesson_flags(const std::string& id, int step);
// --deck of a bare `warpscope`: a deck that cannot be read, names an unknown
// lesson, or does not hold --lesson is bad input (exit 2).
void check_deck_flag(const std::string& deck, const std::string& lesson_id);

}  // namespace ws::cli
