// Workbench: the six panels (rects from workbench_layout.hpp: Code a third of
// the width, splitters between them, one maximised), tabs that follow the
// instruction, keys.
//
//   +---------------- status bar: kernel, notices, keys -----------------+
//   | Kernel &    | Bank map / Global memory /    | Code                 |
//   | parameters  | Your variant                  |                      |
//   |-------------|-------------------------------|----------------------|
//   | Warp        | Shared array / Blocks         | Timings /            |
//   | stepper     |                               | Whole kernel /       |
//   |             |                               | Your variant         |
//   +--------------------------------------------------------------------+
#include "gui/clicker.hpp"
#include "gui/workbench.hpp"

#include "gui/browser.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <sstream>
#include <cmath>

#include <fmt/format.h>

#include <string>

#include "export/figure_export.hpp"
#include "gui/backdrop.hpp"
#include "gui/canvas.hpp"
#include "gui/palette.hpp"
#include "gui/view_state.hpp"
#include "gui/workbench_layout.hpp"
#include "ws/kernels/input_file.hpp"

namespace ws::gui {
namespace {

constexpr ImGuiWindowFlags kPanelFlags =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

// A panel of the tiled layout: square-cornered, with its background a backdrop
// (gui/backdrop.hpp) the frame clears to, not a rectangle of triangles.
bool begin_panel(const char* title, ImVec2 pos, ImVec2 size, ImGuiWindowFlags extra = 0) {
  ImGui::SetNextWindowPos(pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(size, ImGuiCond_Always);
  return backdrop::begin_tile(title, kPanelFlags | extra);
}

ImGuiTabItemFlags select_if(bool b) { return b ? ImGuiTabItemFlags_SetSelected : 0; }

// The sentences of the lesson slide on screen, as the class reads them (the
// answer's only after the reveal): the glossary lists the terms they use.
std::string slide_sentences(const LessonPlayer& p) {
  const lessons::Step* step = p.current_step();
  if (!step) return {};
  std::string s = step->title;
  if (const lessons::ResolvedStep* r = p.resolved()) {
    s += "\n" + r->shown_text(p.revealed);
    if (r->question) {
      s += "\n" + (p.revealed ? r->question->prompt : r->question->prompt_before_reveal);
      if (p.revealed) s += "\n" + r->question->reveal;
    }
  }
  return s;
}

}  // namespace

void Workbench::handle_shortcuts(AppState& state) {
  const ImGuiIO& io = ImGui::GetIO();
  // F11 and font size work everywhere; stepping keys not while typing in a field.
  if (ImGui::IsKeyPressed(GLFW_KEY_F11, false)) state.view.fullscreen = !state.view.fullscreen;
  if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_E, false)) export_current_figure(state);
  if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_L, false)) copy_link(state);
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
  if (ImGui::IsKeyPressed(GLFW_KEY_G, false) && !io.KeyCtrl) state.view.glossary_open = !state.view.glossary_open;
  handle_lesson_keys(state);
  // With an own pattern shown, the kernel's cursor is hidden: the keys must not move it.
  if (!state.ready() || state.source == InstructionSource::Pattern) return;
  // Shift: a barrier interval at a time (a tiled matmul's phase holds two). In a lesson
  // Left/Right are the clicker's: Ctrl+Left/Right step the instruction there.
  const bool arrow_keys = !lessons_.open() || io.KeyCtrl || io.KeyShift;
  for (const auto& [key, delta] : {std::pair{ImGuiKey_LeftArrow, -1}, std::pair{ImGuiKey_RightArrow, 1}}) {
    if (!arrow_keys || !ImGui::IsKeyPressed(ImGui::GetKeyIndex(key))) continue;
    if (io.KeyShift) state.step_phase(delta);
    else state.step_instruction(delta);
  }
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow))) state.step_warp(-1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow))) state.step_warp(1);
  // In a lesson PgUp/PgDn step the lesson (a presenter's clicker sends them); Shift moves the block.
  const bool block_keys = !lessons_.open() || io.KeyShift;
  if (block_keys && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageUp))) state.step_block(-1);
  if (block_keys && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageDown))) state.step_block(1);
  if (!lessons_.open() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false))
    state.playback.playing = !state.playback.playing;
}

