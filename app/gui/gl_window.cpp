// GlWindow: GLFW + OpenGL 3.3 core + ImGui lifecycle.
//   display_problem()     why no window can open (no DISPLAY), checked before GLFW
//   open() / ~GlWindow    context, glad, ImGui backends, fonts
//   begin/end_frame       the per-frame sequence; font rebuilds and F11 between frames
//   end_frame_offscreen   render into an FBO and read it back (screenshots, tests)
// Without a display a hidden window needs no X server: Mesa's surfaceless EGL
// platform gives a context with no window at all (llvmpipe on a machine with no
// GPU), ImGui runs without its GLFW backend, and every frame goes to the FBO
// (headless_window.cpp).
#include "gui/gl_window.hpp"

#include "gui/backdrop.hpp"

#include <string>
#include <utility>

#ifdef __EMSCRIPTEN__
// The web page: WebGL2 is OpenGL ES 3, whose functions Emscripten links directly.
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
// glad first: GLFW must not pull in the system GL header.
#endif
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <fmt/format.h>
#include <imgui.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <map>
#include <iostream>

#include "gui/palette.hpp"
#include "ws/kernels/input_file.hpp"

#ifndef WS_FONT_DIR
#define WS_FONT_DIR "/usr/share/fonts/truetype/dejavu"
#endif

