// Blocks: each global matrix drawn to scale, with the part the current block
// reads (blue) and writes (orange), and a fading trail of the blocks before it.
// "Animate" walks the grid block by block (the blackboard example of a 6 x 4
// matrix cut into 2 x 2 blocks is a preset in the kernel panel).
#pragma once

#include <deque>

#include "gui/app_state.hpp"
#include "gui/block_footprint.hpp"

#include <imgui.h>

namespace ws::gui {


class BlocksPanel {
 public:
  void Draw(AppState& state);

 private:
  void refresh(const AppState& state);
  // `tiles`: the blocks' tiles outlined over the elements (not while the grid's size is a question).
  void draw_matrix(const ArrayFootprint& current, int array_index, ImVec2 origin, ImVec2 size, bool tiles);

  bool animating_ = false;
  float blocks_per_second_ = 2.0f;
  double accumulated_ = 0;
  // Footprints: the current block last, up to kTrail earlier ones before it.
  static constexpr std::size_t kTrail = 4;
  std::deque<BlockFootprint> trail_;
  int kernel_serial_ = -1;  // AppState::kernel_serial: a new variant is a new kernel
  kernels::KernelParams params_;
  std::string error_;
};

}  // namespace ws::gui
