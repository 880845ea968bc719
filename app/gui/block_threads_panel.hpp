// The threads of one block and the warps they form: blockDim.x columns by
// blockDim.y rows, each thread labelled with its lane, counting threadIdx.x
// fastest (lane = (y * blockDim.x + x) mod warp size). Once the warp count is
// no longer the question, each warp has its own shade and its name at the left;
// the selected warp is outlined. Lesson 1's "threads, lanes and warps".
#pragma once

#include <string>
#include <vector>

#include "gui/app_state.hpp"

namespace ws::gui {

// The figure's strings (figure_text.hpp draws from the same): a headline and,
// when the warps are shown, one label per warp ("warp 0: threads (0..31, 0)").
struct BlockThreadsText {
  std::string headline;              // "block of 32 x 8 threads: 8 warps of 32 lanes" / "...: ? warps"
  std::vector<std::string> warp_labels;  // empty while the warp count is concealed
  bool warps_hidden = false;
};
BlockThreadsText block_threads_text(const AppState& state);

class BlockThreadsPanel {
 public:
  void Draw(const AppState& state);
  float digit_px() const { return digit_px_; }  // the lane numbers' size last drawn (tests)

 private:
  float digit_px_ = 0;
};

}  // namespace ws::gui
