// The simulator beside Nsight Compute (ws/kernels/reconcile.hpp, docs/ncu.md)
//   causes          ids, phrases, meanings
//   SimSide         the simulator's counters of a site group or a space/op
//   Judge           one row's cause and evidence
//   site rows       the Source page's lines against the sites on them
//   space-op rows   the kernel-wide metrics against the summed sites
//   evidence_from_export()
#include "ws/kernels/reconcile.hpp"

#include <fmt/format.h>

#include "ws/kernels/input_file.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <tuple>

namespace ws::kernels {

std::string_view cause_id(NcuCause c) {
  switch (c) {
    case NcuCause::Equal: return "equal";
    case NcuCause::L1Contention: return "l1-contention";
    case NcuCause::InactiveLanes: return "inactive-lanes";
    case NcuCause::RunToRun: return "run-to-run";
    case NcuCause::DerivedIdeal: return "derived-ideal";
    case NcuCause::MovedLine: return "moved-line";
    case NcuCause::Unexplained: return "unexplained";
  }
  return "unexplained";
}

std::string_view cause_phrase(NcuCause c) {
  switch (c) {
    case NcuCause::Equal: return "equal";
    case NcuCause::L1Contention: return "L1 contention";
    case NcuCause::InactiveLanes: return "inactive lanes";
    case NcuCause::RunToRun: return "run-to-run";
    case NcuCause::DerivedIdeal: return "two-counter ideal";  // short: the Whole-kernel tab fits it at 1280 x 720
    case NcuCause::MovedLine: return "moved line";
    case NcuCause::Unexplained: return "unexplained";
  }
  return "unexplained";
}

std::string_view cause_meaning(NcuCause c) {
  switch (c) {
    case NcuCause::Equal:
      return "ncu counts what the simulator counts; where that is not one wavefront (or the packed bytes' sectors) "
             "per instruction, the evidence names the rule that makes it (wide lanes, pairing, ldmatrix, inactive "
             "lanes, warps of a 2-D block).";
    case NcuCause::L1Contention:
      return "Other blocks' shared and global traffic in the L1 data pipe replays wavefronts: ncu counts them as "
             "wavefronts and as bank conflicts, but the kernel launched as one block counts none.";
    case NcuCause::InactiveLanes:
      return "ncu's Source page counts, as executed, an instruction a warp issued with every lane predicated off "
             "(S6); the simulator and ncu's kernel-wide instruction metrics count only instructions with an active "
             "lane, and the line's memory counts agree.";
    case NcuCause::RunToRun:
      return "Repeated ncu runs of this launch differ by this much: the difference is within their spread.";
    case NcuCause::DerivedIdeal:
      return "ncu has no kernel-wide ideal-wavefront counter: it is taken as ncu's wavefronts minus its bank "
             "conflicts, two counters that contention raises by slightly different amounts, so their difference "
             "strays from the ideal by a small fraction of the wavefronts (the Source page's own ideal does not).";
    case NcuCause::MovedLine:
      return "The compiler attributes these instructions to another line of the same body (a call folded into a "
             "loop, code moved): per line the counts differ, summed over the body's lines they agree.";
    case NcuCause::Unexplained: return "No documented cause accounts for this difference.";
  }
  return "";
}

bool same_block_shape(const KernelDescriptor& k, const KernelParams& a, const KernelParams& b) {
  // Every parameter the kernel reads but the matrix sizes (a parameter it ignores cannot change its blocks).
  for (const ParamSpec& s : param_specs())
    if (s.field != &KernelParams::rows && s.field != &KernelParams::cols && k.reads(s.field) &&
        a.*s.field != b.*s.field)
      return false;
  return true;
}

std::string ncu_metric(Space s, Op o, std::string_view counter) {
  const char* op = o == Op::Load ? "ld" : "st";
  if (counter == "instructions")
    return fmt::format("smsp__sass_inst_executed_op_{}_{}.sum", s == Space::Shared ? "shared" : "global", op);
  if (counter == "ldmatrix_instructions") return "smsp__sass_inst_executed_op_ldsm.sum";
  if (counter == "wavefronts") return fmt::format("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{}.sum", op);
  if (counter == "bank_conflicts") return fmt::format("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{}.sum", op);
  if (counter == "requests") return fmt::format("l1tex__t_requests_pipe_lsu_mem_global_op_{}.sum", op);
  if (counter == "sectors") return fmt::format("l1tex__t_sectors_pipe_lsu_mem_global_op_{}.sum", op);
  return {};
}

namespace {

std::optional<double> find(const std::map<std::string, double>& m, const std::string& key) {
  const auto it = m.find(key);
  return it == m.end() ? std::nullopt : std::optional(it->second);
}

// The simulator's counters of a group of sites (one source line and space/op, or a whole space/op).
struct SimSide {
  Counters c;                      // every site of the group
  std::uint64_t ldmatrix_instructions = 0;
  int bytes = 0;                   // the widest access
  bool mixed_widths = false;       // sites of several widths (a space/op row of several sites)
  bool ldmatrix = false;
  std::vector<std::string> names;  // distinct site names

