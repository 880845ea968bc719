#include "gui/bank_map_layout.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace ws::gui {

Rect BankMapLayout::cell(int bank, int row) const {
  const float x = label_width + bank * cell_width;
  const float y = header_height + row * cell_height;
  return {x, y, x + cell_width, y + cell_height};
}

int BankMapLayout::chip_at(float x, float y) const {
  for (std::size_t i = 0; i < chips.size(); ++i)
    if (!chips[i].folded && chips[i].rect.contains(x, y)) return static_cast<int>(i);
  return -1;
}

BankMapLayout layout_bank_map(const SharedResult& r, const BankMapMetrics& m) {
  BankMapLayout L;
  L.banks = r.num_banks;
  L.rows = r.wavefronts;
  L.label_width = m.label_width;
  L.header_height = m.header_height;
  L.cell_width = std::max(8.0f, (m.available_width - m.label_width) / std::max(1, L.banks));
  // Rows fill the height they are given, never below the readable minimum.
  L.cell_height = std::max(m.min_cell_height, m.max_cell_height);
  L.width = L.label_width + L.banks * L.cell_width;
  L.height = L.header_height + L.rows * L.cell_height;

  L.row_group.assign(L.rows, 0);
  for (int g = 0; g < r.num_groups; ++g)
    for (int w = 0; w < r.group_wavefronts[g]; ++w)
      L.row_group[r.group_first_wavefront[g] + w] = g;

  // Lanes per cell: within one wavefront a bank serves one word (S4), so every
  // lane in a cell reads the same word and they share it.
  std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> cells;  // (row, bank) -> (lane, word)
  for (int lane = 0; lane < r.warp_lanes; ++lane) {
    const SharedLane& s = r.lanes[lane];
    if (!s.active) continue;
    for (int k = 0; k < s.num_words; ++k)
      cells[{s.wavefront[k], static_cast<int>(s.bank[k])}].push_back({lane, k});
  }
  for (const auto& [key, lanes] : cells) {
    const auto [row, bank] = key;
    const Rect c = L.cell(bank, row);
    const int n = static_cast<int>(lanes.size());
    const bool fold = n > m.max_lanes_per_cell;
    const float pad = 1.0f;
    if (fold) {
      L.badges.push_back({bank, row, n, lanes.front().first, c});
    }
    for (int i = 0; i < n; ++i) {
      BankMapChip chip;
      chip.lane = lanes[i].first;
      chip.word_index = lanes[i].second;
      chip.bank = bank;
      chip.wavefront = row;
      chip.sharers = n;
      chip.folded = fold && i > 0;
      if (fold) {
        chip.rect = {c.x0 + pad, c.y0 + pad, c.x1 - pad, c.y1 - pad};
      } else {
        // Sharers split the cell side by side, so a broadcast shows as one row of chips.
        const float w = (c.width() - 2 * pad) / n;
        chip.rect = {c.x0 + pad + i * w, c.y0 + pad, c.x0 + pad + (i + 1) * w, c.y1 - pad};
      }
      L.chips.push_back(chip);
    }
  }
  return L;
}

BankMapLayout layout_bank_requests(const SharedResult& r, const BankMapMetrics& m) {
  BankMapLayout L;
  L.banks = r.num_banks;
  L.rows = 1;
  L.label_width = m.label_width;
  L.header_height = m.header_height;
  L.cell_width = std::max(8.0f, (m.available_width - m.label_width) / std::max(1, L.banks));
  L.cell_height = std::max(m.min_cell_height, m.max_cell_height);
  L.width = L.label_width + L.banks * L.cell_width;
  L.height = L.header_height + L.cell_height;
  L.row_group.assign(1, 0);
  std::map<int, std::vector<std::pair<int, int>>> banks;  // bank -> (lane, word)
  for (int lane = 0; lane < r.warp_lanes; ++lane) {
    const SharedLane& s = r.lanes[lane];
    if (!s.active) continue;
    for (int k = 0; k < s.num_words; ++k) banks[static_cast<int>(s.bank[k])].push_back({lane, k});
  }
  const float pad = 1.0f;
  for (const auto& [bank, lanes] : banks) {
    const Rect c = L.cell(bank, 0);
    const float h = (c.height() - 2 * pad) / static_cast<float>(lanes.size());
    for (std::size_t i = 0; i < lanes.size(); ++i) {
      BankMapChip chip;
      chip.lane = lanes[i].first;
      chip.word_index = lanes[i].second;
      chip.bank = bank;
      chip.wavefront = r.lanes[chip.lane].wavefront[chip.word_index];
      chip.rect = {c.x0 + pad, c.y0 + pad + i * h, c.x1 - pad, c.y0 + pad + (i + 1) * h};
      L.chips.push_back(chip);
    }
  }
  return L;
}

std::string conflict_headline(const SharedResult& r) {
  if (r.active_lanes == 0) return "No active lane: 0 wavefronts";
  const auto plural = [](int n, const char* word) {
    return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
  };
  if (r.wavefronts == r.ideal_wavefronts)
    return fmt::format("Conflict-free: {}, ideal {}", plural(r.wavefronts, "wavefront"), r.ideal_wavefronts);
  return fmt::format("{}-way conflict: {}, ideal {}", r.max_way, plural(r.wavefronts, "wavefront"),
                     r.ideal_wavefronts);
}

}  // namespace ws::gui
