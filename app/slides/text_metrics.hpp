// Widths of text as the slides' font sets it (DejaVu Sans, bold, mono: the
// window's own fonts), read with stb_truetype from the same files, so a slide is
// laid out identically with or without a window: the command line's
// `lessons --figure --json`, the tests, the SVG export and the window.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ws::slides {

enum class Face { Regular, Bold, Mono };

// Width in pixels of `text` at font size `glyph_px` (ascender to descender).
// Without the font files (no fonts-dejavu-core) a conservative estimate.
float text_width(std::string_view text, float glyph_px, Face face = Face::Regular);

// Ascender, from the top of a line to its baseline, as a fraction of glyph_px.
float ascent_fraction();
// The font's em (what SVG and CSS call the font size) as a fraction of glyph_px.
float em_fraction();

// Splits `text` into lines no wider than `width`, breaking at spaces (a word
// longer than the width is broken at a character).
std::vector<std::string> wrap_text(std::string_view text, float glyph_px, float width, Face face = Face::Regular);

// The folder the fonts were looked up in, and whether they were found.
std::string font_dir();
bool fonts_found();

}  // namespace ws::slides
