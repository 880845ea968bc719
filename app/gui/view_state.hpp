// What is on screen as one short string, `key=value&key=value`: the URL
// fragment of the web build (a teacher's link on a slide, a student's "this is
// where I am stuck") and `warpscope --open STATE` / `screenshot --open STATE`.
//
//   lesson=padding&step=3&reveal=1&present=1
//   kernel=transpose_padded&tile=16&block=1,0&warp=2&instr=5
//   layout=(c%20%2B%202*r)%20%25%20T
//
// API for a main loop (native or web), stable:
//   encode_view_state(state, bench.lessons())   each frame: the string for what is shown now
//   apply_view_state(text, state, bench.lessons())  on hashchange / --open: nullopt, or the error
// A leading '#' is accepted, so location.hash can be passed as it is. The
// string is the same wherever it is made: only keys whose value differs from
// the default are written, in a fixed order (docs/view-state.md), values
// percent-encoded (only A-Z a-z 0-9 - . _ ~ ( ) * , / : @ ! stay as they are).
//
// The defaults a key is compared with: the open lesson step's state (its
// kernel, parameters, preset, block, warp, instruction), else the window's
// opening kernel with its default parameters, sm90, block 0,0, warp 0 and the
// kernel's most telling instruction (telling_instruction.hpp). Parameters are
// compared with the step's when the kernel is the step's, else with the
// kernel's defaults.
//
// Bad input applies nothing: the whole string is parsed and checked against the
// catalog, the lessons and the launch (block, warp and instruction in range)
// before the window changes, and the error names the key and value at fault
// ("warp: 9 is outside the block's 8 warps (0 .. 7)"). A key missing from the
// string takes its default, so applying a string gives the same window whatever
// was shown before.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ws/result.hpp"

namespace ws::gui {

class AppState;
class LessonPlayer;

// The string's content, read but not yet checked against the catalog or the
// lessons. Empty strings and unset optionals are keys not given (the default).
struct ViewState {
  std::string deck;     // NAME or FILE (lessons/deck.hpp); empty: the default deck
  std::string lesson;   // a lesson id; empty: none
  int step = 1;         // with lesson: from 1, as --step
  bool reveal = false;  // with lesson: the step's answer shown
  bool present = false;
  std::string kernel;  // a catalog kernel (a variant's base while layout or pattern is set)
  std::vector<std::pair<std::string, int>> params;  // param_specs() key -> value, in that table's order
  std::string arch;                                 // a preset name
  std::optional<std::pair<int, int>> block;
  std::optional<int> warp;
  std::optional<int> instruction;  // index into the warp's instructions, from 0 as the stepper shows
  std::string layout;              // a student's tile layout in r, c, T (Your variant)
  std::string pattern;             // a student's access pattern in lane, i (Your variant)
  std::string variant_swizzle;     // the variant's swizzle preset (kernels::kVariantSwizzles)
  // An own lane expression shown instead of the kernel's instruction (the pattern editor).
  std::string expr;
  std::string expr_space;         // shared (default) or global
  std::string expr_op;            // load (default) or store
  std::optional<int> expr_bytes;  // 4 by default
  std::string expr_mask;          // 0xffffffff by default
  bool operator==(const ViewState&) const = default;
};

// Text -> ViewState: splits on '&' and the first '=', percent-decodes, checks
// key names, numbers, flags and duplicates. Needs no window and no data files.
Result<ViewState> parse_view_state(std::string_view text);
// ViewState -> text, keys in the fixed order; parse_view_state(format(v)) == v.
std::string format_view_state(const ViewState& v);

std::string percent_encode(std::string_view value);
Result<std::string> percent_decode(std::string_view value);  // "%zz" and a lone '%' are errors

// The window's state as a ViewState (only what differs from the defaults) and as text.
ViewState capture_view_state(const AppState& state, const LessonPlayer& lessons);
std::string encode_view_state(const AppState& state, const LessonPlayer& lessons);

// Checks `v` completely, then puts the window in it (deck, lesson and step,
// presenter mode, kernel, parameters, preset, variant, block, warp,
// instruction, own expression). Returns the error, naming the key, with the
// window unchanged; nullopt when applied.
// On failure the message is also left in state.view.state_error, which the
// status bar shows until a string applies (the window keeps running).
std::optional<std::string> apply_view_state(const ViewState& v, AppState& state, LessonPlayer& lessons);
std::optional<std::string> apply_view_state(std::string_view text, AppState& state, LessonPlayer& lessons);

// The checks of apply_view_state alone, before a window exists (`warpscope --open`).
std::optional<std::string> check_view_state(std::string_view text, const LessonPlayer& lessons);

}  // namespace ws::gui
