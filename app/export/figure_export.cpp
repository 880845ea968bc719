// SVG and CSV of one instruction's figure. SVG is written by hand: a slide of
// 1280 x 720 (16:9) with a short title, the headline, the figure with labelled
// axes and a legend, every text at least 16 px; every lane a top-level
// <g class="lane" data-lane="i">, so a slide tool can restyle lanes and a test
// can count them. The strings come from figure_text.hpp, the window's own, so a
// question's concealed cost stays hidden in the SVG as on the screen.
#include "export/figure_export.hpp"

#include "slides/slide_svg.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "gui/bank_map_layout.hpp"
#include "gui/bank_map_panel.hpp"
#include "gui/figure_text.hpp"
#include "gui/global_memory_panel.hpp"
#include "gui/palette.hpp"
#include "gui/sector_map_layout.hpp"
#include "gui/shared_array_panel.hpp"
#include "ws/validate.hpp"

namespace ws::exporting {
namespace {

using gui::Rect;

std::string hex(ImU32 c) { return fmt::format("#{:02x}{:02x}{:02x}", c & 0xff, (c >> 8) & 0xff, (c >> 16) & 0xff); }


constexpr const char* kInk = "#141414";
constexpr const char* kMuted = "#555555";
constexpr const char* kConflictTint = "#fae4d6";
constexpr const char* kConflictInk = "#b54c00";
constexpr const char* kGoodInk = "#00785a";
constexpr const char* kSectorMoved = "#cde8f8";
constexpr const char* kEmptyCell = "#f8f8f8";
constexpr const char* kPadding = "#c8c8c8";

// Text widths estimated from DejaVu Sans (about 0.6 em a character): enough to
// keep a legend's items apart and to know when a lane number fits its chip.
float text_width(std::string_view s, float size) { return 0.6f * size * static_cast<float>(s.size()); }

// One slide: title and headline on top, the figure's area, a legend at the bottom.
class Slide {
 public:
  Slide(std::string_view title, std::string_view headline, const char* headline_ink, std::string_view context) {
    out_ = fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" width="{0:.0f}" height="{1:.0f}" )"
                       R"(viewBox="0 0 {0:.0f} {1:.0f}" font-family="DejaVu Sans, Verdana, sans-serif">)"
                       "\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n",
                       kFigureWidth, kFigureHeight);
    text(kMargin, 42, title, 28, kInk, "start", R"( class="title" font-weight="bold")");
    text(kMargin, 74, headline, 20, headline_ink, "start", R"( class="headline")");
    text(kFigureWidth - kMargin, 74, context, 16, kMuted, "end", R"( class="context")");
  }
  static constexpr float kMargin = 24;
  static constexpr float kTop = 92;                     // the figure's area starts here
  static constexpr float kBottom = kFigureHeight - 52;  // and ends here; the legend below

