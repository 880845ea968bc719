// Shared array: the __shared__ array as rows of banks (one cell per bank word),
// each cell labelled with the element it holds, padding words marked, and the
// current instruction's words carrying their lane numbers.
#pragma once

#include <cstdint>

#include "gui/app_state.hpp"

namespace ws::gui {

// Which element of an array a bank word holds.
struct WordContent {
  bool inside = false;   // the word belongs to the array
  bool padding = false;  // a pitch word past the logical columns
  int row = 0, col = 0;
};

WordContent word_content(const ArrayInfo& a, std::uint64_t word, int bank_bytes);

class SharedArrayPanel {
 public:
  void Draw(AppState& state);

 private:
  std::uint64_t scrolled_to_word_ = ~0ull;  // scroll once when the touched words move
};

}  // namespace ws::gui
