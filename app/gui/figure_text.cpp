// The figures' strings (figure_text.hpp). The beside configuration is traced
// once per distinct state and kept: panels ask for it every frame.
#include "gui/figure_text.hpp"

#include "gui/block_threads_panel.hpp"

#include <algorithm>
#include <exception>
#include <cmath>
#include <map>
#include <mutex>

#include <fmt/format.h>

#include "gui/bank_map_layout.hpp"
#include "gui/block_footprint.hpp"
#include "gui/bank_map_panel.hpp"
#include "gui/comparison_view.hpp"
#include "gui/global_memory_panel.hpp"
#include "gui/whole_kernel_panel.hpp"
#include "gui/sector_map_layout.hpp"
#include "lessons/lesson_facts.hpp"
#include "ws/kernels/catalog.hpp"
#include "ws/kernels/lesson_pairs.hpp"
#include "ws/kernels/prediction.hpp"
#include "ws/validate.hpp"

namespace ws::gui {
namespace {

using lessons::Quantity;

std::string plural(long long n, std::string_view word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

// The beside configuration made into an instruction, as the window makes its own.
struct PreparedFigure {
  std::string error;
  WarpTrace trace;
  CurrentInstruction instruction;
  std::string kernel_name, params_label;
};

std::string state_key(const lessons::StepState& s) {
  std::string params;  // every parameter, from the one table: a new one (offset_read's --offset) is part of the key
  for (const kernels::ParamSpec& spec : kernels::param_specs()) params += fmt::format("{},", s.params.*spec.field);
  return fmt::format("{}|{}|{}|{},{}|{}|{}|{}", s.kernel, s.arch, params, s.block.x, s.block.y, s.warp, s.site,
                     s.occurrence);
}

std::shared_ptr<const PreparedFigure> prepare_figure(const lessons::StepState& s) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const PreparedFigure>> cache;
  const std::string key = state_key(s);
  {
    std::lock_guard lock(mutex);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
  }
  auto f = std::make_shared<PreparedFigure>();
  auto prepared = lessons::prepare(s);
  if (!prepared) {
    f->error = prepared.error().message;
  } else {
    f->trace = std::move(prepared->trace);
    f->kernel_name = std::string(prepared->kernel->name);
    f->params_label = kernels::params_label(*prepared->kernel, prepared->params);
    CurrentInstruction& c = f->instruction;
    c.warp_lanes = prepared->arch->warp_lanes;
    if (f->trace.instructions.empty()) {
      c.error = "This warp executes no memory instruction.";
    } else {
      const TracedInstruction& ti = f->trace.instructions[prepared->instruction];
      c.site = ti.site;
      c.access = ti.access;
      if (auto bad = validate_access(c.access, *prepared->arch)) {
        c.error = fmt::format("The {} preset cannot serve this access: {}", prepared->arch->name, *bad);
      } else if (c.access.space == Space::Shared) {
        analyze_shared(c.access, *prepared->arch, c.shared);
        c.valid = true;
      } else {
        analyze_global(c.access, c.warp_lanes, c.global);
        c.valid = true;
      }
    }
    f->error = c.error;
  }
  std::lock_guard lock(mutex);
  if (cache.size() > 64) cache.clear();  // a long class: keep the cache small
  return cache.emplace(key, std::move(f)).first->second;
}

// What names a figure: the array as declared ("tile[32][33]"), else the site,
// the kernel, its parameters, the block and warp: the first that tells the two apart.
std::vector<std::string> title_candidates(const FigureAccess& f, std::string_view kernel, std::string_view params,
                                          Dim3 block, int warp) {
  std::vector<std::string> out;
  if (const ArrayInfo* a = f.array()) out.push_back(fmt::format("{}[{}][{}]", a->name, a->rows, a->pitch));
  if (f.instruction->site >= 0 && f.trace) out.push_back(f.trace->sites[f.instruction->site].name);
  out.emplace_back(kernel);
  out.emplace_back(params);
  out.push_back(fmt::format("block ({}, {}), warp {}", block.x, block.y, warp));
  return out;
}


std::string access_words(const WarpAccess& a) {
  return fmt::format("{}-byte {}", int(a.bytes), a.op == Op::Load ? "load" : "store");
}

std::string lane_count(int lanes, bool hidden, std::string_view word = "lane") {
  return hidden ? fmt::format("? {}s", word) : plural(lanes, word);
}

}  // namespace

const char* shared_mnemonic(const WarpAccess& a) {
  if (a.ldmatrix != Ldmatrix::None) return "LDSM";
  const bool ld = a.op == Op::Load;
  switch (a.bytes) {
    case 8: return ld ? "LDS.64" : "STS.64";
    case 16: return ld ? "LDS.128" : "STS.128";
    case 1: return ld ? "LDS.U8" : "STS.U8";
    case 2: return ld ? "LDS.U16" : "STS.U16";
    default: return ld ? "LDS" : "STS";
  }
}

const ArrayInfo* FigureAccess::array() const {
  if (!instruction || !trace || instruction->site < 0 || instruction->site >= static_cast<int>(trace->sites.size()))
    return nullptr;
  const int idx = trace->sites[instruction->site].array;
  return idx >= 0 && idx < static_cast<int>(trace->arrays.size()) ? &trace->arrays[idx] : nullptr;
}

std::vector<int> inactive_lanes(const FigureAccess& f) {
  std::vector<int> out;
  const CurrentInstruction& c = *f.instruction;
  // A partial last warp's missing lanes are no lanes at all: only those the trace has.
  const int lanes = std::min(c.warp_lanes, f.trace && c.site >= 0 ? f.trace->lanes_in_warp : c.warp_lanes);
  for (int l = 0; l < std::min(lanes, kMaxWarpLanes); ++l)
    if (!c.access.active(l)) out.push_back(l);
  return out;
}

FigureAccesses figure_accesses(const AppState& state) {
  FigureAccesses out;
  FigureAccess own;
  own.instruction = &state.current;
  own.trace = &state.trace;
  out.figures.push_back(own);
  if (!state.view.beside) return out;
  const std::shared_ptr<const PreparedFigure> held = prepare_figure(*state.view.beside);
  out.keep = held;
  if (!held->error.empty()) {
    out.beside_error = fmt::format("{}: {}", state.view.beside_name, held->error);
    return out;
  }
  FigureAccess beside;
  beside.config = state.view.beside_name;
  beside.instruction = &held->instruction;
  beside.trace = &held->trace;
  // Each titled by the first name that differs between the two.
  const auto mine = title_candidates(out.figures[0], state.kernel().name,
                                     kernels::params_label(state.kernel(), state.params), state.block, state.warp);
  const auto theirs = title_candidates(beside, held->kernel_name, held->params_label, state.view.beside->block,
                                       state.view.beside->warp);
  // Both lists have the same kinds of name when both have an array; compare from the end otherwise.
  std::string a = mine.back(), b = theirs.back();
  for (std::size_t i = 0; i < std::min(mine.size(), theirs.size()); ++i) {
    const std::size_t im = mine.size() - std::min(mine.size(), theirs.size()) + i;
    const std::size_t it = theirs.size() - std::min(mine.size(), theirs.size()) + i;
    if (mine[im] != theirs[it]) {
      a = mine[im];
      b = theirs[it];
      break;
    }
  }
  // One kernel at two settings (stride 32 vs stride 33): the settings that differ say it best.
  if (state.kernel().name == held->kernel_name && !(state.params == state.view.beside->params)) {
    std::string mine_set, theirs_set;
    for (const kernels::ParamSpec& spec : kernels::param_specs()) {
      const int x = state.params.*spec.field, y = state.view.beside->params.*spec.field;
      if (x == y) continue;
      mine_set += fmt::format("{}{} {}", mine_set.empty() ? "" : ", ", spec.key, x);
      theirs_set += fmt::format("{}{} {}", theirs_set.empty() ? "" : ", ", spec.key, y);
    }
    a = mine_set;
    b = theirs_set;
  }
  out.figures[0].title = a;
  beside.title = b;
  out.figures.push_back(beside);
  return out;
}

std::string lane_list(const std::vector<int>& lanes) {
  // "0-31", "0, 4, ..., 28" (a stride), else every lane.
  if (lanes.size() < 3) return fmt::format("{}", fmt::join(lanes, ", "));
  const int step = lanes[1] - lanes[0];
  for (std::size_t i = 1; i < lanes.size(); ++i)
    if (lanes[i] - lanes[i - 1] != step) return fmt::format("{}", fmt::join(lanes, ", "));
  if (step == 1) return fmt::format("{}-{}", lanes.front(), lanes.back());
  return fmt::format("{}, {}, ..., {}", lanes[0], lanes[1], lanes.back());
}

std::string bank_row_label(int wavefront) { return fmt::format("W{}", wavefront); }
std::string badge_label(int lanes) { return fmt::format("x{}", lanes); }

BankMapText bank_map_text(const FigureAccess& f, const lessons::Concealment& k) {
  BankMapText t;
  t.title = f.title;
  const CurrentInstruction& c = *f.instruction;
  if (!c.valid || c.access.space != Space::Shared) return t;
  const SharedResult& r = c.shared;
  t.cost_hidden = k.hides(Quantity::SharedCost, f.config);
  t.lanes_hidden = k.hides(Quantity::Lanes, f.config);
  if (!inactive_lanes(f).empty()) t.inactive = kInactiveLabel;
  for (int b = 0; b < r.num_banks; ++b) t.bank_labels.push_back(std::to_string(b));
  if (t.cost_hidden) {
    // The question: the access without its cost.
    t.headline = fmt::format("{} ({}), {}: ? wavefronts", shared_mnemonic(c.access), access_words(c.access),
                             lane_count(r.active_lanes, t.lanes_hidden));
    t.summary = fmt::format("Each active lane at the bank of its word; how many wavefronts serve them?");
    t.row_labels.push_back(kRequestRowLabel);
    return t;
  }
  t.headline = conflict_headline(r);
  t.headline_good = r.wavefronts == r.ideal_wavefronts;
  t.summary = shared_instruction_summary(c.access, r);
  if (t.lanes_hidden) {
    const std::string counted = plural(r.active_lanes, "active lane");
    if (auto at = t.summary.find(counted); at != std::string::npos) t.summary.replace(at, counted.size(), "? active lanes");
  }
  for (int w = 0; w < r.wavefronts; ++w) t.row_labels.push_back(bank_row_label(w));
  const BankMapLayout L = layout_bank_map(r, BankMapMetrics{});
  for (const BankMapBadge& b : L.badges) {
    t.badges.push_back(badge_label(b.lanes));
    std::vector<int> lanes;
    for (int l = 0; l < r.warp_lanes; ++l)
      if (r.lanes[l].active && r.lanes[l].broadcast_leader == b.leader) lanes.push_back(l);
    t.sharing.push_back(fmt::format("{} in bank {}: lanes {}", badge_label(b.lanes), b.bank, lane_list(lanes)));
  }
  return t;
}

namespace {

// Lanes of one address, in lane order, for every address more than one lane uses.
std::string same_address_sentence(const WarpAccess& a, int warp_lanes) {
  std::map<std::uint64_t, std::vector<int>> by_address;
  for (int l = 0; l < warp_lanes; ++l)
    if (a.active(l)) by_address[a.address[l]].push_back(l);
  std::vector<std::vector<int>> groups;
  for (auto& [address, lanes] : by_address)
    if (lanes.size() > 1) groups.push_back(lanes);
  if (groups.empty()) return {};
  // One pattern for all: every address read by n lanes i, i + d, ...
  const std::size_t n = groups.front().size();
  const int d = groups.front()[1] - groups.front()[0];
  bool regular = true;
  for (const auto& g : groups)
    for (std::size_t i = 0; i < g.size() && regular; ++i) regular = g.size() == n && g[i] == g[0] + static_cast<int>(i) * d;
  const char* verb = a.op == Op::Load ? "read" : "write";
  if (regular && n == 2)
    return fmt::format("lanes i and i + {} {} the same address: each chip of lanes {}-{} lies on one of lanes {}-{}", d,
                       verb, groups.front()[1], groups.back()[1], groups.front()[0], groups.back()[0]);
  if (regular)
    return fmt::format("each of {} addresses is {} by {} lanes, i, i + {}, ...: the chip drawn is the last of them",
                       groups.size(), a.op == Op::Load ? "read" : "written", n, d);
  return fmt::format("{} addresses are {} by more than one lane: the chip drawn is the last of them", groups.size(),
                     a.op == Op::Load ? "read" : "written");
}

}  // namespace

SectorMapText sector_map_text(const FigureAccess& f, const lessons::Concealment& k) {
  SectorMapText t;
  t.title = f.title;
  if (f.instruction && f.instruction->valid && f.instruction->access.space == Space::Global)
    t.sharing = same_address_sentence(f.instruction->access, f.instruction->warp_lanes);
  const CurrentInstruction& c = *f.instruction;
  if (!c.valid || c.access.space != Space::Global) return t;
  const GlobalResult& g = c.global;
  t.cost_hidden = k.hides(Quantity::GlobalCost, f.config);
  const bool lanes_hidden = k.hides(Quantity::Lanes, f.config);
  if (!inactive_lanes(f).empty()) t.inactive = kInactiveLabel;
  const char* mnemonic = c.access.op == Op::Load ? "LDG" : "STG";
  const SectorMapLayout L = layout_sector_map(c.access, g, c.warp_lanes, SectorMapMetrics{});
  const ArrayInfo* array = f.array();
  for (const SectorMapRow& row : L.rows) t.row_labels.push_back(describe_line(row.line, array));
  if (t.cost_hidden) {
    t.headline = fmt::format("{} ({}), {}: ? sectors", mnemonic, access_words(c.access),
                             lane_count(g.active_lanes, lanes_hidden));
    t.summary = "Each lane's bytes in the 128-byte lines it touches; how many 32-byte sectors move?";
    t.sector_labels.push_back("bytes 0-127 of each line");
    return t;
  }
  // The fewest sectors that hold the bytes the lanes use: lanes that share bytes
  // (a row of B read by two rows of threads) need them once (G2, issue 34).
  const std::uint64_t ideal = (g.bytes_used + kSectorBytes - 1) / kSectorBytes;
  // The bytes used are the lanes times their width: with the count concealed, so are they.
  t.headline = lanes_hidden ? fmt::format("{}, {}: ? B used of {} B moved", plural(g.requests, "request"),
                                          plural(g.sectors, "sector"), g.bytes_moved)
                            : global_headline(c.access, g, c.warp_lanes);
  t.headline_good = static_cast<std::uint64_t>(g.sectors) <= ideal;
  t.summary = fmt::format("{}, {} by {}; {} of 128 B; ideal {}", mnemonic, access_words(c.access),
                          lane_count(g.active_lanes, lanes_hidden), plural(g.lines, "line"),
                          lanes_hidden ? std::string("? sectors") : plural(ideal, "sector"));
  for (int s = 0; s < 4; ++s) t.sector_labels.push_back(fmt::format("sector {} (bytes {}-{})", s, s * 32, s * 32 + 31));
  return t;
}

std::vector<std::string> shared_array_strings(const FigureAccess& f, const ArchPreset& arch) {
  // The array view draws the access (its input), never its cost: nothing to conceal.
  std::vector<std::string> out;
  const CurrentInstruction& c = *f.instruction;
  if (!c.valid || c.access.space != Space::Shared) {
    out.push_back("Shows the __shared__ array of the current shared-memory instruction.");
    return out;
  }
  if (!f.title.empty()) out.push_back(f.title);
  if (const ArrayInfo* a = f.array()) {
    out.push_back(fmt::format("{}[{}][{}], {}-byte elements", a->name, a->rows, a->pitch, a->elem_bytes));
    if (a->pitch > a->cols)
      out.push_back(fmt::format("- {} per row (grey)", plural(a->pitch - a->cols, "padding element")));
  } else if (c.shared.active_lanes > 0) {
    out.push_back("Bank words touched by the pattern (128-row window)");
  } else {
    out.push_back("No active lane.");
    return out;
  }
  out.push_back(fmt::format("One row = {} banks x {} bytes; cell = element (row, col)", arch.num_banks, arch.bank_bytes));
  return out;
}

std::string blocks_headline(const AppState& state) {
  const Dim3 g = state.launch.grid;
  if (state.view.conceal.hides(Quantity::Launch))
    return fmt::format("block ({}, {}) of ? x ? blocks", state.block.x, state.block.y);
  return fmt::format("block ({}, {}) of {} x {}", state.block.x, state.block.y, g.x, g.y);
}

std::string footprint_title(const ArrayFootprint& a) {
  return fmt::format("{} ({} x {})", a.array.name, a.array.rows, a.array.cols);
}

std::string footprint_what(const ArrayFootprint& a) {
  std::string what;
  if (!a.read.empty) what += fmt::format("reads [{}..{}][{}..{}]", a.read.row0, a.read.row1, a.read.col0, a.read.col1);
  if (!a.written.empty)
    what += fmt::format("{}writes [{}..{}][{}..{}]", what.empty() ? "" : ", ", a.written.row0, a.written.row1,
                        a.written.col0, a.written.col1);
  return what.empty() ? "not touched by this block" : what;
}

std::vector<std::string> blocks_strings(const AppState& state) {
  std::vector<std::string> out;
  if (!state.ready()) return {"Fix the parameters to see the blocks."};
  out.push_back(blocks_headline(state));
  try {
    for (const ArrayFootprint& a : block_footprint(state.kernel(), state.params, state.launch, state.block).arrays) {
      out.push_back(footprint_title(a));
      out.push_back(footprint_what(a));
    }
  } catch (const std::exception& e) {
    out.push_back(e.what());
  }
  return out;
}

WholeKernelText whole_kernel_text(const AppState& state) {
  WholeKernelText t;
  const lessons::Concealment& k = state.view.conceal;
  const bool launch_hidden = k.hides(Quantity::Launch), occ_hidden = k.hides(Quantity::Occupancy),
             bytes_hidden = k.hides(Quantity::SharedBytes);
  // Per-instruction costs are the answer of a cost question too.
  const bool counters_hidden =
      k.hides(Quantity::WholeKernel) || k.hides(Quantity::SharedCost) || k.hides(Quantity::GlobalCost);
  const bool time_hidden = k.hides(Quantity::Time);
  if (state.param_error) {
    t.status = *state.param_error;
    return t;
  }
  const kernels::KernelReport* r = state.whole_kernel.report();
  if (!r) {
    t.status = !state.whole_kernel.error().empty() ? state.whole_kernel.error()
               : state.whole_kernel.cancelled()    ? "Whole-kernel simulation cancelled."
                                                   : "Simulating every warp of every block ...";
    return t;
  }
  const auto& L = r->launch;
  const auto q = [](bool hidden, auto v) { return hidden ? std::string("?") : fmt::format("{}", v); };
  t.launch = fmt::format("{} x {} blocks of {} threads; {} B shared per block", q(launch_hidden, L.grid.x),
                         q(launch_hidden, L.grid.y), L.block.count(), q(bytes_hidden, r->shared_bytes_per_block));
  t.occupancy = fmt::format("Occupancy on {}: {} blocks per SM (limit: {})", state.arch().name,
                            q(occ_hidden, r->occupancy.blocks_per_sm), occ_hidden ? "?" : r->occupancy.limiter);
  const Measurement* recorded = nullptr;
  std::string recorded_on;
  if (const MeasurementSet* set = state.timings.shown()) {
    if (!set->calibration.present) {
      t.prediction = fmt::format("No calibration recorded for {}: no predicted time.", set->gpu);
    } else if (state.arch().name != default_preset().name) {
      t.prediction = fmt::format("Predicted times follow the GPU's own rules ({}).", default_preset().name);
    } else if (const kernels::KernelDescriptor* kd = kernels::find_kernel(r->kernel)) {
      const kernels::Prediction p = kernels::predict(*kd, *r, set->calibration);
      t.prediction = time_hidden ? fmt::format("Predicted on {}: ? ms", set->gpu)
                                 : fmt::format("Predicted on {}: {:.3g} ms, bound by {}", set->gpu, p.predicted_ms,
                                               p.bound);
    }
    const Measurement* m = set->find(state.kernel().name, state.params);
    if (m && !m->ncu.empty()) {
      recorded = m;
      recorded_on = set->gpu;
    }
  }
  t.caption = "cost: wavefronts (shared), sectors (global); per: cost per instruction";
  t.totals_header = {"total", "instr.", "cost", "per"};
  struct Row {
    const char* label;
    Space space;
    Op op;
    const kernels::Counters* c;
  };
  const Row rows[] = {{"shared load", Space::Shared, Op::Load, &r->shared_load},
                      {"shared store", Space::Shared, Op::Store, &r->shared_store},
                      {"global load", Space::Global, Op::Load, &r->global_load},
                      {"global store", Space::Global, Op::Store, &r->global_store}};
  t.counters_hidden = counters_hidden;
  const auto hide = [&](std::string s) { return counters_hidden ? std::string("?") : s; };
  for (const Row& row : rows) {
    if (row.c->instructions == 0) continue;
    const bool shared = row.space == Space::Shared;
    const std::uint64_t cost = shared ? row.c->wavefronts : row.c->sectors;
    t.totals.push_back({row.label, hide(std::to_string(row.c->instructions)), hide(std::to_string(cost)),
                        hide(fmt::format("{:.2f}", double(cost) / double(row.c->instructions)))});
  }
  t.ncu_note = recorded ? fmt::format("Nsight Compute on {}: beside the simulator below, each difference with its cause",
                                     recorded_on)
                        : "No ncu counters recorded for these parameters.";
  t.sites_header = {"site", "line", "access", "instr.", "per instr."};
  for (const kernels::SiteReport& s : r->sites) {
    const kernels::Counters& c = s.kernel;
    const bool shared = s.site.space == Space::Shared;
    std::vector<std::string> cells = {s.site.name, std::to_string(s.site.line),
                                      fmt::format("{} {} {}B", shared ? "shared" : "global",
                                                  s.site.op == Op::Load ? "ld" : "st", s.site.bytes),
                                      hide(std::to_string(c.instructions)), ""};
    if (c.instructions > 0)
      cells[4] = hide(fmt::format("{:.2f} {}", double(shared ? c.wavefronts : c.sectors) / double(c.instructions),
                                  shared ? "wf" : "sect."));
    t.sites.push_back(std::move(cells));
  }
  return t;
}

TimingsText timings_text(const AppState& state) {
  using Kind = TimingsLine::Kind;
  TimingsText t;
  const TimingsModel& tm = state.timings;
  const lessons::Concealment& k = state.view.conceal;
  t.hidden = k.hides(Quantity::Time);
  // The model's sentences count wavefronts and sectors per instruction: the answer of a cost question.
  const bool quiet = t.hidden || k.hides(Quantity::SharedCost) || k.hides(Quantity::GlobalCost);
  const MeasurementSet* m = tm.shown();
  if (!m) return t;
  t.source = tm.live() ? fmt::format("Measured and calibrated live on {} just now", m->gpu)
                       : fmt::format("recorded on {} ({})", m->gpu, m->date);
  const std::string name(state.kernel().name);
  if (state.student) {
    // The recorded timings are the catalog's; a student's file is timed by --run.
    t.kernel = fmt::format("{} ({})", name, state.student->source().path.filename().string());
    t.lines.push_back({Kind::Plain, fmt::format("Your own kernel is not in the recorded timings: `warpscope kernel {} "
                                                "--run` times it on a GPU and prints the predicted time beside it.",
                                                state.student->source().path.filename().string())});
    return t;
  }
  t.kernel = fmt::format("{}, {}", name, kernels::params_label(state.kernel(), state.params));
  const Measurement* here = m->find(name, state.params);
  if (!here) {
    t.lines.push_back({Kind::Plain, fmt::format("Not measured on {} at these parameters.", m->gpu)});
    return t;
  }
  t.lines.push_back({Kind::Plain, fmt::format("measured  {} ms", t.hidden ? "?" : measured_text(*here))});
  if (const kernels::Prediction* p = tm.prediction(*here)) {
    t.lines.push_back({Kind::Plain, t.hidden ? std::string("predicted ? ms")
                                             : fmt::format("predicted {:.4g} ms ({:+.0f}%), bound by {}",
                                                           p->predicted_ms,
                                                           100 * (p->predicted_ms / here->median_ms - 1), p->bound)});
    if (!quiet) t.lines.push_back({Kind::Muted, p->explanation});
  } else if (m->calibration.present) {
    t.lines.push_back({Kind::Muted, "predicting ..."});
  } else {
    t.lines.push_back({Kind::Plain, fmt::format("No calibration for {}: no prediction.", m->gpu)});
  }
  const std::vector<PairView> pairs = pair_views(tm);
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const PairView& p = pairs[i];
    if (p.baseline != here && p.variant != here) continue;
    t.lines.push_back({Kind::PairLabel, p.label});
    TimingsLine figures{Kind::PairFigures, "", t.hidden ? -1 : static_cast<int>(i), true};
    if (t.hidden) {
      figures.text = "measured ?x, predicted ?x";
    } else if (p.predicted > 0) {
      figures.text = fmt::format("measured {:.2f}x, predicted {:.2f}x: {:+.0f}%", p.measured, p.predicted,
                                 100 * p.error());
      figures.good = std::abs(p.error()) <= 0.15;
    } else {
      figures.text = fmt::format("measured {:.2f}x, predicted -", p.measured);
    }
    t.lines.push_back(figures);
    if (!quiet && !p.sentence.empty()) t.lines.push_back({Kind::Muted, p.sentence});
  }
  return t;
}

