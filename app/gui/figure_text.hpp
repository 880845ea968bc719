// Every string a figure draws, from the state alone (no window): the panels
// draw exactly these strings, and `warpscope lessons --text` and the handout
// print them, so what a slide says and what it draws cannot drift apart.
//
// Concealment (lessons/concealment.hpp) is applied here, per configuration:
// the step's own figure is hidden under "", the figure beside it under
// view.beside_name. A concealed cost becomes the question ("? wavefronts",
// "? sectors", "?" in a table); the access itself (lanes, banks, addresses)
// stays, because it is what the class reasons from.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gui/app_state.hpp"
#include "lessons/lesson.hpp"

namespace ws::gui {

// One access as a figure shows it: the step's own instruction or the beside
// configuration's, with the trace that names its arrays and threads.
struct FigureAccess {
  std::string config;  // concealment key: "" for the step's own state, else the beside configuration's name
  std::string title;   // above the figure when two stand side by side ("tile[32][33]"); empty when alone
  const CurrentInstruction* instruction = nullptr;
  const WarpTrace* trace = nullptr;
  const ArrayInfo* array() const;  // the array the instruction's site reads or writes, or null
};

// The figures the current state draws: the step's own, then the beside one
// when view.beside is set and could be prepared (else `beside_error` says why).
// The lanes of the warp that take no part in the access (drawn grey, "inactive lanes").
inline constexpr const char* kInactiveLabel = "inactive";
std::vector<int> inactive_lanes(const FigureAccess& f);

struct FigureAccesses {
  std::vector<FigureAccess> figures;
  std::string beside_error;
  std::shared_ptr<const void> keep;  // holds the beside configuration's trace while the figures are used
};
FigureAccesses figure_accesses(const AppState& state);

// Bank map (shared instruction).
inline constexpr const char* kBankAxis = "bank";
inline constexpr const char* kRequestRowLabel = "W?";  // the one row of requests while the cost is concealed
const char* shared_mnemonic(const WarpAccess& a);       // "LDS.128", "STS", "LDSM"
std::string bank_row_label(int wavefront);              // "W3"
std::string badge_label(int lanes);                     // "x32": lanes sharing one word
std::string lane_list(const std::vector<int>& lanes);   // "0-31", "0, 4, ..., 28", "1, 5, 6"

struct BankMapText {
  std::string title;
  std::string headline;       // "2-way conflict: 2 wavefronts, ideal 1"; concealed "LDS (4-byte load), 32 lanes: ? wavefronts"
  bool headline_good = false; // drawn in the good colour (never while concealed)
  std::string summary;        // "LDS (4-byte load), 32 active lanes; ..."
  std::vector<std::string> bank_labels;
  std::vector<std::string> row_labels;
  std::vector<std::string> badges;
  // Which lanes each badge stands for ("x32 in bank 0: lanes 0-31"): a
  // shared word is drawn as one chip, the others are named here.
  std::vector<std::string> sharing;
  std::string inactive;       // kInactiveLabel when the warp has lanes that take no part
  bool cost_hidden = false;   // the map draws the requests in one row
  bool lanes_hidden = false;  // the active-lane count is "?"
};
BankMapText bank_map_text(const FigureAccess& f, const lessons::Concealment& k);

// Sector map (global instruction).
struct SectorMapText {
  std::string title;
  std::string headline;  // "1 request, 32 sectors: ..."; concealed "LDG (4-byte load), 32 lanes: ? sectors"
  bool headline_good = false;
  std::string summary;
  std::vector<std::string> sector_labels;  // "sector 0 (bytes 0-31)" x 4; one "bytes 0-127 ..." while concealed
  std::vector<std::string> row_labels;     // the elements of each line ("in[5][0..31]")
  std::string inactive;                    // kInactiveLabel when the warp has lanes that take no part
  // Lanes that read or write the same address lie on top of each other in the
  // map: named here ("lanes i and i + 16 read the same address: lanes 0-15 lie under 16-31").
  std::string sharing;
  bool cost_hidden = false;
};
SectorMapText sector_map_text(const FigureAccess& f, const lessons::Concealment& k);

// Shared array view: the array's declaration, its padding, what a row of cells is
// (the lines the panel draws above the grid, in order).
std::vector<std::string> shared_array_strings(const FigureAccess& f, const ArchPreset& arch);

// The grid of blocks: the block shown and the grid's size; for each global
// array its name and size, then what the block reads and writes of it.
std::string blocks_headline(const AppState& state);
struct ArrayFootprint;
std::string footprint_title(const ArrayFootprint& a);  // "in (8192 x 8192)"
std::string footprint_what(const ArrayFootprint& a);   // "reads [0..31][0..31]"
std::vector<std::string> blocks_strings(const AppState& state);

// Whole kernel: the launch and occupancy lines, table headers and cells.
struct WholeKernelText {
  std::string launch;     // "64 x 64 blocks of 256 threads; 4352 B shared per block"
  std::string occupancy;  // "Occupancy on sm90: 8 blocks per SM (limit: ...)"
  std::string prediction; // "Predicted on H100: ..." or why none
  std::string caption;
  std::vector<std::string> totals_header, sites_header;
  std::vector<std::vector<std::string>> totals, sites;  // rows of cells
  std::string ncu_note;
  std::string status;     // while simulating or failed; the rest empty then
  bool counters_hidden = false;
};
WholeKernelText whole_kernel_text(const AppState& state);

// Timings: the current kernel's measured and predicted times and its pairs.
struct TimingsLine {
  enum class Kind : std::uint8_t { Plain, Muted, PairLabel, PairFigures } kind = Kind::Plain;
  std::string text;
  int pair = -1;      // PairFigures: index into pair_views(), whose bars follow (none while concealed)
  bool good = true;   // PairFigures: the prediction within 15% of the measurement
};
struct TimingsText {
  std::string source;  // where the times come from ("recorded 2026-11-26 on H100 ...")
  std::string kernel;  // "transpose_shared, 8192 x 8192, tile 32"
  std::vector<TimingsLine> lines;  // measured, predicted, the model's sentence, the pairs' speedups
  bool hidden = false;             // times concealed: "?" and no bars
};
TimingsText timings_text(const AppState& state);

// Every string the figure of `view` draws in this state, both figures when a
// beside configuration is set. Headline first, then summary, labels, badges.
std::vector<std::string> figure_strings(const AppState& state, lessons::View view);

}  // namespace ws::gui
