// Where the global-memory view puts things: one row per 128-byte line the warp
// touches (ascending addresses), its four 32-byte sectors, and each lane's bytes
// as a chip (G1-G2). Pure, like the bank map, so a test can check it.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "gui/bank_map_layout.hpp"
#include "ws/access.hpp"
#include "ws/global_analysis.hpp"

namespace ws::gui {

struct SectorMapRow {
  std::uint64_t line = 0;               // line id = byte address / 128
  bool gap_before = false;              // lines skipped between this row and the previous
  std::array<bool, 4> sector_touched{};  // the sectors of this line the warp pays for
  Rect rect;                            // the 128 bytes of the line
};

struct SectorMapChip {
  int lane = 0;
  int row = 0;
  Rect rect;  // the lane's bytes inside its line (a chip per line it touches)
};

struct SectorMapLayout {
  float label_width = 0, header_height = 0;
  float row_height = 0, bytes_width = 0;  // bytes_width: the 128 bytes of one line
  float width = 0, height = 0;
  std::vector<SectorMapRow> rows;
  std::vector<SectorMapChip> chips;
  int chip_at(float x, float y) const;
};

struct SectorMapMetrics {
  float available_width = 800;
  float label_width = 180;
  float header_height = 22;
  float row_height = 24;
};

SectorMapLayout layout_sector_map(const WarpAccess& a, const GlobalResult& g, int warp_lanes,
                                  const SectorMapMetrics& m);

}  // namespace ws::gui
