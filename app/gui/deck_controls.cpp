// The clicker's actions in the window (clicker.hpp): forward and back through
// the deck, reveal, options, a blank screen (B or '.', as in slide software),
// the deck's table of contents (T), presenter mode (F5 on, Escape off, P toggles).
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>

#include <fmt/format.h>

#include "gui/lesson_panel.hpp"
#include "gui/palette.hpp"
#include "gui/workbench.hpp"

namespace ws::gui {

void Workbench::press_key(int glfw_key, AppState& state) {
  if (auto press = clicker_press(glfw_key, false)) apply_clicker(*press, state);
}

void Workbench::apply_clicker(const ClickerPress& press, AppState& state) {
  // Any move ends a blank screen without moving: the class sees the slide it left.
  if (blank_ && press.action != ClickerAction::Blank) {
    blank_ = false;
    if (press.action == ClickerAction::Forward || press.action == ClickerAction::Back) return;
  }
  if (contents_open_) {
    // The contents take the arrows and Enter while they are open.
    const int n = static_cast<int>(lessons_.deck().entries.size());
    switch (press.action) {
      case ClickerAction::Forward: contents_cursor_ = std::min(n - 1, contents_cursor_ + 1); return;
      case ClickerAction::Back: contents_cursor_ = std::max(0, contents_cursor_ - 1); return;
      case ClickerAction::Reveal:
        lessons_.open_deck_lesson(contents_cursor_, state);
        contents_open_ = false;
        return;
      case ClickerAction::Contents:
      case ClickerAction::PresenterOff: contents_open_ = false; return;
      default: break;
    }
  }
  // The forward key skips a reveal still playing, then moves on.
  if (press.action == ClickerAction::Forward && state.view.presenter && reveal_t_ < 1) {
    reveal_t_ = 1;
    return;
  }
  switch (press.action) {
    case ClickerAction::Forward: lessons_.forward(state); break;
    case ClickerAction::Back: lessons_.back(state); break;
    case ClickerAction::Reveal:
      if (lessons_.open() && lessons_.current_step() && lessons_.current_step()->question) lessons_.reveal(state);
      break;
    case ClickerAction::Blank: blank_ = !blank_; break;
    case ClickerAction::Contents:
      contents_open_ = !contents_open_;
      contents_cursor_ = std::max(0, lessons_.deck_lesson());
      break;
    case ClickerAction::PresenterOn: state.view.presenter = true; break;
    case ClickerAction::PresenterOff:
      // In a deck's slide show Escape opens the contents, never the workbench (P leaves).
      if (state.view.presenter && lessons_.open()) {
        contents_open_ = true;
        contents_cursor_ = std::max(0, lessons_.deck_lesson());
      } else {
        state.view.presenter = false;
      }
      break;
    case ClickerAction::PresenterToggle: state.view.presenter = !state.view.presenter; break;
    case ClickerAction::Choose: {
      const lessons::ResolvedStep* r = lessons_.resolved();
      if (!r || !r->question || lessons_.revealed) break;
      if (press.choice < static_cast<int>(r->question->choices.size())) lessons_.chosen = press.choice;
      break;
    }
  }
}

void Workbench::draw_blank() {
  // A black screen and nothing on it: the class looks at the teacher.
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::GetBackgroundDrawList()->AddRectFilled(ImVec2(0, 0), d, IM_COL32_BLACK);
}

void Workbench::draw_contents(AppState& state) {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float fs = ImGui::GetFontSize();
  const float w = std::min(d.x - 2 * fs, fs * 40), h = std::min(d.y - 2 * fs, fs * 30);
  ImGui::SetNextWindowPos(ImVec2((d.x - w) / 2, (d.y - h) / 2), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(w, h), ImGuiCond_Always);
  ImGui::SetNextWindowFocus();
  constexpr ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                     ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;
  bool open = true;
  const std::string title = fmt::format("Contents: {}###contents", lesson_text_shown(lessons_.deck().title));
  if (ImGui::Begin(title.c_str(), &open, flags)) {
    ImGui::SetWindowFontScale(1.2f);
    const auto& deck = lessons_.deck();
    const int here = lessons_.deck_lesson();
    for (int i = 0; i < static_cast<int>(deck.entries.size()); ++i) {
      const lessons::Lesson* l = lessons_.library().find(deck.entries[i].lesson);
      if (!l) continue;
      // Titles whole: wrapped, never cut (the teacher reads them aloud).
      const std::string label =
          fmt::format("{:>2}. {}{}", i + 1, lesson_text_shown(lessons::entry_title(deck.entries[i], lessons_.library())),
                      i == here ? "   (now)" : "");
      ImGui::PushTextWrapPos(ImGui::GetContentRegionMax().x);
      const bool picked = ImGui::Selectable(fmt::format("##toc{}", i).c_str(), i == contents_cursor_, 0,
                                            ImVec2(0, ImGui::CalcTextSize(label.c_str(), nullptr, false,
                                                                          ImGui::GetContentRegionAvail().x).y));
      ImGui::SameLine(0, 0);
      ImGui::SetCursorPosX(ImGui::GetStyle().WindowPadding.x);
      ImGui::TextWrapped("%s", label.c_str());
      ImGui::PopTextWrapPos();
      if (picked) {
        lessons_.open_deck_lesson(i, state);
        open = false;
      }
    }
    ImGui::SetWindowFontScale(1.0f);
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
    ImGui::TextWrapped("Right/Left move, Enter opens, T or Escape closes.");
    ImGui::PopStyleColor();
  }
  ImGui::End();
  if (!open) contents_open_ = false;
}

}  // namespace ws::gui
