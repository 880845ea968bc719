#include "gui/workbench_layout.hpp"

#include <algorithm>

namespace ws::gui {
namespace {

float fraction_or(float user, float automatic, float lo, float hi) {
  return user > 0 ? std::clamp(user, lo, hi) : automatic;
}

}  // namespace

WorkbenchLayout layout_workbench(float width, float height, float top, float font_px, const PanelSplits& s,
                                 int maximised) {
  WorkbenchLayout L;
  const float W = std::max(width, 1.0f), h = std::max(height - top, 1.0f);
  // Automatic: the left column holds labelled fields (about 17 em, at most 30%);
  // Code gets 35% (its lines wrap, code_panel.hpp); the bank map the rest.
  const float auto_left = std::max(0.23f * W, std::min(17.0f * font_px, 0.30f * W));
  // With large text Code grows to 26 em, up to leaving the middle 30%.
  const float auto_right = std::max(0.35f * W, std::min(26.0f * font_px, 0.70f * W - auto_left));
  const float lo = kMinColumnFraction;
  L.left_w = W * fraction_or(s.left, auto_left / W, lo, 1 - 2 * lo);
  L.right_w = W * fraction_or(s.right, auto_right / W, lo, 1 - 2 * lo);
  // Dragging one column never squeezes the middle below its minimum: the other gives way.
  const float max_sides = W * (1 - lo);
  if (L.left_w + L.right_w > max_sides) {
    if (s.left > 0 && !(s.right > 0)) L.right_w = max_sides - L.left_w;
    else L.left_w = max_sides - L.right_w;
  }
  L.mid_w = W - L.left_w - L.right_w;

  const float rlo = kMinRowFraction, rhi = 1 - kMinRowFraction;
  L.left_row = h * fraction_or(s.left_row, 0.50f, rlo, rhi);
  L.mid_row = h * fraction_or(s.mid_row, 0.60f, rlo, rhi);
  // Code is taller with large text: its wrapped lines take more rows.
  L.right_row = h * fraction_or(s.right_row, font_px > 20 ? 0.52f : 0.45f, rlo, rhi);

  const float x1 = L.left_w, x2 = L.left_w + L.mid_w;
  auto& p = L.panels;
  p[static_cast<int>(PanelId::KernelLessons)] = {0, top, L.left_w, L.left_row};
  p[static_cast<int>(PanelId::Stepper)] = {0, top + L.left_row, L.left_w, h - L.left_row};
  p[static_cast<int>(PanelId::Memory)] = {x1, top, L.mid_w, L.mid_row};
  p[static_cast<int>(PanelId::Detail)] = {x1, top + L.mid_row, L.mid_w, h - L.mid_row};
  p[static_cast<int>(PanelId::Code)] = {x2, top, L.right_w, L.right_row};
  p[static_cast<int>(PanelId::Results)] = {x2, top + L.right_row, L.right_w, h - L.right_row};
  if (maximised >= 0 && maximised < kPanelCount) p[maximised] = {0, top, W, h};
  return L;
}

}  // namespace ws::gui
