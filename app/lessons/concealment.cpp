#include "lessons/concealment.hpp"

#include <array>
#include <cctype>

namespace ws::lessons {
namespace {

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// The last dotted part of a fact ("whole.site.tile_load.wavefronts" -> "wavefronts").
std::string_view leaf(std::string_view fact) {
  const auto dot = fact.rfind('.');
  return dot == std::string_view::npos ? fact : fact.substr(dot + 1);
}

std::optional<Quantity> instruction_quantity(std::string_view name) {
  static constexpr std::array<std::string_view, 12> shared = {
      "wavefronts", "ideal",   "conflicts",     "way",          "groups",   "group_lanes",
      "shared_words", "sharing_lanes", "banks_touched", "sharers", "wavefront", "ideal_wavefronts"};
  static constexpr std::array<std::string_view, 9> global = {
      "requests", "sectors", "lines", "bytes_moved", "efficiency_pct", "wasted_pct", "sectors_per_request",
      "bytes_requested", "bank_conflicts"};
  for (std::string_view s : shared)
    if (name == s) return Quantity::SharedCost;
  for (std::string_view g : global)
    if (name == g) return g == "bank_conflicts" ? Quantity::SharedCost : Quantity::GlobalCost;
  if (name == "active_lanes") return Quantity::Lanes;
  return std::nullopt;
}

}  // namespace

std::string_view to_string(Quantity q) {
  switch (q) {
    case Quantity::SharedCost: return "shared-cost";
    case Quantity::GlobalCost: return "global-cost";
    case Quantity::Lanes: return "lanes";
    case Quantity::Launch: return "launch";
    case Quantity::Occupancy: return "occupancy";
    case Quantity::SharedBytes: return "shared-bytes";
    case Quantity::WholeKernel: return "whole-kernel";
    case Quantity::Time: return "time";
    case Quantity::Runs: return "runs";
  }
  return "?";
}

std::optional<Quantity> quantity_of(std::string_view fact) {
  if (starts_with(fact, "measured.") || starts_with(fact, "predicted.")) return Quantity::Time;
  if (fact == "whole.shared_bytes_per_block") return Quantity::SharedBytes;
  if (fact == "whole.blocks_per_sm") return Quantity::Occupancy;
  if (starts_with(fact, "whole.")) return Quantity::WholeKernel;
  if (starts_with(fact, "at.")) {
    if (leaf(fact) == "runs") return Quantity::Runs;
    return instruction_quantity(leaf(fact));
  }
  if (starts_with(fact, "lane.")) return leaf(fact) == "wavefront" || leaf(fact) == "sharers"
                                             ? std::optional(Quantity::SharedCost)
                                             : std::nullopt;
  static constexpr std::array<std::string_view, 4> launch = {"blocks", "grid_x", "grid_y", "warps_per_block"};
  for (std::string_view l : launch)
    if (fact == l) return Quantity::Launch;
  return instruction_quantity(fact);
}

bool Concealment::hides(Quantity q, const std::string& config) const {
  const auto it = hidden_.find(config);
  return it != hidden_.end() && it->second.count(q) > 0;
}

bool Concealment::hides_any(const std::string& config) const {
  const auto it = hidden_.find(config);
  return it != hidden_.end() && !it->second.empty();
}

std::set<std::string> facts_named(const std::string& expr) {
  // The expression grammar of lesson_facts.cpp: identifiers of letters, digits,
  // '_', '.' and ':' that do not start with a digit or '.'; min, max and gcd are functions.
  std::set<std::string> out;
  auto ident_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == ':'; };
  std::size_t i = 0;
  while (i < expr.size()) {
    const char c = expr[i];
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
      while (i < expr.size() && (std::isdigit(static_cast<unsigned char>(expr[i])) || expr[i] == '.')) ++i;
      continue;
    }
    if (!ident_char(c)) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < expr.size() && ident_char(expr[i])) ++i;
    std::string name = expr.substr(start, i - start);
    if (name != "min" && name != "max" && name != "gcd" && name != "round") out.insert(std::move(name));
  }
  return out;
}

Concealment concealment_of(const Question& q) {
  Concealment c;
  auto add = [&](const std::string& expr) {
    for (const std::string& fact : facts_named(expr)) {
      const auto colon = fact.find(':');
      const std::string config = colon == std::string::npos ? "" : fact.substr(0, colon);
      const std::string name = colon == std::string::npos ? fact : fact.substr(colon + 1);
      if (auto quantity = quantity_of(name)) c.hide(config, *quantity);
    }
  };
  if (q.kind == Question::Kind::Number) add(q.answer);
  for (const Option& o : q.options) add(o.value);
  for (const std::string& fact : q.conceals) add(fact);
  // What follows from a hidden quantity is hidden with it: a cost shows in the
  // kernel's times (stride 2 against stride 1 measures 1.93x: the 2-way
  // conflict) and in its whole-kernel counters (32.00 wavefronts per
  // instruction); how often a site runs shows in those counters too.
  for (const auto& [config, hidden] : std::map(c.all())) {
    if (hidden.count(Quantity::SharedCost) || hidden.count(Quantity::GlobalCost) || hidden.count(Quantity::Lanes)) {
      c.hide(config, Quantity::Time);
      c.hide(config, Quantity::WholeKernel);
    }
    if (hidden.count(Quantity::Runs)) c.hide(config, Quantity::WholeKernel);
    // Blocks per SM follow from the bytes a block needs.
    if (hidden.count(Quantity::SharedBytes)) c.hide(config, Quantity::Occupancy);
  }
  return c;
}

}  // namespace ws::lessons
