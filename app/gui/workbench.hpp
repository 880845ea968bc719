// The workbench: every panel in a fixed layout computed from the window size
// (it reads at 1280 x 720 and re-flows on resize, font scale and full screen),
// the keyboard shortcuts, and the notices a class must see (no GPU, no font).
#pragma once

#include <optional>
#include <string>

#include "gui/app_state.hpp"
#include "gui/bank_map_panel.hpp"
#include "gui/clicker.hpp"
#include "gui/block_threads_panel.hpp"
#include "gui/blocks_panel.hpp"
#include "gui/code_panel.hpp"
#include "gui/global_memory_panel.hpp"
#include "gui/kernel_panel.hpp"
#include "gui/glossary_panel.hpp"
#include "gui/lesson_panel.hpp"
#include "gui/lesson_player.hpp"
#include "gui/shared_array_panel.hpp"
#include "gui/timings_panel.hpp"
#include "gui/variant_panel.hpp"
#include "gui/variant_timings_panel.hpp"
#include "gui/warp_stepper_panel.hpp"
#include "gui/whole_kernel_panel.hpp"
#include "gui/workbench_layout.hpp"
#include "slides/slide.hpp"

namespace ws::gui {

enum class MemoryTab : std::uint8_t { BankMap, GlobalMemory, YourVariant };
enum class DetailTab : std::uint8_t { SharedArray, Blocks, Threads };
enum class ResultsTab : std::uint8_t { Timings, WholeKernel, Variant };

class Workbench {
 public:
  void Draw(AppState& state);  // one frame's windows
  void handle_shortcuts(AppState& state);
  // One key of the clicker table (clicker.hpp), as a press in the window would
  // act; `screenshot --press` replays presses through it.
  void apply_clicker(const ClickerPress& press, AppState& state);
  void press_key(int glfw_key, AppState& state);
  // Ctrl+L or the status bar's "Copy link": what is on screen as a link
  // (browser.hpp: the page's address, or `warpscope --open '...'`) on the
  // clipboard, and said in the status bar. Returns the link.
  std::string copy_link(const AppState& state);
  bool blanked() const { return blank_; }
  bool contents_open() const { return contents_open_; }

  // Screenshots pick tabs explicitly; otherwise they follow the instruction.
  void show_results(ResultsTab t) { results_request_ = t; }
  void show_detail(DetailTab t) { detail_request_ = t; }
  void show_memory(MemoryTab t) { memory_request_ = t; }
  const BankMapPanel& bank_map() const { return bank_map_; }
  const GlobalMemoryPanel& global_memory() const { return global_memory_; }
  // Lessons (lesson_player.hpp); a step's view picks the tabs, or the presenter's figure.
  LessonPlayer& lessons() { return lessons_; }
  const LessonPlayer& lessons() const { return lessons_; }
  // The figure presenter mode shows: the lesson step's view, else the instruction's space.
  lessons::View presenter_view(const AppState& state) const;
  // Presenter mode shows this figure, without the text column (export --format png).
  void show_figure_only(lessons::View v) { figure_only_ = v; }
  const std::optional<lessons::View>& figure_only() const { return figure_only_; }
  // The normal layout: one panel fills the window until toggled again (F, a
  // double-click on its title, its title-bar button; Esc restores), and the
  // splitters' positions. layout() is the last frame's panel rects.
  void toggle_maximised(PanelId id);
  std::optional<PanelId> maximised() const { return maximised_; }
  void set_splits(const PanelSplits& s) { splits_ = s; }
  const WorkbenchLayout& layout() const { return layout_; }
  const CodePanel& code() const { return code_; }
  const WholeKernelPanel& whole_kernel() const { return whole_kernel_; }

