// The charts a slide draws where the workbench shows tool tables (whole-kernel
// counters, recorded and predicted times): one quantity per chart, one bar per
// item, the value at the bar's end. Before a reveal that concerns a chart, its
// items show the code of their kernels' access instead: no bar and no number.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "lessons/concealment.hpp"
#include "slides/figure.hpp"

namespace ws::slides {
namespace {

constexpr float kBarHeight = 40, kBarGap = 12;

struct Bar {
  std::string label, value_text, code;
  double value = 0;
  bool ok = false;
  bool concealed = false;
  std::string config, quantity;
};

// The configuration an expression's first fact belongs to ("" for the step's own).
std::string config_of(const std::string& expr) {
  for (const std::string& f : lessons::facts_named(expr)) {
    const auto colon = f.find(':');
    return colon == std::string::npos ? "" : f.substr(0, colon);
  }
  return "";
}

// The kind of quantity an expression measures: its first fact's that has one.
std::string quantity_named(const std::string& expr) {
  for (const std::string& f : lessons::facts_named(expr)) {
    const auto colon = f.find(':');
    if (auto q = lessons::quantity_of(colon == std::string::npos ? f : f.substr(colon + 1))) return std::string(lessons::to_string(*q));
  }
  return "";
}

bool names_hidden(const FigureInput& in, const std::string& expr) {
  for (const std::string& f : lessons::facts_named(expr)) {
    const auto colon = f.find(':');
    const std::string config = colon == std::string::npos ? "" : f.substr(0, colon);
    const std::string fact = colon == std::string::npos ? f : f.substr(colon + 1);
    if (auto q = lessons::quantity_of(fact); q && in.hidden(*q, config)) return true;
  }
  return false;
}

// Thousands grouped with commas: 69,206,016 reads from the back row, 69206016 does not.
std::string grouped(std::string digits) {
  const std::size_t start = digits[0] == '-' ? 1 : 0;
  std::size_t end = digits.find('.');
  if (end == std::string::npos) end = digits.size();
  for (std::size_t at = end; at > start + 3; at -= 3) digits.insert(at - 3, ",");
  return digits;
}

std::string format_value(double v, const std::string& spec) {
  if (spec.empty()) return grouped(lessons::format_number(v));
  try {
    return grouped(fmt::format(fmt::runtime("{:" + spec + "}"), v));
  } catch (const fmt::format_error&) {
    return lessons::format_number(v);
  }
}

// A curve: the items are points left to right at equal steps, each labelled under
// the axis with its x and above the point with its value; a light grid at 0, half
// and the top. Concealed, the x labels stay and each value is a "?".
float draw_line_chart(const FigureInput& in, const lessons::BarChart& chart, const std::vector<Bar>& points, float y,
                      Pen& pen) {
  constexpr float kPlotHeight = 190, kValuePx = 18, kAxisPx = 20;
  const Box area = in.area;
  y += pen.paragraph({area.x, y, area.w, 0}, plain(chart.title), 21, colour::kInk, Role::Caption, Face::Bold) + 10;
  double top = 0;
  for (const auto& p : points)
    if (p.ok) top = std::max(top, p.value);
  top = top > 0 ? top * 1.1 : 1;
  const std::string top_text = format_value(top / 1.1, ".0f");
  // One gutter for every line chart, so that charts stacked on a slide put their x values under each other.
  const float left = area.x + std::max(text_width(top_text, kAxisPx), 64.0f) + 14, right = area.right() - 24;
  const Box plot{left, y + kValuePx + 8, right - left, kPlotHeight};
  // The grid: zero, half the largest value, the largest; labelled at the left.
  for (double f : {0.0, 0.5 / 1.1, 1.0 / 1.1}) {
    const float gy = plot.bottom() - static_cast<float>(f) * plot.h;
    pen.line(plot.x, gy, plot.right(), gy, f == 0 ? colour::kInk : colour::kGrid, f == 0 ? 2.0f : 1.0f);
    if (!points.empty() && !points.front().concealed)
      pen.right(plot.x - 8, gy - kAxisPx / 2, kAxisPx, format_value(top * f, ".0f"), kAxisPx, colour::kMuted, Role::Axis);
  }
  const float step = plot.w / static_cast<float>(points.size());
  float previous_x = 0, previous_y = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Bar& p = points[i];
    const float x = plot.x + step * (static_cast<float>(i) + 0.5f);
    pen.centred({x - step / 2, plot.bottom() + 6, step, kAxisPx + 4}, p.label, kAxisPx, colour::kInk, Role::Axis);
    if (p.concealed || !p.ok) {
      pen.centred({x - step / 2, plot.bottom() - plot.h / 2 - 12, step, 24}, p.concealed ? "?" : "no value", kValuePx,
                  colour::kMuted, Role::Bar, Face::Bold);
      continue;
    }
    const float py = plot.bottom() - static_cast<float>(p.value / top) * plot.h;
    if (i > 0 && points[i - 1].ok && !points[i - 1].concealed) {
      Element& seg = pen.line(previous_x, previous_y, x, py, colour::kAccent, 3, Role::Bar);
      seg.config = p.config, seg.quantity = p.quantity;
    }
    Element& dot = pen.rect({x - 5, py - 5, 10, 10}, colour::kAccent, Role::Bar, {}, 0, 5);
    dot.config = p.config, dot.quantity = p.quantity;
    Element& value = pen.centred({x - step / 2, py - kValuePx - 10, step, kValuePx + 2}, p.value_text, kValuePx, colour::kInk,
                                 Role::Bar, Face::Bold);
    value.config = p.config, value.quantity = p.quantity;
    previous_x = x, previous_y = py;
  }
  y = plot.bottom() + 6 + kAxisPx + 6;
  y += pen.paragraph({plot.x, y, plot.w, 0}, plain(chart.axis), 18, colour::kMuted, Role::Caption) + 6;
  return y + 10;
}

float draw_chart(const FigureInput& in, const lessons::BarChart& chart, float y, Pen& pen) {
  std::vector<Bar> bars;
  std::set<std::string> configs;
  bool chart_concealed = false;
  for (const auto& item : chart.items) {
    configs.insert(config_of(item.value));
    chart_concealed = chart_concealed || names_hidden(in, item.value);
  }
  for (const auto& item : chart.items) {
    Bar b;
    b.label = plain(item.label);
    // One item concealed conceals the chart: a bar left standing would be read
    // against the scale of the bars withheld.
    b.concealed = chart_concealed;
    b.config = config_of(item.value);
    b.quantity = quantity_named(item.value);
    if (b.concealed) {
      // The kernels' code side by side where the items are different kernels; a "?" where they are one.
      if (lessons::FactTable* t = in.resolved.facts.config(config_of(item.value)); t && configs.size() > 1)
        b.code = site_source_line(t->state());
    } else if (auto v = lessons::evaluate(item.value, in.resolved.facts); v.has_value()) {
      b.value = v.value();
      b.ok = std::isfinite(b.value);
      b.value_text = b.ok ? format_value(b.value, item.format) : "no value";
    } else {
      b.value_text = "no value";
    }
    bars.push_back(std::move(b));
  }
  // Kernels whose accesses are spelled alike differ in their tile's declaration
  // (tile[T][T] against tile[T][T + 1]): that line is the one to compare.
  std::set<std::string> codes;
  int coded = 0;
  for (const auto& b : bars)
    if (!b.code.empty()) codes.insert(b.code), ++coded;
  if (static_cast<int>(codes.size()) < coded)
    for (std::size_t i = 0; i < bars.size(); ++i)
      if (!bars[i].code.empty())
        if (lessons::FactTable* t = in.resolved.facts.config(config_of(chart.items[i].value)))
          if (std::string decl = shared_declaration(t->state()); !decl.empty()) bars[i].code = decl;
  if (chart.line) return draw_line_chart(in, chart, bars, y, pen);
  const Box area = in.area;
  y += pen.paragraph({area.x, y, area.w, 0}, plain(chart.title), 21, colour::kInk, Role::Caption, Face::Bold) + 8;
  float label_w = 0;
  for (const auto& b : bars) label_w = std::max(label_w, text_width(b.label, 20));
  label_w = std::min(label_w + 16, area.w * 0.4f);
  double max_value = 0;
  for (const auto& b : bars)
    if (b.ok) max_value = std::max(max_value, std::fabs(b.value));
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const Bar& b = bars[i];
    // The label wraps into two lines where it must; the row grows with it.
    const auto label_lines = wrap_text(b.label, 20, label_w - 12);
    const float row_h = std::max(kBarHeight, 23.0f * static_cast<float>(label_lines.size()) + 4);
    const Box row{area.x, y, area.w, row_h};
    float ly = row.y + (row.h - 23.0f * static_cast<float>(label_lines.size())) / 2;
    for (const auto& l : label_lines) {
      pen.text(row.x, ly, l, 20, colour::kInk, Role::Axis);
      ly += 23;
    }
    const float x0 = row.x + label_w, w = row.w - label_w;
    if (b.concealed) {
      const std::string code = b.code.empty() ? "?" : b.code;
      const Face face = b.code.empty() ? Face::Bold : Face::Mono;
      float px = 20;
      while (px > kMinGlyphPx && text_width(code, px, face) > w - 16) px -= 1;
      pen.rect({x0, row.y + 2, w, row.h - 4}, colour::kCell, Role::Code, colour::kGrid, 1, 4);
      pen.text(x0 + 8, row.y + (row.h - px) / 2, code, px, colour::kInk, Role::Code, face);
    } else {
      const float value_w = text_width(b.value_text, 20, Face::Bold) + 12;
      const float len = b.ok && max_value > 0 ? static_cast<float>(std::fabs(b.value) / max_value) * (w - value_w) : 0;
      const Colour fill = colour::kAccent;
      if (len > 0) {
        Element& bar = pen.rect({x0, row.y + 4, std::max(len, 2.0f), row.h - 8}, fill, Role::Bar, {}, 0, 3);
        bar.config = b.config, bar.quantity = b.quantity;
      }
      Element& value = pen.text(x0 + len + 8, row.y + (row.h - 20) / 2, b.value_text, 20, colour::kInk, Role::Bar, Face::Bold);
      value.config = b.config, value.quantity = b.quantity;
    }
    y += row_h + kBarGap;
  }
  return y + 14;
}

}  // namespace

float draw_bars_figure(const FigureInput& in, Pen& pen) {
  std::vector<lessons::BarChart> charts = in.step.bars;
  // A "which" question without charts of its own: its options are the bars.
  if (charts.empty() && in.step.question && in.step.question->kind == lessons::Question::Kind::Which) {
    lessons::BarChart c;
    c.title = in.step.question->prompt;
    for (const auto& o : in.step.question->options) c.items.push_back({o.label, o.value, ".3f"});
    charts.push_back(std::move(c));
  }
  if (charts.empty()) return draw_code_figure(in, pen);
  float y = in.area.y;
  for (const auto& c : charts) y = draw_chart(in, c, y, pen);
  return y - in.area.y;
}

}  // namespace ws::slides
