// GlWindow without a display: an OpenGL 3.3 core context from EGL on Mesa's
// surfaceless platform (EGL_MESA_platform_surfaceless), which needs neither an
// X server nor a GPU (llvmpipe renders on the CPU). There is no default
// framebuffer; every frame is drawn into the window's offscreen FBO. ImGui's
// OpenGL3 backend loads its functions through libGL's glXGetProcAddressARB,
// whose glvnd stubs dispatch to whichever context is current, EGL's included.
#ifndef __EMSCRIPTEN__  // a web page always has its canvas: no EGL there
#include <glad/gl.h>
// glad first: EGL's headers must not pull in the system GL header.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <fmt/format.h>

#include <algorithm>

#include "gui/gl_window.hpp"

namespace ws::gui {
namespace {

std::string egl_error(const char* what) { return fmt::format("{} (EGL error 0x{:04x})", what, eglGetError()); }

}  // namespace

std::unique_ptr<GlWindow> GlWindow::open_headless(const WindowOptions& o, AppState& state, std::string* error) {
  const char* hint = "; the offscreen renderer needs Mesa's EGL (packages libegl1, libegl-mesa0, libgl1-mesa-dri), "
                     "or a display (xvfb-run -a)";
  EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  EGLint major = 0, minor = 0;
  if (display == EGL_NO_DISPLAY || !eglInitialize(display, &major, &minor)) {
    *error = egl_error("no display, and no surfaceless EGL display to render offscreen") + hint;
    return nullptr;
  }
  std::unique_ptr<GlWindow> w(new GlWindow());
  w->headless_ = true;
  w->egl_display_ = display;
  w->headless_w_ = std::max(320, o.width);
  w->headless_h_ = std::max(240, o.height);
  if (!eglBindAPI(EGL_OPENGL_API)) {
    *error = egl_error("EGL cannot bind the OpenGL API") + hint;
    return nullptr;
  }
  // No config: the context draws only into framebuffer objects (EGL_KHR_no_config_context).
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
  if (context == EGL_NO_CONTEXT) {
    *error = egl_error("EGL cannot create an OpenGL 3.3 core context") + hint;
    return nullptr;
  }
  w->egl_context_ = context;
  if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
    *error = egl_error("EGL cannot make the surfaceless context current") + hint;
    return nullptr;
  }
  if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress))) {
    *error = "cannot load the OpenGL 3.3 functions (glad, through EGL)";
    return nullptr;
  }
  w->start_imgui(state, o.font_scale);
  return w;
}

void GlWindow::close_headless() {
  const EGLDisplay display = egl_display_;
  if (!display) return;
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (egl_context_) eglDestroyContext(display, static_cast<EGLContext>(egl_context_));
  eglTerminate(display);
  egl_display_ = egl_context_ = nullptr;
}

}  // namespace ws::gui

#endif  // __EMSCRIPTEN__
