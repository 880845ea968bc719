#include "gui/slide_text.hpp"

#include <fmt/format.h>

#include "gui/figure_text.hpp"
#include "gui/lesson_panel.hpp"

namespace ws::gui {
namespace {

std::string without_code_marks(std::string_view text) {
  std::string s;
  for (char c : text)
    if (c != '`') s.push_back(c);
  return s;
}

}  // namespace

SlideText slide_text(const LessonPlayer& player, const AppState& state) {
  SlideText t;
  if (!player.open()) return t;
  auto add = [&](std::string s) {
    if (!s.empty()) t.strings.push_back(std::move(s));
  };
  add(lesson_position(player));
  add(fmt::format("{}. {}", player.step() + 1, without_code_marks(player.current_step()->title)));
  const lessons::ResolvedStep* r = player.resolved();
  if (!r) {
    add("This step cannot be shown: " + player.error());
    return t;
  }
  add(without_code_marks(r->shown_text(player.revealed)));
  if (r->question) {
    const lessons::ResolvedQuestion& q = *r->question;
    t.question = question_line(q, player.revealed);
    add(t.question);
    for (std::size_t i = 0; i < q.choices.size(); ++i) {
      t.options.push_back(choice_label(static_cast<int>(i), q.choices[i]));
      add(t.options.back());
    }
    t.answer = q.answer_phrase;
    if (player.revealed) {
      add(answer_line(q));
      add(without_code_marks(q.reveal));
    }
  }
  add(forward_label(player));
  // The figure's own strings (figure_text.hpp): the same concealment, the same words the panel draws.
  for (std::string& f : figure_strings(state, player.current_step()->state.view)) add(std::move(f));
  return t;
}

Result<SlideText> slide_text(const std::string& id, int step, bool revealed) {
  AppState state;
  LessonPlayer player;
  const lessons::Lesson* lesson = player.library().find(id);
  if (!lesson) return Error{fmt::format("unknown lesson '{}' (known: {})", id, player.library().ids())};
  if (step < 0 || step >= static_cast<int>(lesson->steps.size()))
    return Error{fmt::format("step {} is outside 1..{} (lesson {})", step + 1, lesson->steps.size(), id)};
  player.start(id, step, state);
  if (!player.error().empty()) return Error{player.error()};
  if (revealed && lesson->steps[step].question) player.reveal(state);
  state.whole_kernel.wait();
  return slide_text(player, state);
}

}  // namespace ws::gui
