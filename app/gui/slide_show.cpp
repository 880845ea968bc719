// Presenter mode while a lesson is open: the step's slide, built from the
// lesson player's resolved step (slides/slide_builder.hpp) and painted over
// the whole window. Nothing else is drawn: the keys show on demand (H or ?),
// Escape opens the deck's contents, P leaves the slide show.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>

#include <fmt/format.h>

#include "gui/backdrop.hpp"
#include "gui/slide_painter.hpp"
#include "gui/workbench.hpp"
#include "slides/pen.hpp"
#include "slides/slide_builder.hpp"

namespace ws::gui {
namespace {

constexpr float kSlideRevealSeconds = 0.8f;  // lanes move into their banks; the forward key skips it

constexpr ImGuiWindowFlags kSlideFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                         ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoTitleBar |
                                         ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;

}  // namespace

void Workbench::draw_slide_show(AppState& state) {
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 d = io.DisplaySize;
  if (!io.WantTextInput && (ImGui::IsKeyPressed(GLFW_KEY_H, false) ||
                            (ImGui::IsKeyPressed(GLFW_KEY_SLASH, false) && io.KeyShift)))
    key_help_ = !key_help_;

  // The reveal plays once per step: from the moment the step is revealed.
  const std::string step_id = fmt::format("{}#{}", lessons_.lesson()->id, lessons_.step());
  const lessons::Step& step = *lessons_.current_step();
  if (toggles_of_ != step_id) {
    toggles_of_ = step_id;
    toggles_.assign(step.toggles.size(), 0);
    toggled_step_.reset();
    toggled_resolved_.reset();
    toggled_error_.clear();
  }
  const bool on_step = lessons_.deck_part() == lessons::DeckPart::Step;  // the title and recap have no what-ifs
  for (int i = 0; i < static_cast<int>(toggles_.size()) && on_step && !io.WantTextInput && !io.KeyCtrl; ++i)
    if (ImGui::IsKeyPressed(GLFW_KEY_Q + (i == 0 ? 0 : i == 1 ? GLFW_KEY_W - GLFW_KEY_Q : GLFW_KEY_E - GLFW_KEY_Q), false))
      cycle_toggle(i);
  if (!lessons_.revealed) {
    reveal_of_.clear();
    reveal_t_ = 1;
  } else if (reveal_of_ != step_id) {
    reveal_of_ = step_id;
    reveal_t_ = state.view.animate_reveal ? 0 : 1;
  } else if (reveal_t_ < 1) {
    reveal_t_ = std::min(1.0f, reveal_t_ + io.DeltaTime / kSlideRevealSeconds);
  }
  state.view.animating_reveal = reveal_t_ < 1;

  ImGui::SetNextWindowPos(ImVec2(0, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSize(d, ImGuiCond_Always);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
  if (backdrop::begin_tile("##slide", kSlideFlags)) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    backdrop::rect(dl, ImVec2(0, 0), d, IM_COL32_WHITE);
    const SlideTransform t = fit_slide(ImVec2(0, 0), d);
    const bool what_if = toggled_resolved_.has_value();
    lessons::ResolvedStep* r = what_if ? &*toggled_resolved_ : lessons_.resolved_mutable();
    const lessons::Lesson& lesson = *lessons_.lesson();
    const std::string error = toggled_error_.empty() ? lessons_.error() : toggled_error_;
    std::string choices = key_help_ ? "h" : "";
    for (int c : toggles_) choices += std::to_string(c);
    const lessons::DeckPart part = lessons_.deck_part();
    const std::string key = fmt::format("{}#{}#{}#{:.3f}#{}#{}#{}#{}", step_id, lessons_.revealed, lessons_.chosen,
                                        reveal_t_, static_cast<const void*>(r), error, choices, static_cast<int>(part));
    if (key != slide_key_ || !slide_) {
      slide_key_ = key;
      if (part == lessons::DeckPart::Title) {
        slide_ = deck_title_slide();
      } else if (part == lessons::DeckPart::Recap && r) {
        slide_ = deck_recap_slide(*r);
      } else if (r) {
        slides::SlideState s;
        s.revealed = lessons_.revealed;
        s.chosen = lessons_.chosen;
        s.reveal_progress = reveal_t_;
        s.position = deck_slide_position();
        s.toggles = toggles_;
        s.show_toggles = key_help_;  // a flipped one shows itself (slide_builder.cpp)
        if (what_if) s.step = &*toggled_step_;
        slide_ = slides::build_slide(lesson, lessons_.step(), *r, s);
      } else if (!error.empty()) {
        slide_ = slides::error_slide(lesson, lessons_.step(), error);
      } else {
        // Still resolving (a fraction of a second): the step's title alone.
        slide_ = slides::error_slide(lesson, lessons_.step(), "");
        slide_->elements.resize(std::min<std::size_t>(slide_->elements.size(), 3));
        slide_key_.clear();
      }
    }
    // A portrait screen (a phone held upright) gets the slide's parts re-flowed (phone_slides.cpp).
    if (d.y > d.x * 1.2f) {
      draw_phone_slide(state, r);
      ImGui::End();
      ImGui::PopStyleVar(2);
      return;
    }
    ImGuiSlideCanvas canvas(dl, t, state.view.slide_fonts);
    paint_slide(*slide_, canvas);
    // A click on an option picks it; on the question's callout, reveals.
    if (ImGui::IsWindowHovered() && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && r) {
      const ImVec2 p = t.to_slide(io.MousePos);
      std::optional<int> toggle;
      for (const auto& e : slide_->elements) {
        const bool inside = p.x >= e.box.x && p.x < e.box.right() && p.y >= e.box.y && p.y < e.box.bottom();
        if (!inside || e.kind != slides::Kind::Rect) continue;
        if (e.role == slides::Role::Toggle && e.option) toggle = *e.option;
        if (!r->question || lessons_.revealed) continue;
        if (e.role == slides::Role::Option && e.option) lessons_.chosen = *e.option;
        if (e.role == slides::Role::Question) lessons_.reveal(state);
      }
      if (toggle) cycle_toggle(*toggle);
    }
    if (key_help_) draw_key_help(d);
  }
  ImGui::End();
  ImGui::PopStyleVar(2);
}

std::string Workbench::deck_slide_position() const {
  const int entry = lessons_.deck_lesson();
  if (entry < 0) return slides::slide_position(*lessons_.lesson(), lessons_.step());
  return slides::slide_position(lessons_.deck(), entry, lessons_.step());
}

slides::Slide Workbench::deck_title_slide() const { return slides::build_title_slide(lessons_.deck(), lessons_.library()); }

slides::Slide Workbench::deck_recap_slide(lessons::ResolvedStep& resolved) const {
  return slides::build_recap_slide(lessons_.deck(), lessons_.library(), lessons_.deck_lesson(), resolved);
}

void Workbench::cycle_toggle(int index) {
  const lessons::Step& step = *lessons_.current_step();
  if (index < 0 || index >= static_cast<int>(toggles_.size())) return;
  toggles_[static_cast<std::size_t>(index)] =
      (toggles_[static_cast<std::size_t>(index)] + 1) % static_cast<int>(step.toggles[static_cast<std::size_t>(index)].options.size());
  toggled_step_.reset();
  toggled_resolved_.reset();
  toggled_error_.clear();
  if (std::all_of(toggles_.begin(), toggles_.end(), [](int c) { return c == 0; })) return;  // the step as written
  // Every number of the text, the question's answer and options and the figure
  // come from the simulator for the new state; the instruction stays the step's site.
  auto t = lessons::toggled(step, toggles_);
  if (!t) {
    toggled_error_ = t.error().message;
    return;
  }
  toggled_step_ = std::move(*t);
  auto r = lessons::resolve_step(*toggled_step_);
  if (!r) {
    toggled_error_ = r.error().message;
    return;
  }
  toggled_resolved_ = std::move(*r);
  lessons_.chosen = -1;  // a new question: the class predicts again
}

void Workbench::draw_key_help(ImVec2 d) {
  static constexpr const char* kKeys[] = {
      "PgDn, Right, Space: forward (question, answer, next step)",
      "PgUp, Left: back",
      "1 to 9: pick an option       Enter: reveal",
      "B: blank screen       T or Esc: contents",
      "Q, W, E: the slide's what-ifs (its buttons at the top)",
      "P: leave the slide show       H or ?: these keys",
  };
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const float px = std::max(18.0f, d.y / 720 * 20), pad = px * 0.8f;
  float w = 0;
  for (const char* k : kKeys) w = std::max(w, ImGui::GetFont()->CalcTextSizeA(px, FLT_MAX, 0, k).x);
  const float h = static_cast<float>(std::size(kKeys)) * px * 1.3f;
  const ImVec2 a((d.x - w) / 2 - pad, d.y - h - 3 * pad), b((d.x + w) / 2 + pad, d.y - pad);
  dl->AddRectFilled(a, b, IM_COL32(30, 30, 30, 235), pad / 2);
  float y = a.y + pad;
  for (const char* k : kKeys) {
    dl->AddText(ImGui::GetFont(), px, ImVec2(a.x + pad, y), IM_COL32_WHITE, k);
    y += px * 1.3f;
  }
}

}  // namespace ws::gui