  void rect(const Rect& r, std::string_view fill, std::string_view stroke = "#bebebe", float rx = 0) {
    out_ += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" rx="{:.1f}" fill="{}" stroke="{}"/>)"
                        "\n",
                        r.x0, r.y0, r.width(), r.height(), rx, fill, stroke);
  }
  void text(float x, float y, std::string_view s, float size, std::string_view fill, const char* anchor = "middle",
            std::string_view attributes = "") {
    size = std::max(size, kMinTextPx);  // nothing on a slide is smaller
    out_ += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" font-size="{:.1f}" fill="{}" text-anchor="{}"{}>{}</text>)"
                        "\n",
                        x, y, size, fill, anchor, attributes, escaped(s));
  }
  // Centred in a rectangle; `anchor_end` right-aligns it instead (row labels).
  void label(const Rect& r, std::string_view s, float size, std::string_view fill, bool anchor_end = false,
             std::string_view attributes = "") {
    const float y = (r.y0 + r.y1) / 2 + std::max(size, kMinTextPx) * 0.36f;
    if (anchor_end) text(r.x1, y, s, size, fill, "end", attributes);
    else text((r.x0 + r.x1) / 2, y, s, size, fill, "middle", attributes);
  }
  // Axis titles: "bank" above the columns, "wavefront" turned up the left side.
  void x_axis(float x_mid, float y, std::string_view s) {
    text(x_mid, y, s, 18, kInk, "middle", R"( class="axis" font-weight="bold")");
  }
  void y_axis(float x, float y_mid, std::string_view s) {
    // Turned on its side it runs along the rows; a short figure must not push it into the title.
    y_mid = std::max(y_mid, kTop + 40 + text_width(s, 18) / 2);
    text(x, y_mid, s, 18, kInk, "middle",
         fmt::format(R"svg( class="axis" font-weight="bold" transform="rotate(-90 {:.1f} {:.1f})")svg", x, y_mid));
  }
  // A lane's chip; its number where the chip is tall and wide enough for 16 px digits.
  void chip(const Rect& r, int lane) {
    rect(r, hex(gui::palette::lane_fill(lane)), kInk, std::min(4.0f, r.height() * 0.25f));
    const std::string digits = std::to_string(lane);
    // Bold digits are about 0.7 em wide: the number must fit the chip's width at 16 px or more.
    constexpr float kBoldDigit = 0.72f;
    const float fits = (r.width() - 2) / (kBoldDigit * static_cast<float>(digits.size()));
    if (r.height() >= 0.75f * kMinTextPx && fits >= kMinTextPx)
      label(r, digits, std::min({r.height() * 0.9f, fits, 28.0f}),
            hex(gui::palette::lane_text(lane)), false, R"( font-weight="bold")");
  }
  void open_lane(int lane, const std::string& attributes) {
    out_ += fmt::format(R"(<g class="lane" data-lane="{}"{}>)"
                        "\n",
                        lane, attributes);
  }
  void close_group() { out_ += "</g>\n"; }
  // Swatches with their meaning, left to right along the bottom.
  struct Key {
    std::string fill, stroke, text;
  };
  void legend(const std::vector<Key>& keys) {
    out_ += "<g class=\"legend\">\n";
    float x = kMargin;
    const float y = kFigureHeight - 36;
    for (const Key& k : keys) {
      rect(Rect{x, y, x + 22, y + 22}, k.fill, k.stroke, 4);
      text(x + 30, y + 17, k.text, 16, kInk, "start");
      x += 30 + text_width(k.text, 16) + 20;
    }
    out_ += "</g>\n";
  }
  std::string finish() { return out_ + "</svg>\n"; }

 private:
  std::string out_;
};

std::vector<Slide::Key> lane_keys(int warp_lanes) {
  std::vector<Slide::Key> keys;
  if (gui::palette::lanes_per_colour_group(warp_lanes) > 1)
    for (int g = 0; g < std::min(4, warp_lanes / 8); ++g)
      keys.push_back({hex(gui::palette::lane_fill(g * 8)), kInk, gui::palette::lane_group_name(g)});
  else
    for (int l = 0; l < warp_lanes; ++l) keys.push_back({hex(gui::palette::lane_fill(l)), kInk, fmt::format("lane {}", l)});
  return keys;
}

std::string short_title(const Figure& f, std::string_view what) {
  return fmt::format("{} \u00b7 {}: {}", f.state->kernel->name, f.site, what);
}
std::string context_of(const Figure& f) {
  const lessons::PreparedState& s = *f.state;
  return fmt::format("block ({}, {}), warp {}, {}", s.block.x, s.block.y, s.warp, s.arch->name);
}

// The window's view of this instruction, for figure_text's strings.
struct Shown {
  gui::CurrentInstruction instruction;
  gui::FigureAccess access;
};
Shown shown_of(const Figure& f) {
  Shown s;
  s.instruction.valid = true;
  s.instruction.site = f.state->trace.instructions[f.state->instruction].site;
  s.instruction.warp_lanes = f.state->arch->warp_lanes;
  s.instruction.access = f.access;
  s.instruction.shared = f.shared;
  s.instruction.global = f.global;
  return s;
}