  void add(const SiteInfo& s, const Counters& k) {
    c.add(k);
    if (bytes != 0 && bytes != s.bytes) mixed_widths = true;
    bytes = std::max(bytes, s.bytes);
    if (s.ldmatrix != Ldmatrix::None) {
      ldmatrix = true;
      ldmatrix_instructions += k.instructions;
    }
    if (std::find(names.begin(), names.end(), s.name) == names.end()) names.push_back(s.name);
  }
  // Active lanes over the lanes of the instructions: bytes asked over 32 full lanes' bytes.
  double active_fraction() const {
    // Shared sites record no bytes: no lane count to tell.
    if (c.instructions == 0 || bytes == 0 || ldmatrix || c.bytes_requested == 0) return 1.0;
    return double(c.bytes_requested) / (double(c.instructions) * 32.0 * bytes);
  }
  // G4: per request, the bytes asked for packed into sectors, at most the sectors touched.
  std::uint64_t ideal_sectors() const { return c.ideal_sectors; }
  std::uint64_t value(std::string_view counter) const {
    if (counter == "instructions") return c.instructions - ldmatrix_instructions;
    if (counter == "ldmatrix_instructions") return ldmatrix_instructions;
    if (counter == "wavefronts") return c.wavefronts;
    if (counter == "ideal_wavefronts") return c.ideal_wavefronts;
    if (counter == "bank_conflicts") return c.wavefronts - c.ideal_wavefronts;
    if (counter == "requests") return c.requests;
    if (counter == "l1_tag_lookups") return c.lines;
    if (counter == "sectors") return c.sectors;
    if (counter == "ideal_sectors") return ideal_sectors();
    return 0;
  }
};

// How far ncu's wavefronts - bank conflicts may stray from the ideal, as a share
// of it, for the derived-ideal cause: the recorded launches strayed by at most
// 0.36% (matmul_tiled tile 32, H200), docs/ncu.md.
constexpr double kDerivedIdealDrift = 0.01;

std::string per(double v, std::uint64_t n) { return n ? fmt::format("{:.4g}", v / double(n)) : "-"; }

// Decides one row's cause from the simulator's side, ncu's value, and the evidence.
struct Judge {
  const KernelDescriptor& k;
  const KernelParams& p;
  const NcuEvidence& e;
  int block_x = 32;
  std::map<std::pair<Space, Op>, std::uint64_t> sim_instructions;  // the simulator's, per space/op, ldmatrix included

  // ncu's kernel-wide instructions of a space/op (ldmatrix with the shared loads), where recorded.
  std::optional<double> kernel_wide_instructions(Space sp, Op op) const {
    if (!e.metrics) return std::nullopt;
    auto n = find(*e.metrics, ncu_metric(sp, op, "instructions"));
    if (n && sp == Space::Shared && op == Op::Load) *n += find(*e.metrics, ncu_metric(sp, op, "ldmatrix_instructions")).value_or(0);
    return n;
  }

  // The Source page counts more warp instructions at a line than the simulator, but
  // ncu's kernel-wide metric of the space/op (which counts an instruction only when a
  // lane executes it) equals the simulator's: the extra ones are warps that issued the
  // instruction with every lane predicated off. The evidence sentence, or nothing.
  std::optional<std::string> predicated_off(const ReconcileRow& row, const SimSide& s, double ncu_instructions) const {
    if (s.c.instructions == 0 || ncu_instructions <= double(s.c.instructions)) return std::nullopt;
    const auto wide = kernel_wide_instructions(row.space, row.op);
    const auto it = sim_instructions.find({row.space, row.op});
    if (!wide || it == sim_instructions.end() || std::fabs(*wide - double(it->second)) >= 0.5) return std::nullopt;
    return fmt::format("ncu's Source page counts {:.0f} warp instructions at this line, the simulator {} with an "
                       "active lane; ncu's kernel-wide {} counts {:.0f}, the simulator's {} for every {} {}: the "
                       "{:.0f} more are warps that issued the instruction with every lane predicated off (ncu's "
                       "Thread Instructions Executed counts those lanes too, so it cannot tell them)",
                       ncu_instructions, s.c.instructions, ncu_metric(row.space, row.op, "instructions"), *wide,
                       it->second, to_string(row.space), to_string(row.op), ncu_instructions - double(s.c.instructions));
  }

