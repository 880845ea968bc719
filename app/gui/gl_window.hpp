// The window: GLFW, an OpenGL 3.3 core context (glad), Dear ImGui with the
// distro's GLFW and OpenGL3 backends, classroom fonts. Visible for the app,
// hidden for screenshots and tests, which render into an offscreen framebuffer.
// A hidden window without a display is no window at all: a surfaceless EGL
// context (Mesa's llvmpipe where there is no GPU), so `export --format png` and
// `screenshot` need no X server.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "gui/app_state.hpp"
#include "gui/input_queue.hpp"

struct GLFWwindow;

namespace ws::gui {

// Text sizes the window accepts (1 = 17 px): `screenshot --font-scale` is
// checked against them, and any other value is reset to 1 before ImGui sees it.
inline constexpr float kMinFontScale = 0.5f, kMaxFontScale = 4.0f;

struct WindowOptions {
  int width = 1600;
  int height = 900;
  bool visible = true;
  float font_scale = 1.0f;  // kMinFontScale .. kMaxFontScale
};

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgba;  // top row first
};

// Empty when a display seems reachable; else the message the user should see.
std::string display_problem();

class GlWindow {
 public:
  // nullptr and *error set when GLFW, the context or the loader fail.
  static std::unique_ptr<GlWindow> open(const WindowOptions& o, AppState& state, std::string* error);
  ~GlWindow();
  GlWindow(const GlWindow&) = delete;
  GlWindow& operator=(const GlWindow&) = delete;

  bool should_close() const;
  // Sleeps until input, or a short timeout while something moves (playback, jobs).
  void wait_events(bool animating);
  void begin_frame(AppState& state);  // fonts, full screen, ImGui::NewFrame
  void end_frame();                   // ImGui::Render, draw, swap
  // ImGui::Render only: the frame's CPU work without GL drawing (frame benchmark).
  void end_frame_without_drawing();
  // Ends the frame into an offscreen framebuffer instead and reads it back.
  bool end_frame_offscreen(Image& out, std::string* error);
  // glGetError() names since the last call; empty when there were none.
  std::string take_gl_errors();
  // Input events wait for frames to show them (input_queue.hpp): draw another.
  bool input_pending() const { return input_.pending(); }
  // A character typed outside GLFW (the web page's text element), queued as GLFW's are.
  void push_typed(unsigned c) {
    InputEvent e{InputEvent::Kind::Char};
    e.character = c;
    input_.push(e);
  }

 private:
  GlWindow() = default;
  // No display: an EGL context on Mesa's surfaceless platform, no window (headless_window.cpp).
  static std::unique_ptr<GlWindow> open_headless(const WindowOptions& o, AppState& state, std::string* error);
  void close_headless();
  void start_imgui(AppState& state, float font_scale);
  void load_fonts(AppState& state);
  void toggle_fullscreen(bool on);
  // GLFW's events go to input_ (installed over ImGui's callbacks) and reach
  // ImGui a frame's worth at a time, in begin_frame.
  void queue_input_events();
  static void push_input(GLFWwindow* w, const InputEvent& e);
  void apply_input();

  GLFWwindow* window_ = nullptr;
  bool imgui_ready_ = false;
  bool fullscreen_ = false;
  int windowed_[4] = {0, 0, 0, 0};  // x, y, w, h before full screen
  bool headless_ = false;
  void* egl_display_ = nullptr;  // EGLDisplay, EGLContext while headless
  void* egl_context_ = nullptr;
  int headless_w_ = 0, headless_h_ = 0;
  unsigned fbo_ = 0, color_rb_ = 0;
  int fbo_w_ = 0, fbo_h_ = 0;
  InputQueue input_;
  std::string dropped_;  // the last file dropped on the window, opened at the next frame
  float mouse_x_ = 0, mouse_y_ = 0;
  bool mouse_seen_ = false;
  bool mouse_down_[5] = {false, false, false, false, false};
};

// Who named the PNG's path: the user (--out FILE: written as named, a device
// such as /dev/full included), or warpscope (export --deck's slides: a link
// planted at that predictable name is refused, kernels::write_chosen_file).
enum class PathNamedBy { User, Warpscope };
bool write_png(const Image& img, const std::string& path, std::string* error,
               PathNamedBy named_by = PathNamedBy::User);
// True when every pixel equals the first: a frame that drew nothing.
bool is_uniform(const Image& img);

}  // namespace ws::gui
