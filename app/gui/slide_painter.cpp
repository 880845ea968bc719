#include "gui/slide_painter.hpp"

#include <algorithm>
#include <cfloat>

#include "gui/backdrop.hpp"

namespace ws::gui {
namespace {

ImU32 colour(slides::Colour c) { return IM_COL32(c.r, c.g, c.b, c.a); }

class RecordingCanvas : public SlideCanvas {
 public:
  std::vector<std::string> strings;
  void rect(const slides::Element&) override {}
  void line(const slides::Element&) override {}
  void text(const slides::Element& e) override { strings.push_back(e.text); }
};

}  // namespace

SlideTransform fit_slide(ImVec2 pos, ImVec2 size) {
  SlideTransform t;
  t.scale = std::max(0.01f, std::min(size.x / slides::kSlideWidth, size.y / slides::kSlideHeight));
  t.origin = {pos.x + (size.x - slides::kSlideWidth * t.scale) / 2, pos.y + (size.y - slides::kSlideHeight * t.scale) / 2};
  return t;
}

void paint_slide(const slides::Slide& s, SlideCanvas& canvas) {
  for (const auto& e : s.elements) {
    switch (e.kind) {
      case slides::Kind::Rect: canvas.rect(e); break;
      case slides::Kind::Line: canvas.line(e); break;
      case slides::Kind::Text: canvas.text(e); break;
    }
  }
}

bool ImGuiSlideCanvas::over_drawn(ImVec2 min, ImVec2 max) const {
  return std::any_of(drawn_.begin(), drawn_.end(), [&](const ImVec4& d) {
    return min.x < d.z && max.x > d.x && min.y < d.w && max.y > d.y;
  });
}

void ImGuiSlideCanvas::rect(const slides::Element& e) {
  const ImVec2 a = t_.to_screen(e.box.x, e.box.y), b = t_.to_screen(e.box.right(), e.box.bottom());
  if (e.fill.a == 255 && e.radius <= 0 && !over_drawn(a, b)) {
    backdrop::rect(dl_, a, b, colour(e.fill));
  } else if (e.fill.a) {
    dl_->AddRectFilled(a, b, colour(e.fill), e.radius * t_.scale);
    drawn(a, b);
  }
  if (e.stroke.a && e.stroke_px > 0) {
    const float w = e.stroke_px * t_.scale;
    dl_->AddRect(a, b, colour(e.stroke), e.radius * t_.scale, 0, w);
    drawn(ImVec2(a.x - w, a.y - w), ImVec2(b.x + w, b.y + w));
  }
}

void ImGuiSlideCanvas::line(const slides::Element& e) {
  const ImVec2 a = t_.to_screen(e.box.x, e.box.y), b = t_.to_screen(e.box.right(), e.box.bottom());
  const float w = std::max(1.0f, e.stroke_px * t_.scale);
  dl_->AddLine(a, b, colour(e.stroke), w);
  drawn(ImVec2(std::min(a.x, b.x) - w, std::min(a.y, b.y) - w), ImVec2(std::max(a.x, b.x) + w, std::max(a.y, b.y) + w));
}

ImFont* SlideFonts::pick(bool is_mono, bool is_bold, float screen_px) const {
  const auto& set = is_mono ? mono : is_bold ? bold : regular;
  // Nearest on a log scale: a raster 1.3x too large or too small both stay crisp.
  int best = -1;
  float best_ratio = 0;
  for (int i = 0; i < kSizes; ++i) {
    if (!set[static_cast<std::size_t>(i)]) continue;
    const float raster = kRasterPx[static_cast<std::size_t>(i)] * pixel_ratio;
    const float ratio = std::max(raster, screen_px) / std::max(1.0f, std::min(raster, screen_px));
    if (best < 0 || ratio < best_ratio) best = i, best_ratio = ratio;
  }
  return best < 0 ? nullptr : set[static_cast<std::size_t>(best)];
}

void ImGuiSlideCanvas::text(const slides::Element& e) {
  ImFont* font = fonts_.pick(e.mono, e.bold, e.glyph_px * t_.scale);
  if (!font) font = ImGui::GetFont();
  const float size = e.glyph_px * t_.scale;
  const ImVec2 at = t_.to_screen(e.box.x, e.box.y);
  dl_->AddText(font, size, at, colour(e.fill), e.text.c_str());
  const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0, e.text.c_str());
  drawn(at, ImVec2(at.x + extent.x, at.y + extent.y));
}

std::vector<std::string> painted_strings(const slides::Slide& s) {
  RecordingCanvas r;
  paint_slide(s, r);
  return r.strings;
}

}  // namespace ws::gui