  // The repeats' values of a kernel-wide metric, with ncu's own: [lowest, highest].
  // minus: a second metric subtracted (ncu's ideal wavefronts = wavefronts - bank conflicts).
  std::optional<std::pair<double, double>> spread(const std::string& name, double value,
                                                  const std::string& minus = {}) const {
    if (name.empty() || e.repeats.empty()) return std::nullopt;
    double lo = value, hi = value;
    for (const auto& r : e.repeats) {
      auto v = find(r, name);
      if (v && !minus.empty()) {
        const auto m = find(r, minus);
        v = m ? std::optional(*v - *m) : std::nullopt;
      }
      if (v) lo = std::min(lo, *v), hi = std::max(hi, *v);
    }
    return std::pair{lo, hi};
  }

  // The simulator's shared wavefronts per instruction for the one-block launch itself (its edges may differ from this launch's); 0 if it cannot run.
  double simulated_alone(const OneBlockEvidence& o, Op op) const {
    KernelParams q = p;
    q.rows = o.rows;
    q.cols = o.cols;
    if (check_params(k, q, default_preset())) return 0;
    const WholeKernel w = simulate_whole_kernel(k, q, default_preset(), BlockSampling::EquivalenceClasses);
    Counters c;
    for (std::size_t i = 0; i < w.sites.size(); ++i)
      if (w.sites[i].space == Space::Shared && w.sites[i].op == op) c.add(w.counters[i]);
    return c.instructions ? double(c.wavefronts) / double(c.instructions) : 0;
  }

  const OneBlockEvidence* alone() const {
    for (const OneBlockEvidence& o : e.one_block)
      if (o.kernel == k.name && same_block_shape(k, o.params, p)) return &o;
    return nullptr;
  }

  // kernel_wide: a row of the kernel-wide metrics (their repeats give the run-to-run spread).
  void differs(ReconcileRow& row, const SimSide& s, bool kernel_wide) const {
    const double d = row.difference();
    const bool wavefront_counter =
        row.space == Space::Shared && (row.counter == "wavefronts" || row.counter == "bank_conflicts");
    // Extra wavefronts are also extra bank conflicts: both relative to the simulated wavefronts.
    const double base = wavefront_counter ? double(s.c.wavefronts) : double(row.simulated);
    const double relative = base > 0 ? d / base : INFINITY;
    const bool derived_ideal = kernel_wide && row.counter == "ideal_wavefronts";
    const std::string name = !kernel_wide ? std::string()
                             : derived_ideal ? ncu_metric(row.space, row.op, "wavefronts")
                                             : ncu_metric(row.space, row.op, row.counter);
    const std::string minus = derived_ideal ? ncu_metric(row.space, row.op, "bank_conflicts") : std::string();
    if (const auto range = spread(name, *row.ncu, minus); range && range->first <= double(row.simulated) &&
                                                          double(row.simulated) <= range->second) {
      row.cause = NcuCause::RunToRun;
      row.evidence = fmt::format("{} repeated runs of this launch counted {:.0f} to {:.0f}{}; the simulator's {} is "
                                 "within them",
                                 e.repeats.size() + 1, range->first, range->second,
                                 derived_ideal ? fmt::format(" as {} - {} (two counters: their difference varies from "
                                                             "run to run)", name, minus)
                                               : std::string(),
                                 row.simulated);
      return;
    }
    if (derived_ideal && e.metrics) {
      // ncu's kernel-wide ideal is wavefronts - bank conflicts. Contention adds to both
      // (l1-contention); when it adds to them unequally, the difference moves. Decided
      // when both counters are at or above the simulator's (contention only adds) and
      // the ideal moved by at most kDerivedIdealDrift of it; a rule the model missed
      // (S3's groups, S7) moves it by whole wavefronts per instruction.
      const auto w = find(*e.metrics, name), b = find(*e.metrics, minus);
      const double sim_w = double(s.c.wavefronts), sim_b = double(s.c.wavefronts - s.c.ideal_wavefronts);
      if (w && b && *w >= sim_w && *b >= sim_b && std::fabs(d) <= kDerivedIdealDrift * double(row.simulated)) {
        row.cause = NcuCause::DerivedIdeal;
        row.evidence = fmt::format(
            "ncu's {} {:.0f} ({:+.0f} against the simulator's {:.0f}) minus its {} {:.0f} ({:+.0f} against {:.0f}): "
            "contention raised the two counters by amounts {:.0f} apart, {:+.3f}% of the ideal",
            name, *w, *w - sim_w, sim_w, minus, *b, *b - sim_b, sim_b, std::fabs(d), 100 * relative);
        return;
      }
    }
    if (wavefront_counter && d > 0) {
      const std::uint64_t inst = s.c.instructions;
      if (const OneBlockEvidence* o = alone()) {
        const double a = row.op == Op::Load ? o->load_alone : o->store_alone;
        const double w = row.op == Op::Load ? o->load_whole : o->store_whole;
        const double simulated_per = simulated_alone(*o, row.op);
        if (a > 0 && simulated_per > 0 && std::fabs(a - simulated_per) <= 0.005 * simulated_per) {
          row.cause = NcuCause::L1Contention;
          row.evidence = fmt::format(
              "measured for this block shape: launched as one block ({} x {}) it counts {:.4g} wavefronts per "
              "instruction, as simulated; over a whole grid {:.4g} ({}); here ncu counts {:.0f} more ({:+.1f}% of the "
              "wavefronts)",
              o->rows, o->cols, a, w, o->source, d, 100 * relative);
          return;
        }
        if (a > 0) {
          row.cause = NcuCause::Unexplained;
          row.evidence = fmt::format("launched as one block it counts {:.4g} wavefronts per instruction, the "
                                     "simulator {:.4g} for that launch: not contention ({})",
                                     a, simulated_per, o->source);
          return;
        }
      }
      // One-block launches of other shapes removed up to +27.5% (transpose_fast 64 x 8, docs/ncu.md);
      // a bank conflict the model missed adds a whole wavefront per instruction where it happens.
      if (relative <= 0.30) {
        row.cause = NcuCause::L1Contention;
        row.evidence = fmt::format("not measured alone for this block shape: ncu counts {:.0f} more ({:+.1f}% of "
                                   "the wavefronts), within what one-block launches of other shapes showed to be "
                                   "contention (up to +27.5%); the simulator's {} wavefronts per instruction are "
                                   "exact for the access",
                                   d, 100 * relative, per(double(s.c.wavefronts), inst));
        return;
      }
    }
    row.cause = NcuCause::Unexplained;
    row.evidence = fmt::format("ncu {} {:.0f}, the simulator {} ({:+.0f}); no documented cause applies", row.counter,
                               *row.ncu, row.simulated, d);
  }

