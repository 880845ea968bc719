// The sector map of a slide (G1, G2): one row per 128-byte line the warp
// touches, its four 32-byte sectors shaded where the warp pays for them, each
// lane's bytes a chip at its place in the line. Before a sector question's
// reveal: each lane's byte offset only, no line and no sector.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "slides/figure.hpp"
#include "ws/global_analysis.hpp"

namespace ws::slides {
namespace {

constexpr float kCaptionHeight = 26;
constexpr int kLanesPerTableRow = 8;

struct Access {
  const lessons::PreparedState* state = nullptr;
  const WarpAccess* access = nullptr;
  const ArrayInfo* array = nullptr;  // may be null (an access outside the named arrays)
  GlobalResult result;
  std::uint64_t base = 0;
  int warp_lanes = 32;
};

std::string array_name(const Access& a) { return a.array ? a.array->name : std::string("memory"); }

float draw_offsets_table(const Access& a, Box area, float row_h, Pen& pen) {
  LaneTable t;
  t.lanes = a.warp_lanes;
  t.per_row = kLanesPerTableRow;
  t.row_h = row_h;
  t.lane_px = kLabelPx + 2;
  t.max_cell_w = 110;
  t.value_name = "offset";
  t.inactive = "inactive";
  t.value = [&a](int lane) -> std::optional<std::string> {
    if (!a.access->active(lane)) return std::nullopt;
    return std::to_string(a.access->address[lane] - a.base);
  };
  return draw_lane_table(t, area, pen);
}

}  // namespace

float draw_sector_figure(const FigureInput& in, Pen& pen) {
  lessons::FactTable& t = in.resolved.facts.main();
  const lessons::PreparedState& s = t.state();
  if (s.trace.instructions.empty()) return 0;
  const TracedInstruction& ins = s.trace.instructions[s.instruction];
  if (ins.access.space != Space::Global) return draw_code_figure(in, pen);
  Access a;
  a.state = &s;
  a.access = &ins.access;
  a.warp_lanes = s.trace.lanes_in_warp;
  const SiteInfo& site = s.trace.sites[ins.site];
  if (site.array >= 0 && site.array < static_cast<int>(s.trace.arrays.size())) a.array = &s.trace.arrays[site.array];
  a.base = a.array ? a.array->base : 0;
  a.result = analyze_global(ins.access, a.warp_lanes);
  const bool concealed = in.hidden(lessons::Quantity::GlobalCost) || in.hidden(lessons::Quantity::Lanes);

  const Box area = in.area;
  float y = area.y;
  y += draw_code_strip(s, {area.x, y, area.w, 0}, pen);
  const std::string verb = ins.access.op == Op::Store ? "writes" : "reads";
  y += pen.paragraph({area.x, y, area.w, 0},
                     fmt::format("Each lane {} {} bytes of {} at a byte offset from its start. A sector is 32 bytes, "
                                 "a line 128.",
                                 verb, ins.access.bytes, array_name(a)),
                     kCaptionPx, colour::kInk, Role::Caption) +
       4;
  if (concealed) {
    y += draw_offsets_table(a, {area.x, y, area.w, 0}, 30, pen);
    pen.text(area.x, y + 8, "Which sectors hold these bytes?", kCaptionPx + 2, colour::kMuted, Role::Caption);
    return y + 40 - area.y;
  }

  // Lines touched, ascending; the rows share the height left.
  std::set<std::uint64_t> lines;
  for (int lane = 0; lane < a.warp_lanes; ++lane) {
    if (!ins.access.active(lane)) continue;
    const std::uint64_t first = ins.access.address[lane], last = first + ins.access.bytes - 1;
    for (std::uint64_t l = first / kLineBytes; l <= last / kLineBytes; ++l) lines.insert(l);
  }
  // Row labels are byte offsets under a "byte" heading: the width goes to the
  // lines, whose 32 four-byte lanes need every pixel for their numbers.
  std::uint64_t last_line_byte = 0;
  for (std::uint64_t line : lines) last_line_byte = std::max(last_line_byte, line * kLineBytes - std::min(line * kLineBytes, a.base));
  const float label_w = std::max(text_width(std::to_string(last_line_byte), kLabelPx), text_width("byte", kLabelPx)) + 12;
  const float header_h = 24;
  const float x0 = area.x + label_w, w = area.w - label_w;
  // Rows tall enough for label-sized lane numbers; lines past the room are
  // counted under the last row, not drawn.
  const float avail = area.bottom() - y - header_h - 2 * kCaptionHeight - 8;
  const std::size_t room = static_cast<std::size_t>(std::max(1.0f, avail / (kLabelPx + 4)));
  const std::size_t total_lines = lines.size();
  while (lines.size() > room) lines.erase(std::prev(lines.end()));
  const float row_h = std::clamp(avail / static_cast<float>(std::max<std::size_t>(lines.size(), 1)), kLabelPx + 4, 44.0f);
  // Byte offsets of the sector boundaries within a line.
  pen.right(x0 - 8, y, header_h, "byte", kLabelPx, colour::kMuted, Role::Axis);
  for (int k = 0; k < 4; ++k)
    pen.text(x0 + static_cast<float>(k) * w / 4 + 3, y + 2, fmt::format("+{}", k * 32), kLabelPx, colour::kInk, Role::Axis);
  y += header_h;
  std::set<std::uint64_t> touched(a.result.sector_ids.begin(), a.result.sector_ids.begin() + a.result.sectors);
  int row = 0;
  bool shared_bytes = false;
  for (std::uint64_t line : lines) {
    const float ry = y + static_cast<float>(row++) * row_h;
    pen.right(x0 - 8, ry, row_h, std::to_string(line * kLineBytes - a.base), kLabelPx, colour::kInk, Role::Axis);
    for (int k = 0; k < 4; ++k) {
      const std::uint64_t sector = line * 4 + static_cast<std::uint64_t>(k);
      const Box b{x0 + static_cast<float>(k) * w / 4, ry + 1, w / 4, row_h - 2};
      const bool paid = touched.count(sector) > 0;
      Element& e = pen.rect(b, paid ? colour::kSector : colour::kCell, paid ? Role::Sector : Role::Cell,
                            colour::kInk, paid ? 2.0f : 1.0f);
      if (paid) e.sector = static_cast<int>(sector - a.base / kSectorBytes);
    }
    // One chip per byte range: lanes that read the same bytes share it (the
    // lowest lane names it, a heavy outline says it is shared).
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::vector<int>> ranges;
    for (int lane = 0; lane < a.warp_lanes; ++lane) {
      if (!ins.access.active(lane)) continue;
      const std::uint64_t first = ins.access.address[lane], last = first + ins.access.bytes - 1;
      if (first / kLineBytes > line || last / kLineBytes < line) continue;
      ranges[{std::max(first, line * kLineBytes), std::min(last + 1, (line + 1) * kLineBytes)}].push_back(lane);
    }
    for (const auto& [range, sharing] : ranges) {
      const auto [from, to] = range;
      const int lane = sharing.front();
      const bool shared = sharing.size() > 1;
      shared_bytes |= shared;
      const float cx = x0 + static_cast<float>(from - line * kLineBytes) * w / kLineBytes;
      const float cw = static_cast<float>(to - from) * w / kLineBytes;
      const Box chip{cx + 1, ry + 2, std::max(cw - 2, 2.0f), row_h - 4};
      Element& c = pen.rect(chip, colour::lane_fill(lane, a.warp_lanes), Role::Lane, shared ? colour::kInk : colour::kGrid,
                            shared ? 3.0f : 1.0f, 2);
      c.lane = lane;
      c.sector = static_cast<int>(from / kSectorBytes - a.base / kSectorBytes);
      const std::string label = std::to_string(lane);
      float px = std::max(kMinGlyphPx, std::min(row_h - 4, 22.0f));
      while (px > kMinGlyphPx && text_width(label, px, Face::Bold) > chip.w - 2) px -= 1;
      if (text_width(label, px, Face::Bold) <= chip.w) pen.centred(chip, label, px, colour::kInk, Role::Lane, Face::Bold).lane = lane;
    }
  }
  y += static_cast<float>(lines.size()) * row_h + 6;
  if (total_lines > lines.size()) {
    pen.text(x0, y, fmt::format("... {} more lines, not drawn", total_lines - lines.size()), kCaptionPx, colour::kMuted,
             Role::Caption);
    y += kCaptionHeight;
  }
  pen.text(area.x, y,
           fmt::format("{} {} in {} {}: {} of the {} bytes moved are used ({:.3g}%).{}", a.result.sectors,
                       a.result.sectors == 1 ? "sector" : "sectors", total_lines, total_lines == 1 ? "line" : "lines",
                       a.result.bytes_used, a.result.bytes_moved, 100 * a.result.efficiency,
                       shared_bytes ? " Outlined: bytes several lanes read." : ""),
           kCaptionPx, colour::kInk, Role::Caption);
  return y + kCaptionHeight - area.y;
}

}  // namespace ws::slides
