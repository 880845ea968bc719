// Figures for slides, without a window: the bank map, the shared array and the
// sector map of one warp instruction as SVG (vector; text stays text) or CSV
// (one row per lane word). The layouts are the window's own (bank_map_layout,
// sector_map_layout), so a slide shows what the window shows. PNG is the
// window's presenter figure (`warpscope export --format png`, session.hpp).
// Columns and elements are documented in docs/export.md.
#pragma once

#include <string>

#include "lessons/lesson_facts.hpp"

namespace ws::exporting {

enum class FigureView : std::uint8_t { BankMap, SharedArray, SectorMap };
enum class FigureFormat : std::uint8_t { Svg, Png, Csv };

// The instruction of a prepared state (lessons::prepare), analysed for its preset.
struct Figure {
  const lessons::PreparedState* state = nullptr;
  WarpAccess access;
  std::string site;  // the site's name
  SharedResult shared;
  GlobalResult global;
};
// Error when the view does not fit the instruction (a bank map of a global load).
Result<Figure> figure_of(const lessons::PreparedState& s, FigureView view);

std::string bank_map_svg(const Figure& f);
std::string shared_array_svg(const Figure& f);
std::string sector_map_svg(const Figure& f);

// Bank map and shared array: lane,thread_x,thread_y,address,bank,word,wavefront,sharers,row,col
//   (row, col: the element of the __shared__ array that word holds; -1 when none).
// Sector map: lane,thread_x,thread_y,address,bytes,first_sector,last_sector,line
inline constexpr const char* kSharedCsvHeader = "lane,thread_x,thread_y,address,bank,word,wavefront,sharers,row,col";
inline constexpr const char* kGlobalCsvHeader = "lane,thread_x,thread_y,address,bytes,first_sector,last_sector,line";
std::string shared_csv(const Figure& f);
std::string global_csv(const Figure& f);

}  // namespace ws::exporting
