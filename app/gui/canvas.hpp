// Drawing helpers shared by the grid panels (bank map, shared array, global
// memory): the ImGui canvas pattern (InvisibleButton claims the area, then the
// window's draw list paints it) plus a lane chip with its number.
#pragma once

#include <string_view>
#include <vector>

#include <imgui.h>

#include "gui/bank_map_layout.hpp"

namespace ws::gui::canvas {

inline ImVec2 at(ImVec2 origin, float x, float y) { return ImVec2(origin.x + x, origin.y + y); }
inline ImVec2 min_of(ImVec2 origin, const Rect& r) { return at(origin, r.x0, r.y0); }
inline ImVec2 max_of(ImVec2 origin, const Rect& r) { return at(origin, r.x1, r.y1); }

// True when the box lies wholly outside the draw list's clip rectangle (scrolled
// out of its panel): drawing it would add vertices nobody sees.
bool clipped_away(const ImDrawList* dl, ImVec2 min, ImVec2 max);

// The lines of a grid of `cols` x `rows` cells of cell_w x cell_h whose top-left
// corner is `min`, drawn as each cell's own 1 px outline drew them (2 px between
// two cells, 1 px on the border) but one strip per line: a 32 x 32 bank map was
// 12 000 vertices of outlines, which a browser's software WebGL rasterises every
// frame (issue 36); its lines are 264.
void grid_lines(ImDrawList* dl, ImVec2 min, int cols, int rows, float cell_w, float cell_h, ImU32 color);

// Text centred in a box, shrunk to fit (lane numbers must stay legible in small cells).
void centered_text(ImDrawList* dl, ImVec2 min, ImVec2 max, ImU32 color, std::string_view text,
                   float max_size = 0, ImFont* font = nullptr);

// How lane numbers are drawn this frame: in `font` (the bold figure font, or
// null for the text font), at most `max_px` high. The workbench sets it: the
// text size in the normal layout, larger in presenter mode, where the chips are.
void set_lane_number_style(ImFont* font, float max_px);

// A font's digits as fractions of its size (DejaVu Sans Bold: about 0.70 wide,
// 0.73 tall): what fitting a lane number into a chip needs.
struct DigitMetrics {
  float advance = 0.70f;     // one digit's advance
  float ink_top = 0.19f;     // from the line's top to the digits' top
  float ink_height = 0.73f;  // the digits' drawn height
};
DigitMetrics digit_metrics(ImFont* font);  // measured from the font's '0'

// How a lane number of `digits` digits is drawn in a chip of box_w x box_h, at
// most `max_px` font size: as large as the chip allows, squeezed sideways down to
// kMinSqueeze rather than made smaller, and with its digits one above the other
// where the chip is tall and narrow (a one-row map on a projector: 32 banks
// leave ~25 px a column, the row ~300 px). Pure: the tests call it.
inline constexpr float kMinSqueeze = 0.72f;
struct LaneNumberFit {
  float size = 0;        // font size; 0: not drawn (it would be unreadable)
  float squeeze = 1;     // horizontal scale of the glyphs
  bool stacked = false;  // digits one above the other
  float ink_height = 0;  // height of one digit as drawn, px
};
LaneNumberFit fit_lane_number(const DigitMetrics& m, float box_w, float box_h, float max_px, int digits);

// A lane's chip: its colour, its number, a dark outline (a heavy blue one when
// a lesson step emphasises the lane). Returns the digits' drawn height (0 when
// the chip was too small for a number), which the figures report to tests.
float lane_chip(ImDrawList* dl, ImVec2 min, ImVec2 max, int lane, bool emphasised = false);

// The warp's inactive lanes as grey chips in a strip under a figure (they read
// and write nothing, so they have no bank and no sector): `label` in the label
// column, then one chip per inactive lane, side by side, `chip_w` x `height`.
// Claims the strip; nothing when every lane is active.
void inactive_lanes_strip(const char* id, const std::vector<int>& lanes, std::string_view label, float label_w,
                          float chip_w, float height);

// The smallest lane-digit height drawn since the last reset (0: none drawn).
void reset_lane_digit_stats();
float smallest_lane_digit();

// One line of swatches naming the lane groups' colours (palette.hpp); nothing
// for a warp of at most one group.
void lane_legend(int warp_lanes);
float lane_legend_width(int warp_lanes);  // 0 when lane_legend draws nothing

// Claims a region of the window for a custom drawing and returns its top-left
// corner; hover and clicks on it go to an invisible button named `id`.
ImVec2 claim(const char* id, float width, float height);

}  // namespace ws::gui::canvas
