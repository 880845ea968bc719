// Whole-kernel simulation and the report.
//   SiteTable            per-site counters keyed by source location, in source order
//   analyze_warp()       S1-S7 / G1-G2 on every instruction of one traced warp
//   block_classes()      blocks that provably give equal counts (see below)
//   ProgressTicker       the SimulationProgress hook, called at a coarse grain
//   simulate_whole_kernel(), report()
//   estimate_work(), check_work()   the work limit, checked before simulating (ws/kernels/work.hpp)
//
// Block equivalence, exact for the catalog's kernels: each global array's
// addresses in block (bx, by) are the addresses of block (0, 0) shifted by one
// offset per array that is affine in bx and by, and the bounds checks can only
// differ in the last block column and row. Shifting every address of an
// instruction by a multiple of 32 bytes keeps its sector count (G2), and shared
// addresses do not depend on the block at all (S1-S5). So blocks with the same
// (last column?, last row?) and the same offset residues mod 128 of every global
// array see identical counters (mod 128 rather than 32: a shift by whole 128-byte
// lines also keeps the lines each request and each block touches). The residues are measured, not derived: thread 0
// of blocks (bx, 0) and (0, by) is traced up to its first access of each array.
// A test compares this path with BlockSampling::EveryBlock on odd sizes.
// A kernel states the affine rule in its descriptor (BlockMapping::Affine) and
// block_mapping_problem() checks it on the far corner block, so a diagonal
// reordering of the blocks is refused rather than miscounted; BlockMapping::Any
// simulates every block.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <numeric>
#include <unordered_set>

#include "catalog_internal.hpp"
#include "ws/kernels/report_run.hpp"
#include "ws/kernels/work.hpp"
#include "ws/cost_model.hpp"
#include "ws/global_analysis.hpp"
#include "ws/shared_analysis.hpp"

namespace ws::kernels {
namespace {

constexpr std::uint64_t kNoAddress = std::numeric_limits<std::uint64_t>::max();

class SiteTable {
 public:
  // Index of a traced site in this table (sites of different warps are matched by source location).
  int index(const SiteInfo& s) {
    for (std::size_t i = 0; i < sites_.size(); ++i)
      if (sites_[i].line == s.line && sites_[i].column == s.column) return static_cast<int>(i);
    sites_.push_back(s);
    counters_.emplace_back();
    return static_cast<int>(sites_.size() - 1);
  }
  Counters& at(int i) { return counters_[static_cast<std::size_t>(i)]; }

  WholeKernel sorted() const {
    std::vector<std::size_t> order(sites_.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) {
      return std::pair(sites_[a].line, sites_[a].column) < std::pair(sites_[b].line, sites_[b].column);
    });
    WholeKernel w;
    for (auto i : order) {
      w.sites.push_back(sites_[i]);
      w.counters.push_back(counters_[i]);
    }
    return w;
  }

