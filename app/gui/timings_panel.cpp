#include "gui/timings_panel.hpp"

#include "gui/browser.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/printf.h>
#include <imgui.h>

#include "gui/comparison_view.hpp"
#include "gui/figure_text.hpp"
#include "gui/text_wrap.hpp"
#include "gui/palette.hpp"

namespace ws::gui {

void TimingsPanel::Draw(AppState& state) {
  TimingsModel& t = state.timings;
  t.ensure_predictions();
  t.predict_first(t.entries_beside(state.kernel().name, state.params));
  draw_source(state);
  const MeasurementSet* m = t.shown();
  if (!m) return;
  if (!state.view.presenter && ImGui::Button("Measured vs predicted: all pairs and kernels")) t.comparison_open = true;
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
  } else if (!state.view.presenter) {  // a slide shows where the times come from, not a warning
    if (in_browser()) {  // the control a GPU machine has, shown where it would be
      ImGui::BeginDisabled();
      ImGui::Button("Run bench and calibrate");
      ImGui::EndDisabled();
      ImGui::SameLine();
    }
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    text_wrapped(fmt::format("No GPU here ({}): showing recorded measurements.", t.gpu_reason));
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
    for (const std::string& why : t.skipped_files) text_wrapped(fmt::sprintf("Skipped %s", why.c_str()));
    ImGui::PopStyleColor();
  }
  if (t.recorded.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    text_wrapped(fmt::sprintf("No recorded measurements%s%s", t.recorded_error.empty() ? "" : ": ",
                       t.recorded_error.c_str()));
    ImGui::PopStyleColor();
    return;
  }
  const MeasurementSet& m = t.recorded[t.selected];
  if (state.view.presenter) {
    ImGui::TextColored(palette::text_muted(), "%s", timings_text(state).source.c_str());
    return;
  }
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  if (ImGui::BeginCombo("recorded", m.gpu.c_str())) {
    for (std::size_t i = 0; i < t.recorded.size(); ++i)
      if (ImGui::Selectable(t.recorded[i].gpu.c_str(), static_cast<int>(i) == t.selected)) t.selected = static_cast<int>(i);
    ImGui::EndCombo();
  }
  ImGui::TextColored(palette::text_muted(), "recorded %s, driver %s, CUDA %s", m.date.c_str(), m.driver.c_str(),
                     m.cuda.c_str());
}

// The current kernel at the current parameters: measured, predicted, and its
// lesson pairs, as timings_text() words them (concealed times are "?", no bars).
void TimingsPanel::draw_current(AppState& state, const MeasurementSet& m) {
  (void)m;
  const TimingsText t = timings_text(state);
  ImGui::Separator();
  ImGui::TextUnformatted(t.kernel.c_str());
  const std::vector<PairView> pairs = pair_views(state.timings);
  double lo = 1, hi = 1;
  speedup_axis(pairs, &lo, &hi);
  for (const TimingsLine& line : t.lines) {
    switch (line.kind) {
      case TimingsLine::Kind::Plain: text_wrapped(line.text); break;
      case TimingsLine::Kind::Muted:
        ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
        text_wrapped(line.text);
        ImGui::PopStyleColor();
        break;
      case TimingsLine::Kind::PairLabel:
        ImGui::Spacing();
        text_wrapped(line.text);
        break;
      case TimingsLine::Kind::PairFigures:
        ImGui::PushStyleColor(ImGuiCol_Text, line.pair < 0 || line.good ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                                                                        : palette::text_conflict());
        text_wrapped(line.text);
        ImGui::PopStyleColor();
        if (line.pair >= 0 && line.pair < static_cast<int>(pairs.size()))
          speedup_bars(pairs[line.pair], ImGui::GetContentRegionAvail().x, lo, hi);
        break;
    }
  }
}

}  // namespace ws::gui