namespace ws::gui {
namespace {

// GLFW reports errors through a C callback without a user pointer; the last
// message is kept here so open() can explain a failure.
std::string g_last_glfw_error;

const std::string& last_glfw_error() { return g_last_glfw_error; }

void on_glfw_error(int code, const char* description) {
  g_last_glfw_error = fmt::format("GLFW error {}: {}", code, description);
}

constexpr std::size_t kMaxFontFileBytes = 8u << 20;  // DejaVu Sans is 0.7 MB
constexpr float kBaseFontPx = 17.0f;  // reads at 1280 x 720 on a projector

// Why `path` cannot be handed to ImGui, or "" when it can. ImGui's font loader
// (stb_truetype) trusts the file's table directory: a truncated or foreign file
// aborts on an assertion or reads past the end. So the directory and the tables
// stb_truetype reads first are checked here (a crafted font is still trusted).
// Read as every input is (kernels::read_input_file): a regular file of at most
// kMaxFontFileBytes, so a FIFO or a link to /dev/zero named as a font is refused.
std::string font_problem(const std::string& path) {
  const auto bytes = kernels::read_input_file(path, kMaxFontFileBytes, [](std::uintmax_t size) {
    return fmt::format("{} bytes, over the {} MiB a font may have", size, kMaxFontFileBytes >> 20);
  });
  if (!bytes) return bytes.error().message == "no such file" ? "not found" : bytes.error().message;
  const std::string_view d = *bytes;
  auto byte = [&](std::size_t at) { return static_cast<std::uint32_t>(static_cast<unsigned char>(d[at])); };
  auto u16 = [&](std::size_t at) { return byte(at) << 8 | byte(at + 1); };
  auto u32 = [&](std::size_t at) { return u16(at) << 16 | u16(at + 2); };
  if (d.size() < 12) return "too short for a font";
  const std::uint32_t version = u32(0);
  const bool truetype = version == 0x00010000u || version == 0x74727565u;  // 1.0 or 'true'
  if (!truetype && version != 0x4f54544fu) return "not a TrueType or OpenType font";  // 'OTTO'
  const std::size_t tables = u16(4);
  if (12 + 16 * tables > d.size()) return "its table directory is cut short";
  std::map<std::string, std::pair<std::size_t, std::size_t>> at;  // tag -> offset, length
  for (std::size_t i = 0; i < tables; ++i) {
    const std::size_t rec = 12 + 16 * i;
    const std::uint64_t offset = u32(rec + 8), length = u32(rec + 12);
    const std::string tag(reinterpret_cast<const char*>(&d[rec]), 4);
    if (offset + length > d.size()) return fmt::format("table '{}' lies past the end of the file", tag);
    at[tag] = {offset, length};
  }
  // Minimum lengths of what stb_truetype reads in each table before checking anything itself.
  const std::pair<const char*, std::size_t> needed[] = {{"cmap", 4}, {"head", 54}, {"hhea", 36}, {"hmtx", 4},
                                                        {"maxp", 6}};
  for (const auto& [tag, min] : needed) {
    const auto it = at.find(tag);
    if (it == at.end()) return fmt::format("no '{}' table", tag);
    if (it->second.second < min) return fmt::format("table '{}' is too short", tag);
  }
  if (truetype && (!at.count("glyf") || !at.count("loca"))) return "no 'glyf' or 'loca' table";
  if (!truetype && !at.count("CFF ")) return "no 'CFF ' table";
  const auto [cmap, cmap_len] = at["cmap"];
  const std::size_t subtables = u16(cmap + 2);
  if (4 + 8 * subtables > cmap_len) return "its 'cmap' table is cut short";
  for (std::size_t i = 0; i < subtables; ++i)
    if (u32(cmap + 4 + 8 * i + 4) + 4 > cmap_len) return "a 'cmap' subtable lies outside the table";
  return {};
}

}  // namespace

std::string display_problem() {
#ifdef __EMSCRIPTEN__
  return {};  // the page's canvas
#endif
  const char* x = std::getenv("DISPLAY");
  const char* wl = std::getenv("WAYLAND_DISPLAY");
  if ((x && *x) || (wl && *wl)) return {};
  return "the warpscope window needs a display: none is set (DISPLAY is empty). Run it on a desktop, or "
         "headless under Xvfb: xvfb-run -a warpscope. The subcommands (analyze, report, bench, screenshot "
         "under xvfb-run) work without one.";
}

std::unique_ptr<GlWindow> GlWindow::open(const WindowOptions& o, AppState& state, std::string* error) {
  if (std::string p = display_problem(); !p.empty()) {
#ifndef __EMSCRIPTEN__
    if (!o.visible) return open_headless(o, state, error);
#endif
    *error = p;
    return nullptr;
  }
  glfwSetErrorCallback(on_glfw_error);
  if (!glfwInit()) {
#ifndef __EMSCRIPTEN__
    // A DISPLAY that names no server that answers (DISPLAY=:99999, an Xvfb
    // gone): a hidden window needs none, so it renders off-screen exactly as
    // with DISPLAY unset (issue 37; screenshot and export --format png).
    if (!o.visible) return open_headless(o, state, error);
#endif
    *error = fmt::format("cannot open the display ({}). Try: xvfb-run -a warpscope", last_glfw_error());
    return nullptr;
  }
  std::unique_ptr<GlWindow> w(new GlWindow());
#ifdef __EMSCRIPTEN__
  // The canvas fills the page; its size is the window's (web/web_main.cpp follows the browser's).
  w->window_ = glfwCreateWindow(std::max(320, o.width), std::max(240, o.height), "warpscope", nullptr, nullptr);
  if (!w->window_) {
    *error = fmt::format("cannot create a WebGL2 context ({})", last_glfw_error());
    return nullptr;
  }
  glfwMakeContextCurrent(w->window_);
#else
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_VISIBLE, o.visible ? GLFW_TRUE : GLFW_FALSE);
  // A visible window opens no larger than the screen's work area (a 1280 x 720
  // projector must not get a 1600 x 900 window whose bottom is off screen).
  int width = o.width, height = o.height;
  if (o.visible)
    if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) {
      int x = 0, y = 0, mw = 0, mh = 0;
      glfwGetMonitorWorkarea(monitor, &x, &y, &mw, &mh);
      if (mw > 0 && mh > 0) {
        width = std::min(width, mw);
        height = std::min(height, mh - 40);  // room for the title bar the window manager adds
      }
    }
  w->window_ = glfwCreateWindow(std::max(320, width), std::max(240, height), "warpscope", nullptr, nullptr);
  if (!w->window_) {
    if (!o.visible) {  // a display without OpenGL 3.3 (a bare X server): off-screen as well
      w.reset();       // glfwTerminate() first
      return open_headless(o, state, error);
    }
    *error = fmt::format("cannot create an OpenGL 3.3 core window ({})", last_glfw_error());
    return nullptr;
  }
  glfwMakeContextCurrent(w->window_);
  glfwSwapInterval(1);
  if (!gladLoadGL(glfwGetProcAddress)) {
    *error = "cannot load the OpenGL 3.3 functions (glad)";
    return nullptr;
  }
