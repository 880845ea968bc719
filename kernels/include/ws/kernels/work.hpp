// How much a whole-kernel report costs, estimated before any of it runs, and
// the limit `warpscope report`, `screenshot` and the window hold it to.
//
// The tracer's cost is per simulated block class (report.cpp): every thread of
// one block per class runs the body and its accesses are analysed, and thread 0
// of each block along the two grid axes is probed alone to find the classes.
// So the work is about
//   accesses of one thread x (threads per block x classes + one warp + probes / kProbeWeight)
// thread accesses (the warp: the report's chosen one; probes: grid.x + grid.y).
// One thread of block (0, 0) is traced to count its accesses and blocks (1, 0)
// and (0, 1) are probed to count the classes: milliseconds, before any of it runs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ws/kernels/catalog.hpp"

namespace ws::kernels {

// A probed access costs about 1/8 of a traced and analysed one (measured: 7 ns
// against 25 ns for matmul_tiled's shared reads and 80 ns for matmul_naive's
// global ones, on this project's 2-core build machine).
inline constexpr std::uint64_t kProbeWeight = 8;

struct WorkEstimate {
  std::uint64_t accesses_per_thread = 0;  // thread 0 of block (0, 0)
  std::uint64_t threads_per_block = 0;
  std::uint64_t block_classes = 0;        // blocks the report simulates
  std::uint64_t warp_threads = 0;         // the report's chosen warp
  std::uint64_t probes = 0;               // single threads run alone to find the classes
  std::uint64_t traced_accesses() const;  // the estimate, in traced-and-analysed thread accesses
};

// At most about 8 s of `warpscope report` on the 2-core build machine, where
// matmul_naive (the costliest per access) at 32 x 32 x 65536 is 1.4e8 and took
// 11 to 13 s: it is refused; 8192^3 (6.9e7) takes 1 s. Everything at the
// catalog's defaults is far below.
inline constexpr std::uint64_t kMaxTracedAccesses = 100'000'000;
// The window and its screenshots hold a whole-kernel view to a quarter of that
// (about 1 s on the build machine; matmul_naive 16384^3 is 6e7 and took 2.3 s
// of a 17 s, 1.2 GB screenshot), so that a screenshot stays within 2 s and 300 MB
// (docs/performance.md). The largest recorded entry, matmul_tiled 4096^2, is 2.3e7.
inline constexpr std::uint64_t kMaxWindowTracedAccesses = 25'000'000;

// What predicting every entry of one measurement file may trace in all
// (compare, ws/kernels/measurements.hpp): twice what the committed files need
// (1.5e8, about 4 s on the build machine); entries past it are listed unpredicted.
inline constexpr std::uint64_t kMaxPredictionWork = 300'000'000;

// Precondition: check_params() passed.
WorkEstimate estimate_work(const KernelDescriptor& k, const KernelParams& p, int warp_lanes);

// Over `limit`: a message naming the kernel's size flags (or keys) and the limit.
std::optional<std::string> check_work(const KernelDescriptor& k, const KernelParams& p, int warp_lanes,
                                      std::uint64_t limit = kMaxTracedAccesses,
                                      ParamNaming naming = ParamNaming::Flags);

// The one rule for a state the window opens, whose whole-kernel view it
// simulates: held to kMaxWindowTracedAccesses, whoever asks for it (--open and
// the web page's links, screenshot's and export's flags, a lesson step and its
// compare configurations, hence every deck). Precondition: check_params() passed.
std::optional<std::string> check_window_work(const KernelDescriptor& k, const KernelParams& p, int warp_lanes,
                                             ParamNaming naming = ParamNaming::Flags);

}  // namespace ws::kernels
