// Adds elements to a slide: rectangles, lines and text measured with the
// slides' font (text_metrics.hpp), so every text element's box is its real
// extent and tests can check overlap and edges.
#pragma once

#include <string>
#include <string_view>

#include "slides/slide.hpp"
#include "slides/text_metrics.hpp"

namespace ws::slides {

// The projector palette: Okabe-Ito hues on a light ground (the window's too).
namespace colour {
inline constexpr Colour kInk{20, 20, 20};
inline constexpr Colour kMuted{90, 90, 90};
inline constexpr Colour kGrid{170, 170, 170};
inline constexpr Colour kCell{248, 248, 248};
inline constexpr Colour kCellAlt{232, 236, 242};
inline constexpr Colour kPadding{200, 200, 200};
inline constexpr Colour kConflict{213, 94, 0};
inline constexpr Colour kGood{0, 158, 115};
inline constexpr Colour kAccent{0, 114, 178};
inline constexpr Colour kSector{86, 180, 233, 110};
inline constexpr Colour kHighlight{240, 228, 66, 110};
inline constexpr Colour kWhite{255, 255, 255};
inline constexpr Colour kBackground{255, 255, 255};
inline constexpr Colour kOption{214, 232, 246};
// Lanes 0-7, 8-15, 16-23, 24-31: orange, sky blue, green, purple; light and dark
// shades alternate so neighbours differ. A warp of a few lanes: one hue each.
Colour lane_fill(int lane, int warp_lanes);
// One of `n` distinguishable light hues (n up to 64), for labels that repeat.
Colour hue(int i, int n);
}  // namespace colour

class Pen {
 public:
  explicit Pen(Slide& s) : slide_(s) {}
  Element& rect(Box b, Colour fill, Role role = Role::Decoration, Colour stroke = {}, float stroke_px = 0,
                float radius = 0);
  Element& line(float x0, float y0, float x1, float y1, Colour c, float px, Role role = Role::Decoration);
  // Text with its top-left corner at (x, y).
  Element& text(float x, float y, std::string s, float px, Colour ink, Role role, Face face = Face::Regular);
  // Text centred in `b` (both ways).
  Element& centred(Box b, std::string s, float px, Colour ink, Role role, Face face = Face::Regular);
  // Text right-aligned at x, vertically centred in [y, y + h).
  Element& right(float x, float y, float h, std::string s, float px, Colour ink, Role role, Face face = Face::Regular);
  // Wrapped into the width of `area` from its top; returns the height used.
  // Lines past the area's bottom are still drawn (tests report them as cut off).
  float paragraph(Box area, std::string_view s, float px, Colour ink, Role role, Face face = Face::Regular,
                  float leading = 1.15f);
  // The height paragraph() would use.
  static float paragraph_height(float width, std::string_view s, float px, Face face = Face::Regular,
                                float leading = 1.15f);
  Slide& slide() { return slide_; }

 private:
  Slide& slide_;
};

// Lesson text as a slide shows it: `code` marks dropped.
std::string plain(std::string_view text);

}  // namespace ws::slides
