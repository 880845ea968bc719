// What only the web page has (web_page.cpp): the link in the URL fragment, the
// page's size, a fatal message on the page, and test hooks that
// scripts/web-test.sh reads from headless Chromium.
#pragma once

#include <string>

#include "gui/app_state.hpp"
#include "gui/workbench.hpp"

namespace ws::gui::web {

// The browser window's CSS size, which the canvas fills.
void canvas_css_size(int* width, int* height);
// A message in place of the page when the window cannot open (no WebGL2).
void show_fatal(const std::string& message);

// The URL fragment holds what is on screen (gui/view_state.hpp): applied when
// the page opens and when the user edits or follows a link (hashchange), and
// rewritten with history.replaceState whenever what is shown changes, so the
// address bar is always a link to this view. A bad fragment changes nothing;
// the status bar says why (state.view.state_error).
class LinkSync {
 public:
  void open(AppState& state, Workbench& bench);          // once, before the first frame
  bool before_frame(AppState& state, Workbench& bench);  // a pending hashchange; true when applied
  void after_frame(const AppState& state, Workbench& bench);

 private:
  bool apply(const std::string& fragment, AppState& state, Workbench& bench);
  std::string shown_;  // the fragment last written or applied
};

// Input the page received (keys, pointer, wheel, touch, resize, focus), noted by
// listeners on the browser window: an idle page draws nothing until some arrives.
void listen_for_input();
bool input_since(double ms);  // any since this time of emscripten_get_now()
// The wheel's notches since the last call, given to Dear ImGui at about 3 lines
// a notch in the platform's direction (before the frame's NewFrame).
void feed_wheel();
// A one-finger swipe's movement since the last call, as the wheel (before NewFrame):
// the window under the finger scrolls as far as the finger moved.
void feed_swipe();
// A phone's keyboard opens for an input element, never for a canvas: while a
// text field of the window is active, a hidden <input> has the focus, and what
// is typed into it without a key press (a phone's keyboard, an IME, a paste)
// reaches the window as typed characters (issue 36). Call after the frame.
void follow_text_input();
// The characters typed into that element since the last call, for the window's input queue.
std::u32string take_typed();
// The canvas's size in pixels; GLFW hears of it as of a browser resize.
void set_canvas_size(int width, int height);
// window.warpscopeTest.alwaysDraw: the tests time frames of an idle view.
bool always_draw();
// window.warpscopeTest.demo: every frame draws Dear ImGui's own demo window
// instead of the workbench, the baseline the tests time the page's frames against.
bool demo_baseline();

// window.warpscopeTest (shell.html) calls ws_test_command; these feed it.
void expose_test_hooks(AppState* state, Workbench* bench);
void test_hooks_frame(const AppState& state, Workbench& bench);
void frame_done(double cpu_ms);  // the frame's time in C++ (build and draw calls)
void tick();                     // every turn of the main loop, drawn or not

}  // namespace ws::gui::web
