#include "gui/canvas.hpp"

#include <algorithm>
#include <string>

#include "gui/palette.hpp"

namespace ws::gui::canvas {

void centered_text(ImDrawList* dl, ImVec2 min, ImVec2 max, ImU32 color, std::string_view text,
                   float max_size) {
  ImFont* font = ImGui::GetFont();
  const float base = ImGui::GetFontSize();
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

void lane_chip(ImDrawList* dl, ImVec2 min, ImVec2 max, int lane) {
  const float rounding = std::min(4.0f, (max.y - min.y) * 0.25f);
  dl->AddRectFilled(min, max, palette::lane_fill(lane), rounding);
  dl->AddRect(min, max, palette::kInk, rounding, 0, 1.0f);
  const std::string n = std::to_string(lane);
  centered_text(dl, min, max, palette::lane_text(lane), n);
}

ImVec2 claim(const char* id, float width, float height) {
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(id, ImVec2(std::max(1.0f, width), std::max(1.0f, height)));
  return origin;
}

}  // namespace ws::gui::canvas