void Workbench::handle_lesson_keys(AppState& state) {
  const ImGuiIO& io = ImGui::GetIO();
  // Outside a lesson only the presenter keys are the clicker's (PgDn moves the block).
  for (int key : {GLFW_KEY_P, GLFW_KEY_ESCAPE, GLFW_KEY_F5})
    if (ImGui::IsKeyPressed(key, false))
      if (auto press = clicker_press(key, io.KeyCtrl)) apply_clicker(*press, state);
  if (!lessons_.open() || io.KeyShift) return;
  // Each key acts once a press: a clicker held down must not race through the deck.
  for (int key : {GLFW_KEY_PAGE_DOWN, GLFW_KEY_PAGE_UP, GLFW_KEY_RIGHT, GLFW_KEY_LEFT, GLFW_KEY_SPACE,
                  GLFW_KEY_BACKSPACE, GLFW_KEY_ENTER, GLFW_KEY_KP_ENTER, GLFW_KEY_B, GLFW_KEY_PERIOD, GLFW_KEY_T,
                  GLFW_KEY_HOME, GLFW_KEY_1, GLFW_KEY_2, GLFW_KEY_3, GLFW_KEY_4, GLFW_KEY_5, GLFW_KEY_6, GLFW_KEY_7,
                  GLFW_KEY_8, GLFW_KEY_9})
    if (ImGui::IsKeyPressed(key, false))
      if (auto press = clicker_press(key, io.KeyCtrl)) apply_clicker(*press, state);
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
    case lessons::View::Threads: detail_request_ = DetailTab::Threads; break;
  }
}

void Workbench::Draw(AppState& state) {
  state.view.animating_blocks = false;  // the Blocks panel sets it again while it is drawn and running
  palette::set_colour_warp_lanes(state.arch().warp_lanes);
  handle_shortcuts(state);
  apply_view_request(state);
  if (blank_) return draw_blank();
  glossary_.Draw(state, slide_sentences(lessons_));  // G: over whatever the window shows
  if (contents_open_) draw_contents(state);
  // Lane numbers: bold, up to 1.25x the text size where the chips allow it; in presenter
  // mode 2.6x (a one- or two-row map: digits 24 px and more, canvas::fit_lane_number()).
  canvas::set_lane_number_style(state.view.figure, ImGui::GetFontSize() * (state.view.presenter ? 2.6f : 1.25f));
  if (state.view.presenter) {
    draw_presenter(state);
    state.view.select_tabs = false;
    return;
  }
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float bar = ImGui::GetFrameHeight() + ImGui::GetStyle().WindowPadding.y * 2;
  draw_status_bar(state, bar);

  // A maximised panel takes the whole area under the status bar (double-click
  // its title, its title-bar button, or F over it; Esc or F again restores): at
  // 1280 x 720 a table or a 32-row map that the six-panel layout cuts off shows whole.
  struct Panel {
    PanelId id;
    const char* title;
    void (Workbench::*draw)(AppState&);
  };
  static constexpr Panel panels[] = {
      {PanelId::KernelLessons, "Kernel & lessons", &Workbench::draw_top_left},
      {PanelId::Stepper, "Warp stepper", &Workbench::draw_stepper},
      {PanelId::Memory, "Memory", &Workbench::draw_memory_tabs},
      {PanelId::Detail, "Detail", &Workbench::draw_detail_tabs},
      {PanelId::Code, "Code", &Workbench::draw_code},
      {PanelId::Results, "Results", &Workbench::draw_results_tabs},
  };
  if (ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) maximised_.reset();
  layout_ = layout_workbench(d.x, d.y, bar, ImGui::GetFontSize(), splits_,
                             maximised_ ? static_cast<int>(*maximised_) : -1);
  for (const Panel& p : panels) {
    if (maximised_ && *maximised_ != p.id) continue;
    const PanelRect& r = layout_[p.id];
    if (begin_panel(p.title, ImVec2(r.x, r.y), ImVec2(r.w, r.h))) {
      toggle_maximise_on_request(p.id);
      (this->*p.draw)(state);
    }
    ImGui::End();
  }
  if (!maximised_) draw_splitters(d.x, d.y - bar);
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
  std::string failure;
  for (const auto& [ext, text] : {std::pair{".svg", shared ? exporting::bank_map_svg(*figure, state.view.conceal)
                                                                  : exporting::sector_map_svg(*figure, state.view.conceal)},
                                  std::pair{".csv", shared ? exporting::shared_csv(*figure) : exporting::global_csv(*figure)}}) {
    // Names of ours in the working folder: a link planted at one is refused, not followed (issue 37).
    if (auto written = kernels::write_chosen_file(base + ext, text); !written && ok) {
      ok = false;
      failure = fmt::format("{}{}: {}", base, ext, written.error().message);
    }
  }
  // In a browser the files land in the page's memory: hand them over as downloads.
  if (ok && in_browser() && !(offer_download(base + ".svg", "image/svg+xml") && offer_download(base + ".csv", "text/csv")))
    failure = "the browser refused the download";
  export_notice_ = failure.empty() ? fmt::format("Exported {}.svg and .csv", base) : "Export: cannot write " + failure;
}
std::string Workbench::copy_link(const AppState& state) {
  if (state.student) {
    // A link never carries source to compile: for a student's own file, the command that opens it.
    const StudentFileEditor& f = state.student_file;
    std::string command = fmt::format("warpscope kernel '{}' --grid {} --block {}", f.path, f.grid, f.block);
    std::stringstream args(f.args), sizes(f.sizes);
    for (std::string a; args >> a;) command += " --arg " + a;
    for (std::string a; sizes >> a;) command += " --size " + a;
    if (!f.entry.empty()) command += fmt::format(" --entry '{}'", f.entry);
    if (f.dynamic_smem) command += fmt::format(" --dynamic-smem {}", f.dynamic_smem);
    command += " --window";
    export_notice_ = copy_to_clipboard(command) ? "Command copied: " + command : "Copy: refused; " + command;
    return command;
  }
  const std::string link = shareable_link(encode_view_state(state, lessons_));
  export_notice_ = copy_to_clipboard(link) ? "Link copied: " + link : "Copy link: the browser refused; " + link;
  return link;
}