#endif
  w->start_imgui(state, o.font_scale);
  return w;
}

void GlWindow::start_imgui(AppState& state, float font_scale) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the layout is computed, not saved
  if (window_) {
    ImGui_ImplGlfw_InitForOpenGL(window_, true);
    queue_input_events();
  }
#ifdef __EMSCRIPTEN__
  ImGui_ImplOpenGL3_Init("#version 300 es");
#else
  ImGui_ImplOpenGL3_Init("#version 330 core");
#endif
  imgui_ready_ = true;
  state.view.font_scale = font_scale;
  load_fonts(state);
}

GlWindow::~GlWindow() {
  if (fbo_) glDeleteFramebuffers(1, &fbo_);
  if (color_rb_) glDeleteRenderbuffers(1, &color_rb_);
  if (imgui_ready_) {
    ImGui_ImplOpenGL3_Shutdown();
    if (window_) ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
  }
#ifndef __EMSCRIPTEN__
  if (headless_) {
    close_headless();
    return;
  }
#endif
  if (window_) glfwDestroyWindow(window_);
  glfwTerminate();
}

void GlWindow::load_fonts(AppState& state) {
  // ImGui asserts on a font size that is not a positive number (NaN reached it once).
  if (!(state.view.font_scale >= kMinFontScale && state.view.font_scale <= kMaxFontScale))
    state.view.font_scale = 1.0f;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  if (!(state.view.pixel_ratio >= 1.0f && state.view.pixel_ratio <= 4.0f)) state.view.pixel_ratio = 1.0f;
  const float scale = state.view.font_scale * state.view.pixel_ratio;
  const float px = kBaseFontPx * scale;
  // WARPSCOPE_FONT_DIR: a machine without fonts-dejavu-core, such as the GPU box running a carried copy.
  const char* env_dir = std::getenv("WARPSCOPE_FONT_DIR");
  const std::string dir = env_dir && *env_dir ? env_dir : WS_FONT_DIR;
  const std::string sans = dir + "/DejaVuSans.ttf", mono = dir + "/DejaVuSansMono.ttf";
  state.view.mono = nullptr;
  state.view.figure = nullptr;
  state.view.slide_fonts = SlideFonts{};
  state.view.slide_fonts.pixel_ratio = state.view.pixel_ratio;
  state.view.font_warning.clear();
  const std::string sans_problem = font_problem(sans), mono_problem = font_problem(mono);
  if (sans_problem.empty() && io.Fonts->AddFontFromFileTTF(sans.c_str(), px)) {
    if (mono_problem.empty()) state.view.mono = io.Fonts->AddFontFromFileTTF(mono.c_str(), px * 0.95f);
    // Lane numbers in presenter mode grow past the text size: rasterised large
    // and bold they stay sharp where a scaled-up text glyph would blur.
    const std::string bold = dir + "/DejaVuSans-Bold.ttf";
    // Slide text: each face at SlideFonts::kRasterPx, so any size a slide
    // draws on any screen has a raster near it.
    const bool with_bold = font_problem(bold).empty();
    SlideFonts& sf = state.view.slide_fonts;
    for (std::size_t i = 0; i < SlideFonts::kRasterPx.size(); ++i) {
      const float slide_px = SlideFonts::kRasterPx[i] * state.view.pixel_ratio;
      sf.regular[i] = io.Fonts->AddFontFromFileTTF(sans.c_str(), slide_px);
      if (mono_problem.empty()) sf.mono[i] = io.Fonts->AddFontFromFileTTF(mono.c_str(), slide_px);
      if (with_bold) sf.bold[i] = io.Fonts->AddFontFromFileTTF(bold.c_str(), slide_px);
    }
    if (with_bold) {
      state.view.figure = io.Fonts->AddFontFromFileTTF(bold.c_str(), px * 2.0f);
    } else if (mono_problem != "not found")
      state.view.font_warning = fmt::format("Font {}: {}; code shows in the text font.", mono, mono_problem);
  } else {
    state.view.font_warning =
        sans_problem == "not found"
            ? fmt::format("Font {} not found (package fonts-dejavu-core): using ImGui's default.", sans)
            : fmt::format("Font {}: {}; using ImGui's default.", sans, sans_problem);
  }
  if (!state.view.font_warning.empty()) std::cerr << "warpscope: warning: " << state.view.font_warning << "\n";
  if (io.Fonts->Fonts.empty()) {  // the text font failed: ImGui's own
    ImFontConfig cfg;
    cfg.SizePixels = 13.0f * scale;
    io.Fonts->AddFontDefault(&cfg);
  }
  io.Fonts->Build();
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  palette::apply_classroom_style(scale);
  state.view.font_reload = false;
}

