#include "gui/palette.hpp"

#include <array>

namespace ws::gui::palette {
namespace {

struct Swatch {
  ImU32 fill;
  ImU32 text;
};

// Okabe & Ito (2008), with a light grey in place of black so a chip's number reads.
constexpr std::array<Swatch, 8> kLaneSwatches{{
    {rgb(230, 159, 0), rgb(0, 0, 0)},        // orange
    {rgb(86, 180, 233), rgb(0, 0, 0)},       // sky blue
    {rgb(0, 158, 115), rgb(255, 255, 255)},  // bluish green
    {rgb(240, 228, 66), rgb(0, 0, 0)},       // yellow
    {rgb(0, 114, 178), rgb(255, 255, 255)},  // blue
    {rgb(213, 94, 0), rgb(255, 255, 255)},   // vermillion
    {rgb(204, 121, 167), rgb(0, 0, 0)},      // reddish purple
    {rgb(170, 170, 170), rgb(0, 0, 0)},      // grey
}};

}  // namespace

ImU32 lane_fill(int lane) { return kLaneSwatches[static_cast<unsigned>(lane) % 8].fill; }
ImU32 lane_text(int lane) { return kLaneSwatches[static_cast<unsigned>(lane) % 8].text; }

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
