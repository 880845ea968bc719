#include "gui/kernel_panel.hpp"
#include "gui/text_wrap.hpp"

#include <algorithm>
#include <array>
#include <string>

#include <fmt/printf.h>
#include <imgui.h>

#include "gui/palette.hpp"
#include "gui/student_file.hpp"
#include "lessons/lesson_facts.hpp"

namespace ws::gui {
namespace {

// The field label: the kernel's own name for the parameter where it has one.
std::string param_label(const kernels::ParamRule& r) {
  return std::string(r.meaning.empty() ? kernels::param_spec(r.field).label : r.meaning);
}

// A button whose label wraps inside `width` (a board preset's label at 1280 px or a large text size).
bool wrapped_button(const std::string& label, float width) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float wrap = width - st.FramePadding.x * 2;
  const ImVec2 text = ImGui::CalcTextSize(label.c_str(), nullptr, false, wrap);
  const ImVec2 size(width, text.y + st.FramePadding.y * 2);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const bool clicked = ImGui::InvisibleButton(label.c_str(), size);
  const ImGuiCol bg = ImGui::IsItemActive() ? ImGuiCol_ButtonActive
                      : ImGui::IsItemHovered() ? ImGuiCol_ButtonHovered
                                               : ImGuiCol_Button;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + size.x, p.y + size.y), ImGui::GetColorU32(bg), st.FrameRounding);
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(p.x + st.FramePadding.x, p.y + st.FramePadding.y),
              ImGui::GetColorU32(ImGuiCol_Text), label.c_str(), nullptr, wrap);
  return clicked;
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
    // A variant's description is computed like a catalog kernel's; its summary names the typed expression.
    described_ = d ? *d : std::string(state.kernel().title);
    if (d && state.variant) described_ = state.variant->summary() + ". " + described_;
  }
  return described_;
}

void KernelPanel::Draw(AppState& state) {
  const auto cat = kernels::catalog();
  const kernels::KernelDescriptor& k = state.kernel();
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
  text_wrapped(description(state));
  ImGui::PopStyleColor();
  ImGui::Separator();
  if (state.student) {
    // A student's file has no catalog parameters: its launch is in the fields below.
    draw_student_file(state);
  } else {
    draw_tile_layout(state);
    draw_params(state);
  }

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
  ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
  text_wrapped(std::string(state.arch().description));
  ImGui::PopStyleColor();
  draw_presets(state);
  if (!state.student) draw_student_file(state);

  if (state.param_error) {
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    text_wrapped(fmt::sprintf("%s", state.param_error->c_str()));
    ImGui::PopStyleColor();
  } else {
    const auto& L = state.launch;
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
    text_wrapped(fmt::sprintf("grid %d x %d blocks of %d x %d threads, %d B shared", L.grid.x, L.grid.y, L.block.x,
                       L.block.y, L.shared_bytes));
    ImGui::PopStyleColor();
  }
}

// The kernels of one family that are tile layouts of each other (catalog data):
// switching keeps the matrix, the tile, the block and the warp.
void KernelPanel::draw_tile_layout(AppState& state) {
  const auto variants = kernels::layout_variants(state.kernel());
  if (variants.empty()) return;
  ImGui::TextUnformatted("Tile layout");
  // As many aligned columns as the widest label allows (one at 1280 px, two at 1600 px and wider).
  const ImGuiStyle& st = ImGui::GetStyle();
  float widest = 0;
  for (const kernels::KernelDescriptor* v : variants)
    widest = std::max(widest, ImGui::CalcTextSize(std::string(v->hints.layout).c_str()).x);
  const float col_w = widest + ImGui::GetFrameHeight() + st.ItemInnerSpacing.x + st.ItemSpacing.x;
  const int per_row = std::max(1, static_cast<int>((ImGui::GetContentRegionAvail().x + st.ItemSpacing.x) / col_w));
  const float x0 = ImGui::GetCursorPosX();
  for (std::size_t i = 0; i < variants.size(); ++i) {
    if (i % per_row) ImGui::SameLine(x0 + static_cast<float>(i % per_row) * col_w);
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
  // Buttons flow: the next goes on the same line where it fits, and a label wider than the panel wraps.
  bool first = true;
  const float avail = ImGui::GetContentRegionAvail().x, pad = ImGui::GetStyle().FramePadding.x * 2;
  for (const kernels::BoardPreset& b : kernels::board_presets()) {
    const std::string label(b.label);
    const float w = ImGui::CalcTextSize(label.c_str()).x + pad;
    if (!first && ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + w <=
                      ImGui::GetWindowPos().x + ImGui::GetCursorStartPos().x + avail)
      ImGui::SameLine();
    first = false;
    if (!(w <= avail ? ImGui::Button(label.c_str()) : wrapped_button(label, avail))) continue;
    if (!b.arch.empty())
      for (std::size_t i = 0; i < all_presets().size(); ++i)
        if (all_presets()[i].name == b.arch) state.select_arch(static_cast<int>(i));
    state.select_kernel(b.kernel, &b.params);
  }
}

}  // namespace ws::gui
