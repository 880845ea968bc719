// Workbench: layout of the windows, tabs that follow the instruction, keys.
//
//   +---------------- status bar: kernel, notices, keys -----------------+
//   | Kernel &    | Bank map / Global memory /    | Code                 |
//   | parameters  | Your variant                  |                      |
//   |-------------|-------------------------------|----------------------|
//   | Warp        | Shared array / Blocks         | Timings /            |
//   | stepper     |                               | Whole kernel /       |
//   |             |                               | Your variant         |
//   +--------------------------------------------------------------------+
#include "gui/workbench.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include <fstream>

#include "export/figure_export.hpp"
#include "gui/canvas.hpp"
#include "gui/palette.hpp"

namespace ws::gui {
namespace {

constexpr ImGuiWindowFlags kPanelFlags =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

bool begin_panel(const char* title, ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(size, ImGuiCond_Always);
  return ImGui::Begin(title, nullptr, kPanelFlags);
}

ImGuiTabItemFlags select_if(bool b) { return b ? ImGuiTabItemFlags_SetSelected : 0; }

}  // namespace

void Workbench::handle_shortcuts(AppState& state) {
  const ImGuiIO& io = ImGui::GetIO();
  // F11 and font size work everywhere; stepping keys not while typing in a field.
  if (ImGui::IsKeyPressed(GLFW_KEY_F11, false)) state.view.fullscreen = !state.view.fullscreen;
  if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_E, false)) export_current_figure(state);
  if (io.KeyCtrl) {
    float s = state.view.font_scale;
    if (ImGui::IsKeyPressed(GLFW_KEY_EQUAL) || ImGui::IsKeyPressed(GLFW_KEY_KP_ADD)) s += 0.1f;
    if (ImGui::IsKeyPressed(GLFW_KEY_MINUS) || ImGui::IsKeyPressed(GLFW_KEY_KP_SUBTRACT)) s -= 0.1f;
    if (ImGui::IsKeyPressed(GLFW_KEY_0) || !std::isfinite(s)) s = 1.0f;
    s = std::clamp(s, 0.6f, 2.5f);  // inside kMinFontScale .. kMaxFontScale
    if (s != state.view.font_scale) {
      state.view.font_scale = s;
      state.view.font_reload = true;
    }
  }
  if (io.WantTextInput) return;
  handle_lesson_keys(state);
  // With an own pattern shown, the kernel's cursor is hidden: the keys must not move it.
  if (!state.ready() || state.source == InstructionSource::Pattern) return;
  // Shift: a barrier phase at a time (the tiled matmul's phases).
  for (const auto& [key, delta] : {std::pair{ImGuiKey_LeftArrow, -1}, std::pair{ImGuiKey_RightArrow, 1}}) {
    if (!ImGui::IsKeyPressed(ImGui::GetKeyIndex(key))) continue;
    if (io.KeyShift) state.step_phase(delta);
    else state.step_instruction(delta);
  }
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow))) state.step_warp(-1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow))) state.step_warp(1);
  // In a lesson PgUp/PgDn step the lesson (a presenter's clicker sends them); Shift moves the block.
  const bool block_keys = !lessons_.open() || io.KeyShift;
  if (block_keys && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageUp))) state.step_block(-1);
  if (block_keys && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageDown))) state.step_block(1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false))
    state.playback.playing = !state.playback.playing;
}

void Workbench::handle_lesson_keys(AppState& state) {
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsKeyPressed(GLFW_KEY_P, false) && !io.KeyCtrl) state.view.presenter = !state.view.presenter;
  if (ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) state.view.presenter = false;
  if (!lessons_.open() || io.KeyShift) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageDown))) lessons_.next(state);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageUp))) lessons_.previous(state);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false))
    lessons_.reveal();
  // A-I pick a choice (the buttons are lettered); once revealed the choice stays.
  for (int k = 0; k < 9; ++k)
    if (ImGui::IsKeyPressed(GLFW_KEY_A + k, false) && !io.KeyCtrl && !lessons_.revealed) lessons_.chosen = k;
}

