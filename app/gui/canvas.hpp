// Drawing helpers shared by the grid panels (bank map, shared array, global
// memory): the ImGui canvas pattern (InvisibleButton claims the area, then the
// window's draw list paints it) plus a lane chip with its number.
#pragma once

#include <string_view>

#include <imgui.h>

#include "gui/bank_map_layout.hpp"

namespace ws::gui::canvas {

inline ImVec2 at(ImVec2 origin, float x, float y) { return ImVec2(origin.x + x, origin.y + y); }
inline ImVec2 min_of(ImVec2 origin, const Rect& r) { return at(origin, r.x0, r.y0); }
inline ImVec2 max_of(ImVec2 origin, const Rect& r) { return at(origin, r.x1, r.y1); }

// Text centred in a box, shrunk to fit (lane numbers must stay legible in small cells).
void centered_text(ImDrawList* dl, ImVec2 min, ImVec2 max, ImU32 color, std::string_view text,
                   float max_size = 0, ImFont* font = nullptr);

// How lane numbers are drawn this frame: in `font` (the bold figure font, or
// null for the text font), at most `max_px` high. The workbench sets it: the
// text size in the normal layout, larger in presenter mode, where the chips are.
void set_lane_number_style(ImFont* font, float max_px);

// A lane's chip: its colour, its number, a dark outline (a heavy blue one when
// a lesson step emphasises the lane).
void lane_chip(ImDrawList* dl, ImVec2 min, ImVec2 max, int lane, bool emphasised = false);

// One line of swatches naming the lane groups' colours (palette.hpp); nothing
// for a warp of at most one group.
void lane_legend(int warp_lanes);
float lane_legend_width(int warp_lanes);  // 0 when lane_legend draws nothing

// Claims a region of the window for a custom drawing and returns its top-left
// corner; hover and clicks on it go to an invisible button named `id`.
ImVec2 claim(const char* id, float width, float height);

}  // namespace ws::gui::canvas
