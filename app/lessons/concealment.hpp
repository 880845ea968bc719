// What a question step keeps off the slide until its reveal. A question's
// answer is an expression over facts ("wavefronts", "pad:wavefronts",
// "measured.h100.median_ms / padded:measured.h100.median_ms"); every fact it
// names, and every fact a lesson lists under "conceals", puts its kind of
// quantity out of sight for the configuration it belongs to ("" is the step's
// own state, else a compare configuration's name). Until the reveal:
//   - the step text shows "?" for each placeholder over a concealed kind;
//   - the figures draw the access without its cost (the bank map: the lanes
//     at their banks, all in one row; the sector map: the addresses without
//     the sectors; the timings and whole-kernel tables: "?" for the figures).
// The reveal lifts it, and the figure changes with it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "lessons/lesson.hpp"

namespace ws::lessons {

// The kinds of quantity an answer can be. A fact belongs to exactly one.
enum class Quantity : std::uint8_t {
  SharedCost,   // wavefronts, way, conflicts, ideal, groups, group_lanes, banks_touched, sharers, lane.N.wavefront
  GlobalCost,   // requests, sectors, lines, bytes_moved, efficiency_pct, wasted_pct, sectors_per_request
  Lanes,        // active_lanes
  Launch,       // blocks, grid_x, grid_y, warps_per_block (a block's own shape is given, never the answer)
  Occupancy,    // whole.blocks_per_sm: how many blocks an SM holds
  SharedBytes,  // whole.shared_bytes_per_block
  WholeKernel,  // whole.<site>.<counter> and the other whole-kernel counters
  Time,         // measured.*, predicted.* (times, speedups, the bound)
  Runs,         // at.<site>.runs: how often a site executes (phases)
};
std::string_view to_string(Quantity q);

// The quantity a fact (without its "config:" prefix) is; none for facts that
// are inputs, not costs (param.*, bytes, banks, lane.N.bank, lane.N.address).
std::optional<Quantity> quantity_of(std::string_view fact);

class Concealment {
 public:
  // config: "" for the step's own state, else a compare configuration's name.
  void hide(const std::string& config, Quantity q) { hidden_[config].insert(q); }
  bool hides(Quantity q, const std::string& config = "") const;
  bool hides_any(const std::string& config = "") const;
  bool empty() const { return hidden_.empty(); }
  // Every (config, quantity) pair, for messages and tests.
  const std::map<std::string, std::set<Quantity>>& all() const { return hidden_; }

 private:
  std::map<std::string, std::set<Quantity>> hidden_;
};

// What the question of a step conceals before its reveal: the quantities of the
// facts its answer (or its options' values) and its "conceals" list name, and
// what follows from them (a hidden cost hides the times and whole-kernel
// counters of its configuration; hidden runs, the whole-kernel counters).
Concealment concealment_of(const Question& q);

// The facts an expression names, each as written ("pad:wavefronts").
std::set<std::string> facts_named(const std::string& expr);

}  // namespace ws::lessons
