#include "gui/whole_kernel_panel.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "gui/blocks_panel.hpp"
#include "gui/figure_text.hpp"
#include "gui/text_wrap.hpp"
#include "gui/palette.hpp"
#include "ws/kernels/prediction.hpp"

namespace ws::gui {

// ImGui's own sums: the columns' ideal widths against the width they were given.
void WholeKernelPanel::note_table_fit() {
  const ImGuiTable* t = ImGui::GetCurrentTable();
  if (!t) return;
  tables_width_ = std::max(tables_width_, t->ColumnsAutoFitWidth);
  if (t->ColumnsAutoFitWidth > t->WorkRect.GetWidth() + 1.0f) tables_fit_ = false;
}

void WholeKernelPanel::Draw(AppState& state) {
  tables_fit_ = true;
  tables_width_ = 0;
  const WholeKernelText t = whole_kernel_text(state);
  if (state.param_error) {
    text_wrapped(t.status);
    return;
  }
  const kernels::KernelReport* r = state.whole_kernel.report();
  if (!r) {
    if (!state.whole_kernel.error().empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
      text_wrapped(t.status);  // the work limit's message is long
      ImGui::PopStyleColor();
    } else {
      draw_progress(state.whole_kernel);
    }
    return;
  }
  text_wrapped(t.launch);
  text_wrapped(t.occupancy);
  const bool predicted = t.prediction.rfind("Predicted on", 0) == 0;
  // Why there is no prediction is for the workbench, not for a slide.
  if (!t.prediction.empty() && (predicted || !state.view.presenter)) {
    if (!predicted) ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
    text_wrapped(t.prediction);
    if (!predicted) ImGui::PopStyleColor();
  }
  draw_totals(t);
  const kernels::Reconciliation* rec = ncu_.get(state);
  draw_ncu(ncu_table_text(rec, ncu_.status(), t.counters_hidden));
  draw_sites(*r, t);
}

// reconcile's rows: the cause as a short phrase, its meaning and evidence on hover;
// differences orange, unexplained ones red.
void WholeKernelPanel::draw_ncu(const NcuTableText& t) {
  ImGui::Spacing();
  if (t.rows.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
    text_wrapped(t.status);
    ImGui::PopStyleColor();
    return;
  }
  text_wrapped(t.title);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit |
                                ImGuiTableFlags_ScrollY;
  const float rows_height = ImGui::GetTextLineHeightWithSpacing() * std::min<float>(t.rows.size() + 1.5f, 12.0f);
  // Narrower cell padding than the other tables: five columns and a scroll bar
  // in the results panel at 1280 x 720.
  ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(2.0f, ImGui::GetStyle().CellPadding.y));
  const bool open = ImGui::BeginTable("ncu", static_cast<int>(t.header.size()), flags, ImVec2(0, rows_height));
  ImGui::PopStyleVar();
  if (!open) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const std::string& h : t.header) ImGui::TableSetupColumn(h.c_str());
  ImGui::TableHeadersRow();
  for (const NcuTableText::Row& row : t.rows) {
    ImGui::TableNextRow();
    for (std::size_t c = 0; c < row.cells.size(); ++c) {
      ImGui::TableNextColumn();
      const bool cause = c + 1 == row.cells.size();
      if (cause && row.unexplained) ImGui::TextColored(palette::text_conflict(), "%s", row.cells[c].c_str());
      else if (cause && row.differs) ImGui::TextColored(palette::text_conflict(), "%s", row.cells[c].c_str());
      else ImGui::TextUnformatted(row.cells[c].c_str());
      if (cause && !row.hover.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", row.hover.c_str());
    }
  }
  note_table_fit();
  ImGui::EndTable();
}

// While the job runs: its fraction done and a Cancel button; once cancelled, a
// button that runs it again (large kernels take seconds; work.hpp bounds them).
void WholeKernelPanel::draw_progress(WholeKernelJob& job) {
  if (job.cancelled()) {
    ImGui::TextUnformatted("Whole-kernel simulation cancelled.");
    if (ImGui::Button("Run again")) job.rerun();
    return;
  }
  ImGui::TextUnformatted("Simulating every warp of every block ...");
  const ImGuiStyle& style = ImGui::GetStyle();
  const float button = ImGui::CalcTextSize("Cancel").x + 2 * style.FramePadding.x;
  const float bar = std::max(ImGui::GetContentRegionAvail().x - button - style.ItemSpacing.x, 4 * button);
  const float fraction = static_cast<float>(job.progress());
  ImGui::ProgressBar(fraction, ImVec2(bar, 0), fmt::format("{:.0f}%", 100 * fraction).c_str());
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) job.cancel();
}

void WholeKernelPanel::draw_totals(const WholeKernelText& t) {
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
  // Short headers so that all columns fit a third of a 1280-px window; the caption says what they are.
  ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
  text_wrapped(t.caption);
  ImGui::PopStyleColor();
  if (!ImGui::BeginTable("totals", static_cast<int>(t.totals_header.size()), flags)) return;
  ImGui::TableSetupColumn(t.totals_header[0].c_str(), ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("shared store").x);
  for (std::size_t c = 1; c < t.totals_header.size(); ++c) ImGui::TableSetupColumn(t.totals_header[c].c_str());
  ImGui::TableHeadersRow();
  for (const auto& row : t.totals) {
    ImGui::TableNextRow();
    for (std::size_t c = 0; c < row.size(); ++c) {
      ImGui::TableNextColumn();
      // Per instruction on the GPU (per request for global): noise shows, ~5% on shared.
      if (row[c] == "-") ImGui::TextDisabled("-");
      else ImGui::TextUnformatted(row[c].c_str());
    }
  }
  note_table_fit();
  ImGui::EndTable();
}

void WholeKernelPanel::draw_sites(const kernels::KernelReport& r, const WholeKernelText& t) {
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit |
                                ImGuiTableFlags_ScrollY;
  if (!ImGui::BeginTable("sites", 5, flags)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn(t.sites_header[0].c_str(), ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("tile_store_x").x);
  for (std::size_t c = 1; c < t.sites_header.size(); ++c) ImGui::TableSetupColumn(t.sites_header[c].c_str());
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < t.sites.size() && i < r.sites.size(); ++i) {
    const auto& cells = t.sites[i];
    const kernels::Counters& c = r.sites[i].kernel;
    const bool shared = r.sites[i].site.space == Space::Shared;
    ImGui::TableNextRow();
    for (std::size_t col = 0; col + 1 < cells.size(); ++col) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(cells[col].c_str());
    }
    ImGui::TableNextColumn();
    if (c.instructions == 0) continue;
    // Green at the ideal, orange above it; no colour while the figure is concealed (it would tell).
    const double per = double(shared ? c.wavefronts : c.sectors) / double(c.instructions);
    const double ideal = shared ? double(c.ideal_wavefronts) / double(c.instructions)
                                : double((c.bytes_used + 31) / 32) / double(c.instructions);
    const ImVec4 color = t.counters_hidden   ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                         : per > ideal * 1.01 ? palette::text_conflict()
                                              : palette::text_good();
    ImGui::TextColored(color, "%s", cells.back().c_str());
  }
  note_table_fit();
  ImGui::EndTable();
}

}  // namespace ws::gui
