#include "gui/sector_map_layout.hpp"

#include <algorithm>

namespace ws::gui {

int SectorMapLayout::chip_at(float x, float y) const {
  for (std::size_t i = 0; i < chips.size(); ++i)
    if (chips[i].rect.contains(x, y)) return static_cast<int>(i);
  return -1;
}

SectorMapLayout layout_sector_map(const WarpAccess& a, const GlobalResult& g, int warp_lanes,
                                  const SectorMapMetrics& m) {
  SectorMapLayout L;
  L.label_width = m.label_width;
  L.header_height = m.header_height;
  L.row_height = m.row_height;
  L.bytes_width = std::max(64.0f, m.available_width - m.label_width);
  L.width = L.label_width + L.bytes_width;

  // Lines in ascending order; sector ids are already sorted and distinct (G2).
  constexpr std::uint64_t kSectorsPerLine = kLineBytes / kSectorBytes;
  for (int i = 0; i < g.sectors; ++i) {
    const std::uint64_t sector = g.sector_ids[i];
    const std::uint64_t line = sector / kSectorsPerLine;
    if (L.rows.empty() || L.rows.back().line != line) {
      SectorMapRow row;
      row.line = line;
      row.gap_before = !L.rows.empty() && line != L.rows.back().line + 1;
      L.rows.push_back(row);
    }
    L.rows.back().sector_touched[sector % kSectorsPerLine] = true;
  }
  for (std::size_t r = 0; r < L.rows.size(); ++r) {
    const float y = L.header_height + r * L.row_height;
    L.rows[r].rect = {L.label_width, y, L.label_width + L.bytes_width, y + L.row_height};
  }
  L.height = L.header_height + L.rows.size() * L.row_height;

  const float px_per_byte = L.bytes_width / static_cast<float>(kLineBytes);
  for (int lane = 0; lane < std::min(warp_lanes, kMaxWarpLanes); ++lane) {
    if (!a.active(lane)) continue;
    const std::uint64_t first = a.address[lane];
    const std::uint64_t last = first + a.bytes - 1;
    // A misaligned lane may cross a line boundary: one chip per line it touches.
    for (std::size_t r = 0; r < L.rows.size(); ++r) {
      const std::uint64_t line_begin = L.rows[r].line * kLineBytes;
      const std::uint64_t line_end = line_begin + kLineBytes - 1;
      if (last < line_begin || first > line_end) continue;
      const std::uint64_t b0 = std::max(first, line_begin) - line_begin;
      const std::uint64_t b1 = std::min(last, line_end) - line_begin + 1;
      const Rect& row = L.rows[r].rect;
      L.chips.push_back({lane, static_cast<int>(r),
                         {row.x0 + b0 * px_per_byte + 1, row.y0 + 0.5f, row.x0 + b1 * px_per_byte - 1,
                          row.y1 - 0.5f}});  // every pixel of a 32-line row goes to the lane's number
    }
  }
  return L;
}

}  // namespace ws::gui
