#include "slides/slide.hpp"

#include <algorithm>

namespace ws::slides {

std::string_view to_string(Role r) {
  switch (r) {
    case Role::Heading: return "heading";
    case Role::Body: return "body";
    case Role::Question: return "question";
    case Role::Option: return "option";
    case Role::Answer: return "answer";
    case Role::Caption: return "caption";
    case Role::Axis: return "axis";
    case Role::Lane: return "lane";
    case Role::LaneInput: return "lane-input";
    case Role::Cell: return "cell";
    case Role::Sector: return "sector";
    case Role::Block: return "block";
    case Role::Bar: return "bar";
    case Role::Code: return "code";
    case Role::Toggle: return "toggle";
    case Role::Decoration: return "decoration";
  }
  return "?";
}

std::string_view to_string(Kind k) {
  switch (k) {
    case Kind::Rect: return "rect";
    case Kind::Text: return "text";
    case Kind::Line: return "line";
  }
  return "?";
}

float Slide::smallest_glyph() const {
  float smallest = kSlideHeight;
  for (const auto& e : elements)
    if (e.kind == Kind::Text) smallest = std::min(smallest, e.glyph_px);
  return smallest;
}

std::vector<std::string> Slide::strings() const {
  std::vector<std::string> out;
  for (const auto& e : elements)
    if (e.kind == Kind::Text) out.push_back(e.text);
  return out;
}

}  // namespace ws::slides
