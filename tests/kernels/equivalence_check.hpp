// The whole-kernel fast path (one block per class, report.cpp) against brute
// force over every block, for one kernel and parameters: every counter of every
// site equal. equivalence_test.cpp runs it on every catalog kernel, and
// throwaway_kernel_test.cpp on a kernel defined in the test.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ws/kernels/catalog.hpp"
#include "ws/kernels/work.hpp"

namespace ws::kernels::test {

// Each site's name and counters, in source order: two simulations agree when these do.
inline std::vector<std::pair<std::string, std::vector<std::uint64_t>>> counts_by_site(const WholeKernel& w) {
  std::vector<std::pair<std::string, std::vector<std::uint64_t>>> out;
  for (std::size_t i = 0; i < w.sites.size(); ++i) {
    const Counters& c = w.counters[i];
    out.push_back(
        {w.sites[i].name,
         {c.instructions, c.wavefronts, c.ideal_wavefronts, c.bank_conflicts, c.requests, c.sectors,
          c.bytes_requested, c.bytes_moved, c.bytes_used, c.lines, c.block_lines, c.block_sectors,
          c.block_segments}});
  }
  return out;
}

inline void expect_classes_match_every_block(const KernelDescriptor& k, const KernelParams& p,
                                             const ArchPreset& arch) {
  SCOPED_TRACE(std::string(k.name) + " rows " + std::to_string(p.rows) + " cols " + std::to_string(p.cols) +
               " tile " + std::to_string(p.tile) + " block rows " + std::to_string(p.block_rows));
  ASSERT_FALSE(check_params(k, p, arch)) << *check_params(k, p, arch);
  const WholeKernel fast = simulate_whole_kernel(k, p, arch, BlockSampling::EquivalenceClasses);
  const WholeKernel all = simulate_whole_kernel(k, p, arch, BlockSampling::EveryBlock);
  EXPECT_EQ(all.blocks_simulated, static_cast<std::uint64_t>(launch_config(k, p).grid.count()));
  EXPECT_LE(fast.blocks_simulated, all.blocks_simulated);
  EXPECT_EQ(counts_by_site(fast), counts_by_site(all));
}

// Small sizes with edge blocks and odd offsets that the kernel accepts, tried in
// turn on its defaults (reads per thread cut to 2), or nothing.
inline std::optional<KernelParams> odd_sizes(const KernelDescriptor& k, const ArchPreset& arch) {
  struct Sizes {
    int rows, cols, inner;
  };
  constexpr Sizes kTried[] = {{100, 37, 45}, {100, 36, 44}, {96, 64, 40}, {64, 64, 64}};
  for (const Sizes& s : kTried) {
    KernelParams p = k.defaults;
    if (k.reads(&KernelParams::rows)) p.rows = s.rows;
    if (k.reads(&KernelParams::cols)) p.cols = s.cols;
    if (k.reads(&KernelParams::inner)) p.inner = s.inner;
    if (k.reads(&KernelParams::repeats)) p.repeats = 2;
    if (!check_params(k, p, arch) && !check_work(k, p, arch.warp_lanes, 4'000'000)) return p;
  }
  return std::nullopt;
}

}  // namespace ws::kernels::test
