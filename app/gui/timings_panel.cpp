#include "gui/timings_panel.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <imgui.h>

#include "gui/canvas.hpp"
#include "gui/palette.hpp"

namespace ws::gui {

std::string_view baseline_of(std::string_view kernel) {
  const kernels::KernelDescriptor* k = kernels::find_kernel(kernel);
  return k ? k->hints.baseline : std::string_view{};
}

void TimingsPanel::Draw(AppState& state) {
  TimingsModel& t = state.timings;
  t.ensure_predictions();
  draw_source(state);
  const MeasurementSet* m = t.shown();
  if (!m) return;
  draw_table(state, *m);
  draw_chart(state, *m);
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
    ImGui::Text("Measured live on %s just now", live.gpu.c_str());
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

void TimingsPanel::draw_table(AppState& state, const MeasurementSet& m) {
  const TimingsModel& t = state.timings;
  // The table scrolls in the upper part of the tab; the bar chart keeps the rest.
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX;
  const float height = ImGui::GetContentRegionAvail().y * 0.55f;
  if (!ImGui::BeginTable("timings", 5, flags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("kernel");
  ImGui::TableSetupColumn("ms");
  ImGui::TableSetupColumn("GB/s");
  ImGui::TableSetupColumn("% copy");
  ImGui::TableSetupColumn("vs baseline: meas./pred.");
  ImGui::TableHeadersRow();
  for (const Measurement& k : m.kernels) {
    ImGui::TableNextRow();
    const bool current = k.kernel == state.kernel().name;
    if (current) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, palette::rgb(86, 180, 233, 80));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(k.kernel.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%.2f", k.median_ms);
    ImGui::TableNextColumn();
    if (k.gflops > 0) ImGui::Text("%.0f GF/s", k.gflops);
    else ImGui::Text("%.0f", k.gbps);
    ImGui::TableNextColumn();
    if (k.gflops <= 0 && m.memcpy_gbps > 0) ImGui::Text("%.0f%%", 100.0 * k.gbps / m.memcpy_gbps);
    ImGui::TableNextColumn();
    const std::string_view base = baseline_of(k.kernel);  // the catalog's lesson pair
    const Measurement* b = base.empty() ? nullptr : m.find(base);
    if (b && k.median_ms > 0) {
      const double measured = b->median_ms / k.median_ms;
      const double pk = t.predicted_seconds(k.kernel), pb = t.predicted_seconds(std::string(base));
      if (pk > 0 && pb > 0) ImGui::Text("%.1fx / %.1fx", measured, pb / pk);
      else ImGui::Text("%.1fx / ...", measured);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("speedup over %s", std::string(base).c_str());
    }
  }
  ImGui::EndTable();
}

void TimingsPanel::draw_chart(AppState& state, const MeasurementSet& m) {
  // Bandwidth kernels only: GB/s as a fraction of cudaMemcpy's, one bar each.
  std::vector<const Measurement*> bars;
  for (const Measurement& k : m.kernels)
    if (k.gflops <= 0 && k.gbps > 0) bars.push_back(&k);
  if (bars.empty() || m.memcpy_gbps <= 0) return;
  ImGui::Spacing();
  ImGui::Text("GB/s, as %% of cudaMemcpy device-to-device (%.0f GB/s)", m.memcpy_gbps);
  const float fs = ImGui::GetFontSize();
  const float bar_h = std::clamp((ImGui::GetContentRegionAvail().y - 8) / bars.size(), fs * 0.8f, fs * 1.3f);
  const float label_w = fs * 11.0f;
  const float width = ImGui::GetContentRegionAvail().x - 4;
  const float plot_w = std::max(40.0f, width - label_w - fs * 3);
  const ImVec2 o = canvas::claim("timing_chart", width, bar_h * bars.size());
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const double top = std::max(1.0, std::max_element(bars.begin(), bars.end(), [](auto* a, auto* b) {
                                      return a->gbps < b->gbps;
                                    })[0]->gbps / m.memcpy_gbps);
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const Measurement& k = *bars[i];
    const float y = i * bar_h;
    const double frac = k.gbps / m.memcpy_gbps;
    const bool current = k.kernel == state.kernel().name;
    canvas::centered_text(dl, canvas::at(o, 0, y), canvas::at(o, label_w, y + bar_h), palette::kInk, k.kernel, fs * 0.85f);
    const ImVec2 b0 = canvas::at(o, label_w, y + 2), b1 = canvas::at(o, label_w + plot_w * float(frac / top), y + bar_h - 2);
    dl->AddRectFilled(b0, b1, current ? palette::kWrite : palette::kRead);
    const std::string pct = fmt::format("{:.0f}%", 100 * frac);
    dl->AddText(ImVec2(b1.x + 4, b0.y + (bar_h - 4 - fs) * 0.5f), palette::kInk, pct.c_str());
  }
  // The ceiling: cudaMemcpy's bandwidth.
  const float x = o.x + label_w + plot_w * float(1.0 / top);
  dl->AddLine(ImVec2(x, o.y), ImVec2(x, o.y + bar_h * bars.size()), palette::kConflict, 2.0f);
}

}  // namespace ws::gui
