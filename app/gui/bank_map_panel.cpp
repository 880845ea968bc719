// Bank map panel: for each figure (the step's own, and the beside one when a
// lesson step sets it) its title, headline, summary, then the map drawn with the
// canvas pattern from layout_bank_map() or, while concealed, layout_bank_requests();
// hover a chip for its lane, thread and address.
#include "gui/bank_map_panel.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>
#include <imgui.h>

#include "gui/backdrop.hpp"
#include "gui/canvas.hpp"
#include "gui/palette.hpp"
#include "gui/text_wrap.hpp"

namespace ws::gui {
namespace {

bool same_access(const WarpAccess& a, const WarpAccess& b) {
  return a.space == b.space && a.op == b.op && a.bytes == b.bytes && a.active_mask == b.active_mask &&
         a.address == b.address;
}

constexpr float kTitleScale = 1.15f, kHeadlineScale = 1.3f;

// Height of `text` wrapped at spaces to `width` at `scale` times the font, plus the item spacing.
float text_height(std::string_view text, float scale, float width) {
  if (text.empty()) return 0;
  const float size = ImGui::GetFontSize() * scale;
  ImFont* font = ImGui::GetFont();
  const auto measure = [&](std::string_view s) { return font->CalcTextSizeA(size, FLT_MAX, 0, s.data(), s.data() + s.size()).x; };
  const auto lines = wrap_at_spaces(text, width, measure);
  return static_cast<float>(lines.size()) * size + ImGui::GetStyle().ItemSpacing.y;
}

void scaled_text(std::string_view text, float scale, const ImVec4* color) {
  if (text.empty()) return;
  if (color) ImGui::PushStyleColor(ImGuiCol_Text, *color);
  ImGui::SetWindowFontScale(scale);
  text_wrapped(text);
  ImGui::SetWindowFontScale(1.0f);
  if (color) ImGui::PopStyleColor();
}

Rect lerp(const Rect& a, const Rect& b, float t) {
  return {a.x0 + (b.x0 - a.x0) * t, a.y0 + (b.y0 - a.y0) * t, a.x1 + (b.x1 - a.x1) * t, a.y1 + (b.y1 - a.y1) * t};
}

}  // namespace

std::string shared_instruction_summary(const WarpAccess& a, const SharedResult& r) {
  std::string s = fmt::format("{} ({}-byte {}), {} active lane{}", shared_mnemonic(a), a.bytes,
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
  if (shared_words > 0) {
    // One word to many lanes is a broadcast; several words, each to several lanes, a multicast.
    // A lane wider than a word shares its whole chunk: 32 lanes of 16 bytes on 2 addresses
    // share two 16-byte chunks, 8 words, not "2 words" (issue 34).
    const int words_per_lane = std::max(1, a.bytes / 4);
    const std::string what =
        words_per_lane == 1
            ? fmt::format("{} word{}", shared_words, shared_words == 1 ? "" : "s")
            : fmt::format("{} chunk{} of {} bytes, {} words", shared_words, shared_words == 1 ? "" : "s", a.bytes,
                          shared_words * words_per_lane);
    s += fmt::format("; {} lanes share {} ({})", sharing_lanes, what,
                     a.op != Op::Load ? "one lane's store wins" : shared_words == 1 ? "broadcast" : "multicast");
  }
  return s;
}

void BankMapPanel::update_reveal(Reveal& rv, const BankMapText& text, const WarpAccess& access,
                                 const AppState& state) {
  if (text.cost_hidden) {
    rv = {true, access, 0};
    return;
  }
  const float dt = ImGui::GetIO().DeltaTime;
  if (rv.hidden) {
    // The reveal of this very access animates; a step to another one does not.
    rv.hidden = false;
    rv.t = state.view.animate_reveal && dt > 0 && same_access(rv.access, access) ? 0.0f : 1.0f;
    return;
  }
  if (rv.t < 1) rv.t = state.view.animate_reveal && dt > 0 ? std::min(1.0f, rv.t + dt / kRevealSeconds) : 1.0f;
}

void BankMapPanel::Draw(AppState& state) {
  figures_drawn_ = 0;
  smallest_digit_ = 0;
  layouts_ = {};
  const CurrentInstruction& c = state.current;
  if (!c.valid) {
    text_wrapped(c.error.empty() ? "No instruction selected." : c.error);
    return;
  }
  if (c.access.space != Space::Shared) {
    text_wrapped("The current instruction is a global access: see Global memory. Step with "
                 "Left/Right to a shared-memory instruction.");
    return;
  }
  const FigureAccesses all = figure_accesses(state);
  std::vector<const FigureAccess*> figures;
  for (const FigureAccess& f : all.figures)
    if (f.instruction->valid && f.instruction->access.space == Space::Shared && figures.size() < 2)
      figures.push_back(&f);
  std::vector<BankMapText> texts;
  for (const FigureAccess* f : figures) texts.push_back(bank_map_text(*f, state.view.conceal));
  bool animating = false;
  for (std::size_t i = 0; i < figures.size(); ++i) {
    update_reveal(reveals_[i], texts[i], figures[i]->instruction->access, state);
    animating |= reveals_[i].t < 1;
  }
  state.view.animating_reveal = animating;

  ImGui::BeginChild("bank_map_scroll", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  const float fs = ImGui::GetFontSize();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float text_w = avail.x - ImGui::GetStyle().ScrollbarSize;
  BankMapMetrics m;
  m.available_width = text_w;
  m.label_width = fs * 2.6f;
  m.header_height = fs * 1.0f;  // bank numbers: every px of height is the rows'
  // Rows share the height left under the texts: one figure's rows, or both at the same scale.
  // The first figure's texts are drawn, then measured; the second's are estimated.
  canvas::reset_lane_digit_stats();
  if (!figures.empty()) draw_texts(*figures[0], texts[0], 0);
  float others_h = 0;
  int rows = 0, rows_concealed = 0;
  for (std::size_t i = 0; i < figures.size(); ++i) {
    const BankMapText& t = texts[i];
    if (i > 0)
      others_h += ImGui::GetStyle().ItemSpacing.y * 2 + text_height(t.title, kTitleScale, text_w) +
                  text_height(t.headline, kHeadlineScale, text_w) + text_height(t.summary, 1.0f, text_w);
    others_h += m.header_height + ImGui::GetStyle().ItemSpacing.y;
    if (!t.inactive.empty()) others_h += fs * 1.5f + ImGui::GetStyle().ItemSpacing.y * 2;  // the grey strip
    others_h += t.sharing.size() * ImGui::GetTextLineHeightWithSpacing();                 // who shares each word
    const int drawn = t.cost_hidden ? 1 : figures[i]->instruction->shared.wavefronts;
    rows += std::max(1, drawn);
    rows_concealed += reveals_[i].t < 1 ? 1 : std::max(1, drawn);
  }
  const float rows_h = ImGui::GetContentRegionAvail().y - others_h - 2;
  // Presenter mode: rows grow to fill the figure (a one-row map drawn large).
  // The workbench: a whole warp must fit, so rows shrink to the height there is;
  // the one row of requests may be twice a row's height (its lanes stack in it).
  const float max_row = state.view.presenter ? fs * 14.0f : fs * 2.2f;
  const float max_request_row = state.view.presenter ? max_row : max_row * 2;
  const float min_row = state.view.presenter ? fs * 0.6f : 4.0f;
  m.min_cell_height = min_row;
  m.max_cell_height = std::clamp(rows_h / std::max(1, rows), min_row, max_row);
  const float request_row = std::clamp(rows_h / std::max(1, rows_concealed), min_row, max_request_row);
  for (std::size_t i = 0; i < figures.size(); ++i) {
    if (i > 0) draw_texts(*figures[i], texts[i], static_cast<int>(i));
    draw_map(state, *figures[i], texts[i], static_cast<int>(i), m, request_row);
    // A shared word is one chip under its "xN" badge: the lanes behind it are named here.
    for (const std::string& line : texts[i].sharing) text_wrapped(line);
  }
  if (!all.beside_error.empty()) {
    const ImVec4 muted = palette::text_muted();
    scaled_text(all.beside_error, 1.0f, &muted);
  }
  smallest_digit_ = canvas::smallest_lane_digit();
  ImGui::EndChild();
}

void BankMapPanel::draw_texts(const FigureAccess& f, const BankMapText& text, int index) {
  const SharedResult& r = f.instruction->shared;
  const bool hidden = text.cost_hidden;
  const bool moving = !hidden && reveals_[index].t < 1;
  if (index > 0) ImGui::Spacing();
  const ImVec4 accent = ImGui::ColorConvertU32ToFloat4(palette::kAccent);
  scaled_text(text.title, kTitleScale, &accent);
  // The count appears last: while the lanes move, the headline keeps the question.
  const ImVec4 headline_color = hidden || moving ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                                : text.headline_good ? palette::text_good()
                                                     : palette::text_conflict();
  std::string headline = text.headline;
  if (moving) {
    lessons::Concealment k;
    k.hide(f.config, lessons::Quantity::SharedCost);
    headline = bank_map_text(f, k).headline;
  }
  scaled_text(headline, kHeadlineScale, &headline_color);
  // The summary and the legend share a line where they fit: in presenter mode
  // every line of height given to them is taken from the rows below.
  const float legend_w = index == 0 ? canvas::lane_legend_width(r.warp_lanes) : 0;
  const float line_w = ImGui::CalcTextSize(text.summary.c_str()).x + ImGui::GetFontSize() * 2 + legend_w;
  if (legend_w > 0 && line_w < ImGui::GetContentRegionAvail().x) {
    ImGui::TextUnformatted(text.summary.c_str());
    ImGui::SameLine(0, ImGui::GetFontSize() * 2);
  } else {
    text_wrapped(text.summary);
  }
  if (index == 0) canvas::lane_legend(r.warp_lanes);
}

void BankMapPanel::draw_map(const AppState& state, const FigureAccess& f, const BankMapText& text, int index,
                            const BankMapMetrics& m, float request_cell_height) {
  const SharedResult& r = f.instruction->shared;
  const Reveal& rv = reveals_[index];
  const bool hidden = text.cost_hidden;
  const bool moving = !hidden && rv.t < 1;
  ++figures_drawn_;
  ImGui::PushID(index);
  const BankMapLayout final_layout = layout_bank_map(r, m);
  BankMapMetrics mq = m;
  mq.max_cell_height = request_cell_height;
  const BankMapLayout requests = hidden || moving ? layout_bank_requests(r, mq) : BankMapLayout{};
  const BankMapLayout& L = hidden ? requests : final_layout;
  layouts_[index] = L;
  const float height = moving ? std::max(L.height, requests.height) : L.height;
  const ImVec2 o = canvas::claim("bank_map", L.width, height);
  ImDrawList* dl = ImGui::GetWindowDrawList();

  // Bank numbers; every other one when cells are narrow.
  const int label_every = L.cell_width < ImGui::GetFontSize() * 1.1f ? 2 : 1;
  for (int b = 0; b < L.banks && b < static_cast<int>(text.bank_labels.size()); b += label_every) {
    const Rect cell = L.cell(b, 0);
    canvas::centered_text(dl, canvas::at(o, cell.x0, 0), canvas::at(o, cell.x1, L.header_height), palette::kInk,
                          text.bank_labels[b]);
  }
  // Rows: while moving, the wavefront rows fade in under the lanes.
  const float row_alpha = moving ? std::clamp(rv.t * 1.5f, 0.0f, 1.0f) : 1.0f;
  const auto faded = [&](ImU32 col) {
    const ImU32 a = static_cast<ImU32>(((col >> IM_COL32_A_SHIFT) & 0xFF) * row_alpha);
    return (col & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
  };
  for (int row = 0; row < L.rows; ++row) {
    const int g = L.row_group[row];
    // Wavefronts past the first of their group are the conflict's cost: tint them.
    const bool extra = !hidden && row > r.group_first_wavefront[g];
    const ImU32 fill = faded(extra ? palette::rgb(250, 228, 214) : palette::kCell);
    const Rect first = L.cell(0, row);
    backdrop::rect(dl, canvas::min_of(o, first), canvas::max_of(o, L.cell(L.banks - 1, row)), fill);
    const std::string& label = row < static_cast<int>(text.row_labels.size()) ? text.row_labels[row] : kRequestRowLabel;
    canvas::centered_text(dl, canvas::at(o, 0, first.y0), canvas::at(o, L.label_width - 4, first.y1),
                          faded(extra ? palette::kConflict : palette::kInk), label,
                          std::min(ImGui::GetFontSize() * 1.3f, first.height()));
  }
  canvas::grid_lines(dl, canvas::at(o, L.label_width, L.header_height), L.banks, L.rows, L.cell_width, L.cell_height,
                     faded(palette::kGrid));
  // A heavier line where one lane group (S3) ends and the next begins.
  for (int row = 1; row < L.rows; ++row)
    if (L.row_group[row - 1] != L.row_group[row]) {
      const float y = L.cell(0, row).y0;
      dl->AddLine(canvas::at(o, 0, y), canvas::at(o, L.width, y), faded(palette::kInk), 2.5f);
    }
  // A lesson step's emphasis: its banks tinted over every row, its lanes outlined.
  for (int b : state.view.highlight_banks) {
    if (b >= L.banks) continue;
    const Rect top = L.cell(b, 0), bottom = L.cell(b, std::max(0, L.rows - 1));
    dl->AddRectFilled(canvas::at(o, top.x0, 0), canvas::at(o, top.x1, bottom.y1), palette::rgb(0, 114, 178, 45));
    dl->AddRect(canvas::at(o, top.x0, 0), canvas::at(o, top.x1, bottom.y1), palette::kAccent, 0, 0, 2.0f);
  }
  const auto& lanes = state.view.highlight_lanes;
  const auto emphasised = [&](int lane) { return std::find(lanes.begin(), lanes.end(), lane) != lanes.end(); };
  if (moving) {
    // Each lane leaves the request row in turn, the first wavefront's first:
    // its start is delayed by its row, and each move takes half the reveal.
    const float last_row = static_cast<float>(std::max(1, final_layout.rows - 1));
    for (const BankMapChip& chip : final_layout.chips) {
      const auto from = std::find_if(requests.chips.begin(), requests.chips.end(), [&](const BankMapChip& q) {
        return q.lane == chip.lane && q.word_index == chip.word_index;
      });
      if (from == requests.chips.end()) continue;
      const float p = std::clamp((rv.t - 0.5f * chip.wavefront / last_row) / 0.5f, 0.0f, 1.0f);
      const float eased = p * p * (3 - 2 * p);
      if (chip.folded && p >= 1) continue;
      const Rect at = lerp(from->rect, chip.rect, eased);
      canvas::lane_chip(dl, canvas::min_of(o, at), canvas::max_of(o, at), chip.lane, emphasised(chip.lane));
    }
  } else {
    for (const BankMapChip& chip : L.chips)
      if (!chip.folded)
        canvas::lane_chip(dl, canvas::min_of(o, chip.rect), canvas::max_of(o, chip.rect), chip.lane,
                          emphasised(chip.lane));
    for (const BankMapBadge& b : L.badges) {
      // Badge in the cell's corner: how many lanes this one word serves.
      // Sized by the text, not the row: tall presenter rows must not grow badges over the next banks.
      const float h = std::max(10.0f, std::min(b.rect.height() * 0.55f, ImGui::GetFontSize()));
      const float w = std::min(h * 1.6f, b.rect.width());
      const ImVec2 bmax = canvas::at(o, b.rect.x1, b.rect.y0 + h);
      const ImVec2 bmin(bmax.x - w, bmax.y - h);
      dl->AddRectFilled(bmin, bmax, palette::kInk, h * 0.5f);
      canvas::centered_text(dl, bmin, bmax, IM_COL32_WHITE, badge_label(b.lanes));
    }
  }
  if (ImGui::IsItemHovered() && !moving) {
    const ImVec2 mouse = ImGui::GetMousePos();
    const int i = L.chip_at(mouse.x - o.x, mouse.y - o.y);
    if (i >= 0) draw_tooltip(state, f, L.chips[i], hidden);
  }
  if (!text.inactive.empty())
    canvas::inactive_lanes_strip("inactive", inactive_lanes(f), text.inactive, L.label_width, L.cell_width,
                                 ImGui::GetFontSize() * 1.5f);
  ImGui::PopID();
}

void BankMapPanel::draw_tooltip(const AppState& state, const FigureAccess& f, const BankMapChip& chip, bool hidden) {
  (void)state;
  const CurrentInstruction& c = *f.instruction;
  const SharedLane& L = c.shared.lanes[chip.lane];
  ImGui::BeginTooltip();
  ImGui::Text("lane %d", chip.lane);
  if (c.site >= 0 && f.trace) {
    const Dim3 t = f.trace->lane_thread[chip.lane];
    ImGui::Text("thread %s", thread_label(t).c_str());
  }
  ImGui::Text("address %llu (0x%llx)", static_cast<unsigned long long>(c.access.address[chip.lane]),
              static_cast<unsigned long long>(c.access.address[chip.lane]));
  ImGui::Text("bank %d, word %llu", chip.bank, static_cast<unsigned long long>(L.word[chip.word_index]));
  if (L.num_words > 1) ImGui::Text("word %d of %d of this lane", chip.word_index + 1, int(L.num_words));
  // The wavefront and the sharers are the question's answer until the reveal.
  if (!hidden) {
    ImGui::Text("served in wavefront %d", chip.wavefront);
    if (chip.sharers > 1) ImGui::Text("%d lanes share this word", chip.sharers);
  }
  ImGui::EndTooltip();
}

}  // namespace ws::gui
