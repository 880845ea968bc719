#include "gui/whole_kernel_panel.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "gui/blocks_panel.hpp"
#include "gui/palette.hpp"
#include "ws/kernels/prediction.hpp"

namespace ws::gui {

std::string ncu_metric(Space space, Op op, std::string_view counter) {
  const char* o = op == Op::Load ? "ld" : "st";
  if (space == Space::Shared) {
    if (counter == "instructions") return fmt::format("smsp__sass_inst_executed_op_shared_{}.sum", o);
    if (counter == "wavefronts") return fmt::format("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{}.sum", o);
    if (counter == "bank_conflicts") return fmt::format("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{}.sum", o);
  } else {
    if (counter == "instructions") return fmt::format("smsp__sass_inst_executed_op_global_{}.sum", o);
    if (counter == "requests") return fmt::format("l1tex__t_requests_pipe_lsu_mem_global_op_{}.sum", o);
    if (counter == "sectors") return fmt::format("l1tex__t_sectors_pipe_lsu_mem_global_op_{}.sum", o);
  }
  return {};
}

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
  if (state.param_error) {
    ImGui::TextWrapped("%s", state.param_error->c_str());
    return;
  }
  const kernels::KernelReport* r = state.whole_kernel.report();
  if (!r) {
    if (!state.whole_kernel.error().empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
      ImGui::TextWrapped("%s", state.whole_kernel.error().c_str());  // the work limit's message is long
      ImGui::PopStyleColor();
    } else {
      draw_progress(state.whole_kernel);
    }
    return;
  }
  const auto& L = r->launch;
  ImGui::Text("%d x %d blocks of %d threads; %d B shared per block", L.grid.x, L.grid.y, L.block.count(),
              r->shared_bytes_per_block);
  ImGui::Text("Occupancy on %s: %d blocks per SM (limit: %s)", std::string(state.arch().name).c_str(),
              r->occupancy.blocks_per_sm, r->occupancy.limiter.c_str());
  // ncu values apply only to the same kernel at the same parameters (sweep entries included).
  const Measurement* recorded = nullptr;
  std::string recorded_on;
  if (const MeasurementSet* set = state.timings.shown()) {
    draw_prediction(state, *r, *set);
    const Measurement* m = set->find(state.kernel().name, state.params);
    if (m && !m->ncu.empty()) {
      recorded = m;
      recorded_on = set->gpu;
    }
  }
  draw_totals(state, *r, recorded);
  if (recorded) ImGui::TextColored(palette::text_muted(), "ncu: Nsight Compute on %s", recorded_on.c_str());
  else ImGui::TextColored(palette::text_muted(), "No ncu counters recorded for these parameters.");
  draw_sites(*r);
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

// The model's time on the shown GPU, from this report's counters and its calibration.
void WholeKernelPanel::draw_prediction(const AppState& state, const kernels::KernelReport& r,
                                       const MeasurementSet& set) {
  if (!set.calibration.present) {
    ImGui::TextColored(palette::text_muted(), "No calibration recorded for %s: no predicted time.", set.gpu.c_str());
    return;
  }
  if (state.arch().name != default_preset().name) {
    ImGui::TextColored(palette::text_muted(), "Predicted times follow the GPU's own rules (%s).",
                       std::string(default_preset().name).c_str());
    return;
  }
  const kernels::KernelDescriptor* k = kernels::find_kernel(r.kernel);  // the report's, which may lag the state
  if (!k) return;
  const kernels::Prediction p = kernels::predict(*k, r, set.calibration);
  ImGui::TextWrapped("Predicted on %s: %.3g ms, bound by %s", set.gpu.c_str(), p.predicted_ms,
                     std::string(p.bound).c_str());
}

void WholeKernelPanel::draw_totals(const AppState& state, const kernels::KernelReport& r, const Measurement* rec) {
  (void)state;
  struct Row {
    const char* label;
    Space space;
    Op op;
    const kernels::Counters* c;
  };
  const Row rows[] = {{"shared load", Space::Shared, Op::Load, &r.shared_load},
                      {"shared store", Space::Shared, Op::Store, &r.shared_store},
                      {"global load", Space::Global, Op::Load, &r.global_load},
                      {"global store", Space::Global, Op::Store, &r.global_store}};
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
  // Short headers so that all five columns fit a third of a 1280-px window; the caption says what they are.
  ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
  ImGui::TextWrapped("cost: wavefronts (shared), sectors (global); sim. and ncu: cost per instruction (ncu: per "
                     "request for global), simulated and measured");
  ImGui::PopStyleColor();
  if (!ImGui::BeginTable("totals", 5, flags)) return;
  ImGui::TableSetupColumn("total", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("shared store").x);
  ImGui::TableSetupColumn("instr.");
  ImGui::TableSetupColumn("cost");
  ImGui::TableSetupColumn("sim.");
  ImGui::TableSetupColumn("ncu");
  ImGui::TableHeadersRow();
  for (const Row& row : rows) {
    if (row.c->instructions == 0) continue;
    const bool shared = row.space == Space::Shared;
    const std::uint64_t cost = shared ? row.c->wavefronts : row.c->sectors;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.label);
    ImGui::TableNextColumn();
    ImGui::Text("%llu", static_cast<unsigned long long>(row.c->instructions));
    ImGui::TableNextColumn();
    ImGui::Text("%llu", static_cast<unsigned long long>(cost));
    ImGui::TableNextColumn();
    ImGui::Text("%.2f", double(cost) / double(row.c->instructions));
    ImGui::TableNextColumn();
    if (rec) {
      // Per instruction on the GPU (per request for global): noise shows, ~5% on shared.
      const auto inst = rec->ncu.find(ncu_metric(row.space, row.op, shared ? "instructions" : "requests"));
      const auto val = rec->ncu.find(ncu_metric(row.space, row.op, shared ? "wavefronts" : "sectors"));
      if (inst != rec->ncu.end() && val != rec->ncu.end() && inst->second > 0)
        ImGui::Text("%.2f", val->second / inst->second);
      else
        ImGui::TextDisabled("-");
    } else {
      ImGui::TextDisabled("-");
    }
  }
  note_table_fit();
  ImGui::EndTable();
}

