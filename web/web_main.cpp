// The web page's main (web/CMakeLists.txt): the window of app/gui in the page's
// canvas, one frame per browser animation frame (emscripten_set_main_loop_arg)
// instead of the native loop of session.cpp. The same build_frame() draws it;
// background work (whole-kernel report, predictions) advances in slices inside
// the frames, since the page has no threads (gui/sliced_job.hpp).
#include <emscripten.h>
#include <emscripten/html5.h>
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>

#include "gui/background.hpp"
#include "gui/session.hpp"
#include "web_page.hpp"

namespace {

using namespace ws::gui;

struct Page {
  AppState state;
  std::unique_ptr<GlWindow> window;
  Workbench bench;
  double last_ms = 0;
  long frames = 0;
  web::LinkSync link;
};

// The canvas fills the browser's window (shell.html); the GL window follows its CSS size.
void follow_canvas_size(GLFWwindow* w) {
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  int gw = 0, gh = 0;
  glfwGetWindowSize(w, &gw, &gh);
  const int want_w = std::max(320, static_cast<int>(css_w)), want_h = std::max(240, static_cast<int>(css_h));
  if (want_w != gw || want_h != gh) glfwSetWindowSize(w, want_w, want_h);
}

void frame(void* arg) {
  Page& p = *static_cast<Page*>(arg);
  if (GLFWwindow* w = glfwGetCurrentContext()) follow_canvas_size(w);
  p.link.before_frame(p.state, p.bench);
  const double now = emscripten_get_now();
  // Background work (gui/background.hpp) gets this much of each frame, shared by every job.
  slice_deadline() = SliceClock::now() + std::chrono::milliseconds(10);
  build_frame(*p.window, p.bench, p.state, (now - p.last_ms) / 1000.0);
  p.last_ms = now;
  p.link.draw_notice();
  web::test_hooks_frame(p.state, p.bench);
  p.window->end_frame();
  // glGetError waits for the GPU in a browser: once every 2 s or so, not every frame.
  if (++p.frames % 120 == 1)
    if (std::string gl = p.window->take_gl_errors(); !gl.empty()) std::cerr << "warpscope: GL error " << gl << "\n";
  p.link.after_frame(p.state, p.bench);
  web::frame_done(emscripten_get_now() - now);
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
  page->link.open(page->state, page->bench);
  page->last_ms = emscripten_get_now();
  web::expose_test_hooks(&page->state, &page->bench);
  emscripten_set_main_loop_arg(frame, page, 0, false);
  return 0;
}
