#include "gui/variant_panel.hpp"
#include "gui/text_wrap.hpp"

#include <cstdio>
#include <span>
#include <string>

#include <fmt/printf.h>
#include <imgui.h>

#include "gui/palette.hpp"

namespace ws::gui {
namespace {

struct Example {
  const char* label;
  const char* expr;
};

// The catalog's layouts and the ideas a class tries next (issue 11).
constexpr Example kLayouts[] = {
    {"plain", "c"},
    {"padded", "r*(T+1) + c"},
    {"rotated", "(c + r) % T"},
    {"rotated by 2r", "(c + 2*r) % T"},
    {"XOR", "c ^ r"},
    {"XOR r/2", "c ^ (r >> 1)"},
};
constexpr Example kPatterns[] = {
    {"stride 1", "4 * lane"},
    {"stride 2", "4 * (2 * lane)"},
    {"stride 17", "4 * (17 * lane)"},
    {"stride 32", "4 * (32 * lane)"},
    {"one word", "0"},
    {"moving with i", "4 * ((lane + i) % 32)"},
};
constexpr int kPatternWidths[] = {4, 8, 16};

template <std::size_t N>
void copy_to(std::array<char, N>& dst, const std::string& s) {
  std::snprintf(dst.data(), dst.size(), "%s", s.c_str());
}

bool example_buttons(std::span<const Example> examples, std::array<char, 256>& text) {
  bool changed = false;
  ImGui::TextUnformatted("Try:");
  for (const Example& e : examples) {
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(e.label).x + 20) ImGui::NewLine();
    if (ImGui::SmallButton(e.label)) {
      copy_to(text, e.expr);
      changed = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", e.expr);
  }
  return changed;
}

// The variant's one-line summary, or the typed expression's message (red, wrapped):
// the last good variant stays on screen under it.
void draw_outcome(const AppState& state, kernels::VariantKind kind) {
  if (!state.variant_editor.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    text_wrapped(state.variant_editor.error);
    ImGui::PopStyleColor();
    if (state.variant && state.variant->kind() == kind)
      ImGui::TextColored(palette::text_muted(), "Still showing %s", state.variant->spec().expression.c_str());
  } else if (state.param_error) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    text_wrapped(fmt::sprintf("%s", state.param_error->c_str()));
    ImGui::PopStyleColor();
  } else if (state.variant && state.variant->kind() == kind) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
    text_wrapped(state.variant->summary());
    ImGui::PopStyleColor();
  }
}

}  // namespace

void ensure_variant_shown(AppState& state) {
  const VariantMode mode = state.variant_editor.mode;
  if (mode == VariantMode::LaneExpression) return;
  const auto kind = mode == VariantMode::TileLayout ? kernels::VariantKind::TileLayout : kernels::VariantKind::AccessPattern;
  if (!state.variant || state.variant->kind() != kind || state.source != InstructionSource::Kernel) state.apply_variant();
}

void VariantPanel::Draw(AppState& state, bool entered) {
  VariantEditor& e = state.variant_editor;
  if (!synced_) {
    copy_to(layout_, e.layout);
    copy_to(pattern_, e.pattern);
    synced_ = true;
  }
  int mode = static_cast<int>(e.mode);
  bool switched = ImGui::RadioButton("lane expression", &mode, static_cast<int>(VariantMode::LaneExpression));
  ImGui::SameLine();
  switched |= ImGui::RadioButton("tile layout", &mode, static_cast<int>(VariantMode::TileLayout));
  ImGui::SameLine();
  switched |= ImGui::RadioButton("access pattern (kernel)", &mode, static_cast<int>(VariantMode::AccessPattern));
  if (switched) {
    e.mode = static_cast<VariantMode>(mode);
    e.error.clear();
  }
  switch (e.mode) {
    case VariantMode::LaneExpression: lane_expression_.Draw(state); break;
    case VariantMode::TileLayout: draw_layout(state, entered || switched); break;
    case VariantMode::AccessPattern: draw_pattern(state, entered || switched); break;
  }
}

namespace {

// The swizzle presets on the typed byte address: true when the choice changed.
bool swizzle_choice(VariantEditor& e) {
  ImGui::TextUnformatted("Swizzle:");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("cute:3,4,3 ").x + ImGui::GetFrameHeight() * 2);
  bool changed = false;
  if (ImGui::BeginCombo("##swizzle", e.swizzle.empty() ? "none" : e.swizzle.c_str())) {
    if (ImGui::Selectable("none", e.swizzle.empty())) e.swizzle.clear(), changed = true;
    for (std::string_view s : kernels::kVariantSwizzles)
      if (ImGui::Selectable(std::string(s).c_str(), e.swizzle == s)) e.swizzle = s, changed = true;
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Applied to the byte address the expression gives: Hopper TMA's 32/64/128B modes or CuTe "
                      "Swizzle<B,M,S>");
  return changed;
}

}  // namespace

void VariantPanel::draw_layout(AppState& state, bool entered) {
  VariantEditor& e = state.variant_editor;
  text_wrapped(fmt::sprintf("Where element (r, c) of the transpose's tile lives: its column in row r, in r, c, T (T = tile "
                     "size), or its word in the tile, as r*(T+1) + c:"));
  ImGui::SetNextItemWidth(-1);
  bool changed = ImGui::InputText("##layout", layout_.data(), layout_.size());
  changed |= example_buttons(kLayouts, layout_);
  changed |= swizzle_choice(e);
  if (changed) {
    e.layout = layout_.data();
    state.apply_variant();
  } else if (entered) {
    ensure_variant_shown(state);
  }
  draw_outcome(state, kernels::VariantKind::TileLayout);
}

void VariantPanel::draw_pattern(AppState& state, bool entered) {
  VariantEditor& e = state.variant_editor;
  text_wrapped(fmt::format("Byte address each lane reads in iteration i ({}'s loop), in lane and i:",
                           kernels::default_variant_base(kernels::VariantKind::AccessPattern).name));
  ImGui::SetNextItemWidth(-1);
  bool changed = ImGui::InputText("##pattern", pattern_.data(), pattern_.size());
  const bool ours = state.variant && state.variant->kind() == kernels::VariantKind::AccessPattern;
  int bytes = ours ? state.params.bytes : 4;
  bool width_changed = false;
  for (int w : kPatternWidths) {
    if (w != kPatternWidths[0]) ImGui::SameLine();
    width_changed |= ImGui::RadioButton((std::to_string(w) + " B").c_str(), &bytes, w);
  }
  changed |= example_buttons(kPatterns, pattern_);
  changed |= swizzle_choice(e);
  if (width_changed && ours) {
    kernels::KernelParams p = state.params;
    p.bytes = bytes;
    e.pattern = pattern_.data();
    state.apply_variant(&p);
  } else if (changed) {
    e.pattern = pattern_.data();
    state.apply_variant();
  } else if (entered) {
    ensure_variant_shown(state);
  }
  draw_outcome(state, kernels::VariantKind::AccessPattern);
}

}  // namespace ws::gui
