#include "gui/blocks_panel.hpp"
#include "gui/text_wrap.hpp"

#include <algorithm>
#include <exception>

#include <fmt/format.h>
#include <imgui.h>

#include "gui/canvas.hpp"
#include "gui/figure_text.hpp"
#include "gui/palette.hpp"

namespace ws::gui {

void BlocksPanel::refresh(const AppState& state) {
  if (state.kernel_serial != kernel_serial_ || state.params != params_) {
    trail_.clear();
    kernel_serial_ = state.kernel_serial;
    params_ = state.params;
  }
  if (!trail_.empty() && trail_.back().block.x == state.block.x && trail_.back().block.y == state.block.y) return;
  error_.clear();
  try {
    trail_.push_back(block_footprint(state.kernel(), state.params, state.launch, state.block));
  } catch (const std::exception& e) {
    error_ = e.what();
    trail_.clear();
    return;
  }
  while (trail_.size() > kTrail + 1) trail_.pop_front();
}

void BlocksPanel::Draw(AppState& state) {
  if (!state.ready()) {
    text_wrapped("Fix the parameters to see the blocks.");
    return;
  }
  if (animating_) {
    // Every whole block due since the last frame (at 20 blocks/s a frame may owe several).
    accumulated_ += ImGui::GetIO().DeltaTime * blocks_per_second_;
    const int due = static_cast<int>(accumulated_);
    if (due > 0) {
      accumulated_ -= due;
      state.step_block(due);
    }
  }
  // While it runs the window must not sleep between frames (session.cpp).
  state.view.animating_blocks = animating_;
  refresh(state);
  // A slide shows the figure, not its controls: the animation's button and speed only in the workbench.
  if (!state.view.presenter) {
    if (ImGui::Button(animating_ ? "Stop" : "Animate blocks")) animating_ = !animating_;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    ImGui::SliderFloat("blocks/s", &blocks_per_second_, 0.5f, 20.0f, "%.1f");
    ImGui::SameLine();
  }
  ImGui::TextUnformatted(blocks_headline(state).c_str());
  if (!error_.empty() || trail_.empty()) {
    ImGui::TextColored(palette::text_conflict(), "%s", error_.c_str());
    return;
  }
  const BlockFootprint& cur = trail_.back();
  for (std::size_t i = 0; i < cur.arrays.size(); ++i) {
    const ArrayFootprint& a = cur.arrays[i];
    if (i) ImGui::SameLine();
    ImGui::BeginGroup();
    ImGui::TextUnformatted(footprint_title(a).c_str());
    ImGui::TextColored(palette::text_muted(), "%s", footprint_what(a).c_str());
    const float w = (ImGui::GetWindowContentRegionMax().x - ImGui::GetWindowContentRegionMin().x) /
                        std::max<std::size_t>(1, cur.arrays.size()) - ImGui::GetStyle().ItemSpacing.x;
    const float h = ImGui::GetContentRegionAvail().y - 4;
    const ImVec2 o = canvas::claim(fmt::format("matrix{}", i).c_str(), w, h);
    draw_matrix(a, static_cast<int>(i), o, ImVec2(w, h), !state.view.conceal.hides(lessons::Quantity::Launch));
    ImGui::EndGroup();
  }
}

void BlocksPanel::draw_matrix(const ArrayFootprint& cur, int array_index, ImVec2 o, ImVec2 size, bool tiles) {
  const ArrayInfo& a = cur.array;
  if (a.rows <= 0 || a.cols <= 0) return;
  // The view: the whole matrix, or, when the block's tile would be a dot (an
  // 8192 x 8192 matrix), a window of about 8 x 8 tiles around it.
  ElementBox view{false, 0, 0, a.rows - 1, a.cols - 1, 0};
  ElementBox focus = cur.read.empty ? cur.written : cur.read;
  const float full_scale = std::min(size.x / a.cols, size.y / a.rows);
  if (!focus.empty && (focus.row1 - focus.row0 + 1) * full_scale < 12.0f) {
    const int span_r = (focus.row1 - focus.row0 + 1) * 8, span_c = (focus.col1 - focus.col0 + 1) * 8;
    view.row0 = std::clamp(focus.row0 - span_r / 2, 0, std::max(0, a.rows - span_r));
    view.col0 = std::clamp(focus.col0 - span_c / 2, 0, std::max(0, a.cols - span_c));
    view.row1 = std::min(a.rows - 1, view.row0 + span_r - 1);
    view.col1 = std::min(a.cols - 1, view.col0 + span_c - 1);
  }
  const int vr = view.row1 - view.row0 + 1, vc = view.col1 - view.col0 + 1;
  const bool zoomed = vr < a.rows || vc < a.cols;
  const float label_h = zoomed ? ImGui::GetFontSize() * 1.2f : 0.0f;
  const float scale = std::min(size.x / vc, (size.y - label_h) / vr);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (zoomed) {
    const std::string z = fmt::format("zoom: rows {}..{}, cols {}..{}", view.row0, view.row1, view.col0, view.col1);
    dl->AddText(o, palette::kInk, z.c_str());
  }
  const ImVec2 mn(o.x, o.y + label_h), mx(mn.x + vc * scale, mn.y + vr * scale);
  dl->PushClipRect(mn, ImVec2(mx.x + 1, mx.y + 1), true);
  dl->AddRectFilled(mn, mx, palette::kCell);
  // Element grid when elements are large enough to see (the board example).
  if (scale >= 6.0f) {
    for (int r = 1; r < vr; ++r) dl->AddLine(ImVec2(mn.x, mn.y + r * scale), ImVec2(mx.x, mn.y + r * scale), palette::kGrid);
    for (int c = 1; c < vc; ++c) dl->AddLine(ImVec2(mn.x + c * scale, mn.y), ImVec2(mn.x + c * scale, mx.y), palette::kGrid);
  }
  // The tiles: every block's box is the size of this one's, from the same offset
  // (the board example's 2 x 2 tiles); heavier than the elements' grid.
  if (tiles && scale >= 6.0f && !focus.empty) {
    const int th = focus.row1 - focus.row0 + 1, tw = focus.col1 - focus.col0 + 1;
    for (int r = view.row0 + 1; r <= view.row1; ++r)
      if ((r - focus.row0) % th == 0)
        dl->AddLine(ImVec2(mn.x, mn.y + (r - view.row0) * scale), ImVec2(mx.x, mn.y + (r - view.row0) * scale),
                    palette::kInk, 2.0f);
    for (int c = view.col0 + 1; c <= view.col1; ++c)
      if ((c - focus.col0) % tw == 0)
        dl->AddLine(ImVec2(mn.x + (c - view.col0) * scale, mn.y), ImVec2(mn.x + (c - view.col0) * scale, mx.y),
                    palette::kInk, 2.0f);
  }
  auto box_rect = [&](const ElementBox& b, ImU32 fill, ImU32 edge, float thickness) {
    if (b.empty) return;
    // At least 2 px, so a tile stays visible at any scale.
    ImVec2 p0(mn.x + (b.col0 - view.col0) * scale, mn.y + (b.row0 - view.row0) * scale);
    ImVec2 p1(mn.x + (b.col1 + 1 - view.col0) * scale, mn.y + (b.row1 + 1 - view.row0) * scale);
    p1.x = std::max(p1.x, p0.x + 2);
    p1.y = std::max(p1.y, p0.y + 2);
    dl->AddRectFilled(p0, p1, fill);
    if (thickness > 0) dl->AddRect(p0, p1, edge, 0, 0, thickness);
  };
  for (std::size_t t = 0; t + 1 < trail_.size(); ++t) {
    const auto& arrays = trail_[t].arrays;
    if (array_index >= static_cast<int>(arrays.size())) continue;
    box_rect(arrays[array_index].read, palette::kVisited, 0, 0);
    box_rect(arrays[array_index].written, palette::kVisited, 0, 0);
  }
  box_rect(cur.read, palette::rgb(0, 114, 178, 150), palette::kRead, 2.0f);
  box_rect(cur.written, palette::rgb(230, 159, 0, 170), palette::kWrite, 2.0f);
  dl->PopClipRect();
  dl->AddRect(mn, mx, palette::kInk, 0, 0, 1.5f);
}

}  // namespace ws::gui
