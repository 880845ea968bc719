// Entry points of the window: the interactive loop (bare `warpscope`) and one
// rendered frame written to a PNG (`warpscope screenshot`, tests, slides).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gui/app_state.hpp"
#include "gui/gl_window.hpp"
#include "gui/workbench.hpp"

namespace ws::gui {

// What the window opens on: a lesson at a step (from 1), in presenter mode.
struct LessonStart {
  std::string lesson;  // empty: no lesson (the deck's first one when a deck is named)
  int step = 1;
  bool present = false;
  std::string deck;    // NAME or FILE (lessons/deck.hpp); empty: the default deck
  // A view-state string (view_state.hpp, `--open`): the whole state, instead of the fields above.
  std::string view_state;
  // A slide of the deck itself (its title slide, a press of its recap), for `export --deck`.
  std::optional<lessons::DeckPosition> deck_position;
  // A student's own .cu file to open (`warpscope kernel FILE --window`), instead of a lesson.
  std::optional<StudentFileEditor> student_file;
};

// Opens the start's deck and lesson in `bench` (the deck's first lesson when
// only a deck is named); the error says what could not be opened.
bool open_start(const LessonStart& start, Workbench& bench, AppState& state, std::string* error);

// Opens the window and runs until it is closed. Returns the process exit code;
// without a display, prints why and returns non-zero.
int run_window(const WindowOptions& o, const LessonStart& start = {});

// One frame: poll jobs, lay out every panel. Shared by the loop, screenshots,
// tests and the frame benchmark so that they measure the same work.
void build_frame(GlWindow& window, Workbench& bench, AppState& state, double dt_seconds);

struct ScreenshotPlan {
  int width = 1600, height = 900;
  float font_scale = 1.0f;
  bool live_bench = false;            // time the catalog on this GPU first
  bool variant_run = false;           // run the variant on this GPU first (Your variant's Run on GPU)
  std::optional<ResultsTab> results;  // Timings or Whole kernel
  std::optional<DetailTab> detail;    // Shared array or Blocks
  std::optional<MemoryTab> memory;    // Your variant (the others follow the instruction)
  LessonStart lesson;                 // a lesson step (its state replaces the kernel's)
  bool reveal = false;                // the step's answer shown
  std::vector<int> presses;           // GLFW keys replayed through the clicker table (clicker.hpp)
  std::optional<lessons::View> figure_only;  // presenter mode with this figure and no text (export)
};

// Renders `state` in a hidden window into `out` (write_png() saves it). Waits
// for the whole-kernel report and the predictions (and the bench when asked) so
// the picture is complete. Fails on a GL error or an image of one colour.
// `slide`, when given, receives where the lesson stands after the presses
// ("Lesson 3: ... - step 1 of 4, question"; "blank"; "contents"), empty without one.
// `view_state`, when given, receives the frame's view-state string (view_state.hpp).
bool render_screenshot(AppState& state, const ScreenshotPlan& plan, Image& out, std::string* error,
                       std::string* slide = nullptr, std::string* view_state = nullptr);

// Screenshot and PNG export sizes: from 320 x 240 to 3840 x 2160 (4K, a
// projector's largest), either way round. 8192 x 8192 took 1.2 GB and 17 s
// (three copies of 256 MB of pixels: the GL buffer, the read-back, the PNG
// rows); within 4K a screenshot stays within 300 MB (docs/performance.md).
// Why not, or nothing.
inline constexpr int kMaxImageSide = 3840, kMaxImagePixels = 3840 * 2160;
std::optional<std::string> check_image_size(int width, int height);

}  // namespace ws::gui