 private:
  std::vector<SiteInfo> sites_;
  std::vector<Counters> counters_;
};

// Sectors one block loads, per site of the table: its footprint in L1.
using BlockFootprint = std::map<int, std::unordered_set<std::uint64_t>>;

// Adds every instruction of one warp, `weight` times, to the table; global
// loads' sectors also go into `footprint` when one is given.
void analyze_warp(const WarpTrace& w, const ArchPreset& arch, std::uint64_t weight, SiteTable& table,
                  BlockFootprint* footprint = nullptr) {
  int local_to_table[64];
  const std::size_t n_sites = std::min<std::size_t>(w.sites.size(), 64);
  for (std::size_t i = 0; i < n_sites; ++i) local_to_table[i] = table.index(w.sites[i]);
  SharedResult sr;
  GlobalResult gr;
  for (const TracedInstruction& ti : w.instructions) {
    const int site = local_to_table[ti.site];
    Counters& c = table.at(site);
    c.instructions += weight;
    if (ti.access.space == Space::Shared) {
      analyze_shared(ti.access, arch, sr);
      c.wavefronts += weight * sr.wavefronts;
      c.ideal_wavefronts += weight * sr.ideal_wavefronts;
      c.bank_conflicts += weight * sr.bank_conflicts;
    } else {
      analyze_global(ti.access, arch.warp_lanes, gr);
      c.requests += weight * gr.requests;
      c.sectors += weight * gr.sectors;
      c.ideal_sectors += weight * gr.ideal_sectors;  // G4
      c.lines += weight * gr.lines;
      c.bytes_requested += weight * gr.bytes_requested;
      c.bytes_moved += weight * gr.bytes_moved;
      c.bytes_used += weight * gr.bytes_used;
      if (footprint && ti.access.op == Op::Load) {
        auto& seen = (*footprint)[site];
        for (int s = 0; s < gr.sectors; ++s) seen.insert(gr.sector_ids[static_cast<std::size_t>(s)]);
      }
    }
  }
}

// Drives SimulationProgress: a run is phases, each a range of the fraction spread
// evenly over its units (probes, then blocks, a warp being a fraction of one);
// the hook is called when the fraction has moved by kStep, so at most ~1/kStep
// times a run whatever its size, plus 1 once at the end. Without a hook: no-ops.
class ProgressTicker {
 public:
  explicit ProgressTicker(const SimulationProgress* p) : hook_(p && p->on_progress ? &p->on_progress : nullptr) {}
  bool enabled() const { return hook_ != nullptr; }
  bool cancelled() const { return cancelled_; }
  // The next `units` of work take the fraction from where it is to `to`.
  void phase(double to, double units) {
    from_ = reached_;
    to_ = std::max(to, from_);
    units_ = std::max(units, 1e-300);
    done_ = 0;
  }
  // false: the hook asked to stop (and every later call says so too).
  bool advance(double units) {
    if (!hook_ || cancelled_) return !cancelled_;
    done_ += units;
    const double f = from_ + (to_ - from_) * std::min(1.0, done_ / units_);
    reached_ = std::max(reached_, f);
    if (reached_ < next_ || reached_ >= 1.0) return true;  // 1 is finish()'s alone
    next_ = reached_ + kStep;
    cancelled_ = !(*hook_)(reached_);
    return !cancelled_;
  }
  bool finish() {
    if (hook_ && !cancelled_) cancelled_ = !(*hook_)(1.0);
    return !cancelled_;
  }

 private:
  static constexpr double kStep = 1e-3;
  const std::function<bool(double)>* hook_;
  bool cancelled_ = false;
  double from_ = 0, to_ = 1, units_ = 1, done_ = 0, reached_ = 0, next_ = 0;
};

// A finished block's footprint: the sectors, 64-byte DRAM segments (G3) and
// 128-byte lines it loads per site.
void fold_footprint(const BlockFootprint& footprint, std::uint64_t weight, SiteTable& table) {
  constexpr std::uint64_t kSectorsPerLine = kLineBytes / kSectorBytes;
  constexpr std::uint64_t kSectorsPerSegment = kDramSegmentBytes / kSectorBytes;
  for (const auto& [site, sectors] : footprint) {
    std::unordered_set<std::uint64_t> lines, segments;
    for (std::uint64_t s : sectors) {
      lines.insert(s / kSectorsPerLine);
      segments.insert(s / kSectorsPerSegment);
    }
    table.at(site).block_sectors += weight * sectors.size();
    table.at(site).block_segments += weight * segments.size();
    table.at(site).block_lines += weight * lines.size();
  }
}

// First byte address of each global array touched by thread 0 of a block.
std::vector<std::uint64_t> first_addresses(const KernelDescriptor& k, const KernelParams& p, const LaunchConfig& lc,
                                           Dim3 block) {
  AccessRecorder rec(1, ProbeMode::FirstGlobalAccess);
  try {
    run_thread(k, p, lc, block, 0, rec, 0);
  } catch (const ProbeDone&) {
  }
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i < rec.arrays().size(); ++i)
    if (rec.arrays()[i].space == Space::Global) out.push_back(rec.first_global_address()[i]);
  return out;
}

// The global arrays' names, in the order first_addresses() gives them.
std::vector<std::string> global_array_names(const KernelDescriptor& k, const KernelParams& p, const LaunchConfig& lc) {
  AccessRecorder rec(1, ProbeMode::Declarations);
  try {
    run_thread(k, p, lc, Dim3{0, 0, 0}, 0, rec, 0);
  } catch (const ProbeDone&) {
  }
  std::vector<std::string> out;
  for (const ArrayInfo& a : rec.arrays())
    if (a.space == Space::Global) out.push_back(a.name);
  return out;
}