const ArrayInfo* array_of(const Figure& f) {
  const lessons::PreparedState& s = *f.state;
  const int site = s.trace.instructions[s.instruction].site;
  const int idx = s.trace.sites[site].array;
  return idx >= 0 && idx < static_cast<int>(s.trace.arrays.size()) ? &s.trace.arrays[idx] : nullptr;
}


// The elements of `a` that bytes [begin, end) hold: "out[5][0..7]", or
// "out[5][24]..[6][7]" across rows; the byte address in hex outside the array.
std::string describe_bytes(std::uint64_t begin, std::uint64_t end, const ArrayInfo* a) {
  const std::uint64_t size = a ? static_cast<std::uint64_t>(a->rows) * a->pitch * a->elem_bytes : 0;
  if (!a || end <= a->base || begin >= a->base + size) return fmt::format("0x{:x}", begin);
  const std::uint64_t e0 = (std::max(begin, a->base) - a->base) / a->elem_bytes;
  const std::uint64_t e1 = (std::min(end, a->base + size) - a->base - 1) / a->elem_bytes;
  const std::uint64_t r0 = e0 / a->pitch, r1 = e1 / a->pitch;
  if (e0 == e1) return fmt::format("{}[{}][{}]", a->name, r0, e0 % a->pitch);
  if (r0 == r1) return fmt::format("{}[{}][{}..{}]", a->name, r0, e0 % a->pitch, e1 % a->pitch);
  return fmt::format("{}[{}][{}]..[{}][{}]", a->name, r0, e0 % a->pitch, r1, e1 % a->pitch);
}

}  // namespace

std::string escaped(std::string_view s) { return slides::xml_escaped(s); }

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

