// SVG and CSV of one instruction's figure. SVG is written by hand: a handful
// of rect and text elements, every lane a <g class="lane" data-lane="i">, so
// a slide tool can restyle lanes and a test can count them.
#include "export/figure_export.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "gui/bank_map_layout.hpp"
#include "gui/bank_map_panel.hpp"
#include "gui/palette.hpp"
#include "gui/sector_map_layout.hpp"
#include "gui/shared_array_panel.hpp"
#include "ws/validate.hpp"

namespace ws::exporting {
namespace {

using gui::Rect;

std::string hex(ImU32 c) { return fmt::format("#{:02x}{:02x}{:02x}", c & 0xff, (c >> 8) & 0xff, (c >> 16) & 0xff); }

std::string escaped(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out.push_back(c);
    }
  }
  return out;
}

// One SVG document; `body` drawn under a title line.
class Svg {
 public:
  Svg(float width, float height, std::string_view title) : w_(width), h_(height + kTitle) {
    out_ = fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" width="{:.0f}" height="{:.0f}" )"
                       R"(viewBox="0 0 {:.0f} {:.0f}" font-family="DejaVu Sans, Verdana, sans-serif">)"
                       "\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n",
                       w_, h_, w_, h_);
    text(8, kTitle * 0.7f, escaped(title), 16, "#141414", "start");
  }
  static constexpr float kTitle = 28;
  void rect(const Rect& r, const std::string& fill, const std::string& stroke = "#bebebe", float rx = 0) {
    out_ += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" rx="{:.1f}" fill="{}" stroke="{}"/>)"
                        "\n",
                        r.x0, r.y0 + kTitle, r.width(), r.height(), rx, fill, stroke);
  }
  void text(float x, float y, const std::string& s, float size, const std::string& fill, const char* anchor = "middle") {
    out_ += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" font-size="{:.1f}" fill="{}" text-anchor="{}">{}</text>)"
                        "\n",
                        x, y, size, fill, anchor, s);
  }
  // Text centred in a rectangle of the figure (y below the title).
  void label(const Rect& r, const std::string& s, float size, const std::string& fill) {
    text((r.x0 + r.x1) / 2, r.y0 + kTitle + r.height() / 2 + size * 0.36f, escaped(s), size, fill);
  }
  void chip(const Rect& r, int lane) {
    rect(r, hex(gui::palette::lane_fill(lane)), "#141414", std::min(4.0f, r.height() * 0.25f));
    label(r, std::to_string(lane), std::min(r.height() * 0.7f, r.width() * 0.6f), hex(gui::palette::lane_text(lane)));
  }
  void open_lane(int lane, const std::string& attributes) {
    out_ += fmt::format(R"(<g class="lane" data-lane="{}"{}>)"
                        "\n",
                        lane, attributes);
  }
  void close_group() { out_ += "</g>\n"; }
  std::string finish() { return out_ + "</svg>\n"; }

 private:
  float w_, h_;
  std::string out_;
};

std::string title_of(const Figure& f, std::string_view what) {
  const lessons::PreparedState& s = *f.state;
  return fmt::format("{} {}, site {}, block ({}, {}), warp {}, {}: {}", s.kernel->name, what, f.site, s.block.x, s.block.y,
                     s.warp, s.arch->name,
                     f.access.space == Space::Shared ? gui::conflict_headline(f.shared)
                                                     : fmt::format("{} request(s), {} sector(s)", f.global.requests,
                                                                   f.global.sectors));
}

const ArrayInfo* array_of(const Figure& f) {
  const lessons::PreparedState& s = *f.state;
  const int site = s.trace.instructions[s.instruction].site;
  const int idx = s.trace.sites[site].array;
  return idx >= 0 && idx < static_cast<int>(s.trace.arrays.size()) ? &s.trace.arrays[idx] : nullptr;
}

}  // namespace

Result<Figure> figure_of(const lessons::PreparedState& s, FigureView view) {
  gui::palette::set_colour_warp_lanes(s.arch->warp_lanes);  // the window's colours for this preset
  Figure f;
  f.state = &s;
  const TracedInstruction& ti = s.trace.instructions[s.instruction];
  f.access = ti.access;
  f.site = s.trace.sites[ti.site].name;
  const bool wants_shared = view != FigureView::SectorMap;
  if (wants_shared != (f.access.space == Space::Shared))
    return Error{fmt::format("--view: site '{}' is a {} access; {} shows {} accesses", f.site, to_string(f.access.space),
                             wants_shared ? "this view" : "the sector map", wants_shared ? "shared" : "global")};
  if (auto bad = validate_access(f.access, *s.arch))
    return Error{fmt::format("--arch: the {} preset cannot serve this access: {}", s.arch->name, *bad)};
  if (wants_shared) analyze_shared(f.access, *s.arch, f.shared);
  else analyze_global(f.access, s.arch->warp_lanes, f.global);
  return f;
}

