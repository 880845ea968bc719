// Figures drawn on a grid: a block's threads (which warp each thread is in),
// a launch's blocks over the matrix, and a shared array laid out in its banks.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "slides/figure.hpp"
#include "ws/arch.hpp"
#include "ws/kernels/catalog.hpp"

namespace ws::slides {
namespace {

constexpr float kCaptionHeight = 26;

float caption(const FigureInput& in, float y, const std::string& text, Pen& pen) {
  return pen.paragraph({in.area.x, y, in.area.w, 0}, text, kCaptionPx, colour::kInk, Role::Caption) + 6;
}

// Which tile element each word of a shared array holds, found from the data's
// path: a shared store stores what the same lane's latest global load read,
// so the element's place in the global matrix names it (row, column modulo the
// tile). Empty where the kernel fills the array otherwise.
std::map<std::uint64_t, std::pair<int, int>> elements_by_word(const lessons::PreparedState& s, const ArrayInfo& a,
                                                               int bank_bytes) {
  std::map<std::uint64_t, std::pair<int, int>> out;
  const int lanes = s.arch->warp_lanes;
  const int warps = (s.launch.block.count() + lanes - 1) / lanes;
  for (int w = 0; w < warps && w < 64; ++w) {
    const WarpTrace t = kernels::trace_warp(*s.kernel, s.params, s.block, w, lanes);
    const TracedInstruction* load = nullptr;
    for (const auto& ins : t.instructions) {
      const SiteInfo& site = t.sites[ins.site];
      if (ins.access.space == Space::Global && ins.access.op == Op::Load) load = &ins;
      if (ins.access.space != Space::Shared || ins.access.op != Op::Store || !load) continue;
      if (site.array < 0 || t.arrays[site.array].base != a.base) continue;
      const SiteInfo& from = t.sites[load->site];
      if (from.array < 0) continue;
      const ArrayInfo& g = t.arrays[from.array];
      for (int lane = 0; lane < t.lanes_in_warp; ++lane) {
        if (!ins.access.active(lane) || !load->access.active(lane) || g.elem_bytes <= 0 || g.pitch <= 0) continue;
        const std::uint64_t index = (load->access.address[lane] - g.base) / static_cast<std::uint64_t>(g.elem_bytes);
        const int row = static_cast<int>(index / static_cast<std::uint64_t>(g.pitch)) % std::max(a.rows, 1);
        const int col = static_cast<int>(index % static_cast<std::uint64_t>(g.pitch)) % std::max(a.cols, 1);
        out[(ins.access.address[lane] - a.base) / static_cast<std::uint64_t>(bank_bytes)] = {row, col};
      }
    }
  }
  return out;
}

}  // namespace

float draw_array_figure(const FigureInput& in, Pen& pen) {
  const lessons::PreparedState& s = in.resolved.facts.main().state();
  if (s.trace.instructions.empty()) return 0;
  const TracedInstruction& ins = s.trace.instructions[s.instruction];
  const ArrayInfo* a = nullptr;
  if (ins.access.space == Space::Shared && s.trace.sites[ins.site].array >= 0)
    a = &s.trace.arrays[s.trace.sites[ins.site].array];
  for (const auto& arr : s.trace.arrays)
    if (!a && arr.space == Space::Shared) a = &arr;
  if (!a) return draw_code_figure(in, pen);
  const ArchPreset& arch = *s.arch;
  const int banks = arch.num_banks, bank_bytes = arch.bank_bytes;
  const std::uint64_t words = static_cast<std::uint64_t>(a->rows) * a->pitch * a->elem_bytes / bank_bytes;
  const bool one_d = a->rows == 1 || a->cols == 1;
  const auto elements = one_d ? std::map<std::uint64_t, std::pair<int, int>>{} : elements_by_word(s, *a, bank_bytes);
  // The words of the traced instruction, outlined.
  std::set<std::uint64_t> read;
  if (ins.access.space == Space::Shared)
    for (int lane = 0; lane < s.trace.lanes_in_warp; ++lane)
      if (ins.access.active(lane))
        for (int k = 0; k < std::max(1, ins.access.bytes / bank_bytes); ++k)
          read.insert((ins.access.address[lane] - a->base) / static_cast<std::uint64_t>(bank_bytes) + static_cast<std::uint64_t>(k));

  float y = in.area.y;
  const std::string name = fmt::format("{}[{}][{}]", a->name, a->rows, a->pitch);
  if (one_d) {
    const int bank_rows = arch.shared_bytes_per_sm / (banks * bank_bytes);
    y += caption(in, y, fmt::format("Shared memory as {} columns, the banks: word w in bank w mod {}, row w / {}. "
                                    "The first rows of {} in all; {}, {} {}, is coloured.",
                                    banks, banks, banks, bank_rows, a->name, words, words == 1 ? "word" : "words"),
                 pen);
  } else {
    y += caption(in, y, fmt::format("{} in shared memory, one cell per word in the column of its bank. The number is "
                                    "the column c of the tile element (r, c) the word holds{}; outlined: the words "
                                    "the warp's access reads.",
                                    name, a->pitch > a->cols ? ", grey a padding word" : ""),
                 pen);
  }
  const float label_w = 44, header_h = 26;
  const float cell_w = std::min(60.0f, (in.area.w - label_w) / static_cast<float>(banks));
  const std::uint64_t total_rows = one_d ? std::max<std::uint64_t>(4, std::min<std::uint64_t>(8, (words + banks - 1) / banks))
                                         : (words + banks - 1) / banks;
  // Rows tall enough for label-sized numbers (the back row reads them, review 4);
  // the rest is counted under the grid.
  const float avail = in.area.bottom() - y - header_h - kCaptionHeight;
  const int fit = static_cast<int>(avail / (kLabelPx + 8));
  const int rows = static_cast<int>(std::min<std::uint64_t>(total_rows, static_cast<std::uint64_t>(std::max(fit, 1))));
  const float row_h = std::min(36.0f, avail / static_cast<float>(rows));
  const float x0 = in.area.x + label_w;
  float head_px = kLabelPx;
  while (head_px > kMinGlyphPx && text_width(std::to_string(banks - 1), head_px) > cell_w - 2) head_px -= 1;
  for (int b = 0; b < banks; ++b)
    pen.centred({x0 + static_cast<float>(b) * cell_w, y, cell_w, header_h}, std::to_string(b), head_px, colour::kInk,
                Role::Axis)
        .bank = b;
  y += header_h;
  const float px = std::clamp(row_h - 6, kMinGlyphPx, kLabelPx + 2);
  for (int r = 0; r < rows; ++r) {
    pen.right(x0 - 6, y + static_cast<float>(r) * row_h, row_h, std::to_string(r), kLabelPx, colour::kInk, Role::Axis);
    for (int b = 0; b < banks; ++b) {
      const std::uint64_t w = static_cast<std::uint64_t>(r) * banks + static_cast<std::uint64_t>(b);
      const Box cell{x0 + static_cast<float>(b) * cell_w, y + static_cast<float>(r) * row_h, cell_w, row_h};
      std::string label;
      Colour fill = colour::kCell;
      if (one_d) {
        label = std::to_string(w);
        if (w < words) fill = colour::kSector;
      } else if (w < words) {
        const std::uint64_t element = w * bank_bytes / a->elem_bytes;
        const int stored_col = static_cast<int>(element % static_cast<std::uint64_t>(a->pitch));
        if (stored_col >= a->cols) {
          fill = colour::kPadding;
        } else {
          auto it = elements.find(w);
          const int c = it != elements.end() ? it->second.second : stored_col;
          label = std::to_string(c);
          fill = colour::hue(c, a->cols);
        }
      }
      Element& e = pen.rect(cell, fill, Role::Cell, colour::kGrid, 1);
      e.bank = b;
      float label_px = px;
      while (label_px > kMinGlyphPx && text_width(label, label_px) > cell.w - 3) label_px -= 1;
      if (!label.empty() && text_width(label, label_px) <= cell.w - 1)
        pen.centred(cell, label, label_px, colour::kInk, Role::Cell).bank = b;
      if (read.count(w)) pen.rect({cell.x + 1, cell.y + 1, cell.w - 2, cell.h - 2}, {0, 0, 0, 0}, Role::Decoration,
                                  colour::kInk, 3);
    }
  }
  y += static_cast<float>(rows) * row_h + 4;
  if (static_cast<std::uint64_t>(rows) < total_rows)
    pen.text(x0, y, fmt::format("... {} more rows, not drawn", total_rows - static_cast<std::uint64_t>(rows)), kCaptionPx,
             colour::kMuted, Role::Caption);
  return y + kCaptionHeight - in.area.y;
}

float draw_threads_figure(const FigureInput& in, Pen& pen) {
  const lessons::PreparedState& s = in.resolved.facts.main().state();
  const Dim3 b = s.launch.block;
  const int lanes = s.arch->warp_lanes;
  const bool concealed = in.hidden(lessons::Quantity::Launch);
  float y = in.area.y;
  y += caption(in, y, fmt::format("A block of {} x {} threads: threadIdx.x across, threadIdx.y down.{}", b.x, b.y,
                                  concealed ? fmt::format(" A warp is {} consecutive threads, threadIdx.x first.", lanes)
                                            : " Each thread is labelled with its lane, coloured by its warp."),
               pen);
  const int cols = std::min(b.x, 32), rows = std::min(b.y, 32);
  const float label_w = 60, warp_w = 90, header_h = 24;  // the warps' column kept empty before the reveal: no jump
  const float cell_w = (in.area.w - label_w - warp_w) / static_cast<float>(cols);
  const float cell_h = std::clamp((in.area.bottom() - y - header_h - 10) / static_cast<float>(rows), kMinGlyphPx + 2, 56.0f);
  const float x0 = in.area.x + label_w;
  const int every = text_width("00", kLabelPx) + 4 <= cell_w ? 1 : 4;
  for (int x = 0; x < cols; x += every)
    pen.centred({x0 + static_cast<float>(x) * cell_w, y, cell_w, header_h}, std::to_string(x), kLabelPx, colour::kMuted,
                Role::Axis);
  y += header_h;
  const std::set<int> outlined(in.step.state.highlight_lanes.begin(), in.step.state.highlight_lanes.end());
  for (int ty = 0; ty < rows; ++ty) {
    const float ry = y + static_cast<float>(ty) * cell_h;
    pen.right(x0 - 8, ry, cell_h, fmt::format("y={}", ty), kLabelPx, colour::kMuted, Role::Axis);
    for (int tx = 0; tx < cols; ++tx) {
      const int linear = ty * b.x + tx, lane = linear % lanes, warp = linear / lanes;
      const Box cell{x0 + static_cast<float>(tx) * cell_w, ry, cell_w, cell_h};
      if (concealed) {
        pen.rect(cell, colour::kCell, Role::Cell, colour::kGrid, 1);
        continue;
      }
      const bool selected = warp == s.warp;
      Element& c = pen.rect(cell, colour::hue(warp, std::max(1, (b.count() + lanes - 1) / lanes)), Role::Lane,
                            selected ? colour::kInk : colour::kGrid, selected ? 2.0f : 1.0f);
      c.lane = lane;
      float px = std::clamp(cell_h - 4, kMinGlyphPx, 20.0f);
      while (px > kMinGlyphPx && text_width(std::to_string(lane), px) > cell_w - 3) px -= 1;
      if (text_width(std::to_string(lane), px) <= cell_w - 1)
        pen.centred(cell, std::to_string(lane), px, colour::kInk, Role::Lane).lane = lane;
      if (selected && outlined.count(lane)) pen.rect(cell, {0, 0, 0, 0}, Role::Decoration, colour::kConflict, 3);
      if (lane == 0)
        pen.text(x0 + static_cast<float>(cols) * cell_w + 8, ry + (cell_h - kLabelPx) / 2, fmt::format("warp {}", warp),
                 kLabelPx, colour::kInk, Role::Block, selected ? Face::Bold : Face::Regular);
    }
  }
  return y + static_cast<float>(rows) * cell_h - in.area.y;
}

float draw_blocks_figure(const FigureInput& in, Pen& pen) {
  const lessons::PreparedState& s = in.resolved.facts.main().state();
  const ArrayInfo* m = nullptr;
  for (const auto& a : s.trace.arrays)
    if (!m && a.space == Space::Global) m = &a;
  if (!m) return draw_code_figure(in, pen);
  const Dim3 g = s.launch.grid;
  const int tile = s.params.tile;
  const bool concealed = in.hidden(lessons::Quantity::Launch);
  float y = in.area.y;
  y += caption(in, y, fmt::format("{}: {} rows x {} columns. Each block moves a tile of {} x {} elements.{}", m->name,
                                  m->rows, m->cols, tile, tile,
                                  concealed ? "" : fmt::format(" The grid: {} x {} blocks.", g.x, g.y)),
               pen);
  const long long cover_w = std::max<long long>(m->cols, static_cast<long long>(g.x) * tile);
  const long long cover_h = std::max<long long>(m->rows, static_cast<long long>(g.y) * tile);
  // The rows' label at the left sets the matrix's left edge.
  const std::string rows_label = fmt::format("{} rows", m->rows);
  const float left = std::max(70.0f, text_width(rows_label, kLabelPx + 2) + 12);
  const float avail_w = in.area.w - left - 10, avail_h = in.area.bottom() - y - 70;  // the caption stays clear of the edge
  // One scale where the matrix is near square; a tall, narrow matrix (1111 x 113)
  // gets its columns drawn wider, and the caption says by how much.
  const float sy = std::min(avail_h / static_cast<float>(cover_h), avail_w / static_cast<float>(cover_w));
  const float sx = std::min(avail_w / static_cast<float>(cover_w), sy * 8);
  const float stretch = sx / sy;
  const float x0 = in.area.x + left, y0 = y + 30;
  const Box matrix{x0, y0, static_cast<float>(m->cols) * sx, static_cast<float>(m->rows) * sy};
  pen.centred({x0, y, matrix.w, 28}, fmt::format("{} columns", m->cols), kLabelPx + 2, colour::kInk, Role::Axis);
  pen.right(x0 - 6, y0, matrix.h, rows_label, kLabelPx + 2, colour::kInk, Role::Axis);
  pen.rect(matrix, colour::kCellAlt, Role::Cell, colour::kInk, 2);
  if (concealed) {
    const Box t{x0, y0, static_cast<float>(tile) * sx, static_cast<float>(tile) * sy};
    pen.rect(t, colour::kSector, Role::Cell, colour::kAccent, 3);
    if (t.w >= text_width("one block", kLabelPx) + 4 && t.h >= kLabelPx + 4)
      pen.centred(t, "one block", kLabelPx, colour::kInk, Role::Caption);
    if (stretch > 1.2f)
      pen.text(x0, y0 + matrix.h + 6, fmt::format("Columns drawn {:.0f} times wider than rows.", stretch), kCaptionPx,
               colour::kInk, Role::Caption);
    return y0 + matrix.h + kCaptionHeight - in.area.y;
  }
  const float cell_w = static_cast<float>(tile) * sx, cell_h = static_cast<float>(tile) * sy;
  for (int by = 0; by < g.y; ++by)
    for (int bx = 0; bx < g.x; ++bx) {
      const Box b{x0 + static_cast<float>(bx) * cell_w, y0 + static_cast<float>(by) * cell_h, cell_w, cell_h};
      const bool overhangs = (bx + 1) * tile > m->cols || (by + 1) * tile > m->rows;
      pen.rect(b, overhangs ? Colour{213, 94, 0, 60} : Colour{0, 0, 0, 0}, Role::Block, colour::kAccent,
               std::min(cell_w, cell_h) >= 6 ? 1.5f : 0.5f);
      const std::string label = fmt::format("({}, {})", bx, by);
      if (cell_w >= text_width(label, kLabelPx) + 6 && cell_h >= kLabelPx + 4)
        pen.centred(b, label, kLabelPx, colour::kInk, Role::Block);
    }
  const bool any_overhang = static_cast<long long>(g.x) * tile > m->cols || static_cast<long long>(g.y) * tile > m->rows;
  pen.text(x0, y0 + static_cast<float>(g.y) * cell_h + 6,
           fmt::format("{} x {} = {} blocks{}{}", g.x, g.y, g.count(), any_overhang ? "; shaded: past the matrix's edge" : "",
                       stretch > 1.2f ? fmt::format(" (columns drawn {:.0f} times wider)", stretch) : ""),
           kCaptionPx, colour::kInk, Role::Block);
  return y0 + static_cast<float>(g.y) * cell_h + kCaptionHeight - in.area.y;
}

}  // namespace ws::slides