// Classes along one grid axis: key = (last index?, residue mod 128 of each array's shift).
struct AxisClasses {
  std::vector<int> representative;
  std::vector<std::uint64_t> count;
  bool exact = true;  // false when an array was never touched by thread 0: no merging then
};

AxisClasses classes_along(int n, const std::vector<std::vector<std::uint64_t>>& firsts) {
  AxisClasses c;
  std::map<std::vector<std::uint64_t>, std::size_t> index;
  for (int i = 0; i < n; ++i) {
    std::vector<std::uint64_t> key{static_cast<std::uint64_t>(i == n - 1)};
    for (std::size_t a = 0; a < firsts[static_cast<std::size_t>(i)].size(); ++a) {
      const std::uint64_t f = firsts[static_cast<std::size_t>(i)][a];
      if (f == kNoAddress) c.exact = false;
      key.push_back((f - firsts[0][a]) % kLineBytes);
    }
    auto [it, inserted] = index.try_emplace(key, c.representative.size());
    if (inserted) {
      c.representative.push_back(i);
      c.count.push_back(0);
    }
    ++c.count[it->second];
  }
  return c;
}

// The whole kernel as a loop that can stop between two units of work (a probe,
// a warp) and go on later: step() runs until a deadline, so the web page spreads
// a simulation over its frames; the native paths step it to the end at once.
class Simulation {
 public:
  Simulation(const KernelDescriptor& k, const KernelParams& p, const ArchPreset& arch, BlockSampling sampling,
             PathRule paths, ProgressTicker& ticker)
      : k_(k), p_(p), arch_(arch), paths_(paths), ticker_(ticker), lc_(launch_config(k, p)) {
    warps_ = (lc_.block.count() + arch.warp_lanes - 1) / arch.warp_lanes;
    if (sampling == BlockSampling::EveryBlock || lc_.grid.z != 1 || k.block_mapping != BlockMapping::Affine) {
      every_block();
      return;
    }
    // The probes' share of the fraction, against the classes work.hpp expects
    // (a probe is about 1/kProbeWeight of one thread's run).
    const double probes = static_cast<double>(lc_.grid.x) + lc_.grid.y;
    if (ticker.enabled()) {
      const double probe_blocks = probes / (double(kProbeWeight) * lc_.block.count());
      const double classes = double(estimate_work(k, p, arch.warp_lanes).block_classes);
      ticker.phase(probe_blocks / (probe_blocks + classes), probes);
    }
    stage_ = Stage::ProbeX;
  }

  // Works until `until` has passed (at least one unit); true once finished or cancelled.
  bool step(std::chrono::steady_clock::time_point until) {
    do {
      if (stage_ == Stage::Done) return true;
      if (ticker_.cancelled()) stage_ = Stage::Done;
      else advance();
    } while (std::chrono::steady_clock::now() < until);
    return stage_ == Stage::Done;
  }

  // The whole kernel, or nothing when the ticker's hook cancelled it; once, after step() said finished.
  std::optional<WholeKernel> result() {
    if (ticker_.cancelled() || !ticker_.finish()) return std::nullopt;
    WholeKernel w = table_.sorted();
    w.arrays = scratch_.arrays;
    w.blocks_simulated = simulated_;
    return w;
  }

 private:
  enum class Stage : std::uint8_t { ProbeX, ProbeY, Blocks, Done };

  void every_block() {
    every_ = true;
    blocks_ = static_cast<std::uint64_t>(lc_.grid.x) * lc_.grid.y;
    ticker_.phase(1.0, static_cast<double>(blocks_));
    stage_ = Stage::Blocks;
  }

  // One probe, or one warp of the current block.
  void advance() {
    switch (stage_) {
      case Stage::ProbeX:
        if (probe_ < lc_.grid.x) {
          fx_.push_back(first_addresses(k_, p_, lc_, Dim3{probe_++, 0, 0}));
          ticker_.advance(1);
        } else {
          probe_ = 0;
          stage_ = Stage::ProbeY;
        }
        return;
      case Stage::ProbeY:
        if (probe_ < lc_.grid.y) {
          fy_.push_back(first_addresses(k_, p_, lc_, Dim3{0, probe_++, 0}));
          ticker_.advance(1);
          return;
        }
        cx_ = classes_along(lc_.grid.x, fx_);
        cy_ = classes_along(lc_.grid.y, fy_);
        if (!cx_.exact || !cy_.exact) return every_block();
        blocks_ = cx_.representative.size() * cy_.representative.size();
        ticker_.phase(1.0, static_cast<double>(blocks_));
        stage_ = Stage::Blocks;
        return;
      case Stage::Blocks: return simulate_warp();
      case Stage::Done: return;
    }
  }