std::string bank_map_svg(const Figure& f) {
  const SharedResult& r = f.shared;
  gui::BankMapMetrics m;
  m.label_width = 44;
  m.header_height = 24;
  m.available_width = m.label_width + r.num_banks * 30.0f;
  m.min_cell_height = m.max_cell_height = 24;
  const gui::BankMapLayout L = gui::layout_bank_map(r, m);
  Svg svg(std::max(L.width + 8, 720.0f), L.height + 8, title_of(f, "bank map"));
  for (int b = 0; b < L.banks; ++b)
    svg.label(Rect{L.cell(b, 0).x0, 0, L.cell(b, 0).x1, L.header_height}, std::to_string(b), 12, "#141414");
  for (int row = 0; row < L.rows; ++row) {
    const bool extra = row > r.group_first_wavefront[L.row_group[row]];
    for (int b = 0; b < L.banks; ++b) svg.rect(L.cell(b, row), extra ? "#fae4d6" : "#f8f8f8");
    svg.label(Rect{0, L.cell(0, row).y0, L.label_width - 4, L.cell(0, row).y1}, fmt::format("W{}", row), 12,
              extra ? "#d55e00" : "#141414");
  }
  std::map<int, std::vector<const gui::BankMapChip*>> by_lane;
  for (const auto& chip : L.chips) by_lane[chip.lane].push_back(&chip);
  for (const auto& [lane, chips] : by_lane) {
    svg.open_lane(lane, fmt::format(R"( data-bank="{}" data-wavefront="{}")", chips.front()->bank, chips.front()->wavefront));
    for (const gui::BankMapChip* c : chips)
      if (!c->folded) svg.chip(c->rect, lane);
    svg.close_group();
  }
  for (const auto& b : L.badges) {
    const Rect badge{b.rect.x1 - 22, b.rect.y0, b.rect.x1, b.rect.y0 + 12};
    svg.rect(badge, "#141414", "#141414", 6);
    svg.label(badge, fmt::format("x{}", b.lanes), 9, "#ffffff");
  }
  return svg.finish();
}

std::string shared_array_svg(const Figure& f) {
  const ArchPreset& arch = *f.state->arch;
  const int banks = arch.num_banks, bank_bytes = arch.bank_bytes;
  const ArrayInfo* array = array_of(f);
  std::map<std::uint64_t, std::vector<int>> touched;  // word -> lanes, lowest first
  for (int l = 0; l < f.shared.warp_lanes; ++l)
    for (int k = 0; f.shared.lanes[l].active && k < f.shared.lanes[l].num_words; ++k)
      touched[f.shared.lanes[l].word[k]].push_back(l);
  // The array's rows of banks, at most 64 from the first row the instruction touches.
  std::uint64_t first = touched.empty() ? 0 : touched.begin()->first / banks, last = first;
  if (array) {
    const std::uint64_t bytes = static_cast<std::uint64_t>(array->rows) * array->pitch * array->elem_bytes;
    first = std::min(first, array->base / bank_bytes / banks);
    last = (array->base + bytes - 1) / bank_bytes / banks;
  }
  if (!touched.empty()) last = std::max(last, touched.rbegin()->first / banks);
  last = std::min(last, first + 63);
  const float label_w = 44, header_h = 24, cell_w = 34, cell_h = 22;
  const int rows = static_cast<int>(last - first + 1);
  Svg svg(std::max(label_w + banks * cell_w + 8, 720.0f), header_h + rows * cell_h + 8,
          title_of(f, array ? fmt::format("shared array {}[{}][{}]", array->name, array->rows, array->pitch) : "shared words"));
  for (int b = 0; b < banks; ++b) svg.label(Rect{label_w + b * cell_w, 0, label_w + (b + 1) * cell_w, header_h}, std::to_string(b), 12, "#141414");
  std::map<int, std::vector<Rect>> lane_chips;
  for (int r = 0; r < rows; ++r) {
    const float y0 = header_h + r * cell_h;
    svg.label(Rect{0, y0, label_w - 4, y0 + cell_h}, std::to_string(first + r), 12, "#141414");
    for (int b = 0; b < banks; ++b) {
      const std::uint64_t word = (first + r) * banks + b;
      const Rect cell{label_w + b * cell_w, y0, label_w + (b + 1) * cell_w, y0 + cell_h};
      const gui::WordContent w = array ? gui::word_content(*array, word, bank_bytes) : gui::WordContent{true, false, 0, 0};
      svg.rect(cell, !w.inside ? "#ffffff" : w.padding ? "#c8c8c8" : (w.row % 2 ? "#e8ecf2" : "#f8f8f8"));
      if (const auto it = touched.find(word); it != touched.end())
        lane_chips[it->second.front()].push_back(Rect{cell.x0 + 1, cell.y0 + 1, cell.x1 - 1, cell.y1 - 1});
      else if (array && w.inside && !w.padding)
        svg.label(cell, fmt::format("{},{}", w.row, w.col), 8, "#6e6e6e");
    }
  }
  for (int l = 0; l < f.shared.warp_lanes; ++l) {
    if (!f.shared.lanes[l].active) continue;
    svg.open_lane(l, fmt::format(R"( data-word="{}")", f.shared.lanes[l].word[0]));
    for (const Rect& c : lane_chips[l]) svg.chip(c, l);  // a word shared by lanes shows its lowest lane
    svg.close_group();
  }
  return svg.finish();
}

