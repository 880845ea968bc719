// The window's painter of a slide (slides/slide.hpp): presenter mode and the
// web page draw the slide model through ImGui's draw list, scaled to fit the
// window (letterboxed at 16:9), the same elements the SVG export writes.
#pragma once

#include <imgui.h>

#include <string>
#include <vector>

#include "gui/slide_fonts.hpp"
#include "slides/slide.hpp"

namespace ws::gui {

// Where a 1280 x 720 slide lands on the screen.
struct SlideTransform {
  ImVec2 origin{0, 0};
  float scale = 1;
  ImVec2 to_screen(float x, float y) const { return {origin.x + x * scale, origin.y + y * scale}; }
  // Slide coordinates of a screen point.
  ImVec2 to_slide(ImVec2 p) const { return {(p.x - origin.x) / scale, (p.y - origin.y) / scale}; }
};
SlideTransform fit_slide(ImVec2 pos, ImVec2 size);

// What a painter draws on; the window's draws through ImGui, a test's records.
class SlideCanvas {
 public:
  virtual ~SlideCanvas() = default;
  virtual void rect(const slides::Element& e) = 0;
  virtual void line(const slides::Element& e) = 0;
  virtual void text(const slides::Element& e) = 0;
};

// Every element of the slide, in order, onto the canvas.
void paint_slide(const slides::Slide& s, SlideCanvas& canvas);

class ImGuiSlideCanvas : public SlideCanvas {
 public:
  ImGuiSlideCanvas(ImDrawList* dl, SlideTransform t, SlideFonts f) : dl_(dl), t_(t), fonts_(f) {}
  void rect(const slides::Element& e) override;
  void line(const slides::Element& e) override;
  void text(const slides::Element& e) override;

 private:
  // An opaque square rectangle over nothing drawn before it is a backdrop
  // (gui/backdrop.hpp: a clear, which software WebGL draws for almost nothing);
  // anything else is drawn as triangles, and its box noted here.
  void drawn(ImVec2 min, ImVec2 max) { drawn_.push_back({min.x, min.y, max.x, max.y}); }
  bool over_drawn(ImVec2 min, ImVec2 max) const;

  ImDrawList* dl_;
  SlideTransform t_;
  SlideFonts fonts_;
  std::vector<ImVec4> drawn_;
};

// The strings a painter draws, in order: what the SVG of the same slide must hold.
std::vector<std::string> painted_strings(const slides::Slide& s);

}  // namespace ws::gui