  void simulate_warp() {
    // Every block in row order, or one block per class (x classes outer, y classes inner).
    Dim3 block;
    std::uint64_t weight = 1;
    if (every_) {
      block = Dim3{static_cast<int>(block_ % lc_.grid.x), static_cast<int>(block_ / lc_.grid.x), 0};
    } else {
      const std::size_t i = block_ / cy_.representative.size(), j = block_ % cy_.representative.size();
      block = Dim3{cx_.representative[i], cy_.representative[j], 0};
      weight = cx_.count[i] * cy_.count[j];
    }
    trace_warp_into(k_, p_, lc_, block, warp_, arch_.warp_lanes, scratch_, paths_);
    analyze_warp(scratch_, arch_, weight, table_, &footprint_);
    if (!ticker_.advance(1.0 / warps_)) return;  // cancelled: the table holds part of the block
    if (++warp_ < warps_) return;
    fold_footprint(footprint_, weight, table_);
    footprint_.clear();
    warp_ = 0;
    ++simulated_;
    if (++block_ == blocks_) stage_ = Stage::Done;
  }

  const KernelDescriptor& k_;
  const KernelParams p_;
  const ArchPreset& arch_;
  const PathRule paths_;
  ProgressTicker& ticker_;
  const LaunchConfig lc_;
  int warps_ = 1;
  Stage stage_ = Stage::Blocks;
  int probe_ = 0;
  std::vector<std::vector<std::uint64_t>> fx_, fy_;
  AxisClasses cx_, cy_;
  bool every_ = false;
  std::uint64_t blocks_ = 0, block_ = 0;
  int warp_ = 0;
  SiteTable table_;
  WarpTrace scratch_;
  BlockFootprint footprint_;
  std::uint64_t simulated_ = 0;
};

constexpr auto kToTheEnd = std::chrono::steady_clock::time_point::max();

}  // namespace

WholeKernel simulate_whole_kernel(const KernelDescriptor& k, const KernelParams& p, const ArchPreset& arch,
                                  BlockSampling sampling, PathRule paths) {
  ProgressTicker none(nullptr);
  Simulation run(k, p, arch, sampling, paths, none);
  run.step(kToTheEnd);
  return *run.result();
}

std::optional<WholeKernel> simulate_whole_kernel(const KernelDescriptor& k, const KernelParams& p, const ArchPreset& arch,
                                                 BlockSampling sampling, PathRule paths,
                                                 const SimulationProgress& progress) {
  ProgressTicker ticker(&progress);
  Simulation run(k, p, arch, sampling, paths, ticker);
  run.step(kToTheEnd);
  return run.result();
}

std::uint64_t WorkEstimate::traced_accesses() const {
  return accesses_per_thread *
         (threads_per_block * block_classes + warp_threads + (probes + kProbeWeight - 1) / kProbeWeight);
}

