// Opaque rectangles that the frame clears to (glScissor + glClear) before it
// draws Dear ImGui's triangles, instead of drawing them as triangles: the
// panels' backgrounds and the figures' cell fills. A software WebGL
// (SwiftShader, a browser without a GPU) spends about 10 ms of two cores on a
// canvas of blended, textured triangles and almost nothing on a clear; the
// workbench's backgrounds alone were a canvas (issue 36, docs/web.md).
//
// A backdrop is drawn under everything: only a rectangle that no earlier
// triangle of the frame overlaps may be one. Panels that tile the window never
// overlap one another, and a floating window, a popup or a tooltip is drawn
// after every backdrop, so over it.
#pragma once

#include <vector>

#include <imgui.h>

namespace ws::gui::backdrop {

struct Fill {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // ImGui's coordinates
  ImU32 color = 0;
};

// Backdrops off: everything is drawn as triangles (the tests compare the two pictures).
void set_enabled(bool on);
bool enabled();

void begin_frame();  // forgets the last frame's (GlWindow::begin_frame)
const std::vector<Fill>& fills();

// An opaque rectangle, clipped by the draw list's clip rectangle: a backdrop
// when backdrops are on and `color` is opaque, else drawn into `dl` as before.
void rect(ImDrawList* dl, ImVec2 min, ImVec2 max, ImU32 color);

// ImGui::Begin for a window that tiles the display (a panel, a slide): square
// corners, and its background a backdrop rather than a rectangle of its own.
// Returns what Begin returned; End it as any window.
bool begin_tile(const char* name, ImGuiWindowFlags flags);

// GlWindow clears the bound framebuffer to fills() before it draws the triangles.

}  // namespace ws::gui::backdrop
