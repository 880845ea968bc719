// Where the bank map puts every chip: a pure function of one analysed shared
// instruction, so tests can check the drawing without a window.
// Columns are banks, rows are wavefronts in the order the hardware serves them.
#pragma once

#include <string>
#include <vector>

#include "ws/shared_analysis.hpp"

namespace ws::gui {

struct Rect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  float width() const { return x1 - x0; }
  float height() const { return y1 - y0; }
  bool contains(float x, float y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

// One lane's word in one wavefront. A 4-byte access gives one chip per active
// lane; an 8- or 16-byte access gives one per word (S2).
struct BankMapChip {
  int lane = 0;
  int word_index = 0;   // 0 .. num_words-1 of the lane
  int bank = 0;
  int wavefront = 0;    // row
  int sharers = 1;      // lanes reading this word (broadcast when > 1)
  bool folded = false;  // drawn under its word's badge instead of on its own
  Rect rect;            // relative to the map's top-left corner
};

// A word that several lanes share: one badge "×n" over the cell.
struct BankMapBadge {
  int bank = 0, wavefront = 0, lanes = 0, leader = 0;
  Rect rect;
};

struct BankMapLayout {
  int banks = 0;
  int rows = 0;            // = wavefronts of the instruction
  float label_width = 0;   // left column: wavefront numbers
  float header_height = 0; // top row: bank numbers
  float cell_width = 0, cell_height = 0;
  float width = 0, height = 0;
  std::vector<int> row_group;  // S3 group that each wavefront row belongs to
  std::vector<BankMapChip> chips;
  std::vector<BankMapBadge> badges;

  Rect cell(int bank, int row) const;
  int chip_at(float x, float y) const;  // index into chips, -1 when none (folded chips excluded)
};

struct BankMapMetrics {
  float available_width = 800;
  float min_cell_height = 22;  // readable lane numbers on a projector
  float max_cell_height = 40;  // rows fill the view up to this height
  float label_width = 36;
  float header_height = 22;
  // More sharers than this fold under a badge. 1: any shared word is one chip
  // with an "xN" badge; two to four lanes side by side were unreadable slivers.
  int max_lanes_per_cell = 1;
};

BankMapLayout layout_bank_map(const SharedResult& r, const BankMapMetrics& m);

// The access without its cost, while a lesson question conceals it: one row,
// every active lane's word at its bank, the lanes of one bank one above the
// other (in lane order), no badges. Same columns as layout_bank_map(), so the
// reveal can move each chip from here to its wavefront row.
BankMapLayout layout_bank_requests(const SharedResult& r, const BankMapMetrics& m);

// "32-way conflict: 32 wavefronts, ideal 1" or "Conflict-free: 1 wavefront, ideal 1".
std::string conflict_headline(const SharedResult& r);

}  // namespace ws::gui
