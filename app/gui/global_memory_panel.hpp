// Global memory: for the current global instruction, every 128-byte line the
// warp touches as a row, its 32-byte sectors outlined, each lane's bytes as a
// chip, each line labelled with the matrix elements it holds; above it the
// counters a profiler reports: requests, sectors, efficiency (G1-G2).
#pragma once

#include "gui/app_state.hpp"
#include "gui/sector_map_layout.hpp"

namespace ws::gui {

class GlobalMemoryPanel {
 public:
  void Draw(AppState& state);
  const SectorMapLayout& last_layout() const { return layout_; }

 private:
  SectorMapLayout layout_;
};

// "in[17][0..31]" for the elements of a line, or its address when no array holds it.
std::string describe_line(std::uint64_t line, const ArrayInfo* array);

// "1 request, 32 sectors: 128 B used of 1024 B moved (12.5%)".
std::string global_headline(const GlobalResult& g);

}  // namespace ws::gui