void GlWindow::toggle_fullscreen(bool on) {
  if (on == fullscreen_ || headless_) return;
#ifdef __EMSCRIPTEN__
  // A page may only go full screen from the browser's own gesture (its F11).
  return;
#endif
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  if (on && monitor) {
    glfwGetWindowPos(window_, &windowed_[0], &windowed_[1]);
    glfwGetWindowSize(window_, &windowed_[2], &windowed_[3]);
    const GLFWvidmode* mode = glfwGetVideoMode(monitor);
    glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
    fullscreen_ = true;
  } else if (!on) {
    glfwSetWindowMonitor(window_, nullptr, windowed_[0], windowed_[1], windowed_[2], windowed_[3], 0);
    fullscreen_ = false;
  }
}

bool GlWindow::should_close() const { return headless_ || glfwWindowShouldClose(window_); }

void GlWindow::wait_events(bool animating) {
  if (headless_) return;
  // Idle windows sleep: a laptop projecting a lesson should not spin a core.
  if (animating || input_.pending()) glfwPollEvents();
  else glfwWaitEventsTimeout(0.25);
}

void GlWindow::push_input(GLFWwindow* w, const InputEvent& e) {
  if (auto* self = static_cast<GlWindow*>(glfwGetWindowUserPointer(w))) self->input_.push(e);
}

void GlWindow::queue_input_events() {
  glfwSetWindowUserPointer(window_, this);
  // Replacing ImGui's mouse button, key and character callbacks: apply_input()
  // hands them on. Its scroll, focus and cursor-enter callbacks stay.
  glfwSetCursorPosCallback(window_, [](GLFWwindow* w, double x, double y) {
    push_input(w, {InputEvent::Kind::Move, static_cast<float>(x), static_cast<float>(y)});
  });
  glfwSetMouseButtonCallback(window_, [](GLFWwindow* w, int button, int action, int mods) {
    // A touch presses with no move before it (Emscripten's GLFW): the pointer's
    // place goes first, so the press lands where the finger is.
    double x = 0, y = 0;
    glfwGetCursorPos(w, &x, &y);
    push_input(w, {InputEvent::Kind::Move, static_cast<float>(x), static_cast<float>(y)});
    InputEvent e{InputEvent::Kind::Button};
    e.code = button, e.down = action == GLFW_PRESS, e.action = action, e.mods = mods;
    push_input(w, e);
  });
  glfwSetKeyCallback(window_, [](GLFWwindow* w, int key, int scancode, int action, int mods) {
    InputEvent e{InputEvent::Kind::Key};
    e.code = key, e.down = action != GLFW_RELEASE, e.scancode = scancode, e.action = action, e.mods = mods;
    push_input(w, e);
  });
#ifndef __EMSCRIPTEN__
  // A .cu file dropped on the window opens as the student's own kernel.
  glfwSetDropCallback(window_, [](GLFWwindow* w, int count, const char** paths) {
    if (auto* self = static_cast<GlWindow*>(glfwGetWindowUserPointer(w)); self && count > 0) self->dropped_ = paths[0];
  });
#endif
  glfwSetCharCallback(window_, [](GLFWwindow* w, unsigned int c) {
    InputEvent e{InputEvent::Kind::Char};
    e.character = c;
    push_input(w, e);
  });
}

