#include "gui/kernel_panel.hpp"

#include <array>
#include <string>

#include <imgui.h>

#include "gui/palette.hpp"
#include "lessons/lesson_facts.hpp"

namespace ws::gui {
namespace {

// The field label: the kernel's own name for the parameter where it has one.
std::string param_label(const kernels::ParamRule& r) {
  return std::string(r.meaning.empty() ? kernels::param_spec(r.field).label : r.meaning);
}

}  // namespace

// The description's {facts} for the kernel, parameters and preset shown;
// recomputed only when one of them changes (it traces a warp).
const std::string& KernelPanel::description(const AppState& state) {
  const DescriptionKey key{state.kernel_serial, state.arch_index, state.params};
  if (key != described_for_) {
    described_for_ = key;
    auto d = state.param_error ? Result<std::string>(Error{*state.param_error})
                               : lessons::describe_kernel(state.kernel(), state.params, state.arch().name);
    // A variant's facts are not the catalog's (lessons look kernels up by name): its summary instead.
    described_ = d ? *d : state.variant ? state.variant->summary() : std::string(state.kernel().title);
  }
  return described_;
}

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
  ImGui::TextWrapped("%s", description(state).c_str());
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

// The kernels of one family that are tile layouts of each other (catalog data):
// switching keeps the matrix, the tile, the block and the warp.
void KernelPanel::draw_tile_layout(AppState& state) {
  const auto variants = kernels::layout_variants(state.kernel());
  if (variants.empty()) return;
  ImGui::TextUnformatted("Tile layout");
  for (std::size_t i = 0; i < variants.size(); ++i) {
    if (i % 2) ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.5f + ImGui::GetStyle().WindowPadding.x);
    const bool current = variants[i] == &state.kernel();
    if (ImGui::RadioButton(std::string(variants[i]->hints.layout).c_str(), current) && !current) {
      const kernels::KernelParams keep = state.params;
      state.select_kernel(variants[i]->name, &keep);
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
  for (const kernels::ParamRule& rule : state.kernel().params) {
    const kernels::ParamSpec& spec = kernels::param_spec(rule.field);
    int* field = &(pending_.*spec.field);
    ImGui::SetNextItemWidth(w);
    const bool edited =
        ImGui::InputInt(param_label(rule).c_str(), field, spec.is_size ? 0 : 1, spec.is_size ? 0 : 8);
    if (ImGui::IsItemDeactivatedAfterEdit()) commit = true;
    else if (edited && !ImGui::GetIO().WantTextInput) commit = true;  // the +/- buttons
    if (ImGui::IsItemActive()) editing_ = true;
  }
  if (commit) {
    editing_ = false;
    state.set_params(pending_);
  }
}

// The catalog's board drawings: small matrices as a teacher draws them.
void KernelPanel::draw_presets(AppState& state) {
  for (const kernels::BoardPreset& b : kernels::board_presets()) {
    if (!ImGui::Button(std::string(b.label).c_str())) continue;
    if (!b.arch.empty())
      for (std::size_t i = 0; i < all_presets().size(); ++i)
        if (all_presets()[i].name == b.arch) state.select_arch(static_cast<int>(i));
    state.select_kernel(b.kernel, &b.params);
  }
}

}  // namespace ws::gui
