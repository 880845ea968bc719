// Global memory panel: headline, summary, then the sector map of
// layout_sector_map() drawn with the canvas pattern; hover a chip for its lane.
#include "gui/global_memory_panel.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <imgui.h>

#include "gui/canvas.hpp"
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
  std::vector<std::pair<std::uint64_t, std::uint64_t>> spans;  // [begin, end) per active lane
  for (int l = 0; l < std::min(warp_lanes, kMaxWarpLanes); ++l)
    if (a.active(l)) spans.push_back({a.address[l], a.address[l] + a.bytes});
  std::sort(spans.begin(), spans.end());
  std::uint64_t total = 0, covered_to = 0;
  for (const auto& [b, e] : spans) {
    const std::uint64_t from = std::max(b, covered_to);
    if (e > from) total += e - from;
    covered_to = std::max(covered_to, e);
  }
  return total;
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
  const CurrentInstruction& c = state.current;
  if (!c.valid) {
    ImGui::TextWrapped("%s", c.error.empty() ? "No instruction selected." : c.error.c_str());
    return;
  }
  if (c.access.space != Space::Global) {
    ImGui::TextWrapped("The current instruction is a shared-memory access: see Bank map. Step with "
                       "Left/Right to a global-memory instruction.");
    return;
  }
  const GlobalResult& g = c.global;
  // The ideal: the active bytes packed into as few sectors as they could fill.
  const std::uint64_t ideal = (g.bytes_requested + kSectorBytes - 1) / kSectorBytes;
  const bool good = static_cast<std::uint64_t>(g.sectors) <= ideal;
  ImGui::PushStyleColor(ImGuiCol_Text, good ? palette::text_good() : palette::text_conflict());
  ImGui::SetWindowFontScale(1.3f);
  ImGui::TextWrapped("%s", global_headline(c.access, g, c.warp_lanes).c_str());
  ImGui::SetWindowFontScale(1.0f);
  ImGui::PopStyleColor();
  ImGui::TextWrapped("%s, %d-byte %s by %d lanes; %d line%s of 128 B; ideal %llu sector%s", 
                     c.access.op == Op::Load ? "LDG" : "STG", int(c.access.bytes),
                     c.access.op == Op::Load ? "load" : "store", g.active_lanes, g.lines, g.lines == 1 ? "" : "s",
                     static_cast<unsigned long long>(ideal), ideal == 1 ? "" : "s");
  canvas::lane_legend(c.warp_lanes);  // chips are coloured by lane group (palette.hpp)

  const ArrayInfo* array = nullptr;
  if (c.site >= 0) {
    const int idx = state.trace.sites[c.site].array;
    if (idx >= 0 && idx < static_cast<int>(state.trace.arrays.size())) array = &state.trace.arrays[idx];
  }
  ImGui::BeginChild("sector_map_scroll", ImVec2(0, 0), false);
  const float fs = ImGui::GetFontSize();
  SectorMapMetrics m;
  m.available_width = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize;
  m.label_width = std::min(fs * 10.0f, m.available_width * 0.3f);
  m.header_height = fs * 1.3f;
  const float avail_h = ImGui::GetContentRegionAvail().y - m.header_height - 2;
  m.row_height = std::clamp(avail_h / std::max(1, g.lines), fs * 0.6f, fs * 1.8f);
  layout_ = layout_sector_map(c.access, g, c.warp_lanes, m);
  const ImVec2 o = canvas::claim("sector_map", layout_.width, layout_.height);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float sector_w = layout_.bytes_width / 4;
  for (int s = 0; s < 4; ++s)
    canvas::centered_text(dl, canvas::at(o, layout_.label_width + s * sector_w, 0),
                          canvas::at(o, layout_.label_width + (s + 1) * sector_w, layout_.header_height),
                          palette::kInk, fmt::format("sector {} (bytes {}-{})", s, s * 32, s * 32 + 31));
  for (const SectorMapRow& row : layout_.rows) {
    const Rect& r = row.rect;
    if (row.gap_before)  // lines skipped in memory between these rows
      dl->AddLine(canvas::at(o, 0, r.y0), canvas::at(o, layout_.width, r.y0), palette::kAccent, 1.0f);
    canvas::centered_text(dl, canvas::at(o, 0, r.y0), canvas::at(o, layout_.label_width - 4, r.y1), palette::kInk,
                          describe_line(row.line, array));
    for (int s = 0; s < 4; ++s) {
      const ImVec2 mn = canvas::at(o, r.x0 + s * sector_w, r.y0), mx = canvas::at(o, r.x0 + (s + 1) * sector_w, r.y1);
      dl->AddRectFilled(mn, mx, row.sector_touched[s] ? palette::kSectorTouched : palette::kCell);
      // Element boundaries inside a sector, faint; sectors outlined, lines heavier.
      const int elem = array ? array->elem_bytes : 4;
      for (int b = elem; b < 32; b += elem) {
        const float x = mn.x + b * sector_w / 32;
        dl->AddLine(ImVec2(x, mn.y), ImVec2(x, mx.y), palette::rgb(215, 215, 215));
      }
      dl->AddRect(mn, mx, row.sector_touched[s] ? palette::kAccent : palette::kGrid, 0, 0,
                  row.sector_touched[s] ? 2.0f : 1.0f);
    }
    dl->AddRect(canvas::min_of(o, r), canvas::max_of(o, r), palette::kInk, 0, 0, 2.5f);
  }
  for (const SectorMapChip& chip : layout_.chips)
    canvas::lane_chip(dl, canvas::min_of(o, chip.rect), canvas::max_of(o, chip.rect), chip.lane);
  if (ImGui::IsItemHovered()) {
    const ImVec2 mouse = ImGui::GetMousePos();
    const int i = layout_.chip_at(mouse.x - o.x, mouse.y - o.y);
    if (i >= 0) {
      const int lane = layout_.chips[i].lane;
      ImGui::BeginTooltip();
      ImGui::Text("lane %d", lane);
      if (c.site >= 0) ImGui::Text("thread %s", thread_label(state.trace.lane_thread[lane]).c_str());
      ImGui::Text("address 0x%llx, %d bytes", static_cast<unsigned long long>(c.access.address[lane]), int(c.access.bytes));
      ImGui::Text("sectors %llu..%llu", static_cast<unsigned long long>(g.lanes[lane].first_sector),
                  static_cast<unsigned long long>(g.lanes[lane].last_sector));
      ImGui::EndTooltip();
    }
  }
  ImGui::EndChild();
}

}  // namespace ws::gui
