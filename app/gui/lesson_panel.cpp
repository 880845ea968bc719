// Lesson panel: step title, text, the question with its choices, reveal, and
// previous / next. Keys do the same (Workbench::handle_lesson_keys).
#include "gui/lesson_panel.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include "gui/palette.hpp"
#include "gui/text_wrap.hpp"
#include "lessons/lesson_limits.hpp"

namespace ws::gui {
namespace {

// Lesson files mark code with `backticks` (docs/lessons.md); on screen the
// marks are noise, the code reads as code without them.
// Whether a button labelled `label` fits on the line after the last item.
bool fits_beside(const char* label) {
  const float w = ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetStyle().ItemSpacing.x;
  return ImGui::GetItemRectMax().x + w < ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
}

std::string shown(std::string_view text) {
  return lesson_text_shown(text);
}

}  // namespace

std::string lesson_text_shown(std::string_view text) {
  std::string s;
  for (char c : text)
    if (c != '`') s.push_back(c);
  return lessons::capped_for_drawing(s);  // one text call draws 16 383 glyphs at most (lesson_limits.hpp)
}

std::string choice_label(int index, const std::string& choice) {
  // "(1)  32": the key that picks it, set apart so that "1" and "32" never read as one number.
  return fmt::format("({})  {}", index + 1, choice);
}

std::string question_line(const lessons::ResolvedQuestion& q, bool revealed) {
  return "Predict: " + shown(revealed ? q.prompt : q.prompt_before_reveal);
}

std::string answer_line(const lessons::ResolvedQuestion& q) { return "Answer: " + q.answer_phrase; }

std::string forward_label(const LessonPlayer& p) {
  if (!p.open()) return "";
  const lessons::Step* s = p.current_step();
  if (s && s->question && !p.revealed) return "Reveal (PgDn, Enter) >";
  const int here = p.deck_lesson();
  if (here < 0) return p.step() + 1 < p.step_count() ? "Next (PgDn) >" : "";
  const auto& shown = p.deck().entries[static_cast<std::size_t>(here)].steps;
  if (p.deck_part() == lessons::DeckPart::Title) return "Start (PgDn) >";
  if (p.deck_part() == lessons::DeckPart::Recap)
    return here + 1 < static_cast<int>(p.deck().entries.size()) ? "Recap: next lesson (PgDn) >" : "";
  if (p.step() < shown.back()) return "Next (PgDn) >";
  if (here + 1 < static_cast<int>(p.deck().entries.size())) return "Next lesson (PgDn) >";
  if (p.deck().recap) return "Recap (PgDn) >";
  return "";
}

std::string lesson_position(const LessonPlayer& p) {
  if (!p.open()) return "No lesson";
  return fmt::format("Lesson {}: {}  -  step {} of {}", p.lesson()->number, shown(p.lesson()->title), p.step() + 1,
                     p.step_count());
}

void LessonPanel::Draw(AppState& state, LessonPlayer& player, float text_scale) {
  if (!player.open()) return draw_list(state, player);
  ImGui::SetWindowFontScale(text_scale);
  const lessons::Step& step = *player.current_step();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kAccent));
  text_wrapped(fmt::format("{}. {}", player.step() + 1, shown(step.title)));
  ImGui::PopStyleColor();
  ImGui::Separator();
  if (!player.error().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    text_wrapped("This step cannot be shown: " + shown(player.error()));
    ImGui::PopStyleColor();
  } else if (const lessons::ResolvedStep* r = player.resolved()) {
    text_wrapped(shown(r->shown_text(player.revealed)));
    if (r->question) draw_question(state, player);
  } else if (player.resolving()) {
    ImGui::TextDisabled("Working out this step's numbers...");
  }
  ImGui::Spacing();
  draw_navigation(state, player);
  ImGui::SetWindowFontScale(1.0f);
}

