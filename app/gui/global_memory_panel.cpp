// Global memory panel: headline, summary, then the sector map of
// layout_sector_map() drawn with the canvas pattern; hover a chip for its lane.
#include "gui/global_memory_panel.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <imgui.h>

#include "gui/backdrop.hpp"
#include "gui/canvas.hpp"
#include "gui/text_wrap.hpp"
#include "gui/palette.hpp"

namespace ws::gui {

std::string describe_line(std::uint64_t line, const ArrayInfo* a) {
  const std::uint64_t begin = line * kLineBytes, end = begin + kLineBytes;
  const std::uint64_t size = a ? static_cast<std::uint64_t>(a->rows) * a->pitch * a->elem_bytes : 0;
  if (!a || end <= a->base || begin >= a->base + size) return fmt::format("0x{:x}", begin);
  const std::uint64_t e0 = (std::max(begin, a->base) - a->base) / a->elem_bytes;
  const std::uint64_t e1 = (std::min(end, a->base + size) - a->base - 1) / a->elem_bytes;
  const std::uint64_t r0 = e0 / a->pitch, r1 = e1 / a->pitch;
  if (r0 == r1) return fmt::format("{}[{}][{}..{}]", a->name, r0, e0 % a->pitch, e1 % a->pitch);
  return fmt::format("{}[{}][{}]..[{}][{}]", a->name, r0, e0 % a->pitch, r1, e1 % a->pitch);
}

std::uint64_t distinct_bytes(const WarpAccess& a, int warp_lanes) {
  // The simulator's own count (G2's bytes used), which saturates at 2^64 - 1
  // where address + width would wrap for an address typed near the top.
  return analyze_global(a, warp_lanes).bytes_used;
}

std::string global_headline(const WarpAccess& a, const GlobalResult& g, int warp_lanes) {
  const std::uint64_t used = distinct_bytes(a, warp_lanes);
  std::string s = fmt::format("{} request, {} sector{}: {} B used of {} B moved ({:.1f}%)", g.requests, g.sectors,
                              g.sectors == 1 ? "" : "s", used, g.bytes_moved,
                              g.bytes_moved ? 100.0 * used / g.bytes_moved : 0.0);
  if (used < g.bytes_requested)
    s += fmt::format("; {} lanes ask for {} B: {}", g.active_lanes, g.bytes_requested,
                     used == a.bytes ? "broadcast" : "lanes share bytes");
  return s;
}

void GlobalMemoryPanel::Draw(AppState& state) {
  layouts_ = {};
  figures_drawn_ = 0;
  smallest_digit_ = 0;
  const CurrentInstruction& c = state.current;
  if (!c.valid) {
    text_wrapped(c.error.empty() ? "No instruction selected." : c.error);
    return;
  }
  if (c.access.space != Space::Global) {
    text_wrapped("The current instruction is a shared-memory access: see Bank map. Step with "
                 "Left/Right to a global-memory instruction.");
    return;
  }
  const FigureAccesses all = figure_accesses(state);
  std::vector<const FigureAccess*> figures;
  for (const FigureAccess& f : all.figures)
    if (f.instruction->valid && f.instruction->access.space == Space::Global && figures.size() < 2)
      figures.push_back(&f);
  std::vector<SectorMapText> texts;
  for (const FigureAccess* f : figures) texts.push_back(sector_map_text(*f, state.view.conceal));

  ImGui::BeginChild("sector_map_scroll", ImVec2(0, 0), false);
  const float fs = ImGui::GetFontSize();
  const float width = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize;
  // Rows of both figures share the height under their texts, at one scale.
  float texts_h = 0;
  int lines = 0;
  for (std::size_t i = 0; i < figures.size(); ++i) {
    for (const std::string* s : {&texts[i].title, &texts[i].headline, &texts[i].summary})
      if (!s->empty())
        texts_h += ImGui::CalcTextSize(s->c_str(), nullptr, false, width).y * (s == &texts[i].headline ? 1.3f : 1.0f) +
                   ImGui::GetStyle().ItemSpacing.y;
    texts_h += fs * 1.1f + ImGui::GetStyle().ItemSpacing.y * 2;
    if (!texts[i].inactive.empty()) texts_h += fs * 1.5f + ImGui::GetStyle().ItemSpacing.y * 2;  // the grey strip
    if (!texts[i].sharing.empty())
      texts_h += ImGui::CalcTextSize(texts[i].sharing.c_str(), nullptr, false, width).y + ImGui::GetStyle().ItemSpacing.y;
    lines += std::max(1, figures[i]->instruction->global.lines);
  }
  const float legend_w = canvas::lane_legend_width(c.warp_lanes);
  const bool legend_beside = !texts.empty() && legend_w > 0 &&
                             ImGui::CalcTextSize(texts[0].summary.c_str()).x + fs * 2 + legend_w < width;
  if (legend_w > 0 && !legend_beside) texts_h += ImGui::GetTextLineHeightWithSpacing();
  const float avail_h = ImGui::GetContentRegionAvail().y - texts_h - 2;
  SectorMapMetrics m;
  m.available_width = width;
  // The labels' column as wide as its widest label: the rest goes to the bytes, and the lanes' numbers.
  float widest = fs * 4;
  for (const SectorMapText& t : texts)
    for (const std::string& label : t.row_labels) widest = std::max(widest, ImGui::CalcTextSize(label.c_str()).x);
  m.label_width = std::min(widest + fs * 0.8f, m.available_width * 0.3f);
  m.header_height = fs * 1.1f;
  // Presenter: rows grow with the space (a few lines drawn large); the workbench: every line fits.
  m.row_height = std::clamp(avail_h / std::max(1, lines), state.view.presenter ? fs * 0.8f : 4.0f,
                            state.view.presenter ? fs * 6.0f : fs * 1.8f);
  canvas::reset_lane_digit_stats();
  for (std::size_t i = 0; i < figures.size(); ++i) {
    draw_figure(state, *figures[i], texts[i], static_cast<int>(i), m);
    // Lanes at one address share a chip's place: say which lie underneath.
    if (!texts[i].sharing.empty()) text_wrapped(texts[i].sharing);
  }
  if (!all.beside_error.empty()) ImGui::TextColored(palette::text_muted(), "%s", all.beside_error.c_str());
  smallest_digit_ = canvas::smallest_lane_digit();
  ImGui::EndChild();
}

void GlobalMemoryPanel::draw_figure(const AppState& state, const FigureAccess& f, const SectorMapText& text, int index,
                                    const SectorMapMetrics& m) {
  const CurrentInstruction& c = *f.instruction;
  const GlobalResult& g = c.global;
  const bool hidden = text.cost_hidden;
  ++figures_drawn_;
  ImGui::PushID(index);
  if (index > 0) ImGui::Spacing();
  if (!text.title.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kAccent));
    ImGui::SetWindowFontScale(1.15f);
    text_wrapped(text.title);
    ImGui::SetWindowFontScale(1.0f);
    ImGui::PopStyleColor();
  }
  // The colour would tell the answer: neutral while concealed.
  ImGui::PushStyleColor(ImGuiCol_Text, hidden ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                                       : text.headline_good ? palette::text_good()
                                                            : palette::text_conflict());
  ImGui::SetWindowFontScale(1.3f);
  text_wrapped(text.headline);
  ImGui::SetWindowFontScale(1.0f);
  ImGui::PopStyleColor();
  // The summary and the legend share a line where they fit (every line of height is a row's).
  const float legend_w = index == 0 ? canvas::lane_legend_width(c.warp_lanes) : 0;
  if (legend_w > 0 && ImGui::CalcTextSize(text.summary.c_str()).x + ImGui::GetFontSize() * 2 + legend_w <
                          ImGui::GetContentRegionAvail().x) {
    ImGui::TextUnformatted(text.summary.c_str());
    ImGui::SameLine(0, ImGui::GetFontSize() * 2);
  } else {
    text_wrapped(text.summary);
  }
  if (index == 0) canvas::lane_legend(c.warp_lanes);  // chips are coloured by lane group (palette.hpp)

  const ArrayInfo* array = f.array();
  const SectorMapLayout layout = layout_sector_map(c.access, g, c.warp_lanes, m);
  if (index < 2) layouts_[index] = layout;
  const ImVec2 o = canvas::claim("sector_map", layout.width, layout.height);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float sector_w = layout.bytes_width / 4;
  const int labels = static_cast<int>(text.sector_labels.size());
  for (int s = 0; s < labels; ++s) {
    const float span = layout.bytes_width / static_cast<float>(labels);
    canvas::centered_text(dl, canvas::at(o, layout.label_width + s * span, 0),
                          canvas::at(o, layout.label_width + (s + 1) * span, layout.header_height), palette::kInk,
                          text.sector_labels[s]);
  }
  // Rows are stacked with no gap: a line that crosses every row is one strip, not
  // one per row (a 32-row map was 10 000 vertices, which a browser's software
  // WebGL rasterises every frame; issue 36).
  const int rows = static_cast<int>(layout.rows.size());
  for (int ri = 0; ri < rows; ++ri) {
    const SectorMapRow& row = layout.rows[ri];
    const Rect& r = row.rect;
    if (row.gap_before)  // lines skipped in memory between these rows: a mark under the label
      dl->AddLine(canvas::at(o, 0, r.y0), canvas::at(o, r.x0, r.y0), palette::kAccent, 1.0f);
    if (ri < static_cast<int>(text.row_labels.size()))
      canvas::centered_text(dl, canvas::at(o, 0, r.y0), canvas::at(o, layout.label_width - 4, r.y1), palette::kInk,
                            text.row_labels[ri]);
    for (int s = 0; s < 4; ++s) {
      // Concealed: the line's bytes without its sectors (which ones move is the question).
      const bool touched = !hidden && row.sector_touched[s];
      backdrop::rect(dl, canvas::at(o, r.x0 + s * sector_w, r.y0), canvas::at(o, r.x0 + (s + 1) * sector_w, r.y1),
                     touched ? palette::kSectorTouched : palette::kCell);
    }
  }
  if (rows > 0) {
    // Element boundaries inside a sector, faint; sectors outlined, lines heavier.
    const Rect& top = layout.rows.front().rect;
    const float y0 = top.y0, y1 = layout.rows.back().rect.y1;
    const int elem = array ? array->elem_bytes : 4;
    for (int s = 0; s < 4; ++s)
      for (int b = elem; b < 32; b += elem) {
        const float x = top.x0 + s * sector_w + b * sector_w / 32;
        dl->AddLine(canvas::at(o, x, y0), canvas::at(o, x, y1), palette::rgb(215, 215, 215));
      }
    if (!hidden) canvas::grid_lines(dl, canvas::at(o, top.x0, y0), 4, rows, sector_w, layout.row_height, palette::kGrid);
  }
  for (const SectorMapRow& row : layout.rows) {
    const Rect& r = row.rect;
    for (int s = 0; s < 4 && !hidden; ++s)
      if (row.sector_touched[s])
        dl->AddRect(canvas::at(o, r.x0 + s * sector_w, r.y0), canvas::at(o, r.x0 + (s + 1) * sector_w, r.y1),
                    palette::kAccent, 0, 0, 2.0f);
    dl->AddRect(canvas::min_of(o, r), canvas::max_of(o, r), palette::kInk, 0, 0, 2.5f);
  }
  for (const SectorMapChip& chip : layout.chips)
    canvas::lane_chip(dl, canvas::min_of(o, chip.rect), canvas::max_of(o, chip.rect), chip.lane);
  if (ImGui::IsItemHovered()) {
    const ImVec2 mouse = ImGui::GetMousePos();
    const int i = layout.chip_at(mouse.x - o.x, mouse.y - o.y);
    if (i >= 0) {
      const int lane = layout.chips[i].lane;
      ImGui::BeginTooltip();
      ImGui::Text("lane %d", lane);
      if (c.site >= 0 && f.trace) ImGui::Text("thread %s", thread_label(f.trace->lane_thread[lane]).c_str());
      ImGui::Text("address 0x%llx, %d bytes", static_cast<unsigned long long>(c.access.address[lane]), int(c.access.bytes));
      if (!hidden)
        ImGui::Text("sectors %llu..%llu", static_cast<unsigned long long>(g.lanes[lane].first_sector),
                    static_cast<unsigned long long>(g.lanes[lane].last_sector));
      ImGui::EndTooltip();
    }
  }
  if (!text.inactive.empty())
    canvas::inactive_lanes_strip("inactive", inactive_lanes(f), text.inactive, layout.label_width,
                                 std::max(layout.bytes_width / 32, ImGui::GetFontSize() * 1.4f),
                                 ImGui::GetFontSize() * 1.5f);
  (void)state;
  ImGui::PopID();
}

}  // namespace ws::gui
