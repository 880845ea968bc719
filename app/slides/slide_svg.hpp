// A slide as SVG: the same elements the window paints, at 1280 x 720 user
// units, text in DejaVu Sans at the same sizes (export --deck, the handout).
#pragma once

#include <string>

#include "slides/slide.hpp"

namespace ws::slides {

std::string to_svg(const Slide& s);

}  // namespace ws::slides
