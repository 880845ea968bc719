#include "gui/timings_panel.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <imgui.h>

#include "gui/comparison_view.hpp"
#include "gui/palette.hpp"

namespace ws::gui {

void TimingsPanel::Draw(AppState& state) {
  TimingsModel& t = state.timings;
  t.ensure_predictions();
  draw_source(state);
  const MeasurementSet* m = t.shown();
  if (!m) return;
  if (ImGui::Button("Measured vs predicted: all pairs and kernels")) t.comparison_open = true;
  draw_current(state, *m);
  draw_comparison_window(t, &selected_pair_, state.kernel().name);
}

void TimingsPanel::draw_source(AppState& state) {
  TimingsModel& t = state.timings;
  if (t.gpu == GpuStatus::Present) {
    if (t.live_running()) {
      ImGui::ProgressBar(t.live_progress(), ImVec2(-1, 0), fmt::format("timing {} ...", t.live_stage()).c_str());
    } else if (ImGui::Button(fmt::format("Run bench on {}", t.gpu_name).c_str())) {
      t.start_live_bench();
    }
    if (!t.live_error().empty()) ImGui::TextColored(palette::text_conflict(), "bench failed: %s", t.live_error().c_str());
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    ImGui::TextWrapped("No GPU here (%s): showing recorded measurements.", t.gpu_reason.c_str());
    ImGui::PopStyleColor();
  }
  if (t.live()) {
    const MeasurementSet& live = *t.live();
    ImGui::Text("Measured and calibrated live on %s just now", live.gpu.c_str());
    ImGui::TextColored(palette::text_muted(), "driver %s, CUDA %s", live.driver.c_str(), live.cuda.c_str());
    return;
  }
  // A file that could not be read is named with the field at fault; the others still show.
  if (!t.skipped_files.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    for (const std::string& why : t.skipped_files) ImGui::TextWrapped("Skipped %s", why.c_str());
    ImGui::PopStyleColor();
  }
  if (t.recorded.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    ImGui::TextWrapped("No recorded measurements%s%s", t.recorded_error.empty() ? "" : ": ",
                       t.recorded_error.c_str());
    ImGui::PopStyleColor();
    return;
  }
  const MeasurementSet& m = t.recorded[t.selected];
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  if (ImGui::BeginCombo("recorded", m.gpu.c_str())) {
    for (std::size_t i = 0; i < t.recorded.size(); ++i)
      if (ImGui::Selectable(t.recorded[i].gpu.c_str(), static_cast<int>(i) == t.selected)) t.selected = static_cast<int>(i);
    ImGui::EndCombo();
  }
  ImGui::TextColored(palette::text_muted(), "recorded %s, driver %s, CUDA %s", m.date.c_str(), m.driver.c_str(),
                     m.cuda.c_str());
}

// The current kernel at the current parameters: measured, predicted, and its lesson pairs.
void TimingsPanel::draw_current(AppState& state, const MeasurementSet& m) {
  const TimingsModel& t = state.timings;
  const std::string name(state.kernel().name);
  ImGui::Separator();
  ImGui::Text("%s, %s", name.c_str(), kernels::params_label(state.kernel(), state.params).c_str());
  const Measurement* here = m.find(name, state.params);
  if (!here) {
    ImGui::TextWrapped("Not measured on %s at these parameters.", m.gpu.c_str());
    return;
  }
  ImGui::Text("measured  %s ms", measured_text(*here).c_str());
  if (const kernels::Prediction* p = t.prediction(*here)) {
    ImGui::TextWrapped("predicted %.4g ms (%+.0f%%), bound by %s", p->predicted_ms,
                       100 * (p->predicted_ms / here->median_ms - 1), std::string(p->bound).c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
    ImGui::TextWrapped("%s", p->explanation.c_str());
    ImGui::PopStyleColor();
  } else if (m.calibration.present) {
    ImGui::TextDisabled("predicting ...");
  } else {
    ImGui::TextWrapped("No calibration for %s: no prediction.", m.gpu.c_str());
  }
  // The pairs this entry is a side of, with their bars and sentences.
  const std::vector<PairView> pairs = pair_views(t);
  double lo = 1, hi = 1;
  speedup_axis(pairs, &lo, &hi);
  for (const PairView& p : pairs) {
    if (p.baseline != here && p.variant != here) continue;
    ImGui::Spacing();
    ImGui::TextUnformatted(p.label.c_str());
    ImGui::Text("measured %.2fx, predicted ", p.measured);
    ImGui::SameLine(0, 0);
    if (p.predicted > 0) {
      ImGui::Text("%.2fx: ", p.predicted);
      ImGui::SameLine(0, 0);
      ImGui::TextColored(std::abs(p.error()) <= 0.15 ? palette::text_good() : palette::text_conflict(), "%+.0f%%",
                         100 * p.error());
    } else {
      ImGui::TextDisabled("-");
    }
    speedup_bars(p, ImGui::GetContentRegionAvail().x, lo, hi);
    if (!p.sentence.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
      ImGui::TextWrapped("%s", p.sentence.c_str());
      ImGui::PopStyleColor();
    }
  }
}

}  // namespace ws::gui
