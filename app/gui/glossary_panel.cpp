#include "gui/glossary_panel.hpp"

#include <imgui.h>


namespace ws::gui {

void GlossaryPanel::Draw(AppState& state, std::string_view slide_text) {
  if (!state.view.glossary_open) {
    scrolled_to_.clear();
    was_open_ = false;
    return;
  }
  if (!glossary_) glossary_ = load_glossary();
  if (!was_open_) ImGui::SetNextWindowFocus();  // in front of the panels drawn before it
  was_open_ = true;
  const ImGuiIO& io = ImGui::GetIO();
  // Centred over whatever is behind it, large enough to read from the back row.
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x * 0.7f, io.DisplaySize.y * 0.8f), ImGuiCond_Appearing);
  const char* title = *glossary_ && !(**glossary_).title.empty() ? (**glossary_).title.c_str() : "Glossary";
  bool open = true;
  if (ImGui::Begin((std::string(title) + " (G)###glossary").c_str(), &open, ImGuiWindowFlags_NoCollapse)) {
    if (!*glossary_) {
      ImGui::TextWrapped("%s", glossary_->error().message.c_str());
    } else {
      const Glossary& g = **glossary_;
      if (const auto used = g.terms_in(slide_text); !used.empty()) {
        ImGui::TextDisabled("On this slide:");
        for (const std::string& t : used) {
          ImGui::SameLine();
          if (ImGui::SmallButton((t + "##slide").c_str())) state.view.glossary_term = t;
        }
        ImGui::Separator();
      }
      for (const GlossaryEntry& e : g.entries) {
        const bool wanted = !state.view.glossary_term.empty() && g.find(state.view.glossary_term) == &e;
        if (wanted && scrolled_to_ != state.view.glossary_term) {
          ImGui::SetScrollHereY(0.0f);
          scrolled_to_ = state.view.glossary_term;
        }
        // The term in the bold figure font (rasterised at twice the text size), drawn at 1.2x the text.
        if (state.view.figure) {
          ImGui::PushFont(state.view.figure);
          ImGui::SetWindowFontScale(0.6f);
        }
        ImGui::TextColored(wanted ? ImVec4(0.71f, 0.30f, 0.0f, 1.0f) : ImVec4(0.08f, 0.08f, 0.08f, 1.0f), "%s",
                           e.term.c_str());
        if (state.view.figure) {
          ImGui::SetWindowFontScale(1.0f);
          ImGui::PopFont();
        }
        ImGui::Indent();
        ImGui::TextWrapped("%s", e.text.c_str());
        if (!e.see.empty()) {
          ImGui::TextDisabled("See also:");
          for (const std::string& s : e.see) {
            ImGui::SameLine();
            if (ImGui::SmallButton((s + "##" + e.term).c_str())) state.view.glossary_term = s;
          }
        }
        ImGui::Unindent();
        ImGui::Spacing();
      }
    }
  }
  ImGui::End();
  if (!open) state.view.glossary_open = false;
}

}  // namespace ws::gui
