// The bank map of a slide. Revealed: columns are the banks, rows the
// wavefronts in the order the hardware serves them (S4, S5), each lane's word
// a chip in its cell. Before a bank question's reveal: the input of the
// reasoning only, each lane with the word it addresses, and the empty bank
// columns; no lane stands in a bank and no row is drawn.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "slides/figure.hpp"
#include "ws/arch.hpp"
#include "ws/shared_analysis.hpp"

namespace ws::slides {
namespace {

constexpr float kRowLabelWidth = 28;
constexpr float kHeaderHeight = 26;
constexpr float kCaptionHeight = 26;
constexpr int kLanesPerTableRow = 16;
constexpr int kEmptyRows = 3;  // the empty bank columns of a question
constexpr float kTableRowHeight = 26;
// The lowest wavefront row: its lane number label-sized (review 4); rows past
// the room are counted, not drawn.
constexpr float kMinRowHeight = kLabelPx + 4;  // the lane table: label-sized digits

struct BankMap {
  std::string config;  // "" = the step's own state
  const lessons::PreparedState* state = nullptr;
  SharedResult result;
  bool concealed = false;
  bool concealable = false;  // a question of the step conceals it until the reveal
  std::string label;  // "Top: stride 32" where two maps stand one above the other
};

int table_rows(const BankMap& m) {
  const int lanes = m.result.warp_lanes;
  return 2 * ((lanes + kLanesPerTableRow - 1) / kLanesPerTableRow);
}
float table_height(const BankMap& m) {
  return static_cast<float>(table_rows(m) / 2) * (2 * kTableRowHeight + 6) + 4;
}

// The rule "word w is in bank w mod 32" is the question's input; a tall revealed
// map gives its line to the rows.
bool with_rule(const BankMap& m, bool concealed) { return concealed || m.result.wavefronts <= 16; }

// Rows of cell height a map needs, and its fixed height besides, drawn concealed or not.
float rows_needed(const BankMap& m, bool concealed) {
  return concealed ? static_cast<float>(kEmptyRows) : static_cast<float>(m.result.wavefronts);
}
float fixed_height(const BankMap& m, bool concealed) {
  return (m.label.empty() ? kCodeStripHeight : kCaptionHeight) + (with_rule(m, concealed) ? kCaptionHeight : 0) +
         (concealed ? table_height(m) : 0) + kHeaderHeight + kCaptionHeight + 8;
}
struct MapLayout {
  float row_h = 0;
  std::vector<int> max_rows;  // per map: the wavefront rows drawn
};

// Row height and rows drawn for the maps, each drawn concealed or not as
// `concealed` says: the space left goes to the rows; rows that do not fit at
// the smallest readable height are cut from the tallest revealed map, which
// says how many more there are.
template <typename Concealed>
MapLayout lay_out(const std::vector<BankMap>& maps, float height, Concealed concealed) {
  float fixed = 0, rows = 0;
  for (const auto& m : maps) fixed += fixed_height(m, concealed(m)) + 10, rows += rows_needed(m, concealed(m));
  MapLayout l;
  l.row_h = std::clamp((height - fixed) / std::max(rows, 1.0f), kMinRowHeight, 40.0f);
  l.max_rows.assign(maps.size(), 1 << 20);
  const float notes = maps.size() > 1 ? kCaptionHeight : 0;  // "... n more wavefront rows"
  const int fit = static_cast<int>((height - fixed - notes) / l.row_h + 0.01f);
  if (rows > static_cast<float>(fit)) {
    std::size_t tallest = 0;
    for (std::size_t i = 1; i < maps.size(); ++i)
      if (rows_needed(maps[i], concealed(maps[i])) > rows_needed(maps[tallest], concealed(maps[tallest]))) tallest = i;
    const int others = static_cast<int>(rows - rows_needed(maps[tallest], concealed(maps[tallest])));
    if (!concealed(maps[tallest])) l.max_rows[tallest] = std::max(2, fit - others);
  }
  return l;
}

std::string width_phrase(const BankMap& m) {
  const auto& a = m.state->trace.instructions[m.state->instruction].access;
  const int bank_bytes = m.state->arch->bank_bytes;
  const int words = std::max(1, a.bytes / bank_bytes);
  std::string op = a.op == Op::Store ? "writes" : "reads";
  if (a.ldmatrix != Ldmatrix::None) return fmt::format("Each lane gives the address of a row of {} bytes", a.bytes);
  if (words == 1) return fmt::format("Each lane {} one word of {} bytes", op, bank_bytes);
  return fmt::format("Each lane {} {} words ({} bytes) from word w on", op, words, a.bytes);
}

float draw_words_table(const BankMap& m, Box area, Pen& pen) {
  const SharedResult& r = m.result;
  LaneTable t;
  t.lanes = r.warp_lanes;
  t.per_row = kLanesPerTableRow;
  t.row_h = kTableRowHeight;
  t.lane_px = kLabelPx;
  t.value_name = "word";
  t.value = [&r](int lane) -> std::optional<std::string> {
    if (!r.lanes[lane].active) return std::nullopt;
    return std::to_string(r.lanes[lane].word[0]);
  };
  return draw_lane_table(t, area, pen);
}

// The bank numbers over the columns, each on its column's tint so that
// neighbouring two-digit numbers stay apart; as large as the columns allow.
void draw_bank_header(const BankMap& m, float x, float y, float cell_w, Pen& pen) {
  const SharedResult& r = m.result;
  const std::string widest = std::to_string(r.num_banks - 1);
  float px = kLabelPx;
  while (px > kMinGlyphPx && text_width(widest, px) > cell_w - 2) px -= 1;
  for (int b = 0; b < r.num_banks; ++b) {
    const Box cell{x + static_cast<float>(b) * cell_w, y, cell_w, kHeaderHeight};
    pen.rect(cell, b % 2 ? colour::kCellAlt : colour::kCell, Role::Axis);
    Element& e = pen.centred(cell, std::to_string(b), px, colour::kInk, Role::Axis);
    e.bank = b;
  }
}

// Wavefront row numbers: every row where a row is tall enough for the label
// size, else row 1 and every fourth (a smaller number would not be read).
bool row_labelled(int row, float row_h) { return row_h >= kLabelPx + 1 || row == 0 || (row + 1) % 4 == 0; }

float draw_map(const BankMap& m, const FigureInput& in, Box area, float row_h, int max_rows, Pen& pen) {
  const SharedResult& r = m.result;
  const int banks = r.num_banks;
  float y = area.y;
  if (!m.label.empty()) {
    pen.text(area.x, y, m.label, kCaptionPx, colour::kInk, Role::Caption, Face::Bold);
    y += kCaptionHeight;
  }
  const std::string rule = fmt::format("Word w is in bank w mod {}.", banks);
  // The line of code this map is, where one map stands alone (two maps share one line).
  if (m.label.empty()) y += draw_code_strip(*m.state, {area.x, y, area.w, 0}, pen);
  if (with_rule(m, m.concealed)) {
    pen.text(area.x, y, width_phrase(m) + ". " + rule, kCaptionPx, colour::kInk, Role::Caption);
    y += kCaptionHeight;
  }
  const float lane_px = std::clamp(row_h - 3, kMinGlyphPx, 22.0f);
  if (m.concealed) y += draw_words_table(m, {area.x, y, area.w, 0}, pen) + 4;

  const float cell_w = std::min(120.0f, (area.w - kRowLabelWidth) / static_cast<float>(banks));
  const float x0 = area.x + kRowLabelWidth;
  draw_bank_header(m, x0, y, cell_w, pen);
  y += kHeaderHeight;
  const int rows = m.concealed ? kEmptyRows : std::min(r.wavefronts, max_rows);
  const float grid_h = static_cast<float>(rows) * row_h;
  // The bank columns, tinted where the step points at them (after the reveal only:
  // a tinted bank before it would say where the lanes go).
  std::set<int> tinted;
  if (!m.concealed && m.config.empty())
    for (int b : in.step.state.highlight_banks) tinted.insert(b);
  for (int b = 0; b < banks; ++b) {
    const Box col{x0 + static_cast<float>(b) * cell_w, y, cell_w, grid_h};
    Element& e = pen.rect(col, tinted.count(b) ? colour::kHighlight : (b % 2 ? colour::kCellAlt : colour::kCell),
                          Role::Cell, colour::kGrid, 1);
    e.bank = b;
  }
  if (m.concealed) {
    const std::string ask = "Which bank does each lane's word fall in?";
    const float ask_w = text_width(ask, kCaptionPx) + 24;
    const Box ask_box{x0 + (cell_w * static_cast<float>(banks) - ask_w) / 2, y + (grid_h - 30) / 2, ask_w, 30};
    pen.rect(ask_box, colour::kWhite, Role::Caption, colour::kGrid, 1, 6);
    pen.centred(ask_box, ask, kCaptionPx, colour::kInk, Role::Caption);
    return y + grid_h - area.y;
  }

  // Wavefront rows, their numbers at the left (headed W), heavy lines between lane groups (S3).
  pen.right(x0 - 4, y - kHeaderHeight, kHeaderHeight, "W", kLabelPx, colour::kInk, Role::Axis);
  for (int w = 0; w < rows; ++w) {
    if (row_labelled(w, row_h))
      pen.right(x0 - 4, y + static_cast<float>(w) * row_h + row_h / 2 - kLabelPx / 2, kLabelPx, std::to_string(w + 1),
                kLabelPx, colour::kInk, Role::Axis)
          .wavefront = w;
    if (w > 0) pen.line(x0, y + static_cast<float>(w) * row_h, x0 + cell_w * static_cast<float>(banks),
                        y + static_cast<float>(w) * row_h, colour::kGrid, 1);
  }
  for (int g = 1; g < r.num_groups; ++g) {
    if (r.group_first_wavefront[g] >= rows) break;
    const float gy = y + static_cast<float>(r.group_first_wavefront[g]) * row_h;
    pen.line(x0 - 6, gy, x0 + cell_w * static_cast<float>(banks), gy, colour::kInk, 3);
  }
  // One chip per (wavefront, bank): within a wavefront a bank serves one word,
  // so the lanes of one cell share that word (a broadcast); the chip carries the
  // lowest lane and a heavy outline, and the caption counts the sharers. A wide
  // lane's words in neighbouring banks of one row are one chip.
  std::map<std::pair<int, int>, std::vector<int>> cells;
  for (int lane = 0; lane < r.warp_lanes; ++lane) {
    const SharedLane& s = r.lanes[lane];
    if (!s.active) continue;
    for (int k = 0; k < s.num_words; ++k) cells[{s.wavefront[k], static_cast<int>(s.bank[k])}].push_back(lane);
  }
  struct Chip { int row, first_bank, last_bank, lane, sharers; };
  std::vector<Chip> chips;
  for (const auto& [key, lanes] : cells) {
    const auto [row, bank] = key;
    if (row >= rows) continue;
    const int lane = lanes.front(), sharers = static_cast<int>(lanes.size());
    if (!chips.empty() && chips.back().row == row && chips.back().last_bank == bank - 1 && chips.back().lane == lane &&
        chips.back().sharers == sharers)
      chips.back().last_bank = bank;
    else
      chips.push_back({row, bank, bank, lane, sharers});
  }
  const float p = std::clamp(in.state.reveal_progress, 0.0f, 1.0f);
  std::set<int> sharer_counts;
  for (const Chip& ch : chips) {
    // While the reveal plays, every chip drops from the first row to its own.
    const float row_y = y + static_cast<float>(ch.row) * row_h * p;
    const Box chip{x0 + static_cast<float>(ch.first_bank) * cell_w + 0.5f, row_y + 1,
                   static_cast<float>(ch.last_bank - ch.first_bank + 1) * cell_w - 1, row_h - 2};
    const bool shared = ch.sharers > 1;
    if (shared) sharer_counts.insert(ch.sharers);
    Element& c = pen.rect(chip, colour::lane_fill(ch.lane, r.warp_lanes), Role::Lane, shared ? colour::kInk : colour::kGrid,
                          shared ? 3.0f : 1.0f, 3);
    c.lane = ch.lane, c.bank = ch.first_bank, c.wavefront = ch.row, c.config = m.config;
    const std::string label = std::to_string(ch.lane);
    float px = lane_px;
    while (px > kMinGlyphPx && text_width(label, px, Face::Bold) > chip.w - 2) px -= 1;
    if (text_width(label, px, Face::Bold) <= chip.w) {
      Element& t = pen.centred(chip, label, px, colour::kInk, Role::Lane, Face::Bold);
      t.lane = ch.lane, t.bank = ch.first_bank, t.wavefront = ch.row, t.config = m.config;
    }
  }
  y += grid_h + 4;
  if (rows < r.wavefronts) {
    pen.text(x0, y, fmt::format("... {} more wavefront rows, not drawn", r.wavefronts - rows), kCaptionPx,
             colour::kMuted, Role::Caption);
    y += kCaptionHeight;
  }
  std::string summary =
      r.wavefronts == 1 ? "1 wavefront" : fmt::format("{} wavefronts", r.wavefronts);
  summary += r.max_way > 1 ? fmt::format(", a {}-way conflict", r.max_way) : ", no conflict";
  if (r.ideal_wavefronts != r.wavefronts || r.ideal_wavefronts > 1) summary += fmt::format(" (ideal {})", r.ideal_wavefronts);
  if (!sharer_counts.empty()) {
    std::string counts;
    for (int n : sharer_counts) counts += (counts.empty() ? "" : " or ") + std::to_string(n);
    summary += fmt::format(". Outlined: one address read by {} lanes", counts);
  }
  // The row numbers are headed W: the caption says what a row is, where the
  // line has room for it (review 6: "an unexplained W corner header").
  const std::string rows_are = "Each row is a wavefront (W): ";
  if (text_width(rows_are + summary + ".", kCaptionPx) <= cell_w * static_cast<float>(banks)) summary = rows_are + summary;
  if (p >= 1) pen.text(x0, y, summary + ".", kCaptionPx, colour::kInk, Role::Caption);
  return y + kCaptionHeight - area.y;
}

// What sets a configuration apart from another: its kernel, else the parameters that differ.
std::string config_label(const lessons::PreparedState& a, const lessons::PreparedState& b) {
  if (a.kernel != b.kernel) return std::string(a.kernel->name);
  std::string s;
  auto add = [&](const char* name, int x, int y) {
    if (x != y) s += (s.empty() ? "" : ", ") + fmt::format("{} {}", name, x);
  };
  add("stride", a.params.stride, b.params.stride);
  add("bytes", a.params.bytes, b.params.bytes);
  add("tile", a.params.tile, b.params.tile);
  if (a.params.swizzle != b.params.swizzle) s += (s.empty() ? "" : ", ") + std::string(a.params.swizzle ? "swizzled" : "not swizzled");
  if (a.arch != b.arch) s += (s.empty() ? "" : ", ") + std::string(a.arch->name);
  return s.empty() ? std::string(a.kernel->name) : s;
}

std::optional<BankMap> bank_map_of(const FigureInput& in, const std::string& config) {
  lessons::FactTable* t = in.resolved.facts.config(config);
  if (!t) return std::nullopt;
  const lessons::PreparedState& s = t->state();
  if (s.trace.instructions.empty()) return std::nullopt;
  const auto& a = s.trace.instructions[s.instruction].access;
  if (a.space != Space::Shared) return std::nullopt;
  BankMap m;
  m.config = config;
  m.state = &s;
  m.result = analyze_shared(a, *s.arch);
  m.concealable = in.resolved.conceal.hides(lessons::Quantity::SharedCost, config);
  m.concealed = m.concealable && !in.state.revealed;
  return m;
}

}  // namespace

float draw_bank_figure(const FigureInput& in, Pen& pen) {
  std::vector<BankMap> maps;
  if (auto m = bank_map_of(in, "")) maps.push_back(std::move(*m));
  if (!in.step.beside.empty())
    if (auto m = bank_map_of(in, in.step.beside)) maps.push_back(std::move(*m));
  if (maps.empty()) return draw_code_figure(in, pen);  // a global access: nothing to put in banks
  if (maps.size() == 2) {
    maps[0].label = "Top: " + config_label(*maps[0].state, *maps[1].state);
    maps[1].label = "Below: " + config_label(*maps[1].state, *maps[0].state);
  }
  // The layout of the state shown; where a question conceals a map, also of
  // the other state, and the smaller of the two for both, so the figure keeps
  // its rows and their height across the reveal.
  MapLayout layout = lay_out(maps, in.area.h, [](const BankMap& m) { return m.concealed; });
  if (std::any_of(maps.begin(), maps.end(), [](const BankMap& m) { return m.concealable; })) {
    const MapLayout other = lay_out(maps, in.area.h, [](const BankMap& m) { return m.concealable ? !m.concealed : m.concealed; });
    layout.row_h = std::min(layout.row_h, other.row_h);
    for (std::size_t i = 0; i < maps.size(); ++i) layout.max_rows[i] = std::min(layout.max_rows[i], other.max_rows[i]);
  }
  const float row_h = layout.row_h;
  const std::vector<int>& max_rows = layout.max_rows;
  float y = in.area.y;
  for (std::size_t i = 0; i < maps.size(); ++i)
    y += draw_map(maps[i], in, {in.area.x, y, in.area.w, 0}, row_h, max_rows[i], pen) + 10;
  return y - in.area.y;
}

}  // namespace ws::slides
