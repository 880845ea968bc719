#include "gui/comparison_view.hpp"
#include "gui/text_wrap.hpp"

#include <fmt/format.h>
#include <fmt/printf.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "gui/palette.hpp"

namespace ws::gui {
namespace {

// The targets of issue 8 (docs/prediction.md): a pair's speedup within 15%, a kernel's time within 25%.
constexpr double kPairTarget = 0.15, kKernelTarget = 0.25;

// The parameters that differ from the kernel's defaults, sizes left out when `sizes` is false.
std::string params_text(const Measurement& m, bool sizes) {
  const kernels::KernelDescriptor* k = kernels::find_kernel(m.kernel);
  if (!k) return {};
  kernels::KernelParams p = m.params;
  if (!sizes) p.rows = k->defaults.rows, p.cols = k->defaults.cols, p.inner = k->defaults.inner;
  const std::string text = kernels::params_label(*k, p);
  return text == "defaults" ? "" : text;
}

std::string with_params(const std::string& kernel, const std::string& params) {
  return params.empty() ? kernel : fmt::format("{} {}", kernel, params);
}

std::string side_label(const Measurement& m) { return with_params(m.kernel, params_text(m, true)); }

// Short enough for a table row: the sizes both sides share are named once, at the end.
std::string pair_label(const Measurement& b, const Measurement& v) {
  auto or_defaults = [](const std::string& t) { return t.empty() ? std::string("defaults") : t; };
  std::string label = b.kernel == v.kernel
                          ? fmt::format("{}: {} -> {}", v.kernel, or_defaults(params_text(b, false)),
                                        or_defaults(params_text(v, false)))
                          : fmt::format("{} -> {}", with_params(b.kernel, params_text(b, false)),
                                        with_params(v.kernel, params_text(v, false)));
  const kernels::KernelDescriptor* k = kernels::find_kernel(v.kernel);
  if (k && (v.params.rows != k->defaults.rows || v.params.cols != k->defaults.cols))
    label += fmt::format(" ({} x {})", v.params.rows, v.params.cols);
  return label;
}

ImVec4 error_colour(double e, double target) {
  return std::abs(e) <= target ? palette::text_good() : palette::text_conflict();
}

void error_cell(double error, double target, bool known) {
  if (known) ImGui::TextColored(error_colour(error, target), "%+.0f%%", 100 * error);
  else ImGui::TextDisabled("-");
}

// Limiter names short enough for a table column; the sentences use the full ones.
std::string short_bound(std::string_view bound) {
  if (bound == kernels::resource::kShared) return "shared";
  return std::string(bound);
}

std::string limiter(const kernels::Prediction* p) { return p ? short_bound(p->bound) : "..."; }

void calibration_line(const MeasurementSet& m) {
  const kernels::Calibration& c = m.calibration;
  if (!c.present) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    text_wrapped(fmt::sprintf("%s has no calibration yet, so nothing is predicted: `warpscope bench --calibrate` on that "
                       "GPU records one (scripts/gpu-measure.sh).",
                       m.origin.c_str()));
    ImGui::PopStyleColor();
    return;
  }
  ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
  text_wrapped(fmt::sprintf("Predicted from this GPU's calibration only: %d SMs at %.0f MHz, DRAM %.0f GB/s, L2 %.0f GB/s, "
                     "%.2g shared wavefronts and %.2g L1 line lookups per clock per SM, launch %.1f us. Limiter \"shared\": "
                     "shared-memory wavefronts.",
                     c.sm_count, c.sm_clock_mhz, c.dram_gbps, c.l2_gbps, c.shared_wavefronts_per_clock_per_sm,
                     c.l1_requests_per_clock_per_sm, c.launch_us()));
  ImGui::PopStyleColor();
}

void draw_pair_table(const std::vector<PairView>& pairs, int* selected, int shown, float height) {
  double lo = 1, hi = 1;
  speedup_axis(pairs, &lo, &hi);
  const float fs = ImGui::GetFontSize();
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("pairs", 6, flags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("lesson pair (baseline -> variant)");
  ImGui::TableSetupColumn("speedup", ImGuiTableColumnFlags_WidthFixed, fs * 13);
  ImGui::TableSetupColumn("measured");
  ImGui::TableSetupColumn("predicted");
  ImGui::TableSetupColumn("error");
  ImGui::TableSetupColumn("limiter: baseline -> variant");
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const PairView& p = pairs[i];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (ImGui::Selectable(p.label.c_str(), *selected == static_cast<int>(i) || (*selected < 0 && shown == static_cast<int>(i)),
                          ImGuiSelectableFlags_SpanAllColumns))
      *selected = static_cast<int>(i);
    ImGui::TableNextColumn();
    speedup_bars(p, fs * 13, lo, hi);
    ImGui::TableNextColumn();
    if (p.lowest > 0) ImGui::Text("%.2fx (%.2f-%.2f)", p.measured, p.lowest, p.highest);
    else ImGui::Text("%.2fx", p.measured);
    ImGui::TableNextColumn();
    if (p.predicted > 0) ImGui::Text("%.2fx", p.predicted);
    else ImGui::TextDisabled("-");
    ImGui::TableNextColumn();
    error_cell(p.error(), kPairTarget, p.predicted > 0);
    ImGui::TableNextColumn();
    ImGui::Text("%s -> %s", limiter(p.baseline_predicted).c_str(), limiter(p.variant_predicted).c_str());
  }
  ImGui::EndTable();
}

void draw_kernel_table(const TimingsModel& t, const MeasurementSet& m) {
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("kernels", 6, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("kernel and parameters");
  ImGui::TableSetupColumn("measured ms (min-max)");
  ImGui::TableSetupColumn("predicted ms");
  ImGui::TableSetupColumn("error");
  ImGui::TableSetupColumn("limiter");
  ImGui::TableSetupColumn("GB/s");
  ImGui::TableHeadersRow();
  for (const Measurement& k : m.kernels) {
    const kernels::Prediction* p = t.prediction(k);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(side_label(k).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(measured_text(k).c_str());
    ImGui::TableNextColumn();
    if (p) ImGui::Text("%.4g", p->predicted_ms);
    else ImGui::TextDisabled("-");
    ImGui::TableNextColumn();
    error_cell(p && k.median_ms > 0 ? p->predicted_ms / k.median_ms - 1 : 0, kKernelTarget, p && k.median_ms > 0);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(p ? short_bound(p->bound).c_str() : "-");
    if (p && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p->explanation.c_str());
    ImGui::TableNextColumn();
    if (k.gflops > 0) ImGui::Text("%.0f GF/s", k.gflops);
    else if (k.gbps > 0) ImGui::Text("%.0f", k.gbps);
  }
  ImGui::EndTable();
}

}  // namespace

std::vector<PairView> pair_views(const TimingsModel& t) {
  std::vector<PairView> out;
  for (const kernels::LessonPair& lp : t.pairs()) {
    if (lp.variant->median_ms <= 0) continue;
    PairView p;
    p.baseline = lp.baseline;
    p.variant = lp.variant;
    p.baseline_predicted = t.prediction(*lp.baseline);
    p.variant_predicted = t.prediction(*lp.variant);
    p.measured = lp.baseline->median_ms / lp.variant->median_ms;
    if (lp.baseline->min_ms > 0 && lp.baseline->max_ms > 0 && lp.variant->min_ms > 0 && lp.variant->max_ms > 0) {
      p.lowest = lp.baseline->min_ms / lp.variant->max_ms;
      p.highest = lp.baseline->max_ms / lp.variant->min_ms;
    }
    p.label = pair_label(*lp.baseline, *lp.variant);
    if (p.baseline_predicted && p.variant_predicted) {
      p.predicted = p.baseline_predicted->predicted_ms / p.variant_predicted->predicted_ms;
      p.sentence = kernels::explain_pair(lp.variant->kernel, *p.baseline_predicted, *p.variant_predicted, p.measured);
    }
    out.push_back(std::move(p));
  }
  return out;
}

std::string measured_text(const Measurement& m) {
  if (m.min_ms > 0 && m.max_ms > 0) return fmt::format("{:.4g} ({:.4g}-{:.4g})", m.median_ms, m.min_ms, m.max_ms);
  return fmt::format("{:.4g}", m.median_ms);
}

void speedup_axis(const std::vector<PairView>& pairs, double* lo, double* hi) {
  *lo = 0.5;
  *hi = 2.0;
  for (const PairView& p : pairs)
    for (double s : {p.measured, p.lowest, p.highest, p.predicted})
      if (s > 0) {
        *lo = std::min(*lo, s);
        *hi = std::max(*hi, s);
      }
}

void speedup_bars(const PairView& p, float width, double axis_lo, double axis_hi) {
  const float h = ImGui::GetTextLineHeight();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(width, h));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const double span = std::log(axis_hi) - std::log(axis_lo);
  auto x = [&](double s) { return o.x + width * static_cast<float>((std::log(s) - std::log(axis_lo)) / span); };
  const float one = x(1.0), bar = h * 0.4f;
  auto draw = [&](double s, float y, ImU32 colour) {
    if (s <= 0) return;
    dl->AddRectFilled(ImVec2(std::min(one, x(s)), y), ImVec2(std::max(one, x(s)), y + bar), colour);
  };
  draw(p.measured, o.y + h * 0.05f, palette::kAccent);
  if (p.lowest > 0) {  // the spread of the launches, as a whisker
    const float y = o.y + h * 0.05f + bar * 0.5f;
    dl->AddLine(ImVec2(x(p.lowest), y), ImVec2(x(p.highest), y), palette::kInk, 1.5f);
  }
  draw(p.predicted, o.y + h * 0.55f, palette::kWrite);
  dl->AddLine(ImVec2(one, o.y), ImVec2(one, o.y + h), palette::kInk, 1.0f);  // 1x: as fast as the baseline
}

void draw_comparison_window(TimingsModel& t, int* selected_pair, std::string_view current_kernel) {
  const MeasurementSet* m = t.shown();
  if (!t.comparison_open || !m) return;
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(d.x * 0.94f, d.y * 0.9f), ImGuiCond_Appearing);
  const std::string title = fmt::format("Measured on {} vs predicted###comparison", m->gpu);
  if (!ImGui::Begin(title.c_str(), &t.comparison_open, ImGuiWindowFlags_NoCollapse)) {
    ImGui::End();
    return;
  }
  t.ensure_predictions();
  ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
  text_wrapped(fmt::sprintf("Measured: %s (%s). Speedup = baseline time / variant time, on a log axis from 1x: blue "
                     "measured (the line: slowest to fastest launches), orange predicted.",
                     m->origin.c_str(), m->date.c_str()));
  ImGui::PopStyleColor();
  calibration_line(*m);
  const std::vector<PairView> pairs = pair_views(t);
  const float sentence_h = ImGui::GetTextLineHeightWithSpacing() * 2.6f;
  // The sentence of the chosen pair; until one is clicked, the first of the current kernel's.
  int shown = 0;
  for (std::size_t i = 0; i < pairs.size() && *selected_pair < 0; ++i)
    if (pairs[i].variant->kernel == current_kernel) {
      shown = static_cast<int>(i);
      break;
    }
  if (*selected_pair >= 0 && *selected_pair < static_cast<int>(pairs.size())) shown = *selected_pair;
  draw_pair_table(pairs, selected_pair, shown, ImGui::GetContentRegionAvail().y * 0.55f);
  ImGui::BeginChild("sentence", ImVec2(0, sentence_h));
  if (!pairs.empty()) {
    const PairView& p = pairs[static_cast<std::size_t>(shown)];
    text_wrapped(fmt::sprintf("%s: %s", p.label.c_str(),
                       p.sentence.empty() ? (m->calibration.present ? "predicting ..." : "no prediction")
                                          : p.sentence.c_str()));
  } else {
    ImGui::TextDisabled("No lesson pair was measured in this set.");
  }
  ImGui::EndChild();
  draw_kernel_table(t, *m);
  ImGui::End();
}

}  // namespace ws::gui
