// A slide as SVG: the same elements the window paints, at 1280 x 720 user
// units, text in DejaVu Sans at the same sizes (export --deck, the handout).
#pragma once

#include <string>
#include <string_view>

#include "slides/slide.hpp"

namespace ws::slides {

std::string to_svg(const Slide& s);

// Text for XML (SVG, HTML): & < > " escaped, control characters (not allowed in
// XML 1.0) dropped. The workbench's figure export writes its SVG with it too.
std::string xml_escaped(std::string_view s);

}  // namespace ws::slides
