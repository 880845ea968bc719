// The slide show on a portrait screen: a phone held upright (issue 36). A
// 1280 x 720 slide scaled to a phone's 390 CSS pixels sets its text at about
// 5 CSS pixels and leaves three quarters of the screen empty, and a finger
// cannot hit an option box of 8. The phone gets the slide's parts re-flowed
// instead, in a column it scrolls with a swipe:
//
//   Lesson 3 · 2 of 4        (muted)
//   Step title               (large)
//   [ the slide's figure, scaled to the width ]
//   the step's sentences
//   the question             (accent)
//   [ 1  option ]            one button per option, a finger's height
//   [ 2  option ]
//   answer, after the reveal (green), and its explanation
//   [ < Back ] [ Reveal >  ]
//   [ Contents ] [ Workbench ]
//
// The deck's title and recap slides, whose text is large, are drawn whole.
#include <imgui.h>

#include <algorithm>
#include <cfloat>

#include "gui/lesson_panel.hpp"
#include "gui/palette.hpp"
#include "gui/slide_painter.hpp"
#include "gui/workbench.hpp"
#include "slides/pen.hpp"

namespace ws::gui {
namespace {

// What the slide draws as its figure: everything but the heading band, the
// background and the text column's roles.
bool part_of_figure(const slides::Element& e) {
  using slides::Role;
  if (e.role == Role::Heading || e.role == Role::Body || e.role == Role::Question || e.role == Role::Option ||
      e.role == Role::Answer || e.role == Role::Toggle)
    return false;
  if (e.box.w >= slides::kSlideWidth && e.box.h >= slides::kSlideHeight) return false;  // the background
  return std::min(e.box.y, e.box.bottom()) >= 58;  // the rule under the title is at 54
}

slides::Slide figure_of(const slides::Slide& s, slides::Box& bounds) {
  slides::Slide f;
  float x0 = FLT_MAX, y0 = FLT_MAX, x1 = -FLT_MAX, y1 = -FLT_MAX;
  for (const auto& e : s.elements) {
    if (!part_of_figure(e)) continue;
    x0 = std::min({x0, e.box.x, e.box.right()});
    x1 = std::max({x1, e.box.x, e.box.right()});
    y0 = std::min({y0, e.box.y, e.box.bottom()});
    y1 = std::max({y1, e.box.y, e.box.bottom()});
    f.elements.push_back(e);
  }
  bounds = f.elements.empty() ? slides::Box{} : slides::Box{x0, y0, x1 - x0, y1 - y0};
  return f;
}

// The forward button's words without the keys: "Reveal", "Next", "Next lesson".
std::string without_keys(std::string label) {
  if (const auto at = label.find(" ("); at != std::string::npos) label.erase(at);
  if (label.size() > 2 && label.compare(label.size() - 2, 2, " >") == 0) label.resize(label.size() - 2);
  return label;
}

bool wide_button(const char* label, float width, float height, ImU32 fill, ImU32 ink) {
  ImGui::PushStyleColor(ImGuiCol_Button, fill);
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, fill);
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, palette::kAccent);
  ImGui::PushStyleColor(ImGuiCol_Text, ink);
  ImGui::PushStyleVar(ImGuiStyleVar_ButtonTextAlign, ImVec2(0.0f, 0.5f));
  ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, height * 0.15f);
  const bool pressed = ImGui::Button(label, ImVec2(width, height));
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor(4);
  return pressed;
}

constexpr ImU32 kOptionFill = palette::rgb(214, 230, 245);

}  // namespace

