// Presenter mode: for a projector at 1280 x 720. One figure fills the window
// (bank map, shared array, sector map, blocks, timings, whole-kernel table or
// code), the lesson text and step controls stand beside it, headed by
// where the class is. Sizes derive from the font size, so
// Ctrl +/- scales text and figure together and the columns re-flow:
//
//   +---------------------------------------------+---------------------+
//   |                                             | Lesson 5 - step 2   |
//   |                                             | step title          |
//   |   figure                                    | text                |
//   |   (no title bar, no tabs: every pixel of    | Predict: ...        |
//   |    height goes to the rows)                 | [1] [2] [3] Reveal  |
//   |                                             | < Previous  Next >  |
//   +---------------------------------------------+---------------------+
//
// A portrait or narrow window stacks the text under the figure instead.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cfloat>

#include <fmt/format.h>
#include <fmt/printf.h>

#include "gui/backdrop.hpp"
#include "gui/bank_map_panel.hpp"
#include "gui/palette.hpp"
#include "gui/text_wrap.hpp"
#include "gui/workbench.hpp"

namespace ws::gui {
namespace {

constexpr ImGuiWindowFlags kPresenterFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                             ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                             ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoTitleBar;

// The lesson text is read from the back as well: a fifth larger than the panels' text.
constexpr float kPresenterTextScale = 1.2f;

}  // namespace

lessons::View Workbench::presenter_view(const AppState& state) const {
  if (figure_only_) return *figure_only_;
  if (lessons_.open() && step_view_) return *step_view_;
  if (state.current.valid && state.current.access.space == Space::Global) return lessons::View::SectorMap;
  return lessons::View::BankMap;
}

void Workbench::draw_presenter(AppState& state) {
  // In a lesson the class sees slides, not the workbench's panels; a figure
  // exported alone (export --format png) is still the panel's drawing.
  if (lessons_.open() && !figure_only_) return draw_slide_show(state);
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float fs = ImGui::GetFontSize();
  // F: the figure takes the whole window, its cells and numbers grow with it
  // (the text column hides); F again brings the text back.
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.WantTextInput && !io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_F, false)) figure_fills_ = !figure_fills_;
  const bool figure_alone = figure_only_.has_value() || figure_fills_;
  // No bar on top: every pixel of height goes to the figure's rows; where the
  // class is stands at the head of the text column.
  const float bar = 0;
  // Landscape: text column beside the figure, wide enough for ~22 characters of
  // the enlarged text, at most a third of the width (the figure keeps two thirds as the text grows). Portrait: text under the figure.
  const float h = d.y - bar;
  const bool stacked = d.x < d.y * 1.15f;
  const float text_w = figure_alone ? 0 : stacked ? d.x : std::clamp(fs * kPresenterTextScale * 15.0f, d.x * 0.26f, d.x * 0.34f);
  const float text_h = figure_alone ? 0 : stacked ? std::max(h * 0.35f, fs * 8) : h;
  const ImVec2 fig_pos(0, bar), fig_size(stacked ? d.x : d.x - text_w, stacked ? h - text_h : h);
  const ImVec2 text_pos(stacked ? 0 : fig_size.x, stacked ? bar + fig_size.y : bar);

  // A question's answer gets a strip of its own under the figure, where the
  // figure itself would not change at the reveal (the phases of a tiled
  // multiply, a warp count, a time): it never covers a lane or a label, and a
  // bank or sector map whose rows split at the reveal keeps all its height.
  const lessons::ResolvedStep* step = lessons_.open() ? lessons_.resolved() : nullptr;
  const float strip = step && step->question && !figure_shows_answer(state, step->conceal) ? fs * 2.9f : 0;
  ImGui::SetNextWindowPos(fig_pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(fig_size.x, fig_size.y - strip), ImGuiCond_Always);
  if (backdrop::begin_tile("##presenter_figure", kPresenterFlags)) draw_presenter_figure(state, presenter_view(state));
  ImGui::End();
  if (strip > 0)
    draw_answer_callout(state, ImVec2(fig_pos.x, fig_pos.y + fig_size.y - strip), ImVec2(fig_size.x, strip));

  if (figure_alone) return;
  ImGui::SetNextWindowPos(text_pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(text_w, text_h), ImGuiCond_Always);
  if (backdrop::begin_tile("##presenter_text", kPresenterFlags)) draw_presenter_text(state, kPresenterTextScale);
  ImGui::End();
}