namespace {

// One bank map of a slide: its access, the window's strings for it, the lanes per bank.
struct BankPart {
  const Figure* figure = nullptr;
  gui::BankMapText text;
  std::string caption;  // above the map when two share the slide
  std::map<int, std::vector<std::pair<int, int>>> requests;  // bank -> (lane, word index), lane order
  std::size_t deepest = 1;                                    // most lanes in one bank
  int rows() const { return text.cost_hidden ? 1 : std::max(1, figure->shared.wavefronts); }
};

BankPart bank_part(const Figure& f, const lessons::Concealment& hide, const std::string& config) {
  BankPart p;
  p.figure = &f;
  Shown shown = shown_of(f);
  shown.access.instruction = &shown.instruction;
  shown.access.trace = &f.state->trace;
  shown.access.config = config;
  p.text = gui::bank_map_text(shown.access, hide);
  const SharedResult& r = f.shared;
  for (int lane = 0; lane < r.warp_lanes; ++lane)
    for (int k = 0; r.lanes[lane].active && k < r.lanes[lane].num_words; ++k)
      p.requests[r.lanes[lane].bank[k]].push_back({lane, k});
  for (const auto& [bank, lanes] : p.requests) p.deepest = std::max(p.deepest, lanes.size());
  return p;
}

constexpr float kBankGridX0 = 112, kBankGridX1 = kFigureWidth - Slide::kMargin;
constexpr float kBankNumbers = 28;  // the row of bank numbers above each map
constexpr float kCaption = 28;      // a map's caption and headline when two share the slide

// Draws one map from `top`: bank numbers, rows, chips; returns where it ends.
float draw_bank_part(Slide& svg, const BankPart& p, float top, float row_h, float hidden_row_h) {
  const SharedResult& r = p.figure->shared;
  const gui::BankMapText& t = p.text;
  if (!p.caption.empty()) {
    svg.text(kBankGridX0, top + 20, fmt::format("{}: {}", p.caption, t.headline), 18,
             t.cost_hidden ? kInk : t.headline_good ? kGoodInk : kConflictInk, "start", R"( class="caption")");
    top += kCaption;
  }
  const float grid_y0 = top + kBankNumbers;
  const int rows = p.rows();
  if (t.cost_hidden) row_h = hidden_row_h;
  const float cell_w = (kBankGridX1 - kBankGridX0) / std::max(1, r.num_banks);
  svg.y_axis(40, grid_y0 + rows * row_h / 2, t.cost_hidden ? "requests" : "wavefront");
  for (int b = 0; b < r.num_banks; ++b)
    svg.label(Rect{kBankGridX0 + b * cell_w, grid_y0 - 26, kBankGridX0 + (b + 1) * cell_w, grid_y0 - 2}, t.bank_labels[b],
              16, kInk);
  // Row labels: every row where they fit at 16 px, else every k-th.
  const int label_every = std::max(1, static_cast<int>(std::ceil(18.0f / row_h)));
  for (int row = 0; row < rows; ++row) {
    // A wavefront past its group's first is what a conflict costs.
    const bool extra = !t.cost_hidden && [&] {
      for (int g = 0; g < r.num_groups; ++g)
        if (row == r.group_first_wavefront[g]) return false;
      return true;
    }();
    const float y0 = grid_y0 + row * row_h;
    for (int b = 0; b < r.num_banks; ++b)
      svg.rect(Rect{kBankGridX0 + b * cell_w, y0, kBankGridX0 + (b + 1) * cell_w, y0 + row_h},
               extra ? kConflictTint : kEmptyCell);
    if (row % label_every == 0 && row < static_cast<int>(t.row_labels.size()))
      svg.label(Rect{60, y0, kBankGridX0 - 8, y0 + row_h}, t.row_labels[row], 16, extra ? kConflictInk : kInk, true);
  }
  const float pad = 1.5f;
  if (t.cost_hidden) {
    // The question: each lane's word at its bank, the lanes of one bank one above the other.
    const float chip_h = row_h / static_cast<float>(p.deepest);
    std::map<int, std::vector<Rect>> by_lane;
    for (const auto& [bank, lanes] : p.requests)
      for (std::size_t i = 0; i < lanes.size(); ++i) {
        const float y = grid_y0 + i * chip_h;
        by_lane[lanes[i].first].push_back(
            Rect{kBankGridX0 + bank * cell_w + pad, y + pad, kBankGridX0 + (bank + 1) * cell_w - pad, y + chip_h - pad});
      }
    for (const auto& [lane, rects] : by_lane) {
      svg.open_lane(lane, fmt::format(R"( data-bank="{}")", r.lanes[lane].bank[0]));
      for (const Rect& c : rects) svg.chip(c, lane);
      svg.close_group();
    }
  } else {
    gui::BankMapMetrics m;
    m.label_width = 0;
    m.header_height = 0;
    m.available_width = kBankGridX1 - kBankGridX0;
    m.min_cell_height = m.max_cell_height = row_h;
    const gui::BankMapLayout L = gui::layout_bank_map(r, m);
    const auto placed = [&](const Rect& c) {
      return Rect{c.x0 + kBankGridX0, c.y0 + grid_y0, c.x1 + kBankGridX0, c.y1 + grid_y0};
    };
    std::map<int, std::vector<const gui::BankMapChip*>> by_lane;
    for (const auto& chip : L.chips) by_lane[chip.lane].push_back(&chip);
    for (const auto& [lane, chips] : by_lane) {
      svg.open_lane(lane, fmt::format(R"( data-bank="{}" data-wavefront="{}")", chips.front()->bank,
                                      chips.front()->wavefront));
      for (const gui::BankMapChip* c : chips)
        if (!c->folded) svg.chip(placed(c->rect), lane);
      svg.close_group();
    }
    // A shared word: "xN" in a dark tab across the chip's lower edge (or over it in a short row).
    for (const auto& b : L.badges) {
      const Rect c = placed(b.rect);
      const float h = std::min(20.0f, c.height());
      const Rect badge{c.x0, c.y1 - h, c.x1, c.y1};
      svg.rect(badge, kInk, kInk, 4);
      svg.label(badge, gui::badge_label(b.lanes), 16, "#ffffff", false, R"( class="badge")");
    }
  }
  return grid_y0 + rows * row_h;
}

// The maps one above the other at one scale: the same row height for every
// revealed map, the same height for every row of requests.
std::string bank_maps(std::vector<BankPart>& parts, std::string_view title, std::string_view headline,
                      const char* headline_ink, std::string_view context) {
  Slide svg(title, headline, headline_ink, context);
  svg.x_axis((kBankGridX0 + kBankGridX1) / 2, Slide::kTop + 18, gui::kBankAxis);
  const float gap = parts.size() > 1 ? 12 : 0;
  float room = Slide::kBottom - (Slide::kTop + 24) - gap * (parts.size() - 1);
  int revealed_rows = 0, hidden = 0;
  std::size_t deepest = 1;
  for (const BankPart& p : parts) {
    room -= kBankNumbers + (p.caption.empty() ? 0 : kCaption);
    if (p.text.cost_hidden) {
      ++hidden;
      deepest = std::max(deepest, p.deepest);
    } else {
      revealed_rows += p.rows();
    }
  }
  // Rows of requests grow with the lanes they stack (at least 160 px alone), within
  // a fair share of the room: a map's share, or all of it among rows of requests only.
  float hidden_row_h = 0;
  if (hidden > 0) {
    const float share = room / static_cast<float>(revealed_rows == 0 ? hidden : static_cast<int>(parts.size()));
    hidden_row_h = std::min(share, std::max(parts.size() > 1 ? 64.0f : 160.0f, 40.0f * deepest));
  }
  const float row_h = revealed_rows == 0 ? 0 : std::min(64.0f, (room - hidden * hidden_row_h) / revealed_rows);
  float top = Slide::kTop + 24;
  bool any_revealed = false, any_badges = false;
  for (const BankPart& p : parts) {
    top = draw_bank_part(svg, p, top, row_h, hidden_row_h) + gap;
    any_revealed = any_revealed || !p.text.cost_hidden;
    any_badges = any_badges || !p.text.badges.empty();
  }
  std::vector<Slide::Key> keys = lane_keys(parts.front().figure->shared.warp_lanes);
  if (any_revealed) keys.push_back({kConflictTint, "#bebebe", "extra wavefront (conflict)"});
  if (any_badges) keys.push_back({kInk, kInk, "xN: N lanes share one word"});
  svg.legend(keys);
  return svg.finish();
}

// What tells two accesses apart: their arrays' declarations, else their kernels.
std::pair<std::string, std::string> captions_of(const Figure& a, const Figure& b, const std::string& beside_config) {
  const auto declared = [](const Figure& f) {
    const ArrayInfo* x = array_of(f);
    return x ? fmt::format("{}[{}][{}]", x->name, x->rows, x->pitch) : std::string();
  };
  if (declared(a) != declared(b) && !declared(a).empty()) return {declared(a), declared(b)};
  if (a.state->kernel->name != b.state->kernel->name)
    return {std::string(a.state->kernel->name), std::string(b.state->kernel->name)};
  return {"this step", beside_config};
}

}  // namespace