void Workbench::draw_phone_slide(AppState& state, lessons::ResolvedStep* r) {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float fs = ImGui::GetFontSize(), pad = fs * 0.9f, width = d.x - 2 * pad;
  const float button_h = std::max(fs * 2.6f, d.y * 0.055f);
  ImGui::SetCursorPos(ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, pad));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(pad * 0.6f, pad * 0.6f));
  ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32_WHITE);
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kInk);
  ImGui::BeginChild("##phone", d, false, ImGuiWindowFlags_AlwaysUseWindowPadding);
  ImGui::PushTextWrapPos(pad + width);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const lessons::DeckPart part = lessons_.deck_part();
  const bool step_slide = part == lessons::DeckPart::Step && r;
  if (!step_slide) {
    // The deck's title or recap: large text already; the slide, whole, at the width.
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float scale = width / slides::kSlideWidth;
    ImGuiSlideCanvas canvas(dl, SlideTransform{at, scale}, state.view.slide_fonts);
    paint_slide(*slide_, canvas);
    ImGui::Dummy(ImVec2(width, slides::kSlideHeight * scale));
  } else {
    ImGui::TextColored(palette::text_muted(), "%s", deck_slide_position().c_str());
    ImGui::SetWindowFontScale(1.35f);
    ImGui::TextWrapped("%s", slides::plain(lessons_.current_step()->title).c_str());
    ImGui::SetWindowFontScale(1.0f);
    slides::Box bounds;
    const slides::Slide figure = figure_of(*slide_, bounds);
    if (bounds.w > 0 && bounds.h > 0) {
      const ImVec2 at = ImGui::GetCursorScreenPos();
      const float scale = width / bounds.w;
      ImGuiSlideCanvas canvas(dl, SlideTransform{ImVec2(at.x - bounds.x * scale, at.y - bounds.y * scale), scale},
                              state.view.slide_fonts);
      paint_slide(figure, canvas);
      ImGui::Dummy(ImVec2(width, bounds.h * scale));
    }
    ImGui::SetWindowFontScale(1.1f);
    ImGui::TextWrapped("%s", slides::plain(r->shown_text(lessons_.revealed)).c_str());
    if (r->question) {
      const lessons::ResolvedQuestion& q = *r->question;
      ImGui::PushStyleColor(ImGuiCol_Text, palette::kAccent);
      ImGui::TextWrapped("%s", slides::plain(lessons_.revealed ? q.prompt : q.prompt_before_reveal).c_str());
      ImGui::PopStyleColor();
      for (std::size_t i = 0; i < q.choices.size(); ++i) {
        const bool right = lessons_.revealed && static_cast<int>(i) == q.correct;
        const bool picked = static_cast<int>(i) == lessons_.chosen;
        const std::string label = std::to_string(i + 1) + "   " + slides::plain(q.choices[i]) + "##phone-option";
        const ImU32 fill = right ? palette::kGood : picked ? palette::kAccent : kOptionFill;
        if (wide_button(label.c_str(), width, button_h, fill, right || picked ? IM_COL32_WHITE : palette::kInk) &&
            !lessons_.revealed)
          lessons_.chosen = static_cast<int>(i);
      }
      // At once, not after the lanes' move: the buttons under it must not jump
      // away from a finger on its way to Next.
      if (lessons_.revealed) {
        ImGui::PushStyleColor(ImGuiCol_Text, palette::kGood);
        ImGui::SetWindowFontScale(1.3f);
        ImGui::TextWrapped("%s", slides::plain(q.answer_phrase).c_str());
        ImGui::SetWindowFontScale(1.1f);
        ImGui::PopStyleColor();
        ImGui::TextWrapped("%s", slides::plain(q.reveal).c_str());
      }
    }
    ImGui::SetWindowFontScale(1.0f);
  }
  // What the clicker's keys do, under a finger (deck_controls.cpp).
  ImGui::Dummy(ImVec2(width, pad * 0.5f));
  const float half = (width - pad * 0.6f) / 2;
  if (wide_button("  < Back##phone", half * 0.8f, button_h, kOptionFill, palette::kInk)) lessons_.back(state);
  ImGui::SameLine();
  const std::string next = without_keys(forward_label(lessons_));
  if (!next.empty() &&
      wide_button(("  " + next + "  >##phone").c_str(), width - half * 0.8f - pad * 0.6f, button_h, palette::kAccent,
                  IM_COL32_WHITE)) {
    // What the button says, at once: a reveal still playing is not waited for
    // (the clicker's forward key only skips it).
    reveal_t_ = 1;
    lessons_.forward(state);
  }
  if (wide_button("  Contents##phone", half, button_h, kOptionFill, palette::kInk)) {
    contents_open_ = true;
    contents_cursor_ = std::max(0, lessons_.deck_lesson());
  }
  ImGui::SameLine();
  if (wide_button("  Workbench##phone", half, button_h, kOptionFill, palette::kInk)) state.view.presenter = false;
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  ImGui::PopStyleColor(2);
  ImGui::PopStyleVar(2);
}

}  // namespace ws::gui
