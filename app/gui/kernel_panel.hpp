// Kernel & parameters: catalog picker, the lesson, the parameters the kernel
// reads, the tile layout (padding / rotation / XOR) for the shared transposes,
// the architecture preset, and classroom presets. Any change re-simulates.
#pragma once

#include "gui/app_state.hpp"

namespace ws::gui {

class KernelPanel {
 public:
  void Draw(AppState& state);

 private:
  void draw_params(AppState& state);
  void draw_tile_layout(AppState& state);
  void draw_presets(AppState& state);
  kernels::KernelParams pending_;
  bool editing_ = false;
};

}  // namespace ws::gui