std::string sector_map_svg(const Figure& f) {
  gui::SectorMapMetrics m;
  m.available_width = 180 + 4 * 200;
  m.label_width = 180;
  m.header_height = 24;
  m.row_height = 24;
  const gui::SectorMapLayout L = gui::layout_sector_map(f.access, f.global, f.state->arch->warp_lanes, m);
  Svg svg(L.width + 8, L.height + 8, title_of(f, "sector map"));
  const float sector_w = L.bytes_width / (kLineBytes / kSectorBytes);
  for (int s = 0; s < static_cast<int>(kLineBytes / kSectorBytes); ++s)
    svg.label(Rect{L.label_width + s * sector_w, 0, L.label_width + (s + 1) * sector_w, L.header_height},
              fmt::format("sector {} (bytes {}-{})", s, s * kSectorBytes, (s + 1) * kSectorBytes - 1), 12, "#141414");
  for (const auto& row : L.rows) {
    svg.label(Rect{0, row.rect.y0, L.label_width - 6, row.rect.y1}, fmt::format("line 0x{:x}", row.line * kLineBytes), 12,
              "#141414");
    for (int s = 0; s < static_cast<int>(kLineBytes / kSectorBytes); ++s)
      svg.rect(Rect{row.rect.x0 + s * sector_w, row.rect.y0, row.rect.x0 + (s + 1) * sector_w, row.rect.y1},
               row.sector_touched[s] ? "#cde8f8" : "#f8f8f8", "#141414");
  }
  std::map<int, std::vector<Rect>> by_lane;
  for (const auto& c : L.chips) by_lane[c.lane].push_back(c.rect);
  for (const auto& [lane, rects] : by_lane) {
    svg.open_lane(lane, fmt::format(R"( data-address="{}")", f.access.address[lane]));
    for (const Rect& r : rects) svg.chip(r, lane);
    svg.close_group();
  }
  return svg.finish();
}

std::string shared_csv(const Figure& f) {
  const ArrayInfo* array = array_of(f);
  const ArchPreset& arch = *f.state->arch;
  std::string out = std::string(kSharedCsvHeader) + "\n";
  for (int l = 0; l < f.shared.warp_lanes; ++l) {
    const SharedLane& L = f.shared.lanes[l];
    if (!L.active) continue;
    const Dim3 t = f.state->trace.lane_thread[l];
    for (int k = 0; k < L.num_words; ++k) {
      const gui::WordContent w = array ? gui::word_content(*array, L.word[k], arch.bank_bytes) : gui::WordContent{};
      out += fmt::format("{},{},{},{},{},{},{},{},{},{}\n", l, t.x, t.y, f.access.address[l], L.bank[k], L.word[k],
                         L.wavefront[k], L.sharers, w.inside ? w.row : -1, w.inside ? w.col : -1);
    }
  }
  return out;
}

std::string global_csv(const Figure& f) {
  std::string out = std::string(kGlobalCsvHeader) + "\n";
  for (int l = 0; l < f.state->arch->warp_lanes; ++l) {
    if (!f.access.active(l)) continue;
    const Dim3 t = f.state->trace.lane_thread[l];
    const GlobalLane& g = f.global.lanes[l];
    out += fmt::format("{},{},{},{},{},{},{},{}\n", l, t.x, t.y, f.access.address[l], int(f.access.bytes),
                       g.first_sector, g.last_sector, f.access.address[l] / kLineBytes);
  }
  return out;
}

}  // namespace ws::exporting
