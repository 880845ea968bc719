// Where the workbench's six panels go, computed from the window size and the
// text size alone (no ImGui context: the layout tests call it). Three columns:
//
//   | Kernel & lessons | Memory  | Code    |
//   | Warp stepper     | Detail  | Results |
//
// Automatic widths give Code about a third of the window (at 1280 x 720: 294,
// 538 and 448 px), keep the left column wide enough for its fields, and leave
// the middle (the 32-bank map) the rest. Splitters the user drags override a
// column width or a row split until the window closes; a maximised panel takes
// the whole area under the status bar.
#pragma once

#include <array>
#include <cstdint>

namespace ws::gui {

enum class PanelId : std::uint8_t { KernelLessons, Stepper, Memory, Detail, Code, Results };
inline constexpr int kPanelCount = 6;

struct PanelRect {
  float x = 0, y = 0, w = 0, h = 0;
  float right() const { return x + w; }
  float bottom() const { return y + h; }
  bool operator==(const PanelRect&) const = default;
};

// What the user dragged: column widths and row splits as fractions of the
// window (so a resize keeps the proportions); negative means automatic.
struct PanelSplits {
  float left = -1, right = -1;                  // column widths / window width
  float left_row = -1, mid_row = -1, right_row = -1;  // top panel's height / area height
  bool operator==(const PanelSplits&) const = default;
};

struct WorkbenchLayout {
  std::array<PanelRect, kPanelCount> panels;
  float left_w = 0, mid_w = 0, right_w = 0;
  float left_row = 0, mid_row = 0, right_row = 0;  // top panels' heights in px
  const PanelRect& operator[](PanelId p) const { return panels[static_cast<int>(p)]; }
};

// `top`: the status bar's height; `font_px`: the text size (17 px at scale 1).
// `maximised` (optional): that panel gets the whole area, the others keep their rects.
WorkbenchLayout layout_workbench(float width, float height, float top, float font_px, const PanelSplits& splits = {},
                                 int maximised = -1);

// The smallest a column or a row may be dragged to: a fraction of the window.
inline constexpr float kMinColumnFraction = 0.12f, kMinRowFraction = 0.15f;

}  // namespace ws::gui
