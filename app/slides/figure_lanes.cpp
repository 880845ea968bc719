// The question state's table of lanes and what each one addresses, shared by
// the bank and sector figures.
#include <algorithm>

#include "slides/figure.hpp"

namespace ws::slides {

float draw_lane_table(const LaneTable& t, Box area, Pen& pen) {
  const int per_row = std::max(1, std::min(t.per_row, t.lanes));
  const float label_w = std::max(text_width("lane", kLabelPx), text_width(t.value_name, kLabelPx)) + 10;
  const float cell_w = std::min(t.max_cell_w, (area.w - label_w) / static_cast<float>(per_row));
  float y = area.y;
  for (int first = 0; first < t.lanes; first += per_row) {
    pen.text(area.x, y + (t.row_h - kLabelPx) / 2, "lane", kLabelPx, colour::kMuted, Role::Axis);
    pen.text(area.x, y + t.row_h + (t.row_h - kLabelPx) / 2, t.value_name, kLabelPx, colour::kMuted, Role::Axis);
    for (int lane = first; lane < std::min(first + per_row, t.lanes); ++lane) {
      const std::optional<std::string> value = t.value(lane);
      const Box chip{area.x + label_w + static_cast<float>(lane - first) * cell_w + 1, y + 1, cell_w - 2, t.row_h - 2};
      pen.rect(chip, value ? colour::lane_fill(lane, t.lanes) : colour::kCell, Role::Lane, colour::kGrid, 1, 3).lane = lane;
      pen.centred(chip, std::to_string(lane), t.lane_px, colour::kInk, Role::Lane, Face::Bold).lane = lane;
      const Box cell{chip.x, chip.y + t.row_h, chip.w, chip.h};
      pen.rect(cell, colour::kWhite, Role::LaneInput, colour::kGrid, 1);
      const std::string text = value ? *value : t.inactive;
      float px = t.lane_px;
      while (px > kMinGlyphPx && text_width(text, px) > cell.w - 3) px -= 1;
      pen.centred(cell, text, px, value ? colour::kInk : colour::kMuted, Role::LaneInput).lane = lane;
    }
    y += 2 * t.row_h + 6;
  }
  return y - area.y;
}

}  // namespace ws::slides
