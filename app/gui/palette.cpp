#include "gui/palette.hpp"

#include <array>

namespace ws::gui::palette {
namespace {

struct Swatch {
  ImU32 fill;
  ImU32 text;
};

// Hues after Okabe & Ito (2008), which stay apart under the common colour-vision
// deficiencies; each in a light (even lanes) and a dark (odd lanes) shade.
constexpr std::array<Swatch, 8> kLaneSwatches{{
    {rgb(250, 206, 112), rgb(0, 0, 0)},  // lanes 0-7: orange, light
    {rgb(230, 159, 0), rgb(0, 0, 0)},    //            orange, dark
    {rgb(170, 214, 245), rgb(0, 0, 0)},  // lanes 8-15: blue, light
    {rgb(86, 180, 233), rgb(0, 0, 0)},   //             blue, dark
    {rgb(130, 215, 185), rgb(0, 0, 0)},  // lanes 16-23: green, light
    {rgb(0, 178, 130), rgb(0, 0, 0)},    //              green, dark
    {rgb(232, 190, 215), rgb(0, 0, 0)},  // lanes 24-31: purple, light
    {rgb(204, 121, 167), rgb(0, 0, 0)},  //              purple, dark
}};

int g_lanes_per_group = lanes_per_colour_group(32);

const Swatch& swatch(int lane) {
  const unsigned l = static_cast<unsigned>(lane);
  // One lane per group (the toy): four hues in their dark shade.
  if (g_lanes_per_group == 1) return kLaneSwatches[(l % 4) * 2 + 1];
  return kLaneSwatches[(l / g_lanes_per_group % 4) * 2 + l % 2];
}

}  // namespace

void set_colour_warp_lanes(int warp_lanes) { g_lanes_per_group = lanes_per_colour_group(warp_lanes); }
ImU32 lane_fill(int lane) { return swatch(lane).fill; }
ImU32 lane_text(int lane) { return swatch(lane).text; }
ImU32 lane_group_fill(int group) { return kLaneSwatches[(static_cast<unsigned>(group) % 4) * 2 + 1].fill; }
const char* lane_group_name(int group) {
  static const char* names[] = {"lanes 0-7", "lanes 8-15", "lanes 16-23", "lanes 24-31"};
  return names[static_cast<unsigned>(group) % 4];
}

ImVec4 text_conflict() { return ImGui::ColorConvertU32ToFloat4(kConflict); }
ImVec4 text_good() { return ImGui::ColorConvertU32ToFloat4(rgb(0, 120, 86)); }
ImVec4 text_muted() { return ImVec4(0.35f, 0.35f, 0.35f, 1.0f); }

void apply_classroom_style(float scale) {
  ImGuiStyle style;  // fresh copy: ScaleAllSizes multiplies, so never scale twice
  ImGui::StyleColorsLight(&style);
  style.WindowRounding = 4.0f;
  style.FrameRounding = 3.0f;
  style.TabRounding = 3.0f;
  style.WindowBorderSize = 1.0f;
  style.FramePadding = ImVec2(6.0f, 4.0f);
  style.ItemSpacing = ImVec2(8.0f, 5.0f);
  style.Colors[ImGuiCol_WindowBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
  // Pale blue title bars: black titles stay readable, the active window still shows.
  style.Colors[ImGuiCol_TitleBgActive] = ImVec4(0.74f, 0.86f, 0.95f, 1.0f);
  style.Colors[ImGuiCol_TitleBg] = ImVec4(0.86f, 0.92f, 0.97f, 1.0f);
  style.Colors[ImGuiCol_Text] = ImVec4(0.05f, 0.05f, 0.05f, 1.0f);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

}  // namespace ws::gui::palette
