// Figures for slides, without a window: the bank map, the shared array and the
// sector map of one warp instruction as SVG (vector; text stays text) or CSV
// (one row per lane word). The layouts are the window's own (bank_map_layout,
// sector_map_layout), so a slide shows what the window shows. PNG is the
// window's presenter figure (`warpscope export --format png`, session.hpp).
// Columns and elements are documented in docs/export.md.
#pragma once

#include <string>
#include <string_view>

#include "lessons/concealment.hpp"
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

// A slide of kFigureWidth x kFigureHeight (16:9): a short title, the headline,
// the figure with labelled axes ("bank" and "wavefront"; "sector" and the
// lines named by the array elements they hold, "out[5][0..31]"), a legend; no
// text below kMinTextPx. `hide`: a lesson question's concealment: the cost
// stays off the slide as it does in the window (figure_text.hpp).
inline constexpr float kFigureWidth = 1280, kFigureHeight = 720, kMinTextPx = 16;
std::string bank_map_svg(const Figure& f, const lessons::Concealment& hide = {});
// Two shared accesses one above the other at one scale, as the window draws a
// step's "beside" configuration: `beside_config` is that configuration's name
// (its concealment key); each map is captioned by what tells them apart (the
// arrays' declarations, tile[32][32] and tile[32][33], else the kernels).
std::string bank_maps_svg(const Figure& own, const Figure& beside, const std::string& beside_config,
                          const lessons::Concealment& hide = {});
std::string shared_array_svg(const Figure& f, const lessons::Concealment& hide = {});
std::string sector_map_svg(const Figure& f, const lessons::Concealment& hide = {});

// Bank map and shared array: lane,thread_x,thread_y,address,bank,word,wavefront,sharers,row,col
//   (row, col: the element of the __shared__ array that word holds; -1 when none).
// Sector map: lane,thread_x,thread_y,address,bytes,first_sector,last_sector,line
inline constexpr const char* kSharedCsvHeader = "lane,thread_x,thread_y,address,bank,word,wavefront,sharers,row,col";
inline constexpr const char* kGlobalCsvHeader = "lane,thread_x,thread_y,address,bytes,first_sector,last_sector,line";
std::string shared_csv(const Figure& f);
std::string global_csv(const Figure& f);

// Text for XML and HTML: & < > " as entities.
std::string escaped(std::string_view s);

}  // namespace ws::exporting
