// A slide as data: what presenter mode, the web page, `export --deck` and the
// handout draw for one state (question or reveal) of one lesson step. Every
// element is placed in the pixels of a 1280 x 720 slide; painters scale the
// whole slide to their surface (slide_svg.hpp here, the window's ImGui painter
// in app/gui/slide_painter.hpp, PNG through the window's screenshot), so all of
// them show the same shapes and the same strings.
//
// glyph_px is a text's font size in slide pixels as ImGui sizes fonts: the
// height of a line from the font's ascender to its descender (a DejaVu Sans
// digit is 0.63 of it). Nothing on a slide is set smaller than kMinGlyphPx.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ws::slides {

inline constexpr float kSlideWidth = 1280, kSlideHeight = 720;
inline constexpr float kMinGlyphPx = 16;

struct Colour {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
  bool operator==(const Colour&) const = default;
};

struct Box {
  float x = 0, y = 0, w = 0, h = 0;
  float right() const { return x + w; }
  float bottom() const { return y + h; }
};

enum class Kind : std::uint8_t { Rect, Text, Line };

// What an element is for: tests and reviewers select by it ("no lane-chip in a
// bank column before the reveal"); painters ignore it.
enum class Role : std::uint8_t {
  Heading,     // lesson and step position, step title
  Body,        // the step's sentences
  Question,    // the prompt
  Option,      // an answer choice (box and label)
  Answer,      // the revealed answer and its explanation
  Caption,     // a figure's title or legend
  Axis,        // bank numbers, wavefront rows, byte offsets, row and column labels
  Lane,        // a lane: its chip and number
  LaneInput,   // what a lane addresses, before any placement (word, byte range)
  Cell,        // an empty cell or column of a grid
  Sector,      // a 32-byte sector drawn as paid for
  Block,       // a thread block's tile of the matrix, a warp's row of a block
  Bar,         // a bar of a chart and its value
  Code,        // a line of the kernel's source
  Toggle,      // a what-if's button (its index in `option`)
  Decoration,  // rules, outlines, backgrounds
};
std::string_view to_string(Role r);
std::string_view to_string(Kind k);

struct Element {
  Kind kind = Kind::Rect;
  Role role = Role::Decoration;
  Box box;             // Rect: the rectangle; Text: the text's extent; Line: from (x, y) to (x + w, y + h)
  std::string text;    // Text only
  float glyph_px = 0;  // Text only
  bool bold = false;
  bool mono = false;   // code
  Colour fill{0, 0, 0, 0};    // Rect: inside; Text: the ink
  Colour stroke{0, 0, 0, 0};  // Rect: outline; Line: the line
  float stroke_px = 0;
  float radius = 0;
  // Where a lane or a sector is drawn: present only where the figure places it.
  std::optional<int> lane, bank, wavefront, sector;
  std::optional<int> option;  // an answer choice's box: its index (a click picks it)
  // The compare configuration a figure element shows ("" = the step's own state),
  // and for a bar the kind of quantity it measures (lessons/concealment.hpp's names).
  std::string config;
  std::string quantity;
};

struct Slide {
  std::string lesson;  // lesson id
  int step = 0;        // from 1
  bool reveal = false;
  std::vector<Element> elements;

  // The smallest glyph on the slide (kSlideHeight when it holds no text).
  float smallest_glyph() const;
  // Every string the slide draws, in drawing order (painters must draw exactly these).
  std::vector<std::string> strings() const;
};

}  // namespace ws::slides
