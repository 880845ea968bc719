#include "gui/variant_timings_panel.hpp"
#include "gui/text_wrap.hpp"

#include <fmt/format.h>
#include <fmt/printf.h>
#include <imgui.h>

#include "gui/palette.hpp"

namespace ws::gui {
namespace {

std::string ms_text(double median, double lo, double hi) {
  if (lo > 0 && hi > 0) return fmt::format("{:.4g} ({:.3g}-{:.3g})", median, lo, hi);
  return fmt::format("{:.4g}", median);
}

std::string join(const std::set<std::string>& s) {
  std::string out;
  for (const std::string& x : s) out += (out.empty() ? "" : ", ") + x;
  return out;
}

// A recorded entry of `set` at exactly these parameters.
const Measurement* recorded(const MeasurementSet* set, std::string_view kernel, const kernels::KernelParams& p) {
  return set ? set->find(kernel, p) : nullptr;
}

}  // namespace

std::string run_blocked_reason(const AppState& state) {
  if (!state.variant) return "type a tile layout or an access pattern first";
  if (state.timings.gpu != GpuStatus::Present)
    return fmt::format("no GPU here: {}", state.timings.gpu_reason.empty() ? "none found" : state.timings.gpu_reason);
  if (state.variant_jobs.running()) return "a run is in progress";
  return {};
}

void VariantTimingsPanel::Draw(AppState& state) {
  if (!state.variant) {
    text_wrapped("Type a tile layout or an access pattern in the memory panel's \"Your variant\" tab.");
    return;
  }
  text_wrapped(fmt::sprintf("Your variant: %s", state.variant->spec().expression.c_str()));
  draw_table(state);
  ImGui::Separator();
  draw_run(state);
}

// Your variant first, then the catalog kernels at the same parameters: predicted
// on one GPU's calibration, measured in this session's run or else the recording.
void VariantTimingsPanel::draw_table(AppState& state) {
  const kernels::KernelVariant& v = *state.variant;
  const MeasurementSet* gpu = state.variant_gpu();
  if (!gpu) {
    ImGui::TextColored(palette::text_conflict(), "No recorded calibration: no prediction.");
    return;
  }
  const VariantPredictions* predicted = state.variant_jobs.predictions(v, gpu->gpu);
  const VariantRunOutcome* ran = state.variant_jobs.run_of(v);
  const bool ran_ok = ran && ran->run;
  ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
  text_wrapped(fmt::sprintf("Milliseconds, predicted on %s; measured %s:", gpu->gpu.c_str(),
                     ran_ok ? fmt::format("in this run on {}", ran->run->gpu.name).c_str()
                            : fmt::format("as recorded {} where the parameters match", gpu->date).c_str()));
  ImGui::PopStyleColor();
  const std::vector<BesideKernel> beside = beside_kernels(v);
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("variant_times", 3, kFlags)) return;
  ImGui::TableSetupColumn("kernel");
  ImGui::TableSetupColumn("predicted");
  ImGui::TableSetupColumn("measured");
  ImGui::TableHeadersRow();
  for (std::size_t row = 0; row <= beside.size(); ++row) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (row == 0) ImGui::TextColored(palette::text_good(), "your variant");
    else ImGui::TextUnformatted(beside[row - 1].label.c_str());
    ImGui::TableNextColumn();
    if (!predicted) ImGui::TextDisabled("...");
    else if (const auto& p = predicted->rows[row]; p.ms) ImGui::Text("%.4g", *p.ms);
    else ImGui::TextDisabled("-");
    if (predicted && predicted->rows[row].ms && ImGui::IsItemHovered())
      ImGui::SetTooltip("bound by %s", predicted->rows[row].bound.c_str());
    ImGui::TableNextColumn();
    // The median here (the table must fit 1280 px); the spread on hover, and the run's below.
    const kernels::BenchResult* timed = nullptr;
    if (ran_ok) timed = row == 0 ? &ran->run->bench : row - 1 < ran->beside.size() && ran->beside[row - 1] ? &*ran->beside[row - 1] : nullptr;
    const Measurement* m = !ran_ok && row > 0 ? recorded(gpu, beside[row - 1].kernel->name, beside[row - 1].params) : nullptr;
    if (timed) ImGui::Text("%.4g", timed->median_ms);
    else if (m) ImGui::Text("%.4g", m->median_ms);
    else ImGui::TextDisabled("-");
    if ((timed || m) && ImGui::IsItemHovered())
      ImGui::SetTooltip("%s ms", timed ? ms_text(timed->median_ms, timed->min_ms, timed->max_ms).c_str()
                                       : ms_text(m->median_ms, m->min_ms, m->max_ms).c_str());
  }
  ImGui::EndTable();
  if (predicted && predicted->rows[0].ms) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
    text_wrapped(fmt::sprintf("Your variant is bound by %s.", predicted->rows[0].bound.c_str()));
    ImGui::PopStyleColor();
  }
}

void VariantTimingsPanel::draw_run(AppState& state) {
  VariantJobs& jobs = state.variant_jobs;
  const kernels::KernelVariant& v = *state.variant;
  if (jobs.running()) {
    ImGui::ProgressBar(jobs.run_progress(), ImVec2(-1, 0), fmt::format("{} ...", jobs.run_stage()).c_str());
  } else {
    const std::string blocked = run_blocked_reason(state);
    ImGui::BeginDisabled(!blocked.empty());
    if (ImGui::Button("Run on GPU")) jobs.start_run(state.variant);
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (blocked.empty()) {
      ImGui::TextColored(palette::text_muted(), "NVRTC, then %s", state.timings.gpu_name.c_str());
    } else {
      ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
      text_wrapped(blocked);
      ImGui::PopStyleColor();
    }
  }
  const VariantRunOutcome* ran = jobs.run_of(v);
  if (!ran) return;
  if (!ran->run) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    text_wrapped(fmt::sprintf("Run failed: %s", ran->error.c_str()));
    ImGui::PopStyleColor();
    return;
  }
  const kernels::VariantRun& r = *ran->run;
  text_wrapped(fmt::sprintf("Measured %s ms, median of %d launches on %s.",
                     ms_text(r.bench.median_ms, r.bench.min_ms, r.bench.max_ms).c_str(), r.bench.launches,
                     r.gpu.name.c_str()));
  ImGui::TextColored(r.bench.passed ? palette::text_good() : palette::text_conflict(), "%s",
                     r.bench.passed ? "Checked against the CPU reference: passed."
                                    : fmt::format("Check FAILED: {}", r.bench.check_message).c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, r.widths_match ? palette::text_muted() : palette::text_conflict());
  text_wrapped(fmt::sprintf("%s (%s: %s)", r.widths_match ? "PTX widths equal the tracer's" : "PTX widths DIFFER from the tracer's",
                     r.compiled.arch.c_str(), join(r.compiled.access_kinds).c_str()));
  ImGui::PopStyleColor();
}

}  // namespace ws::gui
