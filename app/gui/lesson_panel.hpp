// The lesson text with its step controls: in the normal layout a tab beside
// the kernel's parameters, in presenter mode the column beside the figure.
// Without a lesson open it lists the lessons (and the files that were skipped).
#pragma once

#include <string>
#include <string_view>

#include "gui/app_state.hpp"
#include "gui/lesson_player.hpp"

namespace ws::gui {

// A lesson's text as the window draws it: the `code` marks of the lesson files
// dropped (the slides set code in their own face) and capped for one text call.
std::string lesson_text_shown(std::string_view text);

class LessonPanel {
 public:
  // `text_scale` enlarges the text in presenter mode (the back row reads it).
  void Draw(AppState& state, LessonPlayer& player, float text_scale = 1.0f);

 private:
  void draw_list(AppState& state, LessonPlayer& player);
  void draw_question(AppState& state, LessonPlayer& player);
  void draw_navigation(AppState& state, LessonPlayer& player);
};

// "Lesson 5 · step 2 of 6" for title bars.
std::string lesson_position(const LessonPlayer& player);

// The strings the lesson text shows, shared with `lessons --text` (slide_text.hpp).
std::string choice_label(int index, const std::string& choice);      // "(1)  32"
std::string question_line(const lessons::ResolvedQuestion& q, bool revealed);  // "Predict: ..."
std::string answer_line(const lessons::ResolvedQuestion& q);          // "Answer: 2 wavefronts"
// What the forward key does next, as the button says it; empty at the deck's end.
std::string forward_label(const LessonPlayer& player);

}  // namespace ws::gui
