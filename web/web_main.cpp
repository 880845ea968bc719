// The web page's main (web/CMakeLists.txt): the window of app/gui in the page's
// canvas, one frame per browser animation frame (emscripten_set_main_loop_arg)
// instead of the native loop of session.cpp. The same build_frame() draws it;
// background work (whole-kernel report, predictions) advances in slices inside
// the frames, since the page has no threads (gui/sliced_job.hpp).
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>

#include "gui/background.hpp"
#include "gui/session.hpp"
#include "gui/view_state.hpp"
#include "web_page.hpp"

namespace {

using namespace ws::gui;

constexpr int kPhoneWidth = 600;  // CSS pixels

struct Page {
  AppState state;
  std::unique_ptr<GlWindow> window;
  Workbench bench;
  double last_ms = 0;
  long frames = 0;
  double last_cpu_ms = 0;  // the last frame's own time
  web::LinkSync link;
};

// The canvas fills the browser's window (shell.html); the GL window follows its
// CSS size times the screen's devicePixelRatio, so a high-DPI screen gets a
// canvas of its own pixels (the browser maps the mouse onto them), and the
// window's fonts and spacing grow by the same ratio (ViewPrefs::pixel_ratio).
// True when it changed.
bool follow_canvas_size(GLFWwindow* w, AppState& state) {
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  const float ratio = std::clamp(static_cast<float>(emscripten_get_device_pixel_ratio()), 1.0f, 4.0f);
  bool changed = false;
  if (ratio != state.view.pixel_ratio) {
    state.view.pixel_ratio = ratio;
    state.view.font_reload = true;
    changed = true;
  }
  int gw = 0, gh = 0;
  glfwGetWindowSize(w, &gw, &gh);
  const int want_w = std::max(320, static_cast<int>(css_w * ratio + 0.5)),
            want_h = std::max(240, static_cast<int>(css_h * ratio + 0.5));
  if (want_w == gw && want_h == gh) return changed;
  web::set_canvas_size(want_w, want_h);
  return true;
}

// Something moves on screen or is computed: as the native loop (session.cpp) has it.
bool moving(const Page& p) {
  const AppState& state = p.state;
  return p.bench.lessons().resolving() || state.playback.playing || state.view.animating_blocks || state.view.animating_reveal ||
         state.whole_kernel.busy() || state.timings.live_running() || state.variant_jobs.running() ||
         state.variant_jobs.predicting() || !state.timings.predictions_ready();
}

// The frame-time baseline (web-test.sh): Dear ImGui's demo window filling the
// canvas, drawn by this same build, every frame.
void draw_demo_baseline(Page& p, double now) {
  p.window->begin_frame(p.state);
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
  ImGui::ShowDemoWindow();
  p.window->end_frame();
  p.last_ms = now;
  p.last_cpu_ms = emscripten_get_now() - now;
  web::frame_done(p.last_cpu_ms);
}

void frame(void* arg) {
  Page& p = *static_cast<Page*>(arg);
  web::tick();
  const bool resized = glfwGetCurrentContext() && follow_canvas_size(glfwGetCurrentContext(), p.state);
  if (web::demo_baseline()) return draw_demo_baseline(p, emscripten_get_now());
  const bool linked = p.link.before_frame(p.state, p.bench);
  const double now = emscripten_get_now();
  // An idle page draws nothing, as the native window sleeps: the canvas keeps its
  // last picture. It draws while anything moves, for half a second after any
  // input (ImGui settles hover and tabs over a few frames) and 4 times a second.
  if (!resized && !linked && !moving(p) && !p.window->input_pending() && !web::input_since(now - 500) &&
      now - p.last_ms < 250 && !web::always_draw())
    return;
  // Background work (gui/background.hpp) shares one slice of each frame: 10 ms,
  // or what the browser leaves idle anyway when drawing, not the page, sets the
  // pace, up to 30 ms. The interval is measured, not the refresh rate assumed.
  const double interval = now - p.last_ms, idle = interval - p.last_cpu_ms - 4.0;
  const SliceClock::time_point frame_start = SliceClock::now();
  // While the user acts (input in the last second) the slice is 8 ms and the
  // whole set's predictions get 2 ms of it: on two cores the page's slices and
  // the browser's software WebGL share the CPU, and a long slice made the next
  // frame late, which lengthened the next slice (33-50 ms frames against 17 for
  // ImGui's demo window, issue 36).
  const bool acting = web::input_since(now - 1000);
  const double slice_ms = acting ? 8.0 : std::clamp(idle, 10.0, 30.0);
  slice_deadline() = frame_start + std::chrono::microseconds(static_cast<long>(1000.0 * slice_ms));
  filler_deadline() = acting ? frame_start + std::chrono::milliseconds(2) : slice_deadline();
  web::feed_wheel();
  web::feed_swipe();
  for (char32_t c : web::take_typed()) p.window->push_typed(static_cast<unsigned>(c));
  build_frame(*p.window, p.bench, p.state, (now - p.last_ms) / 1000.0);
  web::follow_text_input();
  p.last_ms = now;
  web::test_hooks_frame(p.state, p.bench);
  p.window->end_frame();
  // glGetError waits for the GPU in a browser (50 ms in SwiftShader, measured):
  // at most once every 2 s or so, and never while the user acts.
  if (++p.frames % 120 == 1 && !web::input_since(now - 2000))
    if (std::string gl = p.window->take_gl_errors(); !gl.empty())
      std::cerr << "warpscope: GL error " << gl << "\n";
  p.link.after_frame(p.state, p.bench);
  p.last_cpu_ms = emscripten_get_now() - now;
  web::frame_done(p.last_cpu_ms);
}

}  // namespace

int main() {
  // The data the page preloads (web/CMakeLists.txt): measurements, lessons, kernel bodies.
  setenv("WARPSCOPE_DATA_DIR", "/warpscope", 1);
  auto* page = new Page();  // lives as long as the page: the main loop outlives main()
  WindowOptions o;
  web::canvas_css_size(&o.width, &o.height);
  std::string error;
  page->window = GlWindow::open(o, page->state, &error);
  if (!page->window) {
    std::cerr << "warpscope: " << error << "\n";
    web::show_fatal(error);
    return 1;
  }
  page->bench.lessons().resolve_in_background(true);
  page->link.open(page->state, page->bench);
  // A phone, narrower than any laptop's window (issue 36): the slides of the
  // lesson the link opened, or of the default deck; the workbench on request.
  if (o.width < kPhoneWidth && !page->state.view.presenter) {
    if (!page->bench.lessons().open()) apply_view_state("deck=default", page->state, page->bench.lessons());
    page->state.view.presenter = true;
  }
  web::listen_for_input();
  page->last_ms = emscripten_get_now();
  web::expose_test_hooks(&page->state, &page->bench);
  emscripten_set_main_loop_arg(frame, page, 0, false);
  return 0;
}
