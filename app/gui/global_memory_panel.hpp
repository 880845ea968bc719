// Global memory: for the current global instruction, every 128-byte line the
// warp touches as a row, its 32-byte sectors outlined, each lane's bytes as a
// chip, each line labelled with the matrix elements it holds; above it the
// counters a profiler reports: requests, sectors, efficiency (G1-G2). While a
// lesson question conceals them, the lanes' bytes without the sectors and
// "? sectors"; a step's beside configuration drawn under it at the same scale.
#pragma once

#include <array>

#include "gui/app_state.hpp"
#include "gui/figure_text.hpp"
#include "gui/sector_map_layout.hpp"

namespace ws::gui {

class GlobalMemoryPanel {
 public:
  void Draw(AppState& state);
  // The step's own figure as the last frame drew it; the beside one's (rows empty when none).
  const SectorMapLayout& last_layout() const { return layouts_[0]; }
  const SectorMapLayout& beside_layout() const { return layouts_[1]; }
  int figures_drawn() const { return figures_drawn_; }
  float smallest_digit() const { return smallest_digit_; }  // px, glyph height; 0: none drawn

 private:
  void draw_figure(const AppState& state, const FigureAccess& f, const SectorMapText& text, int index,
                   const SectorMapMetrics& m);
  std::array<SectorMapLayout, 2> layouts_;
  int figures_drawn_ = 0;
  float smallest_digit_ = 0;
};

// "in[17][0..31]" for the elements of a line, or its address when no array holds it.
std::string describe_line(std::uint64_t line, const ArrayInfo* array);

// "1 request, 32 sectors: 128 B used of 1024 B moved (12.5%)".
// "1 request, 32 sectors: 128 B used of 1024 B moved (12.5%)". Used bytes are
// the distinct bytes the lanes touch, so the share is at most 100%; lanes that
// read the same bytes are named as a broadcast ("32 lanes read 4 B: broadcast").
std::string global_headline(const WarpAccess& a, const GlobalResult& g, int warp_lanes);
// Distinct bytes the active lanes touch (a broadcast counts its word once).
std::uint64_t distinct_bytes(const WarpAccess& a, int warp_lanes);

}  // namespace ws::gui