void LessonPanel::draw_question(AppState& /*state*/, LessonPlayer& player) {
  const lessons::ResolvedQuestion& q = *player.resolved()->question;
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kAccent));
  text_wrapped(question_line(q, player.revealed));
  ImGui::PopStyleColor();
  if (!q.choices.empty()) {
    for (std::size_t i = 0; i < q.choices.size(); ++i) {
      const bool picked = player.chosen == static_cast<int>(i);
      const bool correct = static_cast<int>(i) == q.correct;
      ImVec4 colour = ImGui::GetStyleColorVec4(ImGuiCol_Button);
      if (player.revealed && correct) colour = ImGui::ColorConvertU32ToFloat4(palette::kGood);
      else if (player.revealed && picked) colour = ImGui::ColorConvertU32ToFloat4(palette::kConflict);
      else if (picked) colour = ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive);
      ImGui::PushStyleColor(ImGuiCol_Button, colour);
      const std::string label = choice_label(static_cast<int>(i), q.choices[i]) + fmt::format("##choice{}", i);
      if (ImGui::Button(label.c_str())) player.chosen = static_cast<int>(i);
      ImGui::PopStyleColor();
      if (i + 1 < q.choices.size() &&
          ImGui::GetItemRectMax().x + ImGui::CalcTextSize(q.choices[i + 1].c_str()).x + ImGui::GetFontSize() * 3 <
              ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
        ImGui::SameLine();
    }
  } else {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    ImGui::InputDouble("your prediction", &player.typed, 0, 0, "%g");
  }
  // The reveal is the navigation's forward button (and Enter): one button, where the clicker's key is.
  if (!player.revealed) return;
  const bool predicted = player.chosen >= 0 || (q.choices.empty() && player.typed != 0);
  ImGui::PushStyleColor(ImGuiCol_Text, palette::text_good());
  text_wrapped(answer_line(q) + (
                     !predicted ? "" : player.prediction_right() ? "  - as predicted" : "  - not what was predicted"));
  ImGui::PopStyleColor();
  text_wrapped(shown(q.reveal));
}

void LessonPanel::draw_navigation(AppState& state, LessonPlayer& player) {
  ImGui::Separator();
  // The buttons do what the clicker's keys do (lesson_player.hpp: forward, back).
  const bool at_start = player.step() == 0 && player.deck_lesson() <= 0 && !player.revealed;
  ImGui::BeginDisabled(at_start);
  if (ImGui::Button("< Back (PgUp)")) player.back(state);
  ImGui::EndDisabled();
  const std::string next = forward_label(player);
  // Buttons wrap rather than run off a narrow column (large text in presenter mode).
  if (fits_beside(next.c_str())) ImGui::SameLine();
  ImGui::BeginDisabled(next.empty());
  if (ImGui::Button(next.empty() ? "End of the deck" : next.c_str())) player.forward(state);
  ImGui::EndDisabled();
  if (fits_beside("Close")) ImGui::SameLine();
  if (ImGui::Button("Close")) player.close(state);
  // For students alone: the words the lessons use (glossary_panel.hpp).
  if (fits_beside("Glossary (G)")) ImGui::SameLine();
  if (ImGui::Button("Glossary (G)")) state.view.glossary_open = !state.view.glossary_open;
  ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
  text_wrapped("Keys: PgDn/Right/Space forward, PgUp/Left back, 1-9 choose, Enter reveals, T contents, "
               "B blank, G glossary, P presenter");
  ImGui::PopStyleColor();
}

void LessonPanel::draw_list(AppState& state, LessonPlayer& player) {
  const auto& lib = player.library();
#ifdef __EMSCRIPTEN__
  ImGui::TextWrapped("Lessons: pick one.");  // the page has no command line to name
#else
  ImGui::TextWrapped("Lessons: pick one, or start with warpscope --lesson ID.");
#endif
  for (const lessons::Lesson& l : lib.lessons) {
    const std::string label = fmt::format("{:>2}. {}", l.number, shown(l.title));
    if (ImGui::Selectable(label.c_str())) player.start(l.id, 0, state);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", l.summary.c_str());
  }
  if (lib.errors.empty()) return;
  ImGui::Separator();
  ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
  for (const std::string& e : lib.errors) ImGui::TextWrapped("Skipped %s", shown(e).c_str());
  ImGui::PopStyleColor();
}

}  // namespace ws::gui
