// A whole kernel's time on one GPU, predicted from the simulator's counters and
// that GPU's calibration (measurements.hpp) and nothing else: no catalog
// timing is ever fitted. Each resource's time alone is computed; the largest
// sets the time and the launch is added. The limiter ("bound") is the busiest
// throughput resource when it is busy kSaturated of that time or more, else
// latency/occupancy. docs/prediction.md states the model, its cache rules and
// where it is wrong.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ws/kernels/catalog.hpp"
#include "ws/kernels/measurements.hpp"

namespace ws::kernels {

// The resources, as `bound` and the keys of `resources` name them.
namespace resource {
inline constexpr std::string_view kShared = "shared-memory wavefronts";
inline constexpr std::string_view kL1Requests = "L1 line lookups";  // the 128-byte lines each global request looks up
inline constexpr std::string_view kL1Sectors = "L1 sectors";
inline constexpr std::string_view kL2 = "L2";
inline constexpr std::string_view kDram = "DRAM";
inline constexpr std::string_view kLatency = "latency/occupancy";  // blocks waiting for memory, too few to hide it
inline constexpr std::string_view kFma = "FMA";
inline constexpr std::string_view kLaunch = "launch";
}  // namespace resource

// A resource busy this fraction of the kernel's time or more is its limiter; the
// kernel is latency-bound only when none is. scripts/prediction-tables.py draws
// the same line when it checks a latency-bound prediction against ncu's counters.
inline constexpr double kSaturated = 0.9;

struct ResourceTime {
  std::string_view name;
  double ms = 0;  // the time this resource alone would take
};

// What the model charges, kept for the explanation, the window and the tests.
struct ModelCounts {
  double shared_wavefronts = 0, shared_instructions = 0;
  double l1_lines = 0, global_requests = 0;  // L1 tag lookups: distinct 128-byte lines per request
  double l1_sectors = 0;
  double l2_transactions = 0;  // store lines per request + load lines per block (L1 keeps a block's reads)
  double l2_load_lines = 0, store_lines = 0, store_sectors = 0;  // the parts of l2_transactions, and store sectors
  bool l2_resident = false;    // every global array fits in L2: back-to-back launches never reach DRAM
  double dram_bytes = 0;       // each array once, plus re-reads that miss L2 (0 when L2-resident)
  double fmas = 0;
  // Latency/occupancy: each SM is a closed loop of its resident blocks. A block
  // waits `memory_ns` for its first reads (a one-shot block's lifetime from the
  // calibration, at this block's threads and words in flight) and needs
  // `pipe_ns` of the SM's L1 data pipe; mean-value analysis gives the blocks an
  // SM finishes per nanosecond.
  double dram_read_bytes = 0;   // the arrays read, plus re-reads that miss L2
  double loads_in_flight = 0;   // per warp: global loads issued together (most in one barrier phase, at most 8)
  double words_in_flight = 0;   // per thread, in the calibration's units (a warp's load = 128 bytes), 1..8
  bool barrier = false;         // a barrier separates a block's reads from its writes
  double first_read_share = 0;  // of the bytes the loads request, those read once from DRAM (or L2 when resident)
  double memory_ns = 0, pipe_ns = 0;
  // The calibration's block spent this long at the L1 pipe with its own loads and
  // stores (and its staging, behind a barrier): that time is inside its measured
  // life, so memory_ns leaves it out and the loop charges the pipe once, pipe_ns.
  double life_pipe_ns = 0;
  double blocks_per_ns = 0;     // per SM, from the loop
  int resident_blocks = 0;      // per SM: min(blocks_per_sm, the busiest SM's blocks)
  int blocks = 0, blocks_per_sm = 0, busiest_sm_blocks = 0;
  double busy_sms = 0;  // blocks / blocks on the busiest SM: the SMs' worth of work the grid gives
};

struct Prediction {
  double predicted_ms = 0;
  std::string_view bound;               // one of resource::k*
  std::vector<ResourceTime> resources;  // every resource, in the order of resource::k*
  ModelCounts counts;
  std::string explanation;  // one sentence for a student, numbers computed

  double ms(std::string_view resource) const;  // 0 for a name not listed
  // The fraction of the kernel's time (the launch aside) that `resource` is busy;
  // shared wavefronts and L1 requests count together, as the one L1 data pipe.
  double busy(std::string_view resource) const;
};

// From a whole-kernel report (report(), sm90) of kernel `k`.
Prediction predict(const KernelDescriptor& k, const KernelReport& r, const Calibration& c);
// Simulates first; the caller checks the parameters and the work limit (work.hpp).
Prediction predict(const KernelDescriptor& k, const KernelParams& p, const Calibration& c);

// One sentence on a lesson pair: the resource the variant cuts most, what limits
// the variant, and the speedup that follows; `measured_speedup` > 0 is quoted too.
std::string explain_pair(std::string_view variant_name, const Prediction& baseline, const Prediction& variant,
                         double measured_speedup = 0);

}  // namespace ws::kernels
