// stb_truetype from Debian's libstb-dev, compiled here with static linkage so
// it cannot clash with the copy inside ImGui.
#include "slides/text_metrics.hpp"

#include "ws/kernels/input_file.hpp"

#include <array>
#include <cstdlib>
#include <iterator>
#include <mutex>
#include <optional>

#define STB_TRUETYPE_IMPLEMENTATION
#define STBTT_STATIC
// Debian's path natively; the web build links the header alone into its include folder (web/deps.cmake).
#if __has_include(<stb/stb_truetype.h>)
#include <stb/stb_truetype.h>
#else
#include <stb_truetype.h>
#endif

#ifndef WS_FONT_DIR
#define WS_FONT_DIR "/usr/share/fonts/truetype/dejavu"
#endif

namespace ws::slides {
namespace {

// A font file is a few hundred kilobytes; anything larger is not one of ours.
constexpr std::size_t kMaxFontBytes = 8 << 20;

struct LoadedFace {
  std::vector<unsigned char> data;
  stbtt_fontinfo info{};
  float units_per_line = 0;  // ascender - descender, in font units
  float ascent = 0;
  float units_per_em = 0;
  bool ok = false;
};

std::string dir_from_env() {
  const char* env = std::getenv("WARPSCOPE_FONT_DIR");
  return env && *env ? env : WS_FONT_DIR;
}

void load(LoadedFace& f, const std::string& path) {
  // A regular file only, read to its cap (ws/kernels/input_file.hpp): a FIFO in
  // WARPSCOPE_FONT_DIR must not block the slides.
  auto bytes = kernels::read_input_file(path, kMaxFontBytes, [](std::uintmax_t) { return std::string("too large"); });
  if (!bytes || bytes->size() < 12) return;
  f.data.assign(bytes->begin(), bytes->end());
  const int offset = stbtt_GetFontOffsetForIndex(f.data.data(), 0);
  if (offset < 0 || !stbtt_InitFont(&f.info, f.data.data(), offset)) return;
  int ascent = 0, descent = 0, gap = 0;
  stbtt_GetFontVMetrics(&f.info, &ascent, &descent, &gap);
  if (ascent - descent <= 0) return;
  f.units_per_line = static_cast<float>(ascent - descent);
  f.ascent = static_cast<float>(ascent);
  f.units_per_em = 1.0f / stbtt_ScaleForMappingEmToPixels(&f.info, 1.0f);
  f.ok = true;
}

struct Fonts {
  std::string dir = dir_from_env();
  std::array<LoadedFace, 3> faces;
  Fonts() {
    load(faces[0], dir + "/DejaVuSans.ttf");
    load(faces[1], dir + "/DejaVuSans-Bold.ttf");
    load(faces[2], dir + "/DejaVuSansMono.ttf");
  }
};

Fonts& fonts() {
  static Fonts f;
  return f;
}

// The next code point of UTF-8 text; a broken sequence reads as U+FFFD.
unsigned next_code_point(std::string_view s, std::size_t& i) {
  const auto c = static_cast<unsigned char>(s[i++]);
  if (c < 0x80) return c;
  int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : -1;
  if (extra < 0) return 0xFFFD;
  unsigned cp = c & (0x3F >> extra);
  for (; extra > 0; --extra) {
    if (i >= s.size() || (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) return 0xFFFD;
    cp = (cp << 6) | (static_cast<unsigned char>(s[i++]) & 0x3F);
  }
  return cp;
}

}  // namespace

float text_width(std::string_view text, float glyph_px, Face face) {
  const LoadedFace& f = fonts().faces[static_cast<int>(face)];
  if (!f.ok) {
    // No font: every character as wide as a DejaVu "W" (1.0 em), an overestimate.
    std::size_t n = 0;
    for (std::size_t i = 0; i < text.size();) { next_code_point(text, i); ++n; }
    return static_cast<float>(n) * glyph_px * 0.86f;
  }
  const float scale = glyph_px / f.units_per_line;
  float w = 0;
  for (std::size_t i = 0; i < text.size();) {
    int advance = 0, bearing = 0;
    stbtt_GetCodepointHMetrics(&f.info, static_cast<int>(next_code_point(text, i)), &advance, &bearing);
    w += static_cast<float>(advance) * scale;
  }
  return w;
}

float ascent_fraction() {
  const LoadedFace& f = fonts().faces[0];
  return f.ok ? f.ascent / f.units_per_line : 0.8f;
}

float em_fraction() {
  const LoadedFace& f = fonts().faces[0];
  return f.ok ? f.units_per_em / f.units_per_line : 0.86f;
}

std::vector<std::string> wrap_text(std::string_view text, float glyph_px, float width, Face face) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '\n') {
      lines.push_back(line);
      line.clear();
      ++i;
      continue;
    }
    std::size_t end = text.find_first_of(" \n", i);
    if (end == std::string_view::npos) end = text.size();
    std::string word(text.substr(i, end - i));
    const std::string candidate = line.empty() ? word : line + " " + word;
    if (text_width(candidate, glyph_px, face) <= width || word.empty()) {
      line = candidate;
    } else if (!line.empty() && text_width(word, glyph_px, face) <= width) {
      lines.push_back(line);
      line = word;
    } else {
      // A word wider than the line: cut it where it no longer fits.
      if (!line.empty()) {
        lines.push_back(line);
        line.clear();
      }
      std::string piece;
      for (std::size_t k = 0; k < word.size();) {
        std::size_t start = k;
        next_code_point(word, k);
        const std::string grown = piece + word.substr(start, k - start);
        if (!piece.empty() && text_width(grown, glyph_px, face) > width) {
          lines.push_back(piece);
          piece = word.substr(start, k - start);
        } else {
          piece = grown;
        }
      }
      line = piece;
    }
    i = end < text.size() && text[end] == ' ' ? end + 1 : end;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

std::string font_dir() { return fonts().dir; }
bool fonts_found() { return fonts().faces[0].ok; }

}  // namespace ws::slides