// A lesson step names its view: the tabs (or the presenter's figure) follow it once.
void Workbench::apply_view_request(AppState& state) {
  if (!lessons_.open()) step_view_.reset();
  const auto v = lessons_.take_view_request();
  if (!v) return;
  step_view_ = v;
  lesson_tab_request_ = true;
  state.view.select_tabs = false;
  switch (*v) {
    case lessons::View::BankMap:
      memory_request_ = MemoryTab::BankMap;
      detail_request_ = DetailTab::SharedArray;
      break;
    case lessons::View::SectorMap:
      memory_request_ = MemoryTab::GlobalMemory;
      detail_request_ = DetailTab::Blocks;
      break;
    case lessons::View::SharedArray:
      memory_request_ = MemoryTab::BankMap;
      detail_request_ = DetailTab::SharedArray;
      break;
    case lessons::View::Blocks: detail_request_ = DetailTab::Blocks; break;
    case lessons::View::Timings: results_request_ = ResultsTab::Timings; break;
    case lessons::View::WholeKernel: results_request_ = ResultsTab::WholeKernel; break;
    case lessons::View::Code: break;
  }
}

void Workbench::Draw(AppState& state) {
  state.view.animating_blocks = false;  // the Blocks panel sets it again while it is drawn and running
  palette::set_colour_warp_lanes(state.arch().warp_lanes);
  handle_shortcuts(state);
  apply_view_request(state);
  // Lane numbers: bold; in presenter mode up to 1.6x the text size where the chips allow it.
  canvas::set_lane_number_style(state.view.figure, ImGui::GetFontSize() * (state.view.presenter ? 1.6f : 1.0f));
  if (state.view.presenter) {
    draw_presenter(state);
    state.view.select_tabs = false;
    return;
  }
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float bar = ImGui::GetFrameHeight() + ImGui::GetStyle().WindowPadding.y * 2;
  draw_status_bar(state, bar);
  const float top = bar, h = d.y - bar;
  const float left_w = std::max(300.0f, d.x * 0.24f), right_w = d.x * 0.28f;
  const float mid_w = d.x - left_w - right_w;
  const float left_split = h * 0.50f, mid_split = h * 0.60f, right_split = h * 0.45f;

  // A maximised panel takes the whole area under the status bar (double-click
  // its title, or F over it; Esc or F again restores): at 1280 x 720 a table or
  // a 32-row map that the six-panel layout cuts off shows whole.
  struct Panel {
    const char* title;
    ImVec2 pos, size;
    void (Workbench::*draw)(AppState&);
  };
  const Panel panels[] = {
      {"Kernel & lessons", ImVec2(0, top), ImVec2(left_w, left_split), &Workbench::draw_top_left},
      {"Warp stepper", ImVec2(0, top + left_split), ImVec2(left_w, h - left_split), &Workbench::draw_stepper},
      {"Memory", ImVec2(left_w, top), ImVec2(mid_w, mid_split), &Workbench::draw_memory_tabs},
      {"Detail", ImVec2(left_w, top + mid_split), ImVec2(mid_w, h - mid_split), &Workbench::draw_detail_tabs},
      {"Code", ImVec2(left_w + mid_w, top), ImVec2(right_w, right_split), &Workbench::draw_code},
      {"Results", ImVec2(left_w + mid_w, top + right_split), ImVec2(right_w, h - right_split),
       &Workbench::draw_results_tabs},
  };
  if (ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) maximised_.clear();
  for (const Panel& p : panels) {
    const bool max = maximised_ == p.title;
    if (!maximised_.empty() && !max) continue;
    if (begin_panel(p.title, max ? ImVec2(0, top) : p.pos, max ? ImVec2(d.x, h) : p.size)) {
      toggle_maximise_on_request(p.title);
      (this->*p.draw)(state);
    }
    ImGui::End();
  }
  state.view.select_tabs = false;
}

void Workbench::draw_stepper(AppState& state) { stepper_.Draw(state); }

