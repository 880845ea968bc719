// Kernel & parameters: catalog picker, the lesson, the parameters the kernel
// reads, the tile layout (padding / rotation / XOR) for the shared transposes,
// the architecture preset, and classroom presets. Any change re-simulates.
#pragma once

#include <string>

#include "gui/app_state.hpp"

namespace ws::gui {

class KernelPanel {
 public:
  void Draw(AppState& state);
  // The kernel's description with its numbers computed for the state shown.
  const std::string& description(const AppState& state);

 private:
  struct DescriptionKey {
    int kernel = -1, arch = -1;  // AppState::kernel_serial, arch_index
    kernels::KernelParams params;
    bool operator==(const DescriptionKey&) const = default;
  };
  DescriptionKey described_for_;
  std::string described_;
  void draw_params(AppState& state);
  void draw_tile_layout(AppState& state);
  void draw_presets(AppState& state);
  kernels::KernelParams pending_;
  bool editing_ = false;
};

}  // namespace ws::gui
