// Colours for a projector and for colour-blind students: the Okabe-Ito set
// (distinguishable under protanopia, deuteranopia and tritanopia) on a light
// theme, which survives a washed-out projector better than a dark one.
#pragma once

#include <imgui.h>

namespace ws::gui::palette {

// Lane chips are coloured by lane group: lanes 0-7, 8-15, 16-23 and 24-31
// each have one hue (orange, blue, green, purple), in a light and a dark shade
// for even and odd lanes, so neighbours differ too. Eight cycling colours made
// lane 3 and lane 11 look the same; the group is what matters for 8- and
// 16-byte accesses (half and quarter warps) and it has a legend. The lane
// number is always printed on the chip.
// A warp of a few lanes (the 4-lane toy) gives each lane its own hue instead:
// lanes_per_colour_group(4) is 1. Pure function of the warp size.
inline constexpr int lanes_per_colour_group(int warp_lanes) { return warp_lanes >= 16 ? 8 : 1; }
// The warp size the colours are chosen for; the workbench and the export set it
// from the preset before drawing (32 until then).
void set_colour_warp_lanes(int warp_lanes);
ImU32 lane_fill(int lane);
ImU32 lane_text(int lane);  // black: reads on every fill (contrast >= 4.5:1)
ImU32 lane_group_fill(int group);  // the group's dark shade, for the legend
const char* lane_group_name(int group);

inline constexpr ImU32 rgb(unsigned r, unsigned g, unsigned b, unsigned a = 255) {
  return IM_COL32(r, g, b, a);
}

inline constexpr ImU32 kInk = rgb(20, 20, 20);                // text and outlines
inline constexpr ImU32 kGrid = rgb(190, 190, 190);            // cell borders
inline constexpr ImU32 kCell = rgb(248, 248, 248);            // empty cell
inline constexpr ImU32 kCellAlt = rgb(232, 236, 242);         // alternate row shade
inline constexpr ImU32 kPadding = rgb(200, 200, 200);         // padding words
inline constexpr ImU32 kConflict = rgb(213, 94, 0);           // vermillion: cost above ideal
inline constexpr ImU32 kGood = rgb(0, 158, 115);              // bluish green: at the ideal
inline constexpr ImU32 kAccent = rgb(0, 114, 178);            // blue: current selection
inline constexpr ImU32 kSectorTouched = rgb(86, 180, 233, 90);  // sky blue, translucent
inline constexpr ImU32 kRead = rgb(0, 114, 178);              // blocks view: tile read
inline constexpr ImU32 kWrite = rgb(230, 159, 0);             // blocks view: tile written
inline constexpr ImU32 kVisited = rgb(204, 121, 167, 70);     // blocks already animated

// ImGui text colours (ImVec4) for headlines.
ImVec4 text_conflict();
ImVec4 text_good();
ImVec4 text_muted();

// Light theme with larger rounding and spacing that reads on a projector.
void apply_classroom_style(float scale);

}  // namespace ws::gui::palette