void Workbench::draw_presenter_figure(AppState& state, lessons::View view) {
  // Tables and code are text: enlarged like the lesson text, or the back row
  // reads nothing. The grids size their own cells and numbers from the font.
  const bool text_view = view == lessons::View::Timings || view == lessons::View::WholeKernel ||
                         view == lessons::View::Code || view == lessons::View::Blocks;
  if (text_view) ImGui::SetWindowFontScale(kPresenterTextScale);
  switch (view) {
    case lessons::View::BankMap: bank_map_.Draw(state); break;
    case lessons::View::SharedArray: shared_array_.Draw(state); break;
    case lessons::View::SectorMap: global_memory_.Draw(state); break;
    case lessons::View::Blocks: blocks_.Draw(state); break;
    case lessons::View::Timings: timings_.Draw(state); break;
    case lessons::View::WholeKernel: whole_kernel_.Draw(state); break;
    case lessons::View::Code: code_.Draw(state); break;
    case lessons::View::Threads: block_threads_.Draw(state); break;
  }
  if (text_view) ImGui::SetWindowFontScale(1.0f);
}

bool Workbench::figure_shows_answer(const AppState& state, const lessons::Concealment& question) const {
  // The maps draw a concealed cost as its question (one row of requests, no
  // sectors) and split it at the reveal: they change by themselves. Decided by
  // the question, not by what is hidden now, so the layout stays put at the reveal.
  const lessons::View view = presenter_view(state);
  for (const auto& [config, hidden] : question.all()) {
    if (view == lessons::View::BankMap && hidden.count(lessons::Quantity::SharedCost)) return true;
    if (view == lessons::View::SectorMap &&
        (hidden.count(lessons::Quantity::GlobalCost) || hidden.count(lessons::Quantity::Lanes)))
      return true;
  }
  return false;
}

void Workbench::draw_answer_callout(const AppState& state, ImVec2 at, ImVec2 size) {
  // The question's answer on the figure itself, large: "? wavefronts" until the
  // reveal, then "2 wavefronts". Every reveal changes the figure, even where the
  // figure cannot show the answer (the phases of a tiled multiply).
  const lessons::ResolvedStep* r = lessons_.resolved();
  if (!r || !r->question) return;
  // While the lanes still move into their rows the count stays a question: it appears last.
  const bool shown = lessons_.revealed && !state.view.animating_reveal;
  const std::string text = shown ? r->question->answer_phrase : r->question->concealed_phrase;
  ImFont* font = ImGui::GetFont();
  const float pad = size.y * 0.12f;
  const float px = (size.y - 4 * pad) * 0.95f;
  const ImVec2 extent = font->CalcTextSizeA(px, FLT_MAX, 0, text.c_str());
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  dl->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y), ImGui::GetColorU32(ImGuiCol_WindowBg));
  const ImVec2 max(at.x + size.x - pad, at.y + size.y - pad);
  const ImVec2 min(max.x - extent.x - 4 * pad, max.y - extent.y - 2 * pad);
  dl->AddRectFilled(min, max, shown ? palette::kGood : palette::kAccent, pad);
  dl->AddText(font, px, ImVec2(min.x + 2 * pad, min.y + pad), IM_COL32_WHITE, text.c_str());
}

void Workbench::draw_presenter_text(AppState& state, float text_scale) {
  ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
  text_wrapped(lessons_.open() ? lesson_position(lessons_) : std::string("warpscope"));
  ImGui::PopStyleColor();
  if (!export_notice_.empty()) ImGui::TextColored(palette::text_muted(), "%s", export_notice_.c_str());
  if (lessons_.open()) {
    lesson_panel_.Draw(state, lessons_, text_scale);
    return;
  }
  // No lesson: what the figure shows, and how to open one.
  ImGui::SetWindowFontScale(text_scale);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kAccent));
  text_wrapped(std::string(state.kernel().title));
  ImGui::PopStyleColor();
  text_wrapped(kernel_.description(state));
  if (state.ready() && state.instruction_count() > 0) {
    ImGui::Separator();
    const auto& site = state.trace.sites[state.trace.instructions[state.instruction].site];
    text_wrapped(fmt::sprintf("instruction %d of %d: %s (line %d)", state.instruction + 1, state.instruction_count(),
                       site.name.c_str(), site.line));
    text_wrapped(fmt::sprintf("block (%d, %d), warp %d", state.block.x, state.block.y, state.warp));
  }
  ImGui::SetWindowFontScale(1.0f);
  ImGui::Separator();
  lesson_panel_.Draw(state, lessons_, 1.0f);
}

}  // namespace ws::gui