WorkEstimate estimate_work(const KernelDescriptor& k, const KernelParams& p, int warp_lanes) {
  const LaunchConfig lc = launch_config(k, p);
  WorkEstimate e;
  e.threads_per_block = static_cast<std::uint64_t>(lc.block.count());
  {
    AccessRecorder rec(1);
    run_thread(k, p, lc, Dim3{0, 0, 0}, 0, rec, 0);
    WarpTrace one;
    rec.build_warp(one);
    e.accesses_per_thread = std::max<std::uint64_t>(1, one.instructions.size());
  }
  // Classes as simulate_whole_kernel() finds them: along each axis, (last block?,
  // the residue mod 128 of each array's shift). The shifts are affine in the block
  // index, so blocks 0 and 1 give the step, and the residues repeat with period
  // lcm over the arrays of 128 / gcd(step, 128).
  const std::vector<std::uint64_t> origin = first_addresses(k, p, lc, Dim3{0, 0, 0});
  bool exact = true;
  auto classes_on = [&](int n, Dim3 second) -> std::uint64_t {
    if (n <= 1) return 1;
    const std::vector<std::uint64_t> next = first_addresses(k, p, lc, second);
    std::uint64_t period = 1;
    for (std::size_t a = 0; a < origin.size() && a < next.size(); ++a) {
      if (origin[a] == kNoAddress || next[a] == kNoAddress) exact = false;
      const std::uint64_t step = (next[a] - origin[a]) % kLineBytes;
      period = std::lcm(period, kLineBytes / std::gcd(step, kLineBytes));
    }
    return std::min<std::uint64_t>(static_cast<std::uint64_t>(n) - 1, period) + 1;
  };
  const std::uint64_t cx = classes_on(lc.grid.x, Dim3{1, 0, 0}), cy = classes_on(lc.grid.y, Dim3{0, 1, 0});
  const std::uint64_t blocks = static_cast<std::uint64_t>(lc.grid.x) * lc.grid.y * lc.grid.z;
  // Not exact, a 3-D grid or no affine mapping: every block is simulated (simulate_whole_kernel()).
  const bool probed = lc.grid.z == 1 && k.block_mapping == BlockMapping::Affine;
  e.block_classes = exact && probed ? cx * cy : blocks;
  e.probes = probed ? static_cast<std::uint64_t>(lc.grid.x) + lc.grid.y : 0;
  e.warp_threads = static_cast<std::uint64_t>(warp_lanes);
  return e;
}

