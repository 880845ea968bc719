// The figure builders behind build_slide(): each draws one kind of figure into
// the area the slide leaves it. Internal to app/slides.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "lessons/lesson.hpp"
#include "lessons/lesson_facts.hpp"
#include "slides/pen.hpp"
#include "slides/slide_builder.hpp"

namespace ws::slides {

struct FigureInput {
  const lessons::Step& step;
  lessons::ResolvedStep& resolved;
  const SlideState& state;
  Box area;
  // A quantity of a configuration ("" = the step's own) is withheld until the reveal.
  bool hidden(lessons::Quantity q, const std::string& config = "") const {
    return !state.revealed && resolved.conceal.hides(q, config);
  }
};

// A figure draws itself into in.area and returns the height it used.
float draw_bank_figure(const FigureInput& in, Pen& pen);
float draw_sector_figure(const FigureInput& in, Pen& pen);
float draw_bars_figure(const FigureInput& in, Pen& pen);
float draw_threads_figure(const FigureInput& in, Pen& pen);
float draw_blocks_figure(const FigureInput& in, Pen& pen);
float draw_array_figure(const FigureInput& in, Pen& pen);
float draw_code_figure(const FigureInput& in, Pen& pen);

// The source line of the access site of a state, trimmed ("tile[threadIdx.x][threadIdx.y + j]"),
// or empty when the kernel's source is not found.
std::string site_source_line(const lessons::PreparedState& s);
// The __shared__ declaration of the kernel body that holds the access; empty where it has none.
std::string shared_declaration(const lessons::PreparedState& s);

// One line of the kernel's source at the top of a figure: the access's
// statement, the access itself outlined. Returns the height used (kCodeStripHeight, or 0).
float draw_code_strip(const lessons::PreparedState& s, Box area, Pen& pen);
inline constexpr float kCodeStripHeight = 32;

// What a question gives each lane before its reveal (a word, a byte offset):
// the lanes in rows of `per_row` chips, each with its value under it, the
// rows labelled "lane" and `value_name`. value(lane) is empty for an inactive
// lane. Returns the height used.
struct LaneTable {
  int lanes = 32, per_row = 16;
  float row_h = 20, lane_px = 20, max_cell_w = 64;
  std::string value_name;
  std::function<std::optional<std::string>(int lane)> value;
  std::string inactive = "-";
};
float draw_lane_table(const LaneTable& t, Box area, Pen& pen);

// Sizes every figure shares.
inline constexpr float kCaptionPx = 18;
inline constexpr float kLabelPx = 18;  // as large as body text: read from the back row (review 4)

}  // namespace ws::slides
