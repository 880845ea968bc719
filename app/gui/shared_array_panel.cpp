// Shared array panel: a heading that names the array and its pitch, then a grid
// of bank rows drawn with the canvas pattern; hover a cell for its element.
#include "gui/shared_array_panel.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <imgui.h>

#include "gui/backdrop.hpp"
#include "gui/canvas.hpp"
#include "gui/figure_text.hpp"
#include "gui/text_wrap.hpp"
#include "gui/palette.hpp"

namespace ws::gui {

WordContent word_content(const ArrayInfo& a, std::uint64_t word, int bank_bytes) {
  WordContent w;
  const std::uint64_t byte = word * bank_bytes;
  const std::uint64_t size = static_cast<std::uint64_t>(a.rows) * a.pitch * a.elem_bytes;
  if (byte < a.base || byte >= a.base + size) return w;
  const std::uint64_t element = (byte - a.base) / a.elem_bytes;
  w.inside = true;
  w.row = static_cast<int>(element / a.pitch);
  w.col = static_cast<int>(element % a.pitch);
  w.padding = w.col >= a.cols;
  return w;
}

void SharedArrayPanel::Draw(AppState& state) {
  const CurrentInstruction& c = state.current;
  const FigureAccesses figures = figure_accesses(state);
  const std::vector<std::string> lines = shared_array_strings(figures.figures[0], state.arch());
  if (!c.valid || c.access.space != Space::Shared) {
    text_wrapped(lines.front());
    return;
  }
  const ArchPreset& arch = state.arch();
  const int banks = arch.num_banks;
  const int bank_bytes = arch.bank_bytes;
  const ArrayInfo* array = figures.figures[0].array();

  // Bank word -> lanes touching it in this instruction (lowest lane first).
  std::map<std::uint64_t, std::vector<int>> touched;
  for (int l = 0; l < c.warp_lanes; ++l) {
    const SharedLane& L = c.shared.lanes[l];
    for (int k = 0; L.active && k < L.num_words; ++k) touched[L.word[k]].push_back(l);
  }
  std::uint64_t first_row = 0, last_row = 0;
  if (array) {
    const std::uint64_t bytes = static_cast<std::uint64_t>(array->rows) * array->pitch * array->elem_bytes;
    first_row = array->base / bank_bytes / banks;
    last_row = (array->base + bytes - 1) / bank_bytes / banks;
  } else if (!touched.empty()) {
    // An own pattern has no array: show the bank rows it touches.
    first_row = touched.begin()->first / banks;
    last_row = std::min(touched.rbegin()->first / banks, first_row + 127);
  }
  // The declaration, its padding (muted, on the same line), what a row is (muted).
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const bool padding = lines[i].rfind("- ", 0) == 0;
    const bool last = i + 1 == lines.size();
    if (padding) ImGui::SameLine();
    if (padding || (last && lines.size() > 1)) ImGui::TextColored(palette::text_muted(), "%s", lines[i].c_str());
    else ImGui::TextUnformatted(lines[i].c_str());
  }
  if (!array && touched.empty()) return;

  ImGui::BeginChild("shared_array_scroll", ImVec2(0, 0), false);
  const float fs = ImGui::GetFontSize();
  const int rows = static_cast<int>(last_row - first_row + 1);
  const float label_w = fs * 2.6f, header_h = fs * 1.2f;
  const float avail_w = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize;
  const float avail_h = ImGui::GetContentRegionAvail().y - header_h - 2;
  const float cell_w = std::max(8.0f, (avail_w - label_w) / banks);
  const float cell_h = std::clamp(avail_h / rows, fs * 0.5f, fs * 1.4f);
  // Bring the instruction's first word into view when it changes (tall arrays scroll).
  if (!touched.empty() && touched.begin()->first != scrolled_to_word_) {
    scrolled_to_word_ = touched.begin()->first;
    const float y = header_h + (touched.begin()->first / banks - first_row) * cell_h;
    ImGui::SetScrollY(std::max(0.0f, y - ImGui::GetWindowHeight() * 0.3f));
  }
  const ImVec2 o = canvas::claim("shared_array", label_w + banks * cell_w, header_h + rows * cell_h);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const int label_every = cell_w < fs * 1.1f ? 2 : 1;
  for (int b = 0; b < banks; b += label_every)
    canvas::centered_text(dl, canvas::at(o, label_w + b * cell_w, 0), canvas::at(o, label_w + (b + 1) * cell_w, header_h),
                          palette::kInk, std::to_string(b));

