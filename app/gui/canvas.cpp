#include "gui/canvas.hpp"

#include <algorithm>
#include <string>

#include "gui/palette.hpp"

namespace ws::gui::canvas {

namespace {
ImFont* g_lane_font = nullptr;
float g_lane_max_px = 0;
}  // namespace

void set_lane_number_style(ImFont* font, float max_px) {
  g_lane_font = font;
  g_lane_max_px = max_px;
}

void centered_text(ImDrawList* dl, ImVec2 min, ImVec2 max, ImU32 color, std::string_view text,
                   float max_size, ImFont* font) {
  if (!font) font = ImGui::GetFont();
  const float base = max_size > 0 ? max_size : ImGui::GetFontSize();
  const float box_w = max.x - min.x, box_h = max.y - min.y;
  const ImVec2 natural = font->CalcTextSizeA(base, FLT_MAX, 0, text.data(), text.data() + text.size());
  float size = std::min(base, box_h * 0.9f);
  if (natural.x > 0) size = std::min(size, base * (box_w - 2) / natural.x);
  if (max_size > 0) size = std::min(size, max_size);
  if (size < 6.0f) return;  // unreadable: leave the colour to speak
  const ImVec2 t = font->CalcTextSizeA(size, FLT_MAX, 0, text.data(), text.data() + text.size());
  const ImVec2 pos((min.x + max.x - t.x) * 0.5f, (min.y + max.y - t.y) * 0.5f);
  dl->AddText(font, size, pos, color, text.data(), text.data() + text.size());
}

void lane_chip(ImDrawList* dl, ImVec2 min, ImVec2 max, int lane, bool emphasised) {
  const float rounding = std::min(4.0f, (max.y - min.y) * 0.25f);
  dl->AddRectFilled(min, max, palette::lane_fill(lane), rounding);
  dl->AddRect(min, max, palette::kInk, rounding, 0, 1.0f);
  if (emphasised) {
    const float w = std::max(2.5f, ImGui::GetFontSize() * 0.18f);
    dl->AddRect(ImVec2(min.x - 1, min.y - 1), ImVec2(max.x + 1, max.y + 1), palette::kAccent, rounding, 0, w);
  }
  const std::string n = std::to_string(lane);
  centered_text(dl, min, max, palette::lane_text(lane), n, g_lane_max_px > 0 ? g_lane_max_px : 0, g_lane_font);
}

ImVec2 claim(const char* id, float width, float height) {
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(id, ImVec2(std::max(1.0f, width), std::max(1.0f, height)));
  return origin;
}

}  // namespace ws::gui::canvas

namespace ws::gui::canvas {

float lane_legend_width(int warp_lanes) {
  const int per = palette::lanes_per_colour_group(warp_lanes);
  const int groups = (warp_lanes + per - 1) / per;
  if (groups < 2 || per < 2) return 0;  // one hue per lane: the numbers say it all
  float w = 0;
  for (int g = 0; g < groups; ++g)
    w += ImGui::GetFontSize() * (g > 0 ? 1.0f : 0.0f) + ImGui::GetFontSize() * 0.9f * 1.35f +
         ImGui::CalcTextSize(palette::lane_group_name(g)).x;
  return w;
}

void lane_legend(int warp_lanes) {
  const int per = palette::lanes_per_colour_group(warp_lanes);
  const int groups = (warp_lanes + per - 1) / per;
  if (groups < 2 || per < 2) return;
  const float sw = ImGui::GetFontSize() * 0.9f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int g = 0; g < groups; ++g) {
    if (g > 0) ImGui::SameLine(0, ImGui::GetFontSize());
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float y = p.y + (ImGui::GetTextLineHeight() - sw) * 0.5f;
    dl->AddRectFilled(ImVec2(p.x, y), ImVec2(p.x + sw, y + sw), palette::lane_group_fill(g), 3.0f);
    dl->AddRect(ImVec2(p.x, y), ImVec2(p.x + sw, y + sw), palette::kInk, 3.0f);
    ImGui::Dummy(ImVec2(sw, ImGui::GetTextLineHeight()));
    ImGui::SameLine(0, sw * 0.35f);
    ImGui::TextUnformatted(palette::lane_group_name(g));
  }
}

}  // namespace ws::gui::canvas
