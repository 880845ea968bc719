#include "gui/pattern_panel.hpp"
#include "gui/text_wrap.hpp"

#include <cstring>

#include <imgui.h>

#include "gui/palette.hpp"

namespace ws::gui {
namespace {

struct Example {
  const char* label;
  const char* expr;
  Space space;
  int bytes;
};

// The hardware model's measured cases a class usually asks about.
constexpr Example kExamples[] = {
    {"stride 1", "4 * lane", Space::Shared, 4},
    {"stride 2", "8 * lane", Space::Shared, 4},
    {"column of [32][32]", "lane * 32 * 4", Space::Shared, 4},
    {"column of [32][33]", "lane * 33 * 4", Space::Shared, 4},
    {"XOR swizzle", "(lane * 32 + (3 ^ lane)) * 4", Space::Shared, 4},
    {"one word", "0", Space::Shared, 4},
    {"float2 stride 1", "8 * lane", Space::Shared, 8},
    {"float4 stride 1", "16 * lane", Space::Shared, 16},
    {"global row", "4 * lane", Space::Global, 4},
    {"global misaligned", "4 * lane + 4", Space::Global, 4},
    {"global column", "lane * 4 * 1024", Space::Global, 4},
};

constexpr int kWidths[] = {1, 2, 4, 8, 16};

void copy_to(std::array<char, 256>& dst, const std::string& s) { std::snprintf(dst.data(), dst.size(), "%s", s.c_str()); }

}  // namespace

void PatternPanel::Draw(AppState& state) {
  PatternEditor& p = state.pattern;
  if (!synced_) {
    copy_to(expr_, p.expr);
    std::snprintf(mask_.data(), mask_.size(), "%s", p.mask.c_str());
    synced_ = true;
  }
  bool changed = false;
  text_wrapped("Byte address of each lane, as an expression in lane (+ - * / % & | ^ << >> ~):");
  ImGui::SetNextItemWidth(-1);
  changed |= ImGui::InputText("##expr", expr_.data(), expr_.size());
  const float w = ImGui::GetFontSize() * 7;
  ImGui::SetNextItemWidth(w);
  changed |= ImGui::InputText("active mask", mask_.data(), mask_.size());
  int space = p.space == Space::Shared ? 0 : 1, op = p.op == Op::Load ? 0 : 1;
  changed |= ImGui::RadioButton("shared", &space, 0);
  ImGui::SameLine();
  changed |= ImGui::RadioButton("global", &space, 1);
  ImGui::SameLine(0, ImGui::GetFontSize() * 2);
  changed |= ImGui::RadioButton("load", &op, 0);
  ImGui::SameLine();
  changed |= ImGui::RadioButton("store", &op, 1);
  ImGui::SameLine(0, ImGui::GetFontSize() * 2);
  for (int bytes : kWidths) {
    ImGui::SameLine();
    changed |= ImGui::RadioButton((std::to_string(bytes) + " B").c_str(), &p.bytes, bytes);
  }
  ImGui::TextUnformatted("Examples:");
  for (const Example& e : kExamples) {
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(e.label).x + 20) ImGui::NewLine();
    if (ImGui::SmallButton(e.label)) {
      copy_to(expr_, e.expr);
      space = e.space == Space::Shared ? 0 : 1;
      p.bytes = e.bytes;
      changed = true;
    }
  }
  if (changed || state.source != InstructionSource::Pattern) {
    p.expr = expr_.data();
    p.mask = mask_.data();
    p.space = space == 0 ? Space::Shared : Space::Global;
    p.op = op == 0 ? Op::Load : Op::Store;
    if (state.source != InstructionSource::Pattern) state.set_source(InstructionSource::Pattern);
    else state.apply_pattern();
  }
  if (!p.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    text_wrapped(p.error);
    ImGui::PopStyleColor();
  } else if (!state.current.valid && !state.current.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    text_wrapped(state.current.error);
    ImGui::PopStyleColor();
  }
}

}  // namespace ws::gui
