#include "gui/canvas.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "gui/palette.hpp"

namespace ws::gui::canvas {

namespace {
ImFont* g_lane_font = nullptr;
float g_lane_max_px = 0;
float g_smallest_digit = 0;

// Squeezes the glyphs added since vertex `from` sideways about x = cx.
void squeeze_since(ImDrawList* dl, int from, float cx, float squeeze) {
  if (squeeze >= 0.999f) return;
  for (int i = from; i < dl->VtxBuffer.Size; ++i) dl->VtxBuffer[i].pos.x = cx + (dl->VtxBuffer[i].pos.x - cx) * squeeze;
}
}  // namespace

bool clipped_away(const ImDrawList* dl, ImVec2 min, ImVec2 max) {
  const ImVec2 clip_min = dl->GetClipRectMin(), clip_max = dl->GetClipRectMax();
  return max.x < clip_min.x || min.x > clip_max.x || max.y < clip_min.y || min.y > clip_max.y;
}

void reset_lane_digit_stats() { g_smallest_digit = 0; }
float smallest_lane_digit() { return g_smallest_digit; }

DigitMetrics digit_metrics(ImFont* font) {
  DigitMetrics m;
  if (!font || font->FontSize <= 0) return m;
  if (const ImFontGlyph* g = font->FindGlyph('0'); g && g->Y1 > g->Y0) {
    m.advance = g->AdvanceX / font->FontSize;
    m.ink_top = g->Y0 / font->FontSize;
    m.ink_height = (g->Y1 - g->Y0) / font->FontSize;
  }
  return m;
}

LaneNumberFit fit_lane_number(const DigitMetrics& m, float box_w, float box_h, float max_px, int digits) {
  LaneNumberFit f;
  digits = std::max(1, digits);
  // Digits may come within a pixel of the chip's edge: every pixel of a 32-row map counts.
  const float inner_w = box_w - 2 * std::max(0.5f, box_w * 0.03f);
  const float inner_h = box_h - 2 * std::max(0.5f, box_h * 0.03f);
  if (inner_w <= 0 || inner_h <= 0 || max_px <= 0) return f;
  // One line: as tall as the chip, as wide as a squeeze allows.
  const float line = std::min({max_px, inner_h / m.ink_height, inner_w / (m.advance * digits * kMinSqueeze)});
  // Stacked: each digit a fifth of its height apart.
  const float stack_h = m.ink_height * (digits + 0.2f * (digits - 1));
  const float stack = digits > 1 ? std::min({max_px, inner_h / stack_h, inner_w / (m.advance * kMinSqueeze)}) : 0;
  // Stack only where it clearly wins: a number reads best on one line.
  f.stacked = stack > line * 1.25f;
  f.size = f.stacked ? stack : line;
  const float width = m.advance * f.size * (f.stacked ? 1 : digits);
  f.squeeze = std::min(1.0f, inner_w / width);
  f.ink_height = m.ink_height * f.size;
  if (f.ink_height < 4.0f) f = {};  // unreadable: leave the colour to speak
  return f;
}

void set_lane_number_style(ImFont* font, float max_px) {
  g_lane_font = font;
  g_lane_max_px = max_px;
}

void grid_lines(ImDrawList* dl, ImVec2 min, int cols, int rows, float cell_w, float cell_h, ImU32 color) {
  if (cols <= 0 || rows <= 0) return;
  const ImVec2 max(min.x + cols * cell_w, min.y + rows * cell_h);
  // A boundary's strip: 1 px inside an outer edge, 1 px either side of an inner one.
  const auto strip = [](float at, float lo, float hi) { return std::pair(at > lo ? at - 1 : at, at < hi ? at + 1 : at); };
  for (int c = 0; c <= cols; ++c) {
    const auto [x0, x1] = strip(min.x + c * cell_w, min.x, max.x);
    dl->AddRectFilled(ImVec2(x0, min.y), ImVec2(x1, max.y), color);
  }
  for (int r = 0; r <= rows; ++r) {
    const auto [y0, y1] = strip(min.y + r * cell_h, min.y, max.y);
    dl->AddRectFilled(ImVec2(min.x, y0), ImVec2(max.x, y1), color);
  }
}

void centered_text(ImDrawList* dl, ImVec2 min, ImVec2 max, ImU32 color, std::string_view text,
                   float max_size, ImFont* font) {
  if (clipped_away(dl, min, max)) return;
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

float lane_chip(ImDrawList* dl, ImVec2 min, ImVec2 max, int lane, bool emphasised) {
  const std::string n = std::to_string(lane);
  ImFont* font = g_lane_font ? g_lane_font : ImGui::GetFont();
  const DigitMetrics dm = digit_metrics(font);
  const LaneNumberFit f = fit_lane_number(dm, max.x - min.x, max.y - min.y,
                                          g_lane_max_px > 0 ? g_lane_max_px : ImGui::GetFontSize(),
                                          static_cast<int>(n.size()));
  // A chip scrolled out of its panel costs nothing to draw: about 70 vertices a
  // chip, which a browser's software WebGL would still process (issue 36).
  if (clipped_away(dl, min, max)) return f.size > 0 ? f.ink_height : 0;
  const float rounding = std::min(4.0f, (max.y - min.y) * 0.25f);
  dl->AddRectFilled(min, max, palette::lane_fill(lane), rounding);
  dl->AddRect(min, max, palette::kInk, rounding, 0, 1.0f);
  if (emphasised) {
    const float w = std::max(2.5f, ImGui::GetFontSize() * 0.18f);
    dl->AddRect(ImVec2(min.x - 1, min.y - 1), ImVec2(max.x + 1, max.y + 1), palette::kAccent, rounding, 0, w);
  }
  if (f.size <= 0) return 0;
  const float cx = (min.x + max.x) * 0.5f, cy = (min.y + max.y) * 0.5f;
  const ImU32 color = palette::lane_text(lane);
  // Centred on the digits' ink, not the line box: tall rows of small chips gain a few px.
  const float lines = f.stacked ? static_cast<float>(n.size()) : 1.0f;
  const float block_h = f.ink_height * (lines + 0.2f * (lines - 1));
  float ink_y = cy - block_h * 0.5f;
  const int from = dl->VtxBuffer.Size;
  if (f.stacked) {
    for (char d : n) {
      const float w = font->CalcTextSizeA(f.size, FLT_MAX, 0, &d, &d + 1).x;
      dl->AddText(font, f.size, ImVec2(cx - w * 0.5f, ink_y - dm.ink_top * f.size), color, &d, &d + 1);
      ink_y += f.ink_height * 1.2f;
    }
  } else {
    const float w = font->CalcTextSizeA(f.size, FLT_MAX, 0, n.data(), n.data() + n.size()).x;
    dl->AddText(font, f.size, ImVec2(cx - w * 0.5f, ink_y - dm.ink_top * f.size), color, n.data(), n.data() + n.size());
  }
  squeeze_since(dl, from, cx, f.squeeze);
  g_smallest_digit = g_smallest_digit > 0 ? std::min(g_smallest_digit, f.ink_height) : f.ink_height;
  return f.ink_height;
}

void inactive_lanes_strip(const char* id, const std::vector<int>& lanes, std::string_view label, float label_w,
                          float chip_w, float height) {
  if (lanes.empty()) return;
  ImGui::Spacing();
  const float width = label_w + chip_w * static_cast<float>(lanes.size());
  const ImVec2 o = claim(id, width, height);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  centered_text(dl, o, ImVec2(o.x + label_w - 4, o.y + height), palette::rgb(110, 110, 110), label);
  for (std::size_t i = 0; i < lanes.size(); ++i) {
    const ImVec2 mn(o.x + label_w + chip_w * i + 1, o.y + 1), mx(o.x + label_w + chip_w * (i + 1) - 1, o.y + height - 1);
    const float rounding = std::min(4.0f, (mx.y - mn.y) * 0.25f);
    dl->AddRectFilled(mn, mx, palette::rgb(215, 215, 215), rounding);
    dl->AddRect(mn, mx, palette::rgb(150, 150, 150), rounding);
    centered_text(dl, mn, mx, palette::rgb(90, 90, 90), std::to_string(lanes[i]),
                  std::min(g_lane_max_px > 0 ? g_lane_max_px : ImGui::GetFontSize(), ImGui::GetFontSize() * 1.2f),
                  g_lane_font);
  }
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
