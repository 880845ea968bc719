#include "web_page.hpp"

#include <GLES3/gl3.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "gui/draw_cost.hpp"
#include "gui/lesson_panel.hpp"
#include "gui/view_state.hpp"
#include "ws/arch.hpp"
#include "ws/kernels/catalog.hpp"

// ---- JavaScript side -------------------------------------------------------

// clang-format off
EM_JS(void, ws_js_fatal, (const char* message), {
  const div = document.getElementById('status');
  if (div) { div.textContent = 'warpscope cannot start: ' + UTF8ToString(message); div.style.display = 'block'; }
});

// The fragment without its '#', as a malloc'd string the caller frees. Still
// percent-encoded: parse_view_state() decodes it once, as it does for --open
// (decoding here too turned a shared "%25" into a bare '%', issue 36).
EM_JS(char*, ws_js_hash, (), {
  const s = window.location.hash.replace(/^#/, '');
  const n = lengthBytesUTF8(s) + 1, p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

// hashchange: a pasted link or the back button. Our own replaceState fires none.
EM_JS(void, ws_js_listen_hash, (), {
  Module.wsPendingHash = null;
  window.addEventListener('hashchange', () => { Module.wsPendingHash = window.location.hash; });
});

EM_JS(int, ws_js_hash_pending, (), {
  if (Module.wsPendingHash === null) return 0;
  Module.wsPendingHash = null;
  return 1;
});

EM_JS(void, ws_js_replace_hash, (const char* fragment), {
  const s = UTF8ToString(fragment);
  history.replaceState(null, '', s.length ? '#' + s : window.location.pathname + window.location.search);
});

EM_JS(void, ws_js_listen_input, (), {
  Module.wsInputAt = performance.now();
  const noted = () => { Module.wsInputAt = performance.now(); };
  for (const e of ['keydown', 'keyup', 'mousedown', 'mouseup', 'mousemove', 'wheel', 'touchstart', 'touchmove',
                   'touchend', 'resize', 'focus', 'blur'])
    window.addEventListener(e, noted, true);
});

EM_JS(double, ws_js_input_at, (), { return Module.wsInputAt || 0; });

// The wheel, read here instead of by Emscripten's GLFW, which hands the DOM's
// deltaY to the scroll callback unscaled and unsigned: one notch of 100 pixels
// scrolled about 100 lines, the wrong way (issue 36). Listening on the window
// in the capture phase runs before GLFW's canvas listener, which then never
// sees the event. The sum is kept in notches: 100 pixels, 3 lines or a tenth
// of a page, whichever unit the browser gives.
EM_JS(void, ws_js_listen_wheel, (), {
  Module.wsWheel = [0, 0];
  window.addEventListener('wheel', (e) => {
    if (e.target !== Module['canvas']) return;
    e.preventDefault();
    e.stopPropagation();
    const notch = e.deltaMode === 1 ? 1 / 3 : e.deltaMode === 2 ? 10 : 1 / 100;
    Module.wsWheel[0] += e.deltaX * notch;
    Module.wsWheel[1] += e.deltaY * notch;
  }, {capture: true, passive: false});
  // A one-finger swipe scrolls as a phone's pages do: the content follows the
  // finger (CSS pixels, summed until the next frame takes them). GLFW still
  // sees the touch as a press and a drag, which moves nothing in the window.
  Module.wsSwipe = [0, 0];
  let last = null;
  window.addEventListener('touchstart', (e) => {
    last = e.touches.length === 1 ? [e.touches[0].clientX, e.touches[0].clientY] : null;
  }, {capture: true, passive: true});
  window.addEventListener('touchmove', (e) => {
    if (!last || e.touches.length !== 1) return;
    const t = e.touches[0];
    Module.wsSwipe[0] += t.clientX - last[0];
    Module.wsSwipe[1] += t.clientY - last[1];
    last = [t.clientX, t.clientY];
  }, {capture: true, passive: true});
});

EM_JS(void, ws_js_take_swipe, (float* x, float* y), {
  HEAPF32[x >> 2] = Module.wsSwipe ? Module.wsSwipe[0] : 0;
  HEAPF32[y >> 2] = Module.wsSwipe ? Module.wsSwipe[1] : 0;
  Module.wsSwipe = [0, 0];
});

EM_JS(void, ws_js_take_wheel, (float* x, float* y), {
  HEAPF32[x >> 2] = Module.wsWheel ? Module.wsWheel[0] : 0;
  HEAPF32[y >> 2] = Module.wsWheel ? Module.wsWheel[1] : 0;
  Module.wsWheel = [0, 0];
});

// The hidden text element (web_page.hpp, follow_text_input). A desktop's key
// press reaches GLFW as a keypress; the 'input' event the same key then raises
// here is dropped, so a character is typed once. Characters that come with no
// keypress (a phone's keyboard sends key code 229, then 'input') are kept.
EM_JS(void, ws_js_text_input, (int active), {
  let el = Module.wsTextInput;
  if (!el) {
    el = document.createElement('input');
    el.type = 'text';
    el.id = 'ws-text-input';
    // One call each: Emscripten's JS optimizer mangles a destructuring for-of.
    el.setAttribute('autocomplete', 'off');
    el.setAttribute('autocapitalize', 'off');
    el.setAttribute('autocorrect', 'off');
    el.setAttribute('spellcheck', 'false');
    el.setAttribute('aria-label', 'text field');
    // Font 16 px: a phone zooms into a smaller field.
    el.style.cssText = 'position:fixed;left:0;bottom:0;width:1px;height:1px;opacity:0;border:0;padding:0;font-size:16px';
    document.body.appendChild(el);
    Module.wsTyped = [];
    let pressed = false;
    window.addEventListener('keypress', () => { pressed = true; }, true);
    window.addEventListener('keyup', () => { pressed = false; }, true);  // a keypress raising no 'input' (Ctrl+A)
    el.addEventListener('input', () => {
      if (!pressed)
        for (const ch of el.value) Module.wsTyped.push(ch.codePointAt(0));
      pressed = false;
      el.value = '';
    });
    Module.wsTextInput = el;
  }
  if (active) {
    if (document.activeElement !== el) el.focus({preventScroll: true});
  } else if (document.activeElement === el) {
    el.blur();
  }
});

EM_JS(int, ws_js_take_typed, (unsigned* out, int room), {
  const typed = Module.wsTyped || [];
  const n = Math.min(typed.length, room);
  for (let i = 0; i < n; ++i) HEAPU32[(out >> 2) + i] = typed[i];
  Module.wsTyped = typed.slice(n);
  return n;
});

// The canvas's pixels, set the way the browser's own resize is reported to
// GLFW (its resize listeners), never through glfwSetWindowSize: that asks for
// full screen whenever the size equals the screen's (F11), which a page may
// not do unasked ("Permissions check failed", and the canvas stayed stretched).
EM_JS(void, ws_js_set_canvas_size, (int width, int height), {
  Browser.setCanvasSize(width, height);
});

// A switch the tests set on window.warpscopeTest (alwaysDraw, demo).
EM_JS(int, ws_js_test_flag, (const char* name), {
  return window.warpscopeTest && window.warpscopeTest[UTF8ToString(name)] ? 1 : 0;
});

EM_JS(void, ws_js_warn, (const char* message), { console.warn(UTF8ToString(message)); });

EM_JS(void, ws_js_first_frame, (), {
  if (!Module.wsFirstFrameMs) Module.wsFirstFrameMs = performance.now();
});
// clang-format on

namespace ws::gui::web {

void canvas_css_size(int* width, int* height) {
  double w = 0, h = 0;
  emscripten_get_element_css_size("#canvas", &w, &h);
  *width = std::max(320, static_cast<int>(w));
  *height = std::max(240, static_cast<int>(h));
}

void show_fatal(const std::string& message) {
  ws_js_fatal(message.c_str());
}

namespace {
std::string take_hash() {
  char* p = ws_js_hash();
  std::string s(p);
  std::free(p);
  return s;
}
}  // namespace

// ---- the link --------------------------------------------------------------

void LinkSync::open(AppState& state, Workbench& bench) {
  ws_js_listen_hash();
  if (std::string h = take_hash(); !h.empty()) apply(h, state, bench);
}

bool LinkSync::before_frame(AppState& state, Workbench& bench) {
  return ws_js_hash_pending() && apply(take_hash(), state, bench);
}

bool LinkSync::apply(const std::string& fragment, AppState& state, Workbench& bench) {
  if (fragment == shown_) return false;
  // A bad link changes nothing; apply_view_state() leaves its message in
  // state.view.state_error, which the window's status bar shows.
  if (auto error = apply_view_state(fragment, state, bench.lessons())) {
    // A warning, not an error: the page handled it (the tests count console errors).
    ws_js_warn(("warpscope: link: " + *error).c_str());
    shown_ = "\x01";  // no string encodes to this: the address bar goes back to what is shown
    return true;
  }
  shown_ = fragment;
  return true;
}

void LinkSync::after_frame(const AppState& state, Workbench& bench) {
  // The address bar follows what is shown, without a history entry per click.
  std::string now = encode_view_state(state, bench.lessons());
  if (now != shown_) {
    ws_js_replace_hash(now.c_str());
    shown_ = std::move(now);
  }
  ws_js_first_frame();
}

// ---- test hooks ------------------------------------------------------------
// ImGui's test-engine hooks (IMGUI_ENABLE_TEST_ENGINE, web/deps.cmake) report
// every labelled item as it is drawn: the tests find a button or a text field
// by its label and click it through the browser, as a person would.

namespace {

struct Hooks {
  AppState* state = nullptr;
  Workbench* bench = nullptr;
  struct Labelled {
    ImGuiID id;
    std::string label;
    bool disabled;
  };
  std::vector<Labelled> labelled;       // this frame's labelled items, in drawing order
  std::map<ImGuiID, ImRect> added;      // this frame's item rectangles by id
  std::map<std::string, ImRect> items;  // the last frame's, by label (the first drawn of a label)
  std::map<std::string, bool> disabled;
  std::deque<double> frame_ms;
  long frames = 0, ticks = 0;  // frames drawn; turns of the main loop
  std::string reply;
};

Hooks& hooks() {
  static Hooks h;
  return h;
}

}  // namespace

void expose_test_hooks(AppState* state, Workbench* bench) {
  hooks().state = state;
  hooks().bench = bench;
  ImGui::GetCurrentContext()->TestEngineHookItems = true;
}

void test_hooks_frame(const AppState&, Workbench&) {
  // A tab reports its label before its rectangle: the two meet here, at the frame's end.
  Hooks& h = hooks();
  h.items.clear();
  h.disabled.clear();
  for (const Hooks::Labelled& l : h.labelled) {
    const auto rect = h.added.find(l.id);
    if (rect == h.added.end() || h.items.count(l.label)) continue;
    h.items[l.label] = rect->second;
    h.disabled[l.label] = l.disabled;
  }
  h.labelled.clear();
  h.added.clear();
}

void listen_for_input() {
  ws_js_listen_input();
  ws_js_listen_wheel();
}

void feed_wheel() {
  float x = 0, y = 0;
  ws_js_take_wheel(&x, &y);
  // Dear ImGui 1.86 scrolls 5 font heights per unit of MouseWheel, positive
  // upwards; the DOM's positive delta scrolls down. Three lines of text (with
  // their spacing) a notch, as desktops do.
  if ((x == 0 && y == 0) || ImGui::GetFontSize() <= 0) return;  // nothing, or before the first frame
  const float kUnitsPerNotch = 3 * ImGui::GetTextLineHeightWithSpacing() / (5 * ImGui::GetFontSize());
  ImGuiIO& io = ImGui::GetIO();
  io.MouseWheel -= y * kUnitsPerNotch;
  io.MouseWheelH -= x * kUnitsPerNotch;
}

void feed_swipe() {
  float x = 0, y = 0;
  ws_js_take_swipe(&x, &y);
  if ((x == 0 && y == 0) || ImGui::GetFontSize() <= 0) return;
  // The window moves as far as the finger did: CSS pixels times the pixel ratio
  // are the canvas's, and a unit of MouseWheel scrolls 5 font heights.
  const float per_unit = 5 * ImGui::GetFontSize() / static_cast<float>(emscripten_get_device_pixel_ratio());
  ImGuiIO& io = ImGui::GetIO();
  io.MouseWheel += y / per_unit;
  io.MouseWheelH += x / per_unit;
}

void follow_text_input() {
  static int active = -1;
  const int now = ImGui::GetIO().WantTextInput ? 1 : 0;
  // Every frame while a field is active: a click on the canvas (the field
  // clicked again) gives the canvas the focus back.
  if (now || now != active) ws_js_text_input(now);
  active = now;
}

std::u32string take_typed() {
  unsigned buf[256];
  const int n = ws_js_take_typed(buf, 256);
  std::u32string out;
  for (int i = 0; i < n; ++i) out.push_back(static_cast<char32_t>(buf[i]));
  return out;
}

void set_canvas_size(int width, int height) {
  ws_js_set_canvas_size(width, height);
}
bool input_since(double ms) {
  return ws_js_input_at() >= ms;
}
bool always_draw() {
  return ws_js_test_flag("alwaysDraw") != 0;
}
bool demo_baseline() {
  return ws_js_test_flag("demo") != 0;
}
void tick() {
  ++hooks().ticks;
}

void frame_done(double cpu_ms) {
  Hooks& h = hooks();
  ++h.frames;
  h.frame_ms.push_back(cpu_ms);
  if (h.frame_ms.size() > 600) h.frame_ms.pop_front();
}

}  // namespace ws::gui::web

// The OpenGL3 backend's state backup (web/gl_shim.h). In the browser a query
// the WebGL context does not keep on its side is a round trip to the GPU
// process that first waits for the frames still being drawn (the blend state,
// the scissor box: together most of a frame's time in headless Chromium). The
// window sets none of these outside ImGui, and the backend sets all of them
// before it draws and restores them after, so it gets GL's initial values
// without a round trip; the queries WebGL answers locally (bindings, viewport) go through.
extern "C" void ws_web_glGetIntegerv(GLenum pname, GLint* data) {
  switch (pname) {
    case GL_SCISSOR_BOX:
      data[0] = data[1] = data[2] = data[3] = 0;
      return;
    case GL_BLEND_SRC_RGB:
    case GL_BLEND_SRC_ALPHA:
      *data = GL_ONE;
      return;
    case GL_BLEND_DST_RGB:
    case GL_BLEND_DST_ALPHA:
      *data = GL_ZERO;
      return;
    case GL_BLEND_EQUATION_RGB:
    case GL_BLEND_EQUATION_ALPHA:
      *data = GL_FUNC_ADD;
      return;
    default:
      glGetIntegerv(pname, data);
  }
}

// clang-format off
void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, const ImRect& bb, ImGuiID id) { ws::gui::web::hooks().added[id] = bb; }
void ImGuiTestEngineHook_ItemInfo(ImGuiContext* ctx, ImGuiID id, const char* label, ImGuiItemStatusFlags) {
  if (!label || !*label) return;
  std::string key(label);
  // "Run on GPU##x" is found as "Run on GPU"; a field with no visible label ("##layout") by its id.
  if (const auto hidden = key.find("##"); hidden != std::string::npos && hidden > 0) key.erase(hidden);
  ws::gui::web::hooks().labelled.push_back({id, key, (ctx->CurrentItemFlags & ImGuiItemFlags_Disabled) != 0});
}
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
// clang-format on

// window.warpscopeTest.command(text) -> JSON text. Commands:
//   status        lesson position, link, variant, whole-kernel job, frames and frame times
//   item LABEL    the last frame's rectangle of the item drawn with that label, and whether disabled
//   report_ms K R C I   the whole-kernel report of K at rows R, cols C, inner I, timed in one piece
//   frames_reset  forgets the frame times (a measurement of what follows)
extern "C" EMSCRIPTEN_KEEPALIVE const char* ws_test_command(const char* command) {
  using nlohmann::json;
  using namespace ws::gui;
  auto& h = web::hooks();
  const std::string c = command ? command : "";
  json out;
  if (c == "status" && h.state && h.bench) {
    const AppState& s = *h.state;
    LessonPlayer& p = h.bench->lessons();
    out["frames"] = h.frames;
    out["ticks"] = h.ticks;
    out["lesson"] = p.open() ? lesson_position(p) : "";
    out["revealed"] = p.open() && p.revealed;
    out["lesson_error"] = p.error();
    out["lesson_resolving"] = p.resolving();
    out["link"] = encode_view_state(s, p);
    out["link_error"] = s.view.state_error;
    out["kernel"] = std::string(h.state->kernel().name);
    out["variant"] = s.variant ? s.variant->spec().expression : "";
    out["variant_error"] = s.variant_editor.error;
    out["whole_kernel"] = {{"busy", s.whole_kernel.busy()},
                           {"progress", s.whole_kernel.progress()},
                           {"done", s.whole_kernel.report() != nullptr},
                           {"error", s.whole_kernel.error()}};
    std::vector<double> ms(h.frame_ms.begin(), h.frame_ms.end());
    std::sort(ms.begin(), ms.end());
    out["frame_cpu_ms_median"] = ms.empty() ? 0.0 : ms[ms.size() / 2];
    std::vector<double> recent(h.frame_ms.end() - std::min<std::ptrdiff_t>(100, h.frame_ms.size()),
                               h.frame_ms.end());
    std::sort(recent.begin(), recent.end());
    out["frame_cpu_ms_recent"] = recent.empty() ? 0.0 : recent[recent.size() / 2];  // the last 100 frames
    out["frame_cpu_ms_max"] = ms.empty() ? 0.0 : ms.back();  // the longest of the last 600
    out["frame_cpu_ms_last"] = std::vector<double>(
        h.frame_ms.end() - std::min<std::ptrdiff_t>(8, h.frame_ms.size()), h.frame_ms.end());
    out["predictions_ready"] = s.timings.predictions_ready() && !s.variant_jobs.predicting();
    // The Timings tab's own row: the shown kernel's recorded entry has its prediction.
    const auto beside = s.timings.entries_beside(s.kernel().name, s.params);
    out["prediction_shown"] = !beside.empty() && s.timings.prediction(*beside.front()) != nullptr;
    out["presenter"] = s.view.presenter;
    // The last drawn frame's draw data: what the browser's WebGL has to draw, and
    // the pixels it covers (software WebGL pays for those, gui/draw_cost.hpp).
    if (const ImDrawData* d = ImGui::GetDrawData(); d && d->Valid) {
      const DrawCost cost = draw_cost(*d);
      for (const DrawListCost& l : cost.lists)
        out["draw_lists"][l.name.empty() ? "?" : l.name] = {{"vertices", l.vertices},
                                                             {"overdraw", l.pixels / cost.canvas_pixels}};
      out["draw"] = {{"lists", d->CmdListsCount}, {"vertices", cost.vertices}, {"triangles", cost.triangles},
                     {"overdraw", cost.overdraw()}};
    }
  } else if (c == "frames_reset") {
    h.frame_ms.clear();
    out = {{"frames", h.frames}};
  } else if (c.rfind("report_ms ", 0) == 0) {
    // report_ms KERNEL ROWS COLS INNER: kernels::report() at once, timed (the
    // window's job does the same work in slices; this is its compute time alone).
    char name[64] = {};
    int rows = 0, cols = 0, inner = 0;
    const ws::kernels::KernelDescriptor* k = nullptr;
    if (std::sscanf(c.c_str() + 10, "%63s %d %d %d", name, &rows, &cols, &inner) == 4)
      k = ws::kernels::find_kernel(name);
    if (!k) {
      out = {{"error", "report_ms KERNEL ROWS COLS INNER, with a catalog kernel"}};
    } else {
      ws::kernels::KernelParams p = k->defaults;
      p.rows = rows;
      p.cols = cols;
      p.inner = inner;
      if (auto why = ws::kernels::check_params(*k, p, ws::default_preset())) {
        out = {{"error", *why}};
      } else {
        const double t0 = emscripten_get_now();
        const ws::kernels::KernelReport r =
            ws::kernels::report(*k, p, ws::default_preset(), ws::Dim3{0, 0, 0}, 0);
        out = {{"ms", emscripten_get_now() - t0}, {"sites", r.sites.size()}};
      }
    }
  } else if (c == "scroll") {
    // Every window that can scroll: where it is, how far it is scrolled and its
    // line height, for the wheel's test (a notch is about three lines).
    out = nlohmann::json::array();
    for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
      if (w->Active && w->ScrollMax.y > 0)
        out.push_back({{"name", w->Name}, {"x", w->Pos.x}, {"y", w->Pos.y}, {"w", w->Size.x}, {"h", w->Size.y},
                       {"scroll_y", w->Scroll.y}, {"scroll_max_y", w->ScrollMax.y},
                       {"line", w->CalcFontSize() + ImGui::GetStyle().ItemSpacing.y}});
  } else if (c.rfind("item ", 0) == 0) {
    const std::string label = c.substr(5);
    if (auto it = h.items.find(label); it != h.items.end())
      out = {{"found", true},
             {"x", it->second.Min.x},
             {"y", it->second.Min.y},
             {"w", it->second.GetWidth()},
             {"h", it->second.GetHeight()},
             {"disabled", h.disabled[label]}};
    else
      out = {{"found", false}};
  } else {
    out = {{"error", "unknown test command: " + c}};
  }
  h.reply = out.dump();
  return h.reply.c_str();
}