  // An equal row is `equal`; its evidence names the rule behind a count that is
  // not the naive one (S3, S5, S6, S7), if any.
  void equal(ReconcileRow& row, const SimSide& s) const {
    const std::uint64_t inst = s.c.instructions;
    const bool shared = row.space == Space::Shared;
    row.cause = NcuCause::Equal;
    if (shared && (row.counter == "wavefronts" || row.counter == "ideal_wavefronts") && inst &&
        s.c.ideal_wavefronts > inst) {
      const double ideal_per = double(s.c.ideal_wavefronts) / double(inst);
      const int width_groups = s.bytes >= 16 ? 4 : s.bytes == 8 ? 2 : 1;
      if (s.mixed_widths) {
        row.evidence = fmt::format("ideal above one wavefront: sites of several widths, {:.3g} ideal wavefronts per "
                                   "instruction on average; 8- and 16-byte lanes and ldmatrix take several each (S3, S7)",
                                   ideal_per);
        return;
      }
      if (!s.ldmatrix && row.op == Op::Load && ideal_per < width_groups - 0.01) {
        row.evidence = fmt::format("pairing rule: {}-byte loads, {:.3g} ideal wavefronts per instruction, not {}: "
                                   "lanes whose pair shares an address let the group double (S3)",
                                   s.bytes, ideal_per, width_groups);
        return;
      }
      row.evidence =
          s.ldmatrix ? fmt::format("ideal above one wavefront: ldmatrix, {:.3g} ideal wavefronts per instruction, one "
                                   "per 8 x 8 matrix (S7); {} of them over the ideal",
                                   ideal_per, s.c.wavefronts - s.c.ideal_wavefronts)
                     : fmt::format("ideal above one wavefront: {}-byte lanes, {:.3g} ideal wavefronts per instruction "
                                   "({}-lane groups, S3); ncu's bank conflicts = wavefronts - ideal = {}",
                                   s.bytes, ideal_per, 32 / width_groups, s.c.wavefronts - s.c.ideal_wavefronts);
      return;
    }
    const bool costs = row.counter == "wavefronts" || row.counter == "sectors" || row.counter == "ideal_sectors";
    if (costs && s.active_fraction() < 0.999) {
      row.evidence = fmt::format("inactive lanes: {:.1f} of 32 lanes active on average (partial warps or bounds "
                                 "checks); only active lanes touch memory (S6)",
                                 32 * s.active_fraction());
      return;
    }
    const bool above_ideal = shared ? s.c.wavefronts > s.c.ideal_wavefronts : s.c.sectors > s.ideal_sectors();
    if (costs && block_x < 32 && above_ideal) {
      row.evidence = fmt::format("warps of a 2-D block: blockDim.x = {}, each warp holds {} rows of the block, and "
                                 "the simulator traces those lanes as the GPU groups them",
                                 block_x, 32 / std::max(block_x, 1));
      return;
    }
    if (row.counter == "ideal_sectors" && inst && s.c.ideal_sectors < s.c.bytes_requested / 32)
      row.evidence = fmt::format("ideal sectors (G4): the lanes ask for {:.3g} sectors' worth of bytes per "
                                 "instruction but touch {:.3g} sectors: the ideal is the smaller",
                                 double(s.c.bytes_requested) / 32.0 / double(inst), double(s.c.sectors) / double(inst));
    if (row.counter == "l1_tag_lookups" && inst && s.c.lines > inst)
      row.evidence = fmt::format("{:.3g} 128-byte lines per instruction: one L1 tag lookup each (ncu's L1 Tag "
                                 "Requests Global per line; its kernel-wide l1tex__t_requests counts one per "
                                 "instruction)",
                                 double(s.c.lines) / double(inst));
    if (shared && row.counter == "bank_conflicts" && row.simulated > 0)
      row.evidence = fmt::format("{:.3g} wavefronts per instruction against {:.3g} ideal: real bank conflicts, "
                                 "counted alike",
                                 double(s.c.wavefronts) / double(std::max<std::uint64_t>(inst, 1)),
                                 double(s.c.ideal_wavefronts) / double(std::max<std::uint64_t>(inst, 1)));
  }

