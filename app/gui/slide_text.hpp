// Every string a lesson slide shows in one state (question or reveal): where
// the class is, the step's title and text, the question and its options, the
// answer and its explanation once revealed, and the figure's own strings
// (headline, badges, axis and row labels). `warpscope lessons --text` prints
// it, the handout is written from it, and the tests check with it that no
// question's answer is on the slide before its reveal.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gui/app_state.hpp"
#include "gui/lesson_player.hpp"
#include "ws/result.hpp"

namespace ws::gui {

struct SlideText {
  std::vector<std::string> strings;  // in reading order
  std::string question;              // the prompt as shown; empty on a step without one
  std::optional<std::string> answer; // the answer phrase as the reveal shows it ("2 wavefronts")
  std::vector<std::string> options;  // the choices as the buttons label them ("(1)  32")
};

// The slide of the player's open step, in its current state (revealed or not).
SlideText slide_text(const LessonPlayer& player, const AppState& state);

// The same for lesson `id`, step `step` (from 0), opened in a fresh state; the
// error names what is wrong (no such lesson, step out of range, the step's own error).
Result<SlideText> slide_text(const std::string& id, int step, bool revealed);

}  // namespace ws::gui
