#include "gui/session.hpp"

#include <algorithm>
#include <chrono>
#include <iostream>

#include <fmt/format.h>
#include <imgui.h>

#include "gui/background.hpp"
#include "gui/view_state.hpp"

namespace ws::gui {

void build_frame(GlWindow& window, Workbench& bench, AppState& state, double dt_seconds) {
  window.begin_frame(state);
  // Background work shares each frame's slice (background.hpp) in this order:
  // what the class waits for first (the lesson step on screen), then the
  // whole-kernel view, then the predictions that fill the timings table.
  bench.lessons().poll();
  state.tick(dt_seconds);
  // The predictions of the recorded set come last, within the filler's deadline.
  const SliceClock::time_point frame_deadline = slice_deadline();
  slice_deadline() = std::min(frame_deadline, filler_deadline());
  state.timings.poll();
  slice_deadline() = frame_deadline;
  bench.Draw(state);
}

bool open_start(const LessonStart& start, Workbench& bench, AppState& state, std::string* error) {
  LessonPlayer& player = bench.lessons();
  if (start.student_file) {
    // Opened before the first frame; what fails is shown in the Kernel panel, the window stays.
    state.student_file = *start.student_file;
    state.open_student_file();
    return true;
  }
  if (!start.view_state.empty()) {
    if (auto bad = apply_view_state(start.view_state, state, player)) {
      *error = "--open: " + *bad;
      return false;
    }
    return true;
  }
  if (!start.deck.empty() && !player.use_deck(start.deck)) {
    *error = "--deck: " + player.deck_error();
    return false;
  }
  std::string lesson = start.lesson;
  if (start.deck_position) {
    if (!player.open_at(*start.deck_position, state)) {
      *error = "the deck has no such slide";
      return false;
    }
    return true;
  }
  if (lesson.empty() && !start.deck.empty()) {
    player.open_deck_start(state);  // the title slide where the deck has one
    return true;
  }
  if (lesson.empty()) return true;
  if (!player.start(lesson, start.step - 1, state)) {
    *error = fmt::format("no lesson '{}'", lesson);
    return false;
  }
  return true;
}

int run_window(const WindowOptions& o, const LessonStart& start) {
  if (std::string p = display_problem(); !p.empty()) {
    std::cerr << "warpscope: " << p << "\n";
    return 1;
  }
  AppState state;
  std::string error;
  auto window = GlWindow::open(o, state, &error);
  if (!window) {
    std::cerr << "warpscope: " << error << "\n";
    return 1;
  }
  Workbench bench;
  bench.lessons().resolve_in_background(true);
  state.view.presenter = start.present;
  if (!open_start(start, bench, state, &error)) {
    std::cerr << "warpscope: " << error << "\n";
    return 2;
  }
  auto last = std::chrono::steady_clock::now();
  while (!window->should_close()) {
    const bool moving = state.playback.playing || state.view.animating_blocks || state.view.animating_reveal ||
                        state.whole_kernel.busy() || bench.lessons().resolving() ||
                        state.timings.live_running() || state.variant_jobs.running() ||
                        state.variant_jobs.predicting() ||
                        !state.timings.predictions_ready();
    window->wait_events(moving);
    const auto now = std::chrono::steady_clock::now();
    build_frame(*window, bench, state, std::chrono::duration<double>(now - last).count());
    last = now;
    window->end_frame();
    if (std::string gl = window->take_gl_errors(); !gl.empty()) std::cerr << "warpscope: GL error " << gl << "\n";
  }
  return 0;
}

std::optional<std::string> check_image_size(int w, int h) {
  if (w < 320 || h < 240 || w > kMaxImageSide || h > kMaxImageSide ||
      static_cast<long long>(w) * h > kMaxImagePixels)
    return fmt::format("{}x{} is outside 320x240 .. 3840x2160 (either way round)", w, h);
  return std::nullopt;
}

bool render_screenshot(AppState& state, const ScreenshotPlan& plan, Image& img, std::string* error,
                       std::string* slide, std::string* view_state) {
  WindowOptions o;
  o.width = plan.width;
  o.height = plan.height;
  o.visible = false;
  o.font_scale = plan.font_scale;
  auto window = GlWindow::open(o, state, error);
  if (!window) return false;
  if (plan.live_bench) {
    if (state.timings.gpu != GpuStatus::Present) {
      *error = fmt::format("--live-bench: no GPU here ({})", state.timings.gpu_reason);
      return false;
    }
    state.timings.start_live_bench();
    state.timings.wait_live_bench();
  }
  if (plan.variant_run) {
    if (!state.variant) {
      *error = "--variant-run: give --variant-layout or --variant-pattern";
      return false;
    }
    if (state.timings.gpu != GpuStatus::Present) {
      *error = fmt::format("--variant-run: no GPU here ({})", state.timings.gpu_reason);
      return false;
    }
    state.variant_jobs.start_run(state.variant);
    state.variant_jobs.wait_run();
    if (const VariantRunOutcome* ran = state.variant_jobs.run_of(*state.variant); ran && !ran->error.empty()) {
      *error = "--variant-run: " + ran->error;
      return false;
    }
  }
  Workbench bench;
  state.view.animate_reveal = false;  // a picture of the revealed state, not of its first frame
  state.view.presenter = plan.lesson.present || plan.figure_only.has_value();
  if (plan.figure_only) bench.show_figure_only(*plan.figure_only);
  if (!plan.lesson.lesson.empty() || !plan.lesson.deck.empty() || !plan.lesson.view_state.empty()) {
    if (!open_start(plan.lesson, bench, state, error)) return false;
    if (!bench.lessons().error().empty()) {
      *error = bench.lessons().error();
      return false;
    }
    if (plan.reveal) bench.lessons().reveal(state);
    // The presses act as in the window, each on the state the last one left.
    for (int key : plan.presses) {
      bench.press_key(key, state);
      if (!bench.lessons().error().empty()) {
        *error = bench.lessons().error();
        return false;
      }
    }
  }
  state.whole_kernel.wait();
  // The predictions the picture shows: the current kernel's and its pairs' (and
  // a lesson step's compare configurations'); all of them only in the comparison window.
  if (state.timings.comparison_open) {
    state.timings.wait_predictions();
  } else {
    std::vector<const Measurement*> shown = state.timings.entries_beside(state.kernel().name, state.params);
    if (const lessons::Step* step = bench.lessons().open() ? bench.lessons().current_step() : nullptr)
      for (const auto& [name, config] : step->compare)
        for (const Measurement* m : state.timings.entries_beside(config.kernel, config.params)) shown.push_back(m);
    state.timings.predict_only(shown);
  }
  state.wait_variant_predictions();
  // Tabs and scroll positions settle over a few frames (ImGui applies them on the next one).
  constexpr int kFrames = 4;
  for (int f = 0; f < kFrames; ++f) {
    if (plan.results) bench.show_results(*plan.results);
    if (plan.detail) bench.show_detail(*plan.detail);
    if (plan.memory && f == 0) bench.show_memory(*plan.memory);
    build_frame(*window, bench, state, 1.0 / 60);
    if (f + 1 < kFrames) {
      window->end_frame();
    } else if (!window->end_frame_offscreen(img, error)) {
      return false;
    }
  }
  if (std::string gl = window->take_gl_errors(); !gl.empty()) {
    *error = "OpenGL error " + gl;
    return false;
  }
  if (view_state) *view_state = encode_view_state(state, bench.lessons());
  if (slide && bench.lessons().open()) {
    const LessonPlayer& p = bench.lessons();
    *slide = lesson_position(p) +
             (!p.current_step()->question ? "" : p.revealed ? ", answer shown" : ", question") +
             (bench.blanked() ? ", screen blanked" : "") + (bench.contents_open() ? ", contents open" : "");
  }
  // A blanked screen is black on purpose (B on the clicker).
  if (is_uniform(img) && !bench.blanked()) {
    *error = "the rendered frame is one colour: nothing was drawn";
    return false;
  }
  return true;
}

}  // namespace ws::gui