  // ncu_instructions: ncu's count of the group's instructions (all of them, ldmatrix included), where known.
  void decide(ReconcileRow& row, const SimSide& s, bool kernel_wide, std::optional<double> ncu_instructions) const {
    if (!row.ncu) {
      row.cause = NcuCause::Unexplained;
      row.evidence = "ncu gave no value for this counter";
    } else if (std::fabs(row.difference()) < 0.5) {
      equal(row, s);
    } else if (const auto off = !kernel_wide && ncu_instructions ? predicated_off(row, s, *ncu_instructions)
                                                                 : std::nullopt) {
      // Warps with no active lane: more instructions, the same memory traffic.
      if (row.counter == "instructions" || row.counter == "ldmatrix_instructions") {
        row.cause = NcuCause::InactiveLanes;
        row.evidence = *off;
      } else {
        differs(row, s, kernel_wide);
      }
    } else if (ncu_instructions && std::fabs(*ncu_instructions - double(s.c.instructions)) >= 0.5) {
      // Contention and spread change wavefronts, never how many instructions run.
      row.cause = NcuCause::Unexplained;
      row.evidence = fmt::format("ncu ran {:.0f} of these instructions, the simulator {}: the binary ncu profiled "
                                 "does not issue what the simulator traces (a body changed since the recording? "
                                 "re-record with scripts/ncu-record.sh)",
                                 *ncu_instructions, s.c.instructions);
    } else {
      differs(row, s, kernel_wide);
    }
  }
};

struct Key {
  int line;
  Space space;
  Op op;
  auto operator<=>(const Key&) const = default;
};

// Per line ncu's "L1 Tag Requests Global" counts tag lookups (128-byte lines), not the requests
// its kernel-wide l1tex__t_requests counts (one per instruction).
std::vector<std::string_view> counters_of(Space s, bool site) {
  if (s == Space::Shared) return {"instructions", "wavefronts", "ideal_wavefronts", "bank_conflicts"};
  if (site) return {"instructions", "l1_tag_lookups", "sectors", "ideal_sectors"};
  return {"instructions", "requests", "sectors", "ideal_sectors"};
}

std::string basename(std::string_view path) { return std::filesystem::path(std::string(path)).filename().string(); }

// The moved-line rule: rows of one space/op/counter whose lines do not line up
// (one side has nothing at the line) while the sums over the body's lines agree.
void moved_lines(std::vector<ReconcileRow>& rows, std::size_t first, const std::vector<std::string>& where) {
  struct Sums {
    double sim = 0, ncu = 0;
    std::vector<std::string> sim_lines, ncu_lines;
  };
  std::map<std::tuple<Space, Op, std::string>, Sums> sums;
  for (std::size_t i = first; i < rows.size(); ++i) {
    const ReconcileRow& r = rows[i];
    Sums& s = sums[{r.space, r.op, r.counter}];
    s.sim += double(r.simulated);
    s.ncu += r.ncu.value_or(0);
    if (r.simulated > 0) s.sim_lines.push_back(where[i - first]);
    if (r.ncu.value_or(0) > 0) s.ncu_lines.push_back(where[i - first]);
  }
  for (std::size_t i = first; i < rows.size(); ++i) {
    ReconcileRow& r = rows[i];
    if (r.cause != NcuCause::Unexplained) continue;
    const Sums& s = sums.at({r.space, r.op, r.counter});
    const bool one_side = r.simulated == 0 || r.ncu.value_or(0) == 0;
    if (!one_side || std::fabs(s.sim - s.ncu) >= 0.5 || s.sim == 0) continue;
    auto join = [](const std::vector<std::string>& v) {
      std::string out;
      for (const auto& x : v) out += (out.empty() ? "" : ", ") + x;
      return out.empty() ? std::string("none") : out;
    };
    r.cause = NcuCause::MovedLine;
    r.evidence = fmt::format("the simulator counts {} {} {} at {}, ncu at {}; summed over the kernel's lines both "
                             "count {:.0f}: the compiler attributes these instructions to another line (of the body, "
                             "or of the inlined helper that issues them)",
                             to_string(r.space), to_string(r.op), r.counter, join(s.sim_lines), join(s.ncu_lines),
                             s.sim);
  }
}

void site_rows(Reconciliation& out, const Judge& judge, const WholeKernel& sim, const NcuSourceLaunch& launch,
               const std::string& body_file) {
  std::map<Key, SimSide> sims;
  for (std::size_t i = 0; i < sim.sites.size(); ++i) {
    const SiteInfo& s = sim.sites[i];
    sims[{s.line, s.space, s.op}].add(s, sim.counters[i]);
  }
  // ncu lists an inlined function's SASS again under its callers' files (the launch
  // adapter, tile_bounds.hpp): the same addresses, counted once, under the body's file.
  std::set<std::string> body_addresses;
  for (const NcuLineCounters& l : launch.lines)
    if (basename(l.file) == body_file)
      for (const NcuSassCounters& a : l.sass) body_addresses.insert(a.address);
  std::map<Key, NcuLineCounters> lines;
  std::vector<NcuLineCounters> elsewhere;  // lines of other files: their SASS the body's lines do not hold
  int repeated = 0;                        // lines of other files that only repeat the body's SASS
  for (const NcuLineCounters& l : launch.lines) {
    if (basename(l.file) != body_file) {
      NcuLineCounters own = l;
      if (!l.sass.empty()) {  // summed again from the instructions the body does not list
        own = NcuLineCounters{.file = l.file, .line = l.line, .space = l.space, .op = l.op, .access_bits = l.access_bits};
        for (const NcuSassCounters& a : l.sass) {
          if (body_addresses.contains(a.address)) continue;
          own.instructions += a.instructions;
          own.ldmatrix_instructions += a.ldmatrix_instructions;
          own.requests += a.requests;
          own.wavefronts += a.wavefronts;
          own.ideal_wavefronts += a.ideal_wavefronts;
          own.sectors += a.sectors;
          own.ideal_sectors += a.ideal_sectors;
          own.sass.push_back(a);
        }
      }
      if (own.sass.size() < l.sass.size()) ++repeated;
      if (!own.sass.empty() || l.sass.empty()) elsewhere.push_back(std::move(own));
      continue;
    }
    lines[{l.line, l.space, l.op}] = l;
  }
  if (repeated)
    out.note += fmt::format("; {} line(s) of inlined callers' files list the same SASS instructions (same addresses) "
                            "as the body's lines and are not counted again",
                            repeated);
  std::vector<Key> keys;
  for (const auto& [key, _] : sims) keys.push_back(key);
  for (const auto& [key, _] : lines)
    if (!sims.contains(key)) keys.push_back(key);
  std::sort(keys.begin(), keys.end());
  const std::size_t first = out.rows.size();
  std::vector<std::string> where;  // each row's file:line, for the moved-line evidence
  auto add_rows = [&](const Key& key, const SimSide& s, const NcuLineCounters* n, const std::string& file) {
    std::string site;
    for (const auto& name : s.names) site += (site.empty() ? "" : "+") + name;
    std::vector<std::string_view> counters = counters_of(key.space, true);
    if (s.ldmatrix || (n && n->ldmatrix_instructions)) counters.insert(counters.begin() + 1, "ldmatrix_instructions");
    for (std::string_view counter : counters) {
      ReconcileRow row{site.empty() ? std::nullopt : std::optional(site), key.line, key.space, key.op,
                       std::string(counter), s.value(counter)};
      if (n) {
        // The Source page counts ldmatrix (LDSM) among the line's instructions; the rows split them.
        const std::uint64_t ldsm = std::min(n->ldmatrix_instructions, n->instructions);
        if (counter == "instructions") row.ncu = double(n->instructions - ldsm);
        else if (counter == "ldmatrix_instructions") row.ncu = double(ldsm);
        else if (counter == "wavefronts") row.ncu = double(n->wavefronts);
        else if (counter == "ideal_wavefronts") row.ncu = double(n->ideal_wavefronts);
        else if (counter == "bank_conflicts") row.ncu = double(n->wavefronts) - double(n->ideal_wavefronts);
        else if (counter == "l1_tag_lookups") row.ncu = double(n->requests);
        else if (counter == "sectors") row.ncu = double(n->sectors);
        else if (counter == "ideal_sectors") row.ncu = double(n->ideal_sectors);
      } else {
        row.ncu = 0.0;
      }
      judge.decide(row, s, /*kernel_wide=*/false, n ? std::optional(double(n->instructions)) : std::nullopt);
      if (row.cause == NcuCause::Unexplained && !n)
        row.evidence = fmt::format("ncu attributes no {} {} instruction to line {} of {}: was the binary built "
                                   "from this source, with -lineinfo?",
                                   to_string(key.space), to_string(key.op), key.line, body_file);
      if (row.cause == NcuCause::Unexplained && s.c.instructions == 0)
        row.evidence = fmt::format("ncu counts {} {} instructions at line {} of {}, where the simulator records no "
                                   "access",
                                   to_string(key.space), to_string(key.op), key.line, body_file);
      if (row.cause == NcuCause::Unexplained && file != body_file)
        row.evidence = fmt::format("ncu counts {} {} instructions at {}:{}, outside the body's file {}, at SASS "
                                   "addresses the body's lines do not hold",
                                   to_string(key.space), to_string(key.op), n ? n->file : file, key.line, body_file);
      out.rows.push_back(std::move(row));
      where.push_back(fmt::format("{}:{}", file, key.line));
    }
  };
  for (const Key& key : keys)
    add_rows(key, sims.contains(key) ? sims.at(key) : SimSide{}, lines.contains(key) ? &lines.at(key) : nullptr,
             body_file);
  for (const NcuLineCounters& l : elsewhere) add_rows({l.line, l.space, l.op}, SimSide{}, &l, basename(l.file));
  moved_lines(out.rows, first, where);
}

void space_op_rows(Reconciliation& out, const Judge& judge, const WholeKernel& sim,
                   const std::map<std::string, double>& m) {
  for (Space sp : {Space::Shared, Space::Global})
    for (Op op : {Op::Load, Op::Store}) {
      SimSide s;
      for (std::size_t i = 0; i < sim.sites.size(); ++i)
        if (sim.sites[i].space == sp && sim.sites[i].op == op) s.add(sim.sites[i], sim.counters[i]);
      std::vector<std::string_view> counters = counters_of(sp, false);
      if (s.ldmatrix) counters.insert(counters.begin() + 1, "ldmatrix_instructions");
      for (std::string_view counter : counters) {
        ReconcileRow row{std::nullopt, std::nullopt, sp, op, std::string(counter), s.value(counter)};
        if (counter == "ideal_sectors") continue;  // no kernel-wide ncu metric
        if (counter == "ideal_wavefronts") {
          // No kernel-wide metric either; ncu's wavefronts - bank conflicts is what it takes as ideal.
          const auto w = find(m, ncu_metric(sp, op, "wavefronts")), b = find(m, ncu_metric(sp, op, "bank_conflicts"));
          if (w && b) row.ncu = *w - *b;
        } else {
          row.ncu = find(m, ncu_metric(sp, op, counter));
        }
        if (!row.ncu && row.simulated == 0) continue;
        if (!row.ncu && counter == "ldmatrix_instructions") continue;
        std::optional<double> inst = find(m, ncu_metric(sp, op, "instructions"));
        if (inst && s.ldmatrix) *inst += find(m, ncu_metric(sp, op, "ldmatrix_instructions")).value_or(0);
        judge.decide(row, s, /*kernel_wide=*/true, inst);
        if (counter == "ideal_wavefronts" && row.cause == NcuCause::L1Contention)
          row.evidence += "; ncu's ideal here is its wavefronts minus its bank conflicts";
        out.rows.push_back(std::move(row));
      }
    }
}

}  // namespace

Reconciliation reconcile(const KernelDescriptor& k, const KernelParams& p, const WholeKernel& simulated,
                         const NcuEvidence& ncu) {
  Reconciliation out;
  out.kernel = std::string(k.name);
  out.params = p;
  out.ncu_source = ncu.label;
  Judge judge{k, p, ncu, launch_config(k, p).block.x};
  for (std::size_t i = 0; i < simulated.sites.size(); ++i)
    judge.sim_instructions[{simulated.sites[i].space, simulated.sites[i].op}] += simulated.counters[i].instructions;
  const std::string body = basename(ncu.source_file.empty() ? k.source_path : ncu.source_file);
  if (ncu.source_page) {
    out.granularity = "site";
    out.note = fmt::format("per source line of {} from ncu's Source page", body);
    site_rows(out, judge, simulated, *ncu.source_page, body);
    if (ncu.metrics) {
      out.note += "; the rows without a site are the kernel-wide metrics, where contention shows";
      space_op_rows(out, judge, simulated, *ncu.metrics);
    }
  } else {
    out.granularity = "space-op";
    out.note = "per space and operation from ncu's kernel-wide metrics: no Source page recorded for this launch";
    if (ncu.metrics) space_op_rows(out, judge, simulated, *ncu.metrics);
  }
  return out;
}

namespace {

std::string without_spaces(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ') out += c;
  return out;
}

// A metrics row taken as this launch must be this launch: its block and grid
// (where ncu printed them) those of the parameters, and every kernel-wide
// counter the rows compare present (a missing one would leave its rows empty).
std::optional<Error> check_metrics_row(const NcuKernelMetrics& m, const KernelDescriptor& k, const KernelParams& p) {
  const LaunchConfig launch = launch_config(k, p);
  const std::string block = fmt::format("({}, {}, {})", launch.block.x, launch.block.y, launch.block.z);
  const std::string grid = fmt::format("({}, {}, {})", launch.grid.x, launch.grid.y, launch.grid.z);
  for (const auto& [column, theirs, ours] : {std::tuple{"Block Size", &m.block, &block}, {"Grid Size", &m.grid, &grid}})
    if (!theirs->empty() && without_spaces(*theirs) != without_spaces(*ours))
      return Error{fmt::format("the ncu export's launch of {} has \"{}\" '{}', but {} at these parameters launches {}",
                               k.name, column, printable(*theirs, 60), k.name, *ours)};
  for (Space sp : {Space::Shared, Space::Global})
    for (Op op : {Op::Load, Op::Store})
      for (std::string_view counter : counters_of(sp, false)) {
        const std::string name = ncu_metric(sp, op, counter);
        if (!name.empty() && !m.metrics.contains(name))
          return Error{fmt::format("the ncu export's launch of {} has no {} metric: export the metrics that "
                                   "warpscope reconcile --print-ncu-command names",
                                   k.name, name)};
      }
  return std::nullopt;
}

}  // namespace

Result<NcuEvidence> evidence_from_export(const NcuExport& e, const KernelDescriptor& k, const KernelParams& p,
                                         std::string label) {
  const std::string entry = entry_name(k, p);
  NcuEvidence out;
  out.label = std::move(label);
  out.source_file = std::string(k.source_path);
  std::vector<std::string> seen;
  for (const NcuSourceLaunch& s : e.source) {
    if (ncu_name_matches_entry(s.function, entry)) {
      if (!out.source_page) out.source_page = s;
    } else {
      seen.push_back(s.function);
    }
  }
  for (const NcuKernelMetrics& m : e.kernels) {
    if (ncu_name_matches_entry(m.kernel_name, entry)) {
      if (auto wrong = check_metrics_row(m, k, p)) return *wrong;
      if (!out.metrics) out.metrics = m.metrics;
      else out.repeats.push_back(m.metrics);
    } else {
      seen.push_back(m.kernel_name);
    }
  }
  // ncu printing the function without its template arguments ("ws_kernel", --print-kernel-base function):
  // taken as this launch only when the export holds nothing else.
  auto bare = [](const std::string& n) { return n.find("ws_kernel") != std::string::npos && n.find('<') == std::string::npos; };
  if (!out.source_page && !out.metrics && !seen.empty() && std::all_of(seen.begin(), seen.end(), bare)) {
    if (!e.source.empty()) out.source_page = e.source.front();
    for (const NcuKernelMetrics& m : e.kernels)
      if (auto wrong = check_metrics_row(m, k, p)) return *wrong;
    if (!e.kernels.empty()) out.metrics = e.kernels.front().metrics;
    for (std::size_t i = 1; i < e.kernels.size(); ++i) out.repeats.push_back(e.kernels[i].metrics);
    out.label += " (ncu named the kernel without its template arguments: taken as this launch)";
    return out;
  }
  if (!out.source_page && !out.metrics) {
    std::sort(seen.begin(), seen.end());
    seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
    std::string names;
    for (std::size_t i = 0; i < seen.size() && i < 4; ++i) names += (i ? "; " : "") + printable(seen[i], 100);
    return Error{fmt::format("no launch of ws_kernel<{}> ({} at these parameters) in the ncu export; it holds: {}",
                             entry, k.name, names.empty() ? "nothing" : names)};
  }
  return out;
}

}  // namespace ws::kernels