// Ctrl+E: the current instruction's bank map or sector map as SVG and CSV in
// the working folder (docs/export.md has the formats), named after the state.
void Workbench::export_current_figure(AppState& state) {
  if (!state.ready() || !state.current.valid || state.source != InstructionSource::Kernel) {
    export_notice_ = "Export: no kernel instruction to export";
    return;
  }
  lessons::PreparedState p;
  p.kernel = &state.kernel();
  p.arch = &state.arch();
  p.params = state.params;
  p.launch = state.launch;
  p.block = state.block;
  p.warp = state.warp;
  p.trace = state.trace;
  p.instruction = state.instruction;
  const bool shared = state.current.access.space == Space::Shared;
  auto figure = exporting::figure_of(p, shared ? exporting::FigureView::BankMap : exporting::FigureView::SectorMap);
  if (!figure) {
    export_notice_ = "Export: " + figure.error().message;
    return;
  }
  const std::string base = fmt::format("warpscope-{}-{}-block{}_{}-warp{}-instr{}", state.kernel().name, figure->site,
                                       state.block.x, state.block.y, state.warp, state.instruction);
  bool ok = true;
  for (const auto& [ext, text] : {std::pair{".svg", shared ? exporting::bank_map_svg(*figure) : exporting::sector_map_svg(*figure)},
                                  std::pair{".csv", shared ? exporting::shared_csv(*figure) : exporting::global_csv(*figure)}}) {
    std::ofstream f(base + ext, std::ios::binary);
    f << text;
    ok = ok && static_cast<bool>(f.flush());
  }
  export_notice_ = ok ? fmt::format("Exported {}.svg and .csv", base) : fmt::format("Export: cannot write {}.svg", base);
}
void Workbench::draw_code(AppState& state) { code_.Draw(state); }

// Double-click on the title bar, or F while the pointer is over the panel.
void Workbench::toggle_maximise_on_request(const char* title) {
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 pos = ImGui::GetWindowPos();
  const bool over_title = ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows) &&
                          io.MousePos.y < pos.y + ImGui::GetFrameHeight();
  const bool key = !io.WantTextInput && ImGui::IsKeyPressed(GLFW_KEY_F, false) && !io.KeyCtrl &&
                   ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows);
  if ((over_title && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) || key)
    maximised_ = maximised_ == title ? std::string() : std::string(title);
}

// The kernel's parameters and the lessons share the top-left panel; opening a
// lesson step brings its tab forward.
void Workbench::draw_top_left(AppState& state) {
  if (!ImGui::BeginTabBar("top_left_tabs")) return;
  if (ImGui::BeginTabItem("Kernel")) {
    kernel_.Draw(state);
    ImGui::EndTabItem();
  }
  const char* title = lessons_.open() ? "Lesson###lesson" : "Lessons###lesson";
  if (ImGui::BeginTabItem(title, nullptr, select_if(lesson_tab_request_))) {
    lesson_panel_.Draw(state, lessons_);
    ImGui::EndTabItem();
  }
  lesson_tab_request_ = false;
  ImGui::EndTabBar();
}