 private:
  void draw_status_bar(AppState& state, float height);
  void draw_memory_tabs(AppState& state);
  void draw_detail_tabs(AppState& state);
  void draw_results_tabs(AppState& state);
  void draw_top_left(AppState& state);
  void draw_stepper(AppState& state);
  void draw_code(AppState& state);
  void toggle_maximise_on_request(PanelId id);
  void draw_splitters(float width, float height);
  void export_current_figure(AppState& state);
  std::string export_notice_;  // what Ctrl+E wrote or Ctrl+L copied, shown in the status bar
  std::optional<PanelId> maximised_;  // the panel that fills the window; none: the six-panel layout
  PanelSplits splits_;                // what the splitters were dragged to (this session only)
  WorkbenchLayout layout_;            // last frame's panel rects
  void handle_lesson_keys(AppState& state);
  // The deck's controls (deck_controls.cpp): blank screen, table of contents.
  void draw_blank();
  void draw_contents(AppState& state);
  GlossaryPanel glossary_;  // G (glossary_panel.hpp)
  bool blank_ = false;
  bool contents_open_ = false;
  int contents_cursor_ = 0;
  void apply_view_request(AppState& state);
  // Presenter mode (presenter_layout.cpp): one figure, the lesson text beside it.
  void draw_presenter(AppState& state);
  // Presenter mode in a lesson (slide_show.cpp): the step's slide (slides/), not the panels.
  void draw_slide_show(AppState& state);
  void draw_key_help(ImVec2 display);
  // The slide show on a portrait screen (phone_slides.cpp): title, figure, text, buttons, one column.
  void draw_phone_slide(AppState& state, lessons::ResolvedStep* r);
  std::optional<slides::Slide> slide_;
  std::string slide_key_;
  float reveal_t_ = 1;       // 0..1 while the reveal moves the lanes into their banks
  std::string reveal_of_;    // the step whose reveal reveal_t_ follows
  bool key_help_ = false;    // H or ?: the keys, on demand
  // The step's what-ifs (lessons::Toggle): the options chosen, and the step they
  // make, resolved (synchronously: a what-if names a single warp's facts).
  std::vector<int> toggles_;
  std::string toggles_of_;
  std::optional<lessons::Step> toggled_step_;
  std::optional<lessons::ResolvedStep> toggled_resolved_;
  std::string toggled_error_;
  void cycle_toggle(int index);
  // The deck's own slides and the position at the slide's top right ("Lesson 3 · 2 of 4").
  std::string deck_slide_position() const;
  slides::Slide deck_title_slide() const;
  slides::Slide deck_recap_slide(lessons::ResolvedStep& resolved) const;
  void draw_presenter_figure(AppState& state, lessons::View view);
  void draw_presenter_text(AppState& state, float text_scale);
  // The question's "? wavefronts" / answer, large, in a strip under the presenter's figure.
  void draw_answer_callout(const AppState& state, ImVec2 at, ImVec2 size);
  // Whether the question's reveal changes the figure by itself (a map's rows split).
  bool figure_shows_answer(const AppState& state, const lessons::Concealment& question) const;

  KernelPanel kernel_;
  WarpStepperPanel stepper_;
  BankMapPanel bank_map_;
  GlobalMemoryPanel global_memory_;
  VariantPanel variant_;
  VariantTimingsPanel variant_timings_;
  bool variant_shown_ = false;  // a variant was current last frame: its results tab came forward once
  SharedArrayPanel shared_array_;
  BlocksPanel blocks_;
  BlockThreadsPanel block_threads_;
  CodePanel code_;
  TimingsPanel timings_;
  WholeKernelPanel whole_kernel_;
  LessonPlayer lessons_;
  LessonPanel lesson_panel_;
  std::optional<lessons::View> step_view_;       // the open step's view
  std::optional<MemoryTab> memory_request_;      // set by a step's view, consumed by the tabs
  bool lesson_tab_request_ = false;
  std::optional<lessons::View> figure_only_;
  bool figure_fills_ = false;  // presenter mode, F: the figure alone, the whole window
  bool pattern_tab_open_ = false;
  std::optional<ResultsTab> results_request_;
  std::optional<DetailTab> detail_request_;
};

}  // namespace ws::gui