std::vector<std::string> figure_strings(const AppState& state, lessons::View view) {
  std::vector<std::string> out;
  const auto add = [&](const std::string& s) {
    if (!s.empty()) out.push_back(s);
  };
  const auto add_all = [&](const std::vector<std::string>& v) {
    for (const std::string& s : v) add(s);
  };
  const lessons::Concealment& k = state.view.conceal;
  const FigureAccesses figures = figure_accesses(state);
  switch (view) {
    case lessons::View::BankMap:
    case lessons::View::SectorMap:
      for (const FigureAccess& f : figures.figures) {
        const CurrentInstruction& c = *f.instruction;
        if (!c.valid) {
          add(f.title);
          add(c.error.empty() ? "No instruction selected." : c.error);
        } else if (c.access.space == Space::Shared) {
          const BankMapText t = bank_map_text(f, k);
          add(t.title);
          add(t.headline);
          add(t.summary);
          add(kBankAxis);
          add_all(t.bank_labels);
          add_all(t.row_labels);
          add_all(t.badges);
          add_all(t.sharing);
          add(t.inactive);
        } else {
          const SectorMapText t = sector_map_text(f, k);
          add(t.title);
          add(t.headline);
          add(t.summary);
          add_all(t.sector_labels);
          add_all(t.row_labels);
          add(t.sharing);
          add(t.inactive);
        }
      }
      add(figures.beside_error);
      break;
    case lessons::View::SharedArray:
      add_all(shared_array_strings(figures.figures[0], state.arch()));
      break;
    case lessons::View::Blocks:
      add_all(blocks_strings(state));
      break;
    case lessons::View::Timings: {
      const TimingsText t = timings_text(state);
      add(t.source);
      add(t.kernel);
      for (const TimingsLine& line : t.lines) add(line.text);
      break;
    }
    case lessons::View::WholeKernel: {
      const WholeKernelText t = whole_kernel_text(state);
      add(t.status);
      add(t.launch);
      add(t.occupancy);
      add(t.prediction);
      add(t.caption);
      add_all(t.totals_header);
      for (const auto& row : t.totals) add_all(row);
      add(t.ncu_note);
      add_all(t.sites_header);
      for (const auto& row : t.sites) add_all(row);
      break;
    }
    case lessons::View::Code:
      break;  // the kernel's source: no computed figure
    case lessons::View::Threads: {
      const BlockThreadsText t = block_threads_text(state);
      add(t.headline);
      add_all(t.warp_labels);
      break;
    }
  }
  return out;
}

}  // namespace ws::gui