std::string bank_map_svg(const Figure& f, const lessons::Concealment& hide) {
  std::vector<BankPart> parts{bank_part(f, hide, "")};
  const gui::BankMapText& t = parts.front().text;
  return bank_maps(parts, short_title(f, "bank map"), t.headline,
                   t.cost_hidden ? kInk : t.headline_good ? kGoodInk : kConflictInk, context_of(f));
}

std::string bank_maps_svg(const Figure& own, const Figure& beside, const std::string& beside_config,
                          const lessons::Concealment& hide) {
  std::vector<BankPart> parts{bank_part(own, hide, ""), bank_part(beside, hide, beside_config)};
  const auto [a, b] = captions_of(own, beside, beside_config);
  parts[0].caption = a;
  parts[1].caption = b;
  return bank_maps(parts, fmt::format("{} and {}: bank maps", a, b), fmt::format("{} beside {}, at one scale", a, b),
                   kInk, context_of(own));
}

std::string shared_array_svg(const Figure& f, const lessons::Concealment& hide) {
  (void)hide;  // the array view draws the access (which words), not its cost
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
  const int rows = static_cast<int>(last - first + 1);
  const std::string what =
      array ? fmt::format("shared array {}[{}][{}]", array->name, array->rows, array->pitch) : std::string("shared words");
  Slide svg(short_title(f, what), array ? fmt::format("{}-byte elements, {} per row of banks{}", array->elem_bytes,
                                                      banks * bank_bytes / array->elem_bytes,
                                                      array->pitch > array->cols ? "; padding in grey" : "")
                                        : std::string("the words this instruction touches"),
            kInk, context_of(f));
  const float grid_x0 = 250, grid_x1 = kFigureWidth - Slide::kMargin;
  const float grid_y0 = Slide::kTop + 52, grid_y1 = Slide::kBottom;
  const float cell_w = (grid_x1 - grid_x0) / banks, row_h = std::min(48.0f, (grid_y1 - grid_y0) / rows);
  svg.x_axis((grid_x0 + grid_x1) / 2, Slide::kTop + 18, gui::kBankAxis);
  svg.y_axis(36, grid_y0 + rows * row_h / 2, array ? "elements in this row of banks" : "word");
  for (int b = 0; b < banks; ++b)
    svg.label(Rect{grid_x0 + b * cell_w, grid_y0 - 26, grid_x0 + (b + 1) * cell_w, grid_y0 - 2}, std::to_string(b), 16, kInk);
  const int label_every = std::max(1, static_cast<int>(std::ceil(18.0f / row_h)));
  std::map<int, std::vector<Rect>> lane_chips;
  for (int r = 0; r < rows; ++r) {
    const float y0 = grid_y0 + r * row_h;
    const std::uint64_t row_begin = (first + r) * banks * bank_bytes;
    if (r % label_every == 0)
      svg.label(Rect{56, y0, grid_x0 - 8, y0 + row_h},
                array ? describe_bytes(row_begin, row_begin + banks * bank_bytes, array) : std::to_string(first + r), 16,
                kInk, true, R"( class="row-label")");
    for (int b = 0; b < banks; ++b) {
      const std::uint64_t word = (first + r) * banks + b;
      const Rect cell{grid_x0 + b * cell_w, y0, grid_x0 + (b + 1) * cell_w, y0 + row_h};
      const gui::WordContent w = array ? gui::word_content(*array, word, bank_bytes) : gui::WordContent{true, false, 0, 0};
      svg.rect(cell, !w.inside ? "#ffffff" : w.padding ? kPadding : (w.row % 2 ? "#e8ecf2" : kEmptyCell));
      if (const auto it = touched.find(word); it != touched.end())
        lane_chips[it->second.front()].push_back(Rect{cell.x0 + 1, cell.y0 + 1, cell.x1 - 1, cell.y1 - 1});
    }
  }
  for (int l = 0; l < f.shared.warp_lanes; ++l) {
    if (!f.shared.lanes[l].active) continue;
    svg.open_lane(l, fmt::format(R"( data-word="{}")", f.shared.lanes[l].word[0]));
    for (const Rect& c : lane_chips[l]) svg.chip(c, l);  // a word shared by lanes shows its lowest lane
    svg.close_group();
  }
  std::vector<Slide::Key> keys = lane_keys(f.shared.warp_lanes);
  keys.push_back({"#e8ecf2", "#bebebe", "array rows alternate"});
  if (array && array->pitch > array->cols) keys.push_back({kPadding, "#bebebe", "padding"});
  svg.legend(keys);
  return svg.finish();
}

