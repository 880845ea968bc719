#include "slides/pen.hpp"

#include <algorithm>
#include <cmath>

namespace ws::slides {
namespace colour {

Colour lane_fill(int lane, int warp_lanes) {
  static constexpr Colour kLight[] = {{250, 200, 120}, {150, 205, 240}, {110, 215, 175}, {225, 170, 205}};
  static constexpr Colour kDark[] = {{230, 159, 0}, {86, 180, 233}, {0, 190, 140}, {204, 121, 167}};
  const int group = warp_lanes >= 16 ? (lane / 8) % 4 : lane % 4;
  return lane % 2 == 0 ? kLight[group] : kDark[group];
}

Colour hue(int i, int n) {
  // Hues round the wheel in order (a rotation reads as diagonal stripes), alternating
  // lightness so neighbours differ.
  const double h = 6.0 * (i % std::max(n, 1)) / std::max(n, 1);
  const double light = i % 2 == 0 ? 0.86 : 0.74, sat = 0.55;
  const double c = (1 - std::fabs(2 * light - 1)) * sat;
  const double x = c * (1 - std::fabs(std::fmod(h, 2.0) - 1));
  double r = 0, g = 0, b = 0;
  switch (static_cast<int>(h) % 6) {
    case 0: r = c, g = x; break;
    case 1: r = x, g = c; break;
    case 2: g = c, b = x; break;
    case 3: g = x, b = c; break;
    case 4: r = x, b = c; break;
    default: r = c, b = x; break;
  }
  const double m = light - c / 2;
  auto byte = [](double v) { return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255)); };
  return {byte(r + m), byte(g + m), byte(b + m)};
}

}  // namespace colour

Element& Pen::rect(Box b, Colour fill, Role role, Colour stroke, float stroke_px, float radius) {
  Element e;
  e.kind = Kind::Rect;
  e.role = role;
  e.box = b;
  e.fill = fill;
  e.stroke = stroke;
  e.stroke_px = stroke_px;
  e.radius = radius;
  slide_.elements.push_back(std::move(e));
  return slide_.elements.back();
}

Element& Pen::line(float x0, float y0, float x1, float y1, Colour c, float px, Role role) {
  Element e;
  e.kind = Kind::Line;
  e.role = role;
  e.box = {x0, y0, x1 - x0, y1 - y0};
  e.stroke = c;
  e.stroke_px = px;
  slide_.elements.push_back(std::move(e));
  return slide_.elements.back();
}

Element& Pen::text(float x, float y, std::string s, float px, Colour ink, Role role, Face face) {
  Element e;
  e.kind = Kind::Text;
  e.role = role;
  e.box = {x, y, text_width(s, px, face), px};
  e.text = std::move(s);
  e.glyph_px = px;
  e.fill = ink;
  e.bold = face == Face::Bold;
  e.mono = face == Face::Mono;
  slide_.elements.push_back(std::move(e));
  return slide_.elements.back();
}

Element& Pen::centred(Box b, std::string s, float px, Colour ink, Role role, Face face) {
  const float w = text_width(s, px, face);
  return text(b.x + (b.w - w) / 2, b.y + (b.h - px) / 2, std::move(s), px, ink, role, face);
}

Element& Pen::right(float x, float y, float h, std::string s, float px, Colour ink, Role role, Face face) {
  const float w = text_width(s, px, face);
  return text(x - w, y + (h - px) / 2, std::move(s), px, ink, role, face);
}

float Pen::paragraph(Box area, std::string_view s, float px, Colour ink, Role role, Face face, float leading) {
  float y = area.y;
  for (auto& line : wrap_text(s, px, area.w, face)) {
    text(area.x, y, std::move(line), px, ink, role, face);
    y += px * leading;
  }
  return y - area.y;
}

float Pen::paragraph_height(float width, std::string_view s, float px, Face face, float leading) {
  return static_cast<float>(wrap_text(s, px, width, face).size()) * px * leading;
}

std::string plain(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text)
    if (c != '`') out += c;
  return out;
}

}  // namespace ws::slides