void Workbench::draw_code(AppState& state) { code_.Draw(state); }

// Double-click on the title bar, its button at the title's right, or F while
// the pointer is over the panel.
void Workbench::toggle_maximise_on_request(PanelId id) {
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 pos = ImGui::GetWindowPos();
  const float title_h = ImGui::GetFrameHeight();
  const bool hovered = ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows);
  const bool over_title = hovered && io.MousePos.y < pos.y + title_h;
  const bool key = !io.WantTextInput && ImGui::IsKeyPressed(GLFW_KEY_F, false) && !io.KeyCtrl && hovered;
  // The button: a square (two, to restore) drawn in the title bar. The title bar
  // is the window's own, so its hover and click are read by hand, not through an item.
  const float side = title_h * 0.5f;
  const ImVec2 c(pos.x + ImGui::GetWindowWidth() - title_h * 0.75f, pos.y + title_h * 0.5f);
  const ImVec2 mn(c.x - side / 2, c.y - side / 2), mx(c.x + side / 2, c.y + side / 2);
  const bool over_button =
      hovered && ImGui::IsMouseHoveringRect(ImVec2(mn.x - 4, pos.y), ImVec2(mx.x + 4, pos.y + title_h), false);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(pos, ImVec2(pos.x + ImGui::GetWindowWidth(), pos.y + title_h));
  const ImU32 ink = over_button ? palette::kAccent : ImGui::GetColorU32(ImGuiCol_Text);
  if (maximised_ == id) {
    const float o = side * 0.3f;
    dl->AddRect(ImVec2(mn.x + o, mn.y - o), ImVec2(mx.x + o, mx.y - o), ink, 0, 0, 1.5f);
    dl->AddRectFilled(mn, mx, ImGui::GetColorU32(ImGuiCol_TitleBgActive));
  }
  dl->AddRect(mn, mx, ink, 0, 0, 1.5f);
  dl->PopClipRect();
  if (over_button) ImGui::SetTooltip(maximised_ == id ? "Restore the six panels (Esc)" : "Maximise this panel (F)");
  const bool clicked = over_button && ImGui::IsMouseClicked(ImGuiMouseButton_Left);
  if ((over_title && !over_button && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) || key || clicked)
    toggle_maximised(id);
}

void Workbench::toggle_maximised(PanelId id) {
  if (maximised_ == id) maximised_.reset();
  else maximised_ = id;
}