std::string sector_map_svg(const Figure& f, const lessons::Concealment& hide) {
  Shown shown = shown_of(f);
  shown.access.instruction = &shown.instruction;
  shown.access.trace = &f.state->trace;
  const gui::SectorMapText t = gui::sector_map_text(shown.access, hide);
  const ArrayInfo* array = array_of(f);
  Slide svg(short_title(f, "sector map"), t.headline,
            t.cost_hidden ? kInk : t.headline_good ? kGoodInk : kConflictInk, context_of(f));
  const float grid_x0 = 300, grid_x1 = kFigureWidth - Slide::kMargin;
  const float grid_y0 = Slide::kTop + 52, grid_y1 = Slide::kBottom;
  gui::SectorMapMetrics m;
  m.label_width = 0;
  m.header_height = 0;
  m.available_width = grid_x1 - grid_x0;
  gui::SectorMapLayout L = gui::layout_sector_map(f.access, f.global, f.state->arch->warp_lanes, m);
  const int rows = std::max<int>(1, L.rows.size());
  m.row_height = std::min(96.0f, (grid_y1 - grid_y0) / rows);
  L = gui::layout_sector_map(f.access, f.global, f.state->arch->warp_lanes, m);
  const auto placed = [&](const Rect& c) { return Rect{c.x0 + grid_x0, c.y0 + grid_y0, c.x1 + grid_x0, c.y1 + grid_y0}; };
  constexpr int kSectors = static_cast<int>(kLineBytes / kSectorBytes);
  const float sector_w = L.bytes_width / kSectors;
  // Columns: the four sectors of a line (while the cost is a question: the line's bytes, undivided).
  svg.x_axis((grid_x0 + grid_x1) / 2, Slide::kTop + 18, t.cost_hidden ? "bytes of each 128-byte line" : "sector");
  svg.y_axis(30, grid_y0 + rows * m.row_height / 2, "line (the elements it holds)");
  if (!t.cost_hidden)
    for (int s = 0; s < kSectors; ++s)
      svg.label(Rect{grid_x0 + s * sector_w, grid_y0 - 26, grid_x0 + (s + 1) * sector_w, grid_y0 - 2},
                s < static_cast<int>(t.sector_labels.size()) ? t.sector_labels[s] : std::to_string(s), 16, kInk);
  else
    svg.label(Rect{grid_x0, grid_y0 - 26, grid_x1, grid_y0 - 2}, "byte 0 to byte 127", 16, kInk);
  const int label_every = std::max(1, static_cast<int>(std::ceil(18.0f / m.row_height)));
  for (std::size_t i = 0; i < L.rows.size(); ++i) {
    const gui::SectorMapRow& row = L.rows[i];
    const Rect line = placed(row.rect);
    const std::uint64_t begin = row.line * kLineBytes;
    if (static_cast<int>(i) % label_every == 0)
      svg.label(Rect{48, line.y0, grid_x0 - 10, line.y1}, describe_bytes(begin, begin + kLineBytes, array), 16, kInk, true,
                R"( class="row-label")");
    if (t.cost_hidden) {
      svg.rect(line, kEmptyCell, kInk);
      continue;
    }
    for (int s = 0; s < kSectors; ++s) {
      const Rect cell{line.x0 + s * sector_w, line.y0, line.x0 + (s + 1) * sector_w, line.y1};
      svg.rect(cell, row.sector_touched[s] ? kSectorMoved : kEmptyCell, kInk);
      // Tall rows (few lines) name each moved sector's elements under its chips.
      if (row.sector_touched[s] && line.height() >= 56)
        svg.text((cell.x0 + cell.x1) / 2, cell.y1 - 6,
                 describe_bytes(begin + s * kSectorBytes, begin + (s + 1) * kSectorBytes, array), 16, kMuted, "middle",
                 R"( class="sector-elements")");
    }
  }
  std::map<int, std::vector<Rect>> by_lane;
  for (const auto& c : L.chips) {
    Rect r = placed(c.rect);
    if (!t.cost_hidden && r.height() >= 56) r.y1 = r.y0 + r.height() - 26;  // room for the elements' label
    by_lane[c.lane].push_back(r);
  }
  for (const auto& [lane, rects] : by_lane) {
    svg.open_lane(lane, fmt::format(R"( data-address="{}")", f.access.address[lane]));
    for (const Rect& r : rects) svg.chip(r, lane);
    svg.close_group();
  }
  std::vector<Slide::Key> keys = lane_keys(f.state->arch->warp_lanes);
  if (!t.cost_hidden) {
    keys.push_back({kSectorMoved, kInk, "sector moved"});
    keys.push_back({kEmptyCell, kInk, "not moved"});
  }
  svg.legend(keys);
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