std::optional<std::string> block_mapping_problem(const KernelDescriptor& k, const KernelParams& p,
                                                 const LaunchConfig& lc) {
  if (k.block_mapping == BlockMapping::Undeclared)
    return fmt::format("{}: its descriptor declares no block_mapping (BlockMapping::Affine or Any, "
                       "ws/kernels/catalog.hpp), which the whole-kernel counts rely on",
                       k.name);
  if (k.block_mapping != BlockMapping::Affine || lc.grid.z != 1 || (lc.grid.x < 2 && lc.grid.y < 2))
    return std::nullopt;
  // Affine: corner = origin + (gx - 1) * x step + (gy - 1) * y step, for every array.
  const int gx = lc.grid.x, gy = lc.grid.y;
  const std::vector<std::uint64_t> origin = first_addresses(k, p, lc, Dim3{0, 0, 0});
  const std::vector<std::uint64_t> along_x = gx > 1 ? first_addresses(k, p, lc, Dim3{1, 0, 0}) : origin;
  const std::vector<std::uint64_t> along_y = gy > 1 ? first_addresses(k, p, lc, Dim3{0, 1, 0}) : origin;
  const std::vector<std::uint64_t> corner = first_addresses(k, p, lc, Dim3{gx - 1, gy - 1, 0});
  for (std::size_t a = 0; a < origin.size() && a < corner.size(); ++a) {
    if (origin[a] == kNoAddress || along_x[a] == kNoAddress || along_y[a] == kNoAddress || corner[a] == kNoAddress)
      continue;
    const std::uint64_t expected = origin[a] + std::uint64_t(gx - 1) * (along_x[a] - origin[a]) +
                                   std::uint64_t(gy - 1) * (along_y[a] - origin[a]);
    if (corner[a] != expected) {
      const std::vector<std::string> names = global_array_names(k, p, lc);
      return fmt::format("{}: block ({}, {}) first touches array '{}' at byte {}, not {} as addresses affine in the "
                         "block index would (its descriptor says BlockMapping::Affine; a reordering of the blocks "
                         "needs BlockMapping::Any)",
                         k.name, gx - 1, gy - 1, a < names.size() ? names[a] : "?",
                         static_cast<std::int64_t>(corner[a]), static_cast<std::int64_t>(expected));
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_work(const KernelDescriptor& k, const KernelParams& p, int warp_lanes,
                                      std::uint64_t limit, ParamNaming naming) {
  const WorkEstimate e = estimate_work(k, p, warp_lanes);
  const std::uint64_t work = e.traced_accesses();
  if (work <= limit) return std::nullopt;
  std::string flags;
  for (const ParamRule& r : k.params)
    flags += fmt::format("{}{} {}", flags.empty() ? "" : " ", param_name(param_spec(r.field), naming), p.*r.field);
  // "%.3g": 1.4e+08; the limit as a plain count reads better in a message.
  return fmt::format("{}: too much to simulate for {}: about {:.3g} memory accesses to trace ({} block class{} of {} "
                     "threads, {} accesses per thread); at most {}{}",
                     flags.empty() ? std::string(k.name) : flags, k.name, static_cast<double>(work), e.block_classes,
                     e.block_classes == 1 ? "" : "es", e.threads_per_block, e.accesses_per_thread, limit,
                     limit < kMaxTracedAccesses ? fmt::format(" in the window ({} in warpscope report)", kMaxTracedAccesses)
                                                : "");
}

std::optional<std::string> check_window_work(const KernelDescriptor& k, const KernelParams& p, int warp_lanes,
                                             ParamNaming naming) {
  return check_work(k, p, warp_lanes, kMaxWindowTracedAccesses, naming);
}

struct ReportRun::Impl {
  Impl(const KernelDescriptor& k, const KernelParams& p, const ArchPreset& arch, Dim3 block, int warp,
       SimulationProgress progress)
      : arch(arch),
        progress(std::move(progress)),
        ticker(&this->progress),
        simulation(k, p, arch, BlockSampling::EquivalenceClasses, PathRule::SplitPaths, ticker) {
    r.kernel = std::string(k.name);
    r.params = p;
    r.launch = launch_config(k, p);
    SiteTable chosen;
    WarpTrace w;
    trace_warp_into(k, p, r.launch, block, warp, arch.warp_lanes, w);
    analyze_warp(w, arch, 1, chosen);
    chosen_sites = chosen.sorted();
  }

  const ArchPreset& arch;
  SimulationProgress progress;  // before ticker, which points at it
  ProgressTicker ticker;
  Simulation simulation;
  KernelReport r;
  WholeKernel chosen_sites;
};

ReportRun::ReportRun(const KernelDescriptor& k, const KernelParams& p, const ArchPreset& arch, Dim3 block, int warp,
                     SimulationProgress progress)
    : impl_(std::make_unique<Impl>(k, p, arch, block, warp, std::move(progress))) {}
ReportRun::~ReportRun() = default;
ReportRun::ReportRun(ReportRun&&) noexcept = default;
ReportRun& ReportRun::operator=(ReportRun&&) noexcept = default;

bool ReportRun::step(std::chrono::steady_clock::time_point until) { return impl_->simulation.step(until); }

std::optional<KernelReport> ReportRun::take() {
  const std::optional<WholeKernel> simulated = impl_->simulation.result();
  if (!simulated) return std::nullopt;
  const WholeKernel& whole = *simulated;
  const WholeKernel& chosen_sites = impl_->chosen_sites;
  const ArchPreset& arch = impl_->arch;
  KernelReport r = std::move(impl_->r);
  r.arrays = whole.arrays;

  for (std::size_t i = 0; i < whole.sites.size(); ++i) {
    SiteReport s;
    s.site = whole.sites[i];
    s.kernel = whole.counters[i];
    for (std::size_t j = 0; j < chosen_sites.sites.size(); ++j)
      if (chosen_sites.sites[j].line == s.site.line && chosen_sites.sites[j].column == s.site.column)
        s.warp = chosen_sites.counters[j];
    const bool shared = s.site.space == Space::Shared, load = s.site.op == Op::Load;
    (shared ? (load ? r.shared_load : r.shared_store) : (load ? r.global_load : r.global_store)).add(s.kernel);
    r.sites.push_back(std::move(s));
  }
  r.shared_bytes_per_block = r.launch.shared_bytes;
  const OccupancyEstimate occ = estimate_occupancy(arch, r.launch.block.count(), r.launch.shared_bytes);
  r.occupancy = {occ.blocks_per_sm, occ.limiter};
  const CostEstimate cost = estimate_cost(arch, r.global_load.bytes_moved + r.global_store.bytes_moved,
                                          r.shared_load.wavefronts + r.shared_store.wavefronts);
  r.simulated_seconds = cost.seconds;
  return r;
}

KernelReport report(const KernelDescriptor& k, const KernelParams& p, const ArchPreset& arch, Dim3 block, int warp) {
  ReportRun run(k, p, arch, block, warp);
  run.step(kToTheEnd);
  return *run.take();
}

std::optional<KernelReport> report(const KernelDescriptor& k, const KernelParams& p, const ArchPreset& arch, Dim3 block,
                                   int warp, const SimulationProgress& progress) {
  ReportRun run(k, p, arch, block, warp, progress);
  run.step(kToTheEnd);
  return run.take();
}

}  // namespace ws::kernels
