#include "gui/block_threads_panel.hpp"

#include <imgui.h>

#include <algorithm>

#include <fmt/format.h>

#include "gui/canvas.hpp"
#include "gui/palette.hpp"
#include "gui/text_wrap.hpp"
#include "lessons/concealment.hpp"

namespace ws::gui {
namespace {

// Threads beyond this many rows are summarised: a block of 1024 threads is 32 rows of 32.
constexpr int kMaxRowsDrawn = 32;

int warps_of(const AppState& state) {
  const int lanes = state.arch().warp_lanes;
  return (state.launch.block.count() + lanes - 1) / lanes;
}

}  // namespace

BlockThreadsText block_threads_text(const AppState& state) {
  BlockThreadsText t;
  const Dim3 b = state.launch.block;
  const int lanes = state.arch().warp_lanes;
  t.warps_hidden = state.view.conceal.hides(lessons::Quantity::Launch);
  t.headline = fmt::format("block of {} x {} threads, lanes counted threadIdx.x first: {} warps of {} lanes", b.x, b.y,
                           t.warps_hidden ? std::string("?") : std::to_string(warps_of(state)), lanes);
  if (t.warps_hidden) return t;
  for (int w = 0; w < warps_of(state); ++w) {
    const int first = w * lanes, last = std::min(b.count(), first + lanes) - 1;
    t.warp_labels.push_back(fmt::format("warp {}: threads ({}, {}) to ({}, {})", w, first % b.x, first / b.x,
                                        last % b.x, last / b.x));
  }
  return t;
}

void BlockThreadsPanel::Draw(const AppState& state) {
  const BlockThreadsText text = block_threads_text(state);
  ImGui::SetWindowFontScale(1.3f);
  text_wrapped(text.headline);
  ImGui::SetWindowFontScale(1.0f);
  const Dim3 b = state.launch.block;
  const int lanes = state.arch().warp_lanes;
  const int rows = std::min(b.y, kMaxRowsDrawn);
  const float fs = ImGui::GetFontSize();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float label_w = fs * 4.5f, header_h = fs * 1.4f;
  const float cell_w = std::max(4.0f, (avail.x - label_w) / std::max(1, b.x));
  const float cell_h = std::clamp((avail.y - header_h - fs) / std::max(1, rows), 4.0f, cell_w * 2.2f);
  const ImVec2 o = canvas::claim("block_threads", label_w + cell_w * b.x, header_h + cell_h * rows);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // threadIdx.x along the top (every fourth where the cells are narrow).
  const int every = cell_w < fs * 1.2f ? 4 : 1;
  for (int x = 0; x < b.x; x += every)
    canvas::centered_text(dl, canvas::at(o, label_w + x * cell_w, 0), canvas::at(o, label_w + (x + 1) * cell_w, header_h),
                          palette::kInk, std::to_string(x));
  for (int y = 0; y < rows; ++y) {
    canvas::centered_text(dl, canvas::at(o, 0, header_h + y * cell_h), canvas::at(o, label_w * 0.45f, header_h + (y + 1) * cell_h),
                          palette::kInk, fmt::format("y={}", y));
    for (int x = 0; x < b.x; ++x) {
      const int linear = y * b.x + x, lane = linear % lanes, warp = linear / lanes;
      const ImVec2 mn = canvas::at(o, label_w + x * cell_w, header_h + y * cell_h);
      const ImVec2 mx(mn.x + cell_w, mn.y + cell_h);
      // Before the reveal every thread looks alike: the warps are the question.
      const ImU32 fill = text.warps_hidden ? palette::kCell : warp % 2 ? palette::kCellAlt : palette::rgb(255, 236, 200);
      dl->AddRectFilled(mn, mx, fill);
      dl->AddRect(mn, mx, palette::kGrid);
      canvas::centered_text(dl, ImVec2(mn.x + 1, mn.y + 1), ImVec2(mx.x - 1, mx.y - 1), palette::kInk,
                            std::to_string(lane), cell_h * 0.6f);
      // A warp's first thread names it, at the row's start when the warp begins there.
      if (!text.warps_hidden && lane == 0)
        canvas::centered_text(dl, canvas::at(o, label_w * 0.45f, header_h + y * cell_h),
                              canvas::at(o, label_w - 2, header_h + (y + 1) * cell_h), palette::kAccent,
                              fmt::format("w{}", warp));
    }
  }
  digit_px_ = std::min(cell_h * 0.6f, cell_w);
  if (!text.warps_hidden && state.warp * lanes < rows * b.x) {
    // The selected warp, outlined over its threads (one or more rows).
    const int first = state.warp * lanes, last = std::min(b.count(), first + lanes) - 1;
    for (int y = first / b.x; y <= last / b.x && y < rows; ++y) {
      const int x0 = y == first / b.x ? first % b.x : 0, x1 = y == last / b.x ? last % b.x : b.x - 1;
      dl->AddRect(canvas::at(o, label_w + x0 * cell_w, header_h + y * cell_h),
                  canvas::at(o, label_w + (x1 + 1) * cell_w, header_h + (y + 1) * cell_h), palette::kAccent, 0, 0, 3.0f);
    }
  }
  if (b.y > rows) text_wrapped(fmt::format("(rows {} to {} not drawn)", rows, b.y - 1));
}

}  // namespace ws::gui