// Splitters: thin borderless windows over the borders between panels, dragged
// with the mouse (a double-click puts one back where the automatic layout has
// it). Kept for the session only.
void Workbench::draw_splitters(float width, float height) {
  const WorkbenchLayout& L = layout_;
  const float top = layout_[PanelId::KernelLessons].y, t = 8.0f;
  struct Splitter {
    const char* id;
    ImVec2 pos, size;
    bool vertical;  // a vertical bar: drags a column width
    float* value;   // the fraction it sets
    float start, sign, extent;  // the size now (px), +1 or -1 with the mouse, what it is a fraction of
  };
  Splitter bars[] = {
      {"##split_left", ImVec2(L.left_w - t / 2, top), ImVec2(t, height), true, &splits_.left, L.left_w, 1, width},
      {"##split_right", ImVec2(L.left_w + L.mid_w - t / 2, top), ImVec2(t, height), true, &splits_.right, L.right_w,
       -1, width},
      {"##split_left_row", ImVec2(0, top + L.left_row - t / 2), ImVec2(L.left_w - t / 2, t), false,
       &splits_.left_row, L.left_row, 1, height},
      {"##split_mid_row", ImVec2(L.left_w + t / 2, top + L.mid_row - t / 2), ImVec2(L.mid_w - t, t), false,
       &splits_.mid_row, L.mid_row, 1, height},
      {"##split_right_row", ImVec2(L.left_w + L.mid_w + t / 2, top + L.right_row - t / 2),
       ImVec2(L.right_w - t / 2, t), false, &splits_.right_row, L.right_row, 1, height},
  };
  constexpr ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                     ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  for (Splitter& b : bars) {
    ImGui::SetNextWindowPos(b.pos, ImGuiCond_Always);
    ImGui::SetNextWindowSize(b.size, ImGuiCond_Always);
    ImGui::Begin(b.id, nullptr, flags);
    ImGui::InvisibleButton("bar", b.size);
    const bool active = ImGui::IsItemActive(), hovered = ImGui::IsItemHovered();
    if (hovered || active) {
      ImGui::SetMouseCursor(b.vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
      ImGui::GetWindowDrawList()->AddRectFilled(b.pos, ImVec2(b.pos.x + b.size.x, b.pos.y + b.size.y),
                                                palette::rgb(0, 114, 178, active ? 140 : 70));
    }
    if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
      *b.value = -1;
    } else if (active) {
      const ImVec2 delta = ImGui::GetIO().MouseDelta;
      const float moved = b.vertical ? delta.x : delta.y;
      if (moved != 0) *b.value = (b.start + b.sign * moved) / b.extent;
    }
    ImGui::End();
  }
  ImGui::PopStyleVar(3);
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
  begin_panel("##status", ImVec2(0, 0), ImVec2(ImGui::GetIO().DisplaySize.x, height),
              ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar);
  // Back to the slides of the open lesson (P); first in the bar, so that a
  // phone's narrow window, which cuts the bar's end, shows it.
  if (lessons_.open()) {
    if (ImGui::SmallButton("Slides")) state.view.presenter = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The lesson's slides, as the class sees them (P)");
    ImGui::SameLine();
  }
  ImGui::Text("warpscope");
  ImGui::SameLine();
  ImGui::TextColored(palette::text_muted(), "|  %s  on  %s", std::string(state.kernel().name).c_str(),
                     std::string(state.arch().name).c_str());
  ImGui::SameLine();
  if (ImGui::SmallButton("Copy link")) copy_link(state);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(in_browser() ? "This page's address with what is on screen (Ctrl+L)"
                                   : "The command that opens what is on screen: warpscope --open '...' (Ctrl+L)");
  // Notices a teacher must not miss: what is simulated only, what is missing.
  std::string notice = state.timings.notice();
  if (!export_notice_.empty()) notice = export_notice_ + (notice.empty() ? "" : "  |  ") + notice;
  if (!state.view.font_warning.empty()) notice += (notice.empty() ? "" : "  |  ") + state.view.font_warning;
  if (!state.view.state_error.empty()) notice = "Link not opened: " + state.view.state_error + (notice.empty() ? "" : "  |  ") + notice;
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
  if (ImGui::BeginTabItem("Threads", nullptr, select_if(detail_request_ == DetailTab::Threads))) {
    block_threads_.Draw(state);
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
