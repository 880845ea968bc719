#include "gui/slide_painter.hpp"

#include <algorithm>

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

void ImGuiSlideCanvas::rect(const slides::Element& e) {
  const ImVec2 a = t_.to_screen(e.box.x, e.box.y), b = t_.to_screen(e.box.right(), e.box.bottom());
  if (e.fill.a) dl_->AddRectFilled(a, b, colour(e.fill), e.radius * t_.scale);
  if (e.stroke.a && e.stroke_px > 0) dl_->AddRect(a, b, colour(e.stroke), e.radius * t_.scale, 0, e.stroke_px * t_.scale);
}

void ImGuiSlideCanvas::line(const slides::Element& e) {
  dl_->AddLine(t_.to_screen(e.box.x, e.box.y), t_.to_screen(e.box.right(), e.box.bottom()), colour(e.stroke),
               std::max(1.0f, e.stroke_px * t_.scale));
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
  dl_->AddText(font, e.glyph_px * t_.scale, t_.to_screen(e.box.x, e.box.y), colour(e.fill), e.text.c_str());
}

std::vector<std::string> painted_strings(const slides::Slide& s) {
  RecordingCanvas r;
  paint_slide(s, r);
  return r.strings;
}

}  // namespace ws::gui