  const ImVec2 mouse = ImGui::GetMousePos();
  // Only the rows in view are drawn: a tall array scrolled in a small panel was
  // 52 000 vertices a frame, most of them clipped away, which a browser's
  // software WebGL still had to process.
  const float view_top = dl->GetClipRectMin().y, view_bottom = dl->GetClipRectMax().y;
  int shown_lo = rows, shown_hi = -1;
  for (int r = 0; r < rows; ++r)
    if (o.y + header_h + (r + 1) * cell_h >= view_top && o.y + header_h + r * cell_h <= view_bottom) {
      shown_lo = std::min(shown_lo, r);
      shown_hi = r;
    }
  const auto cell_min = [&](int r, int b) { return canvas::at(o, label_w + b * cell_w, header_h + r * cell_h); };
  const auto content = [&](int r, int b) {
    const std::uint64_t word = static_cast<std::uint64_t>(first_row + r) * banks + b;
    return array ? word_content(*array, word, bank_bytes) : WordContent{true, false, 0, 0};
  };
  // Alternate shades by logical row: with padding the rows visibly slide one bank per row.
  const auto fill_of = [](const WordContent& w) {
    return !w.inside ? palette::rgb(255, 255, 255) : w.padding ? palette::kPadding
                                                               : (w.row % 2 ? palette::kCellAlt : palette::kCell);
  };
  // Fills first, a run of one colour as one rectangle, then the grid's lines,
  // then what each cell holds (the lines would cross a chip drawn before them).
  for (int r = shown_lo; r <= shown_hi; ++r) {
    canvas::centered_text(dl, canvas::at(o, 0, header_h + r * cell_h), canvas::at(o, label_w - 4, header_h + (r + 1) * cell_h),
                          palette::kInk, std::to_string(first_row + r));
    int run = 0;
    ImU32 run_fill = fill_of(content(r, 0));
    for (int b = 1; b <= banks; ++b) {
      const ImU32 fill = b < banks ? fill_of(content(r, b)) : 0;
      if (b < banks && fill == run_fill) continue;
      backdrop::rect(dl, cell_min(r, run), cell_min(r + 1, b), run_fill);
      run = b;
      run_fill = fill;
    }
  }
  if (shown_lo <= shown_hi)
    canvas::grid_lines(dl, cell_min(shown_lo, 0), banks, shown_hi - shown_lo + 1, cell_w, cell_h, palette::kGrid);
  for (int r = shown_lo; r <= shown_hi; ++r) {
    for (int b = 0; b < banks; ++b) {
      const std::uint64_t word = static_cast<std::uint64_t>(first_row + r) * banks + b;
      const ImVec2 mn = cell_min(r, b), mx = cell_min(r + 1, b + 1);
      const WordContent w = content(r, b);
      if (w.padding) dl->AddLine(mn, mx, palette::rgb(120, 120, 120));
      auto it = touched.find(word);
      if (it != touched.end()) {
        canvas::lane_chip(dl, ImVec2(mn.x + 1, mn.y + 1), ImVec2(mx.x - 1, mx.y - 1), it->second.front());
      } else if (array && w.inside && !w.padding && cell_w > fs * 2.2f && cell_h > fs * 0.7f) {
        canvas::centered_text(dl, mn, mx, palette::rgb(110, 110, 110), fmt::format("{},{}", w.row, w.col), fs * 0.7f);
      }
      if (hovered && mouse.x >= mn.x && mouse.x < mx.x && mouse.y >= mn.y && mouse.y < mx.y) {
        ImGui::BeginTooltip();
        ImGui::Text("bank %d, word %llu", b, static_cast<unsigned long long>(word));
        if (array && w.inside)
          ImGui::Text("%s[%d][%d]%s", array->name.c_str(), w.row, w.col, w.padding ? " (padding)" : "");
        if (it != touched.end()) {
          std::string lanes;
          for (int l : it->second) lanes += fmt::format("{}{}", lanes.empty() ? "" : ", ", l);
          ImGui::Text("lanes %s", lanes.c_str());
        }
        ImGui::EndTooltip();
      }
    }
  }
  ImGui::EndChild();
}

}  // namespace ws::gui
