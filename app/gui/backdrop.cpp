#include "gui/backdrop.hpp"

#include <imgui_internal.h>

#include <algorithm>

namespace ws::gui::backdrop {

namespace {
bool g_enabled = true;
std::vector<Fill> g_fills;
std::vector<ImGuiID> g_tiles;  // this frame's tile windows
bool opaque(ImU32 color) { return ((color >> IM_COL32_A_SHIFT) & 0xFF) == 0xFF; }

}  // namespace

void set_enabled(bool on) { g_enabled = on; }
bool enabled() { return g_enabled; }
void begin_frame() {
  g_fills.clear();
  g_tiles.clear();
}
const std::vector<Fill>& fills() { return g_fills; }

void rect(ImDrawList* dl, ImVec2 min, ImVec2 max, ImU32 color) {
  // Only inside a tile: a floating window's own fill would be cleared under the
  // panels it floats over, and they would draw over it.
  const ImGuiWindow* w = ImGui::GetCurrentWindowRead();
  const bool in_tile = w && std::find(g_tiles.begin(), g_tiles.end(), w->RootWindow->ID) != g_tiles.end();
  if (!g_enabled || !opaque(color) || !in_tile) {
    dl->AddRectFilled(min, max, color);
    return;
  }
  const ImVec2 clip_min = dl->GetClipRectMin(), clip_max = dl->GetClipRectMax();
  Fill f{std::max(min.x, clip_min.x), std::max(min.y, clip_min.y), std::min(max.x, clip_max.x),
         std::min(max.y, clip_max.y), color};
  if (f.x1 <= f.x0 || f.y1 <= f.y0) return;
  // Rows of one colour one under the other (a bank map's rows) are one clear.
  if (!g_fills.empty()) {
    Fill& last = g_fills.back();
    if (last.color == f.color && last.x0 == f.x0 && last.x1 == f.x1 && last.y1 == f.y0) {
      last.y1 = f.y1;
      return;
    }
  }
  g_fills.push_back(f);
}

bool begin_tile(const char* name, ImGuiWindowFlags flags) {
  // A see-through background cannot be a clear: ImGui draws it, as for any window.
  const ImU32 color = ImGui::GetColorU32(ImGuiCol_WindowBg);
  const bool as_backdrop = g_enabled && opaque(color);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  const bool shown = ImGui::Begin(name, nullptr, as_backdrop ? flags | ImGuiWindowFlags_NoBackground : flags);
  ImGui::PopStyleVar();
  if (as_backdrop) {
    const ImGuiWindow* w = ImGui::GetCurrentWindowRead();
    g_tiles.push_back(w->ID);
    g_fills.push_back({w->Pos.x, w->Pos.y, w->Pos.x + w->Size.x, w->Pos.y + w->Size.y, color});
    // ImGui leaves out the outer border of a window without a background: drawn as it would.
    // (Outside the content's clip rectangle, which Begin has set, as ImGui's decorations are.)
    if (w->WindowBorderSize > 0) {
      w->DrawList->PushClipRectFullScreen();
      w->DrawList->AddRect(w->Pos, ImVec2(w->Pos.x + w->Size.x, w->Pos.y + w->Size.y),
                           ImGui::GetColorU32(ImGuiCol_Border), 0.0f, 0, w->WindowBorderSize);
      w->DrawList->PopClipRect();
    }
  }
  return shown;
}

}  // namespace ws::gui::backdrop
