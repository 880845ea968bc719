// The fonts a slide is painted in (slide_painter.hpp), apart so the app's
// state can hold them without ImGui's header.
#pragma once

#include <array>

struct ImFont;

namespace ws::gui {

// The fonts slide text is drawn in (gl_window.cpp loads them), each face
// rasterised at a few sizes: a glyph is drawn from the raster nearest its size,
// since a 36 px raster shrunk to 15 px loses the thin strokes (the underscore of
// `__global__` vanished). Null entries: ImGui's current font.
struct SlideFonts {
  static constexpr int kSizes = 4;
  // Raster sizes in slide pixels, ascending; gl_window.cpp multiplies by the pixel ratio.
  static constexpr std::array<float, kSizes> kRasterPx{16, 22, 30, 40};
  std::array<ImFont*, kSizes> regular{}, bold{}, mono{};
  float pixel_ratio = 1;  // the rasters are kRasterPx times this, in screen pixels
  // The face's raster for text drawn `screen_px` tall.
  ImFont* pick(bool is_mono, bool is_bold, float screen_px) const;
};

}  // namespace ws::gui
