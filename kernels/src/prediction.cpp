// The prediction model (docs/prediction.md). Every rate comes from the GPU's
// Calibration; every count from the simulator's whole-kernel counters.
//   count_work()     what each resource must serve, and the grid's spread over the SMs
//   predict()        time per resource, the limiter, the launch added
//   explain*()       sentences built from those numbers
#include "ws/kernels/prediction.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "ws/global_analysis.hpp"

namespace ws::kernels {
namespace {

namespace res = resource;

std::string count_text(double n) {
  if (n >= 1e9) return fmt::format("{:.3g} G", n / 1e9);
  if (n >= 1e6) return fmt::format("{:.3g} M", n / 1e6);
  if (n >= 1e4) return fmt::format("{:.3g} k", n / 1e3);
  return fmt::format("{:.0f}", n);
}

std::string ms_text(double ms) { return ms >= 0.01 ? fmt::format("{:.3g} ms", ms) : fmt::format("{:.2g} us", ms * 1e3); }

// Blocks resident on one SM: threads, shared memory (both from the calibration)
// and the architecture's block limit. Registers are not traced, so not counted.
int blocks_per_sm(const KernelReport& r, const Calibration& c) {
  int n = default_preset().max_blocks_per_sm;
  if (const int threads = r.launch.block.count(); threads > 0) n = std::min(n, c.max_threads_per_sm / threads);
  if (r.shared_bytes_per_block > 0)
    n = std::min(n, static_cast<int>(c.shared_bytes_per_sm / r.shared_bytes_per_block));
  return std::max(n, 1);
}

double global_store_requests(const KernelReport& r) {
  double requests = 0;
  for (const SiteReport& s : r.sites)
    if (s.site.space == Space::Global && s.site.op == Op::Store) requests += static_cast<double>(s.kernel.requests);
  return std::max(requests, 1.0);
}

ModelCounts count_work(const KernelDescriptor& k, const KernelReport& r, const Calibration& c) {
  ModelCounts n;
  std::set<int> loaded_arrays;
  std::map<int, double> touched_bytes;  // per global array: the bytes of the sectors the kernel touches in it
  double load_block_bytes = 0;
  for (const SiteReport& s : r.sites) {
    const Counters& t = s.kernel;
    if (s.site.space == Space::Shared) {
      n.shared_wavefronts += static_cast<double>(t.wavefronts);
      n.shared_instructions += static_cast<double>(t.instructions);
      continue;
    }
    n.l1_lines += static_cast<double>(t.lines);
    n.global_requests += static_cast<double>(t.requests);
    n.l1_sectors += static_cast<double>(t.sectors);
    if (s.site.op == Op::Store) {
      // L1 writes through without merging: every line a store request touches is an L2 transaction.
      n.l2_transactions += static_cast<double>(t.lines);
      n.store_lines += static_cast<double>(t.lines);
      n.store_sectors += static_cast<double>(t.sectors);
      touched_bytes[s.site.array] += static_cast<double>(t.sectors) * 32.0;
    } else {
      // L1 keeps what a block has read: each block asks L2 once for each line it reads.
      n.l2_transactions += static_cast<double>(t.block_lines);
      n.l2_load_lines += static_cast<double>(t.block_lines);
      // What DRAM reads for it (G3): the 64-byte segments a block touches.
      const double segment_bytes = static_cast<double>(t.block_segments) * static_cast<double>(kDramSegmentBytes);
      load_block_bytes += segment_bytes;
      touched_bytes[s.site.array] += segment_bytes;
      loaded_arrays.insert(s.site.array);
    }
  }
  // DRAM: every global array crosses once, as far as the kernel touches it: DRAM
  // reads 64-byte segments (G3), so a strided read brings the segments its lanes
  // touch, not the floats it skips, and an array no access touches costs nothing. Re-reads
  // beyond that come from L2, and miss it in proportion to how far the arrays read overflow it.
  double compulsory = 0, loaded_footprint = 0;
  for (std::size_t a = 0; a < r.arrays.size(); ++a) {
    const ArrayInfo& info = r.arrays[a];
    if (info.space != Space::Global) continue;
    const auto touched = touched_bytes.find(static_cast<int>(a));
    const double bytes = std::min(static_cast<double>(info.rows) * info.cols * info.elem_bytes,
                                  touched == touched_bytes.end() ? 0.0 : touched->second);
    compulsory += bytes;
    if (loaded_arrays.count(static_cast<int>(a))) loaded_footprint += bytes;
  }
  const double rereads = std::max(0.0, load_block_bytes - loaded_footprint);
  const double miss = loaded_footprint > c.l2_bytes ? 1.0 - c.l2_bytes / loaded_footprint : 0.0;
  // The bench launches a kernel back to back on the same buffers: arrays that fit
  // in L2 together stay there (it writes back lazily), so DRAM sees none of it.
  n.l2_resident = compulsory <= c.l2_bytes;
  n.dram_bytes = n.l2_resident ? 0.0 : compulsory + rereads * miss;
  n.dram_read_bytes = n.l2_resident ? 0.0 : loaded_footprint + rereads * miss;
  n.fmas = flops(k, r.params) / 2;  // one FMA is two floating-point operations
  n.blocks = r.launch.grid.count();
  n.blocks_per_sm = blocks_per_sm(r, c);
  // Equal blocks spread over the SMs: the busiest SM runs ceil(blocks / SMs) of them,
  // so the grid gives the work of blocks / that many SMs (all of them when it divides).
  const int busiest = (n.blocks + c.sm_count - 1) / std::max(c.sm_count, 1);
  n.busy_sms = busiest > 0 ? static_cast<double>(n.blocks) / busiest : 1.0;
  // Loads in flight: a body never forms an address from a loaded value, so a warp
  // issues the loads of a barrier phase together where the compiler unrolls them
  // (an unrolled row loop, as in the transposes); a loop it does not unroll fully keeps about 8
  // (4 iterations of matmul's 2 loads), the most the calibration curve measures.
  const WarpTrace w = trace_warp(k, r.params, Dim3{0, 0, 0}, 0);
  std::map<int, int> loads_per_phase;
  double stores = 0;
  for (const TracedInstruction& i : w.instructions) {
    const SiteInfo& site = w.sites[static_cast<std::size_t>(i.site)];
    if (site.space == Space::Global && site.op == Op::Load) ++loads_per_phase[i.phase];
    if (site.space == Space::Global && site.op == Op::Store) ++stores;
    if (i.phase > 0) n.barrier = true;
  }
  for (const auto& [phase, loads] : loads_per_phase) n.loads_in_flight = std::max(n.loads_in_flight, double(loads));
  n.loads_in_flight = std::min(n.loads_in_flight, 8.0);
  double load_requests = 0, load_sectors = 0;
  for (const SiteReport& s : r.sites)
    if (s.site.space == Space::Global && s.site.op == Op::Load) {
      load_requests += static_cast<double>(s.kernel.requests);
      load_sectors += static_cast<double>(s.kernel.sectors);
    }
  const double bytes_per_request = load_requests > 0 ? 32.0 * load_sectors / load_requests : 0;
  // The calibration's block writes as many words as it reads, and from 4 words on
  // DRAM's bandwidth sets its life: it is looked up at the mean of the kernel's
  // reads and writes, so a strided read (32 sectors read, 4 written per warp) is
  // not charged the life of a block that also writes 32.
  const double store_bytes_per_request = n.store_lines > 0 ? 32.0 * n.store_sectors / global_store_requests(r) : 0;
  const double read_words = n.loads_in_flight * bytes_per_request / 128.0;
  const double write_words = std::min(stores, 8.0) * store_bytes_per_request / 128.0;
  n.words_in_flight = std::clamp(write_words > 0 ? (read_words + write_words) / 2 : read_words, 1.0, 8.0);
  // The one-shot lifetime is the wait for reads that come from DRAM (from L2 when
  // resident) once; re-reads that L1 or L2 serve (matmul's) are hidden by the other warps.
  const double first_reads = n.l2_resident ? loaded_footprint : n.dram_read_bytes;
  n.first_read_share = load_sectors > 0 ? std::min(1.0, first_reads / (32.0 * load_sectors)) : 0.0;
  n.busiest_sm_blocks = busiest;
  n.resident_blocks = std::min(n.blocks_per_sm, std::max(busiest, 1));
  return n;
}

// The calibration's one-shot block (calibrate_cuda.cu, one_shot) at the L1 data
// pipe: per warp, `words` coalesced loads and as many stores, a 128-byte line
// each, and behind a barrier as many conflict-free shared stores and loads, a
// wavefront each. Its measured life includes this time.
double one_shot_pipe_ns(const Calibration& c, int threads, int words, bool barrier) {
  if (c.l1_requests_per_clock_per_sm <= 0 || c.shared_wavefronts_per_clock_per_sm <= 0 || c.sm_clock_mhz <= 0)
    return 0;
  const double accesses = std::ceil(threads / 32.0) * words * 2;
  const double clocks = accesses / c.l1_requests_per_clock_per_sm +
                        (barrier ? accesses / c.shared_wavefronts_per_clock_per_sm : 0);
  return 1e3 * clocks / c.sm_clock_mhz;
}

// A one-shot block's lifetime at `threads` x `words` (Calibration::BlockLifetime),
// or with `less_own_pipe` its wait (the life less one_shot_pipe_ns), interpolated
// in log2 of both between the measured shapes (clamped at the edges); 0 when the
// calibration has none for this barrier / residency.
double block_lifetime_ns(const Calibration& c, int threads, double words, bool barrier, bool resident,
                         bool less_own_pipe = false) {
  std::map<int, std::map<int, double>> grid;  // threads -> words -> ns
  for (const auto& b : c.block_lifetimes)
    if (b.barrier == barrier && b.resident == resident)
      grid[b.threads][b.words] =
          less_own_pipe ? std::max(0.0, b.ns - one_shot_pipe_ns(c, b.threads, b.words, barrier)) : b.ns;
  if (grid.empty()) return 0;
  // Along one axis: the two neighbours of x (log2-linear), clamped.
  auto along = [](const auto& row, double x, auto value) {
    auto hi = row.lower_bound(static_cast<int>(std::ceil(x)));
    if (hi == row.end()) return value(std::prev(hi)->second);
    if (hi == row.begin() || hi->first == x) return value(hi->second);
    auto lo = std::prev(hi);
    const double f = (std::log2(x) - std::log2(double(lo->first))) / (std::log2(double(hi->first)) - std::log2(double(lo->first)));
    return value(lo->second) * (1 - f) + value(hi->second) * f;
  };
  return along(grid, double(threads), [&](const std::map<int, double>& by_words) {
    return along(by_words, words, [](double ns) { return ns; });
  });
}

// Blocks the calibration kept on each SM for a one-shot shape: its threads (at
// the table's edges, as block_lifetime_ns clamps them) against the SM's thread
// and block limits (its shared memory never limits them).
int calibration_blocks_per_sm(const Calibration& c, int threads) {
  const int t = std::clamp(threads, 64, 1024);
  return std::max(1, std::min(default_preset().max_blocks_per_sm, c.max_threads_per_sm / t));
}

// The SM's time per block start, from the one-shot table: the smallest slot per
// resident block. The small blocks' slots are exactly that many starts (H100,
// 64, 128, 256 threads at 1 word: 2565, 1296, 663 ns for 32, 16, 8 blocks per SM,
// 80 ns each): with every SM full, the start rate, not the block's wait, set them.
double start_ns(const Calibration& c, bool barrier, bool resident) {
  double d = 0;
  for (const auto& b : c.block_lifetimes)
    if (b.barrier == barrier && b.resident == resident) {
      const double per = b.ns / calibration_blocks_per_sm(c, b.threads);
      d = d > 0 ? std::min(d, per) : per;
    }
  return d;
}

// The wait of a block whose SM holds `running` blocks at a time. A one-shot slot
// was measured with B blocks on every SM, B starts after each other; a kernel's
// busiest SM makes `running` of them, so its blocks do not wait for the other
// B - running starts. Never below the shortest wait the table holds at these
// words (any thread count): the nearest it comes to one block's own latency.
double wait_with_starts_ns(const Calibration& c, int threads, double words, bool barrier, bool resident, int running,
                           double wait_ns) {
  const double d = start_ns(c, barrier, resident);
  const int calibrated = calibration_blocks_per_sm(c, threads);
  if (d <= 0 || running >= calibrated) return wait_ns;
  std::set<int> shapes;
  for (const auto& b : c.block_lifetimes)
    if (b.barrier == barrier && b.resident == resident) shapes.insert(b.threads);
  double floor_ns = wait_ns;
  for (int t : shapes) floor_ns = std::min(floor_ns, block_lifetime_ns(c, t, words, barrier, resident, true));
  return std::max(floor_ns, wait_ns - (calibrated - running) * d);
}

// Mean-value analysis of one SM as a closed loop: `blocks` circulate between a
// wait of `memory_ns` (no queue) and `pipe_ns` at the SM's one L1 data pipe (a
// queue). Returns blocks finished per nanosecond.
double blocks_per_ns(int blocks, double memory_ns, double pipe_ns) {
  double queued = 0, throughput = 0;
  for (int n = 1; n <= blocks; ++n) {
    const double at_pipe = pipe_ns * (1 + queued);
    throughput = n / (at_pipe + memory_ns);
    queued = throughput * at_pipe;
  }
  return throughput;
}

// A sentence fragment naming what a resource has to serve.
std::string what_it_serves(std::string_view name, const ModelCounts& n) {
  auto per = [](double a, double b) { return b > 0 ? a / b : 0.0; };
  if (name == res::kShared)
    return fmt::format("{} shared-memory wavefronts ({:.3g} per instruction)", count_text(n.shared_wavefronts),
                       per(n.shared_wavefronts, n.shared_instructions));
  if (name == res::kL1Requests) {
    const std::string lines = fmt::format("{:.3g}", per(n.l1_lines, n.global_requests));
    return fmt::format("{} L1 line lookups ({} line{} per global request)", count_text(n.l1_lines), lines,
                       lines == "1" ? "" : "s");
  }
  if (name == res::kL1Sectors) return fmt::format("{} global sectors through L1", count_text(n.l1_sectors));
  if (name == res::kL2) return fmt::format("{} L2 line transactions", count_text(n.l2_transactions));
  if (name == res::kDram) return fmt::format("{}B to and from DRAM", count_text(n.dram_bytes));
  if (name == res::kLatency)
    return fmt::format("{} blocks per SM, {} at a time, each waiting {:.0f} ns for memory and {:.0f} ns at the L1 pipe,",
                       n.busiest_sm_blocks, n.resident_blocks, n.memory_ns, n.pipe_ns);
  if (name == res::kFma) return fmt::format("{} fused multiply-adds", count_text(n.fmas));
  return "the launch";
}

// The L1 data pipe serves shared wavefronts and global line lookups one after the
// other: the limiter rule, and these sentences, weigh the two together.
bool on_pipe(std::string_view name) { return name == res::kShared || name == res::kL1Requests; }

double needs_ms(const Prediction& p, std::string_view name) {
  return on_pipe(name) ? p.ms(res::kShared) + p.ms(res::kL1Requests) : p.ms(name);
}

std::string explain(const Prediction& p) {
  const bool pipe = on_pipe(p.bound);
  const double bound_ms = needs_ms(p, p.bound);
  std::string served = what_it_serves(p.bound, p.counts);
  if (pipe && p.counts.shared_wavefronts > 0 && p.counts.l1_lines > 0)
    served = what_it_serves(res::kShared, p.counts) + " and " + what_it_serves(res::kL1Requests, p.counts);
  const std::string work = fmt::format("{} take {} {}", served, ms_text(bound_ms),
                                       pipe ? "at the L1 data pipe" : "at this GPU's calibrated rate");
  const bool throughput_bound = p.bound != res::kLatency && p.bound != res::kLaunch;
  if (throughput_bound && p.ms(res::kLatency) > 1.001 * bound_ms)
    return fmt::format("{}; the blocks' waits ({} {}) stretch the kernel to that, but keep {} busy {:.0f}% of it, "
                       "so it is bound by {}: {} with the launch.",
                       work, std::string(res::kLatency), ms_text(p.ms(res::kLatency)),
                       pipe ? "that pipe" : std::string(p.bound), std::floor(100 * p.busy(p.bound)),
                       std::string(p.bound), ms_text(p.predicted_ms));
  // The runner-up: the largest resource besides the bound, the pipe's parts
  // together, the launch aside, and the loop where it only repeats the bound's time.
  std::string next = "nothing";
  double next_ms = 0;
  for (const ResourceTime& t : p.resources) {
    if (t.name == res::kLaunch || t.name == p.bound || (pipe && on_pipe(t.name))) continue;
    if (t.name == res::kLatency && throughput_bound && t.ms >= bound_ms) continue;
    if (const double ms = needs_ms(p, t.name); ms > next_ms) {
      next_ms = ms;
      next = on_pipe(t.name) ? "the L1 data pipe" : std::string(t.name);
    }
  }
  const std::string runner_up = fmt::format("{} any other resource ({} needs {})",
                                            next_ms >= 0.995 * bound_ms ? "no less than" : "more than", next,
                                            ms_text(next_ms));
  if (p.bound == res::kLaunch)
    return fmt::format("The launch ({}) outweighs the work, whose largest part is {} at {}: predicted {}.",
                       ms_text(p.ms(res::kLaunch)), next, ms_text(next_ms), ms_text(p.predicted_ms));
  if (p.bound == res::kLatency) {
    const ModelCounts& n = p.counts;
    return fmt::format("The busiest SM runs {} blocks, {} at a time; each waits {:.0f} ns for memory (a one-shot "
                       "block's life at {:.3g} word{} per thread{}, less its own time at the pipe) besides {:.0f} ns "
                       "at the L1 pipe, and {} too few to hide that: {}, {}, so it is bound by {}: {} with the launch.",
                       n.busiest_sm_blocks, n.resident_blocks, n.memory_ns, n.words_in_flight,
                       n.words_in_flight == 1 ? "" : "s", n.barrier ? ", behind a barrier" : "", n.pipe_ns,
                       n.resident_blocks == 1 ? "one is" : "they are", ms_text(bound_ms), runner_up,
                       std::string(p.bound), ms_text(p.predicted_ms));
  }
  return fmt::format("{}, {}, so it is bound by {}: {} with the launch.", work, runner_up, std::string(p.bound),
                     ms_text(p.predicted_ms));
}

}  // namespace

double Prediction::ms(std::string_view name) const {
  for (const ResourceTime& t : resources)
    if (t.name == name) return t.ms;
  return 0;
}

double Prediction::busy(std::string_view name) const {
  const double work = predicted_ms - ms(res::kLaunch);
  return work > 0 ? std::min(1.0, needs_ms(*this, name) / work) : 0;
}

Prediction predict(const KernelDescriptor& k, const KernelReport& r, const Calibration& c) {
  Prediction p;
  p.counts = count_work(k, r, c);
  const ModelCounts& n = p.counts;
  const double hz = c.sm_clock_mhz * 1e6;
  // Per-SM pipes run on the SMs the grid keeps busy; GPU-wide bandwidths shrink the same way.
  auto per_sm = [&](double work, double per_clock) { return 1e3 * work / (per_clock * hz * n.busy_sms); };
  const double fill = n.busy_sms / c.sm_count;
  auto bandwidth = [&](double bytes, double gbps) { return 1e3 * bytes / (gbps * 1e9 * fill); };
  // L2: load lines at the read bandwidth; a store line costs its sectors' bytes at
  // that bandwidth, or one scattered write at the measured rate, whichever is more.
  double l2_ms = bandwidth(n.l2_transactions * 128.0, c.l2_gbps);
  if (c.scattered_store_lines_per_ns > 0)
    l2_ms = bandwidth(n.l2_load_lines * 128.0, c.l2_gbps) +
            std::max(bandwidth(n.store_sectors * 32.0, c.l2_gbps), 1e-6 * n.store_lines / c.scattered_store_lines_per_ns / fill);
  // Latency/occupancy on the busiest SM.
  double latency_ms = 0;
  if (n.blocks > 0) {
    const double block_pipe_clocks = n.shared_wavefronts / n.blocks / c.shared_wavefronts_per_clock_per_sm +
                                     n.l1_lines / n.blocks / c.l1_requests_per_clock_per_sm;
    p.counts.pipe_ns = 1e9 * block_pipe_clocks / hz;
    const int threads = r.launch.block.count();
    // The measured lives include the calibration block's own pipe time; the loop
    // below charges this kernel's, so the wait is the life less that.
    const double life_ns = block_lifetime_ns(c, threads, n.words_in_flight, n.barrier, n.l2_resident);
    const double wait_ns = block_lifetime_ns(c, threads, n.words_in_flight, n.barrier, n.l2_resident, true);
    p.counts.life_pipe_ns = life_ns - wait_ns;
    // A grid that leaves its SMs fewer blocks than the calibration ran makes fewer starts.
    const double own_wait_ns =
        wait_with_starts_ns(c, threads, n.words_in_flight, n.barrier, n.l2_resident, n.resident_blocks, wait_ns);
    p.counts.memory_ns = n.first_read_share * own_wait_ns;
    if (p.counts.memory_ns > 0) {
      p.counts.blocks_per_ns = blocks_per_ns(n.resident_blocks, p.counts.memory_ns, p.counts.pipe_ns);
      latency_ms = 1e-6 * n.busiest_sm_blocks / p.counts.blocks_per_ns;
    }
  }
  p.resources = {
      {res::kShared, per_sm(n.shared_wavefronts, c.shared_wavefronts_per_clock_per_sm)},
      {res::kL1Requests, per_sm(n.l1_lines, c.l1_requests_per_clock_per_sm)},
      {res::kL1Sectors, per_sm(n.l1_sectors, c.l1_sectors_per_clock_per_sm)},
      {res::kL2, l2_ms},
      {res::kDram, bandwidth(n.dram_bytes, c.dram_gbps)},
      {res::kLatency, latency_ms},
      {res::kFma, per_sm(n.fmas, c.fma_per_clock_per_sm)},
      {res::kLaunch, c.launch_us() * 1e-3},
  };
  // Shared-memory wavefronts and global line lookups go through the same L1 data
  // pipe, so they add; the other resources work in parallel with it and each other.
  double busiest_ms = needs_ms(p, res::kShared);
  std::string_view busiest = p.ms(res::kShared) >= p.ms(res::kL1Requests) ? res::kShared : res::kL1Requests;
  for (std::string_view name : {res::kL1Sectors, res::kL2, res::kDram, res::kFma})
    if (p.ms(name) > busiest_ms) {
      busiest_ms = p.ms(name);
      busiest = name;
    }
  // The loop's time includes the others' (its blocks wait for them), so it is the
  // time when longer; the busiest resource still limits while the waits leave it
  // busy kSaturated of that time: a one-shot block's life is partly its share of
  // DRAM's bandwidth, so a latency term just above DRAM's is DRAM measured twice.
  const double busy = std::max(busiest_ms, p.ms(res::kLatency));
  p.bound = busiest_ms >= kSaturated * busy ? busiest : res::kLatency;
  if (p.ms(res::kLaunch) > busy || busy <= 0) p.bound = res::kLaunch;
  p.predicted_ms = busy + p.ms(res::kLaunch);
  p.explanation = explain(p);
  return p;
}

Prediction predict(const KernelDescriptor& k, const KernelParams& params, const Calibration& c) {
  return predict(k, report(k, params, default_preset(), Dim3{0, 0, 0}, 0), c);
}

std::string explain_pair(std::string_view variant_name, const Prediction& baseline, const Prediction& variant,
                         double measured_speedup) {
  const double speedup = variant.predicted_ms > 0 ? baseline.predicted_ms / variant.predicted_ms : 0;
  const std::string measured = measured_speedup > 0 ? fmt::format(" (measured {:.2f}x)", measured_speedup) : "";
  // The change the variant makes: the resource whose time falls (or grows) the most.
  const ResourceTime* cut = nullptr;
  double ratio = 1;
  for (const ResourceTime& b : baseline.resources) {
    const double v = variant.ms(b.name);
    if (b.name == resource::kLaunch || b.ms <= 0 || v <= 0) continue;
    const double r = b.ms / v;
    if (std::abs(std::log(r)) > std::abs(std::log(ratio))) {
      ratio = r;
      cut = &b;
    }
  }
  if (!cut || std::abs(std::log(ratio)) < std::log(1.05))
    return fmt::format("{} changes no resource by more than 5%, so it is predicted {:.2f}x as fast{}.", variant_name,
                       speedup, measured);
  const std::string change = ratio > 1 ? fmt::format("cuts {} {:.3g}x", std::string(cut->name), ratio)
                                       : fmt::format("raises {} {:.3g}x", std::string(cut->name), 1 / ratio);
  const std::string detail = fmt::format("({} to {})", ms_text(cut->ms), ms_text(variant.ms(cut->name)));
  if (variant.bound == cut->name && baseline.bound == cut->name)
    return fmt::format("{} {} {}, and that limits both, so it is predicted {:.2f}x as fast{}.", variant_name, change,
                       detail, speedup, measured);
  return fmt::format("{} {} {}, but it is bound by {} at {}, so it is predicted {:.2f}x as fast{}, not {:.3g}x.",
                     variant_name, change, detail, std::string(variant.bound), ms_text(variant.ms(variant.bound)),
                     speedup, measured, ratio);
}

}  // namespace ws::kernels
