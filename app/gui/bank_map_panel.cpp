// Bank map panel: headline, summary line, then the map drawn with the canvas
// pattern from layout_bank_map(); hover a chip for its lane, thread and address.
#include "gui/bank_map_panel.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <imgui.h>

#include "gui/canvas.hpp"
#include "gui/palette.hpp"

namespace ws::gui {
namespace {

const char* mnemonic(const WarpAccess& a) {
  if (a.ldmatrix != Ldmatrix::None) return "LDSM";
  const bool ld = a.op == Op::Load;
  switch (a.bytes) {
    case 8: return ld ? "LDS.64" : "STS.64";
    case 16: return ld ? "LDS.128" : "STS.128";
    case 1: return ld ? "LDS.U8" : "STS.U8";
    case 2: return ld ? "LDS.U16" : "STS.U16";
    default: return ld ? "LDS" : "STS";
  }
}

}  // namespace

std::string shared_instruction_summary(const WarpAccess& a, const SharedResult& r) {
  std::string s = fmt::format("{} ({}-byte {}), {} active lane{}", mnemonic(a), a.bytes,
                              a.op == Op::Load ? "load" : "store", r.active_lanes,
                              r.active_lanes == 1 ? "" : "s");
  if (r.num_groups > 1) s += fmt::format(", served as {} groups of {} lanes", r.num_groups, r.group_lanes);
  if (r.paired) s += " (pairs merged)";
  int shared_words = 0, sharing_lanes = 0;
  for (int l = 0; l < r.warp_lanes; ++l) {
    const SharedLane& L = r.lanes[l];
    if (!L.active || L.sharers < 2) continue;
    ++sharing_lanes;
    if (L.broadcast_leader == l) ++shared_words;
  }
  if (shared_words > 0)
    // One word to many lanes is a broadcast; several words, each to several lanes, a multicast.
    s += fmt::format("; {} lanes share {} word{} ({})", sharing_lanes, shared_words, shared_words == 1 ? "" : "s",
                     a.op != Op::Load ? "one lane's store wins" : shared_words == 1 ? "broadcast" : "multicast");
  return s;
}

void BankMapPanel::Draw(AppState& state) {
  const CurrentInstruction& c = state.current;
  if (!c.valid) {
    ImGui::TextWrapped("%s", c.error.empty() ? "No instruction selected." : c.error.c_str());
    return;
  }
  if (c.access.space != Space::Shared) {
    ImGui::TextWrapped("The current instruction is a global access: see Global memory. Step with "
                       "Left/Right to a shared-memory instruction.");
    return;
  }
  const SharedResult& r = c.shared;
  const bool ideal = r.wavefronts == r.ideal_wavefronts;
  ImGui::PushStyleColor(ImGuiCol_Text, ideal ? palette::text_good() : palette::text_conflict());
  ImGui::SetWindowFontScale(1.3f);
  ImGui::TextWrapped("%s", conflict_headline(r).c_str());  // at 1280 px and 1.5x text it wraps
  ImGui::SetWindowFontScale(1.0f);
  ImGui::PopStyleColor();
  // The summary and the legend share a line where they fit: in presenter mode
  // every line of height given to them is taken from the 32 rows below.
  const std::string summary = shared_instruction_summary(c.access, r);
  const float legend_w = canvas::lane_legend_width(r.warp_lanes);
  const float line_w = ImGui::CalcTextSize(summary.c_str()).x + ImGui::GetFontSize() * 2 + legend_w;
  if (legend_w > 0 && line_w < ImGui::GetContentRegionAvail().x) {
    ImGui::TextUnformatted(summary.c_str());
    ImGui::SameLine(0, ImGui::GetFontSize() * 2);
  } else {
    ImGui::TextWrapped("%s", summary.c_str());
  }
  canvas::lane_legend(r.warp_lanes);

  ImGui::BeginChild("bank_map_scroll", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  const float fs = ImGui::GetFontSize();
  BankMapMetrics m;
  m.available_width = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize;
  m.label_width = fs * 2.6f;
  m.header_height = fs * 1.3f;
  // Rows shrink to fit the view down to a readable minimum, then the map scrolls.
  const float avail_h = ImGui::GetContentRegionAvail().y - m.header_height - 2;
  // A 32-way conflict should fit on one screen: rows may shrink to 60% of a line.
  m.min_cell_height = fs * 0.6f;
  // Presenter mode gives the figure the window: a few rows may grow tall (the toy's four).
  m.max_cell_height = std::min(fs * (state.view.presenter ? 4.0f : 1.8f), avail_h / std::max(1, r.wavefronts));
  layout_ = layout_bank_map(r, m);
  const ImVec2 origin = canvas::claim("bank_map", layout_.width, layout_.height);
  draw_map(state, origin);
  if (ImGui::IsItemHovered()) {
    const ImVec2 mouse = ImGui::GetMousePos();
    const int i = layout_.chip_at(mouse.x - origin.x, mouse.y - origin.y);
    if (i >= 0) draw_tooltip(state, layout_.chips[i]);
  }
  ImGui::EndChild();
}

void BankMapPanel::draw_map(const AppState& state, ImVec2 o) {
  const SharedResult& r = state.current.shared;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const BankMapLayout& L = layout_;
  // Bank numbers; every other one when cells are narrow.
  const int label_every = L.cell_width < ImGui::GetFontSize() * 1.1f ? 2 : 1;
  for (int b = 0; b < L.banks; b += label_every) {
    const Rect c = L.cell(b, 0);
    canvas::centered_text(dl, canvas::at(o, c.x0, 0), canvas::at(o, c.x1, L.header_height), palette::kInk,
                          std::to_string(b));
  }
  for (int row = 0; row < L.rows; ++row) {
    const int g = L.row_group[row];
    // Wavefronts past the first of their group are the conflict's cost: tint them.
    const bool extra = row > r.group_first_wavefront[g];
    const ImU32 fill = extra ? palette::rgb(250, 228, 214) : palette::kCell;
    for (int b = 0; b < L.banks; ++b) {
      const Rect c = L.cell(b, row);
      dl->AddRectFilled(canvas::min_of(o, c), canvas::max_of(o, c), fill);
      dl->AddRect(canvas::min_of(o, c), canvas::max_of(o, c), palette::kGrid);
    }
    const Rect first = L.cell(0, row);
    canvas::centered_text(dl, canvas::at(o, 0, first.y0), canvas::at(o, L.label_width - 4, first.y1),
                          extra ? palette::kConflict : palette::kInk, fmt::format("W{}", row));
    // A heavier line where one lane group (S3) ends and the next begins.
    if (row > 0 && L.row_group[row - 1] != g)
      dl->AddLine(canvas::at(o, 0, first.y0), canvas::at(o, L.width, first.y0), palette::kInk, 2.5f);
  }
  // A lesson step's emphasis: its banks tinted over every row, its lanes outlined.
  const auto& banks = state.view.highlight_banks;
  for (int b : banks) {
    if (b >= L.banks) continue;
    const Rect top = L.cell(b, 0), bottom = L.cell(b, std::max(0, L.rows - 1));
    dl->AddRectFilled(canvas::at(o, top.x0, 0), canvas::at(o, top.x1, bottom.y1), palette::rgb(0, 114, 178, 45));
    dl->AddRect(canvas::at(o, top.x0, 0), canvas::at(o, top.x1, bottom.y1), palette::kAccent, 0, 0, 2.0f);
  }
  const auto& lanes = state.view.highlight_lanes;
  for (const BankMapChip& chip : L.chips)
    if (!chip.folded)
      canvas::lane_chip(dl, canvas::min_of(o, chip.rect), canvas::max_of(o, chip.rect), chip.lane,
                        std::find(lanes.begin(), lanes.end(), chip.lane) != lanes.end());
  for (const BankMapBadge& b : L.badges) {
    // Badge in the cell's corner: how many lanes this one word serves.
    // Sized by the text, not the row: tall presenter rows must not grow badges over the next banks.
    const float h = std::max(10.0f, std::min(b.rect.height() * 0.55f, ImGui::GetFontSize()));
    const float w = std::min(h * 1.6f, b.rect.width());
    const ImVec2 bmax = canvas::at(o, b.rect.x1, b.rect.y0 + h);
    const ImVec2 bmin(bmax.x - w, bmax.y - h);
    dl->AddRectFilled(bmin, bmax, palette::kInk, h * 0.5f);
    canvas::centered_text(dl, bmin, bmax, IM_COL32_WHITE, fmt::format("x{}", b.lanes));
  }
}

void BankMapPanel::draw_tooltip(const AppState& state, const BankMapChip& chip) {
  const CurrentInstruction& c = state.current;
  const SharedLane& L = c.shared.lanes[chip.lane];
  ImGui::BeginTooltip();
  ImGui::Text("lane %d", chip.lane);
  if (c.site >= 0) {
    const Dim3 t = state.trace.lane_thread[chip.lane];
    ImGui::Text("thread %s", thread_label(t).c_str());
  }
  ImGui::Text("address %llu (0x%llx)", static_cast<unsigned long long>(c.access.address[chip.lane]),
              static_cast<unsigned long long>(c.access.address[chip.lane]));
  ImGui::Text("bank %d, word %llu", chip.bank, static_cast<unsigned long long>(L.word[chip.word_index]));
  if (L.num_words > 1) ImGui::Text("word %d of %d of this lane", chip.word_index + 1, int(L.num_words));
  ImGui::Text("served in wavefront %d", chip.wavefront);
  if (chip.sharers > 1) ImGui::Text("%d lanes share this word", chip.sharers);
  ImGui::EndTooltip();
}

}  // namespace ws::gui
