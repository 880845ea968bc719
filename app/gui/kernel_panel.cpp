#include "gui/kernel_panel.hpp"

#include <array>
#include <string>

#include <imgui.h>

#include "gui/palette.hpp"

namespace ws::gui {
namespace {

const char* param_label(kernels::Param p) {
  switch (p) {
    case kernels::Param::Rows: return "rows";
    case kernels::Param::Cols: return "cols";
    case kernels::Param::Inner: return "inner (K)";
    case kernels::Param::Tile: return "tile";
    case kernels::Param::BlockRows: return "block rows";
    case kernels::Param::Stride: return "stride";
    case kernels::Param::Bytes: return "bytes";
    case kernels::Param::Swizzle: return "swizzle (1 = 128B XOR)";
  }
  return "?";
}

int* param_field(kernels::KernelParams& p, kernels::Param which) {
  switch (which) {
    case kernels::Param::Rows: return &p.rows;
    case kernels::Param::Cols: return &p.cols;
    case kernels::Param::Inner: return &p.inner;
    case kernels::Param::Tile: return &p.tile;
    case kernels::Param::BlockRows: return &p.block_rows;
    case kernels::Param::Stride: return &p.stride;
    case kernels::Param::Bytes: return &p.bytes;
    case kernels::Param::Swizzle: return &p.swizzle;
  }
  return nullptr;
}

// The four shared-memory transposes differ only in how the tile is laid out.
struct TileLayout {
  const char* kernel;
  const char* label;
};
constexpr std::array<TileLayout, 4> kTileLayouts{{
    {"transpose_shared", "tile[T][T]"},
    {"transpose_padded", "padded [T][T+1]"},
    {"transpose_rotated", "rotated (c+r)%T"},
    {"transpose_xor", "XOR c^r"},
}};

}  // namespace

void KernelPanel::Draw(AppState& state) {
  const auto cat = kernels::catalog();
  const kernels::KernelInfo& k = state.kernel();
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##kernel", std::string(k.name).c_str())) {
    for (std::size_t i = 0; i < cat.size(); ++i) {
      const std::string label = std::string(cat[i].name) + "  -  " + std::string(cat[i].title);
      if (ImGui::Selectable(label.c_str(), static_cast<int>(i) == state.kernel_index))
        state.select_kernel(static_cast<int>(i));
    }
    ImGui::EndCombo();
  }
  ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
  ImGui::TextWrapped("%s", std::string(k.lesson).c_str());
  ImGui::PopStyleColor();
  ImGui::Separator();
  draw_tile_layout(state);
  draw_params(state);

  const auto presets = all_presets();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.55f);
  if (ImGui::BeginCombo("architecture", std::string(state.arch().name).c_str())) {
    for (std::size_t i = 0; i < presets.size(); ++i) {
      if (ImGui::Selectable(std::string(presets[i].name).c_str(), static_cast<int>(i) == state.arch_index))
        state.select_arch(static_cast<int>(i));
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(presets[i].description).c_str());
    }
    ImGui::EndCombo();
  }
  ImGui::TextColored(palette::text_muted(), "%s", std::string(state.arch().description).c_str());
  draw_presets(state);

  if (state.param_error) {
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    ImGui::TextWrapped("%s", state.param_error->c_str());
    ImGui::PopStyleColor();
  } else {
    const auto& L = state.launch;
    ImGui::TextColored(palette::text_muted(), "grid %d x %d blocks of %d x %d threads, %d B shared", L.grid.x,
                       L.grid.y, L.block.x, L.block.y, L.shared_bytes);
  }
}

void KernelPanel::draw_tile_layout(AppState& state) {
  int current = -1;
  for (std::size_t i = 0; i < kTileLayouts.size(); ++i)
    if (state.kernel().name == kTileLayouts[i].kernel) current = static_cast<int>(i);
  if (current < 0) return;
  ImGui::TextUnformatted("Tile layout");
  for (std::size_t i = 0; i < kTileLayouts.size(); ++i) {
    if (i % 2) ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.5f + ImGui::GetStyle().WindowPadding.x);
    if (ImGui::RadioButton(kTileLayouts[i].label, current == static_cast<int>(i)) && current != static_cast<int>(i)) {
      const auto cat = kernels::catalog();
      for (std::size_t j = 0; j < cat.size(); ++j)
        if (cat[j].name == kTileLayouts[i].kernel) {
          const kernels::KernelParams keep = state.params;
          state.select_kernel(static_cast<int>(j), &keep);
        }
    }
  }
}

void KernelPanel::draw_params(AppState& state) {
  // While a field is being typed in, the edit lives in pending_: typing 8192
  // must not simulate 8, 81 and 819 on the way. Leaving the field or Enter applies.
  if (!editing_) pending_ = state.params;
  editing_ = false;
  bool commit = false;
  const float w = ImGui::GetContentRegionAvail().x * 0.55f;
  for (kernels::Param which : state.kernel().params) {
    int* field = param_field(pending_, which);
    if (!field) continue;
    const bool big = which == kernels::Param::Rows || which == kernels::Param::Cols || which == kernels::Param::Inner;
    ImGui::SetNextItemWidth(w);
    const bool edited = ImGui::InputInt(param_label(which), field, big ? 0 : 1, big ? 0 : 8);
    if (ImGui::IsItemDeactivatedAfterEdit()) commit = true;
    else if (edited && !ImGui::GetIO().WantTextInput) commit = true;  // the +/- buttons
    if (ImGui::IsItemActive()) editing_ = true;
  }
  if (commit) {
    editing_ = false;
    state.set_params(pending_);
  }
}

void KernelPanel::draw_presets(AppState& state) {
  // Seed 000: the 6 x 4 matrix cut into 2 x 2 blocks, as drawn on the board.
  if (ImGui::Button("Board: 6 x 4 matrix, 2 x 2 blocks")) {
    const auto cat = kernels::catalog();
    for (std::size_t j = 0; j < cat.size(); ++j)
      if (cat[j].name == "matmul_tiled") {
        kernels::KernelParams p = cat[j].defaults;
        p.rows = 6;
        p.cols = 4;
        p.inner = 4;
        p.tile = 2;
        state.select_kernel(static_cast<int>(j), &p);
      }
  }
}

}  // namespace ws::gui