void WholeKernelPanel::draw_sites(const kernels::KernelReport& r) {
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit |
                                ImGuiTableFlags_ScrollY;
  if (!ImGui::BeginTable("sites", 5, flags)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("site", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("tile_store_x").x);
  ImGui::TableSetupColumn("line");
  ImGui::TableSetupColumn("access");
  ImGui::TableSetupColumn("instr.");
  ImGui::TableSetupColumn("per instr.");
  ImGui::TableHeadersRow();
  for (const kernels::SiteReport& s : r.sites) {
    const kernels::Counters& c = s.kernel;
    const bool shared = s.site.space == Space::Shared;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(s.site.name.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%d", s.site.line);
    ImGui::TableNextColumn();
    ImGui::Text("%s %s %dB", shared ? "shared" : "global", s.site.op == Op::Load ? "ld" : "st", s.site.bytes);
    ImGui::TableNextColumn();
    ImGui::Text("%llu", static_cast<unsigned long long>(c.instructions));
    ImGui::TableNextColumn();
    if (c.instructions == 0) continue;
    const double per = double(shared ? c.wavefronts : c.sectors) / double(c.instructions);
    const double ideal = shared ? double(c.ideal_wavefronts) / double(c.instructions)
                                : double((c.bytes_requested + 31) / 32) / double(c.instructions);
    ImGui::TextColored(per > ideal * 1.01 ? palette::text_conflict() : palette::text_good(), "%.2f %s", per,
                       shared ? "wf" : "sect.");
  }
  note_table_fit();
  ImGui::EndTable();
}

}  // namespace ws::gui