void Workbench::draw_status_bar(AppState& state, float height) {
  ImGui::SetNextWindowPos(ImVec2(0, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(ImGui::GetIO().DisplaySize.x, height), ImGuiCond_Always);
  ImGui::Begin("##status", nullptr, kPanelFlags | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar);
  ImGui::Text("warpscope");
  ImGui::SameLine();
  ImGui::TextColored(palette::text_muted(), "|  %s  on  %s", std::string(state.kernel().name).c_str(),
                     std::string(state.arch().name).c_str());
  // Notices a teacher must not miss: what is simulated only, what is missing.
  std::string notice = state.timings.notice();
  if (!export_notice_.empty()) notice = export_notice_ + (notice.empty() ? "" : "  |  ") + notice;
  if (!state.view.font_warning.empty()) notice += (notice.empty() ? "" : "  |  ") + state.view.font_warning;
  if (!notice.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(palette::text_conflict(), "|  %s", notice.c_str());
  }
  const char* keys = "P presenter   F maximise panel   Ctrl+E export figure   F11 full screen   Ctrl +/- text size";
  // The keys only where they fit after the notice (at 1280 px a long notice leaves no room).
  const float keys_x = ImGui::GetWindowWidth() - ImGui::CalcTextSize(keys).x - 16;
  if (ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + 20 < keys_x) {
    ImGui::SameLine(keys_x);
    ImGui::TextColored(palette::text_muted(), "%s", keys);
  }
  ImGui::End();
}

void Workbench::draw_memory_tabs(AppState& state) {
  if (!ImGui::BeginTabBar("memory_tabs")) return;
  // While the student types in "Your variant", the tabs stay there: the variant's
  // instruction moving between shared and global must not pull them away.
  const bool follow = state.view.select_tabs && state.source == InstructionSource::Kernel && state.current.valid &&
                      !pattern_tab_open_;
  const bool shared = state.current.access.space == Space::Shared;
  const bool want_banks = memory_request_ ? *memory_request_ == MemoryTab::BankMap : follow && shared;
  const bool want_global = memory_request_ ? *memory_request_ == MemoryTab::GlobalMemory : follow && !shared;
  const bool want_variant = memory_request_ && *memory_request_ == MemoryTab::YourVariant;
  memory_request_.reset();
  bool pattern_open = false;
  if (ImGui::BeginTabItem("Bank map", nullptr, select_if(want_banks))) {
    bank_map_.Draw(state);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Global memory", nullptr, select_if(want_global))) {
    global_memory_.Draw(state);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Your variant", nullptr, select_if(want_variant))) {
    pattern_open = true;
    variant_.Draw(state, !pattern_tab_open_);
    ImGui::Separator();
    if (state.current.valid && state.current.access.space == Space::Shared) bank_map_.Draw(state);
    else if (state.current.valid) global_memory_.Draw(state);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
  // Leaving the tab returns every view to the kernel's instruction (a typed
  // variant stays the current kernel until another is picked).
  if (pattern_tab_open_ && !pattern_open) state.set_source(InstructionSource::Kernel);
  pattern_tab_open_ = pattern_open;
}

void Workbench::draw_detail_tabs(AppState& state) {
  if (!ImGui::BeginTabBar("detail_tabs")) return;
  const bool follow = state.view.select_tabs && state.current.valid && !detail_request_;
  const bool shared = state.current.access.space == Space::Shared;
  const bool want_shared = detail_request_ ? *detail_request_ == DetailTab::SharedArray : follow && shared;
  const bool want_blocks = detail_request_ ? *detail_request_ == DetailTab::Blocks : follow && !shared;
  if (ImGui::BeginTabItem("Shared array", nullptr, select_if(want_shared))) {
    shared_array_.Draw(state);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Blocks", nullptr, select_if(want_blocks))) {
    blocks_.Draw(state);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
  detail_request_.reset();
}

void Workbench::draw_results_tabs(AppState& state) {
  if (!ImGui::BeginTabBar("results_tabs")) return;
  // A variant's times come forward when one is first made (not at every keystroke).
  const bool new_variant = state.variant && !variant_shown_;
  variant_shown_ = state.variant != nullptr;
  if (new_variant && !results_request_) results_request_ = ResultsTab::Variant;
  const bool want_timings = results_request_ && *results_request_ == ResultsTab::Timings;
  const bool want_kernel = results_request_ && *results_request_ == ResultsTab::WholeKernel;
  const bool want_variant = results_request_ && *results_request_ == ResultsTab::Variant;
  if (ImGui::BeginTabItem("Timings", nullptr, select_if(want_timings))) {
    timings_.Draw(state);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Whole kernel", nullptr, select_if(want_kernel))) {
    whole_kernel_.Draw(state);
    ImGui::EndTabItem();
  }
  if (state.variant && ImGui::BeginTabItem("Your variant", nullptr, select_if(want_variant))) {
    variant_timings_.Draw(state);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
  results_request_.reset();
}

}  // namespace ws::gui