void GlWindow::apply_input() {
  for (const InputEvent& e : input_.take_frame()) {
    switch (e.kind) {
      case InputEvent::Kind::Move:
        mouse_x_ = e.x, mouse_y_ = e.y, mouse_seen_ = true;
        break;
      case InputEvent::Kind::Button:
        if (e.code >= 0 && e.code < 5) mouse_down_[e.code] = e.down;
        break;
      case InputEvent::Kind::Key: ImGui_ImplGlfw_KeyCallback(window_, e.code, e.scancode, e.action, e.mods); break;
      case InputEvent::Kind::Char: ImGui_ImplGlfw_CharCallback(window_, e.character); break;
    }
  }
  // The backend polled the pointer and buttons as they are now; the frame shows
  // them as the events applied so far left them. A pointer the backend does not
  // see (another window has focus) stays unseen.
  ImGuiIO& io = ImGui::GetIO();
  if (mouse_seen_ && io.MousePos.x > -FLT_MAX / 2) io.MousePos = ImVec2(mouse_x_, mouse_y_);
  for (int b = 0; b < 5; ++b) io.MouseDown[b] = mouse_down_[b];
}

void GlWindow::begin_frame(AppState& state) {
  if (!dropped_.empty()) {
    state.student_file.path = std::exchange(dropped_, {});
    state.student_file.open_requested = true;
  }
  if (state.view.font_reload) load_fonts(state);
  if (state.view.fullscreen != fullscreen_) toggle_fullscreen(state.view.fullscreen);
  state.view.fullscreen = fullscreen_;
  ImGui_ImplOpenGL3_NewFrame();
  backdrop::begin_frame();
  if (headless_) {
    // What ImGui's GLFW backend would set: the size, and a frame's time (no input).
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(headless_w_), static_cast<float>(headless_h_));
    io.DisplayFramebufferScale = ImVec2(1, 1);
    io.DeltaTime = 1.0f / 60;
  } else {
    ImGui_ImplGlfw_NewFrame();
    apply_input();
    // ImGui asserts DeltaTime > 0; a browser's clock may not move between two
    // frames (headless Chromium with a virtual time budget), nor a fast machine's.
    ImGuiIO& io = ImGui::GetIO();
    if (!(io.DeltaTime > 0.0f)) io.DeltaTime = 1e-4f;
  }
  ImGui::NewFrame();
}

namespace {
// The pixels a triangle-drawn edge at x covers start at the first pixel whose
// centre is at or past x: a clear covers the same ones.
int first_pixel(float x, float scale) { return static_cast<int>(std::ceil(x * scale - 0.5f)); }

// The frame's picture: the window's grey, the backdrops (gui/backdrop.hpp) as
// scissored clears, then ImGui's triangles, into the bound framebuffer of
// fb_h rows at `scale` pixels to a unit of ImGui's coordinates.
void draw_picture(int fb_h, float scale) {
  glClearColor(0.94f, 0.94f, 0.94f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  if (!backdrop::fills().empty()) {
    glEnable(GL_SCISSOR_TEST);
    for (const backdrop::Fill& f : backdrop::fills()) {
      const int x0 = first_pixel(f.x0, scale), x1 = first_pixel(f.x1, scale);
      const int y0 = first_pixel(f.y0, scale), y1 = first_pixel(f.y1, scale);
      if (x1 <= x0 || y1 <= y0) continue;
      glScissor(x0, fb_h - y1, x1 - x0, y1 - y0);  // GL's rows count from the bottom
      const ImVec4 c = ImGui::ColorConvertU32ToFloat4(f.color);
      glClearColor(c.x, c.y, c.z, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
    }
    glDisable(GL_SCISSOR_TEST);
  }
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}
}  // namespace

void GlWindow::end_frame() {
  if (headless_) {  // no screen: the frame goes to the framebuffer, as a screenshot's last one does
    Image discarded;
    std::string ignored;
    end_frame_offscreen(discarded, &ignored);
    return;
  }
  ImGui::Render();
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, w, h);
  draw_picture(h, ImGui::GetIO().DisplayFramebufferScale.y);
  glfwSwapBuffers(window_);
}

void GlWindow::end_frame_without_drawing() {
  ImGui::Render();
  if (!headless_) glfwPollEvents();
}

bool GlWindow::end_frame_offscreen(Image& out, std::string* error) {
  ImGui::Render();
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  const int w = static_cast<int>(size.x), h = static_cast<int>(size.y);
  if (w <= 0 || h <= 0) {
    *error = "the window has no size";
    return false;
  }
  if (!fbo_ || w != fbo_w_ || h != fbo_h_) {
    if (fbo_) glDeleteFramebuffers(1, &fbo_);
    if (color_rb_) glDeleteRenderbuffers(1, &color_rb_);
    glGenFramebuffers(1, &fbo_);
    glGenRenderbuffers(1, &color_rb_);
    glBindRenderbuffer(GL_RENDERBUFFER, color_rb_);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_rb_);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      *error = "the offscreen framebuffer is incomplete";
      return false;
    }
    fbo_w_ = w;
    fbo_h_ = h;
  }
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glViewport(0, 0, w, h);
  draw_picture(h, 1.0f);
  out.width = w;
  out.height = h;
  out.rgba.assign(static_cast<std::size_t>(w) * h * 4, 0);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, out.rgba.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  // GL's first row is the bottom one; PNG's is the top one.
  const std::size_t stride = static_cast<std::size_t>(w) * 4;
  for (int y = 0; y < h / 2; ++y)
    std::swap_ranges(out.rgba.begin() + y * stride, out.rgba.begin() + (y + 1) * stride,
                     out.rgba.begin() + (h - 1 - y) * stride);
  if (!headless_) glfwPollEvents();
  return true;
}

std::string GlWindow::take_gl_errors() {
  std::string all;
  for (GLenum e = glGetError(); e != GL_NO_ERROR; e = glGetError())
    all += fmt::format("{}0x{:04x}", all.empty() ? "" : ", ", static_cast<unsigned>(e));
  return all;
}

bool write_png(const Image& img, const std::string& path, std::string* error, PathNamedBy named_by) {
  // Encoded in memory, then written and closed with every result checked:
  // stbi_write_png() ignores failed writes (a full disk gave a truncated file and success).
  std::vector<unsigned char> png;
  const auto append = [](void* context, void* data, int size) {
    auto* out = static_cast<std::vector<unsigned char>*>(context);
    out->insert(out->end(), static_cast<unsigned char*>(data), static_cast<unsigned char*>(data) + size);
  };
  if (!stbi_write_png_to_func(append, &png, img.width, img.height, 4, img.rgba.data(), img.width * 4)) {
    *error = fmt::format("cannot encode the {}x{} image as PNG", img.width, img.height);
    return false;
  }
  if (named_by == PathNamedBy::Warpscope) {
    auto written = kernels::write_chosen_file(path, std::string_view(reinterpret_cast<const char*>(png.data()), png.size()));
    if (!written) *error = fmt::format("cannot write {}: {}", path, written.error().message);
    return written.has_value();
  }
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {
    *error = fmt::format("cannot write {}: {}", path, std::strerror(errno));
    return false;
  }
  const bool written = std::fwrite(png.data(), 1, png.size(), f) == png.size() && std::fflush(f) == 0;
  const int write_errno = errno;
  const bool closed = std::fclose(f) == 0;
  if (!written || !closed) {
    *error = fmt::format("cannot write {}: {}", path, std::strerror(written ? errno : write_errno));
    return false;
  }
  return true;
}

bool is_uniform(const Image& img) {
  for (std::size_t i = 4; i + 3 < img.rgba.size(); i += 4)
    if (img.rgba[i] != img.rgba[0] || img.rgba[i + 1] != img.rgba[1] || img.rgba[i + 2] != img.rgba[2]) return false;
  return true;
}

}  // namespace ws::gui
