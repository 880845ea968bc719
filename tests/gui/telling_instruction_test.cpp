// The instruction a kernel opens on (telling_instruction.hpp): the largest
// excess over ideal in the traced warp, by one rule for every kernel, and a
// pick (a click, a lesson, --site) is never overridden.
#include <gtest/gtest.h>

#include <algorithm>

#include "gui/app_state.hpp"
#include "gui/global_memory_panel.hpp"
#include "gui/telling_instruction.hpp"
#include "ws/kernels/catalog.hpp"

namespace ws::gui {
namespace {

// The excess recomputed from the full analyses, not the counting fast path.
int excess_by_hand(const WarpAccess& a, const ArchPreset& arch) {
  if (a.space == Space::Shared) {
    const SharedResult r = analyze_shared(a, arch);
    return r.wavefronts - r.ideal_wavefronts;
  }
  const GlobalResult g = analyze_global(a, arch.warp_lanes);
  const int ideal = static_cast<int>((distinct_bytes(a, arch.warp_lanes) + 31) / 32);
  return std::max(0, g.sectors - ideal);
}

TEST(TellingInstruction, TransposeSharedOpensOnTheConflictingColumnRead) {
  AppState state;
  ASSERT_TRUE(state.select_kernel("transpose_shared"));
  ASSERT_TRUE(state.current.valid);
  const TracedInstruction& first = state.trace.instructions.front();
  EXPECT_EQ(first.access.space, Space::Global) << "the warp's first access is the global load, not what it opens on";
  EXPECT_EQ(state.trace.sites[state.current.site].name, "tile_load");
  EXPECT_EQ(state.current.access.space, Space::Shared);
  EXPECT_GT(state.current.shared.wavefronts, state.current.shared.ideal_wavefronts);
}

TEST(TellingInstruction, EveryCatalogKernelOpensOnItsLargestExcess) {
  const ArchPreset& arch = *find_preset("sm90");
  for (const auto& k : kernels::catalog()) {
    SCOPED_TRACE(std::string(k.name));
    const WarpTrace t = kernels::trace_warp(k, k.defaults, Dim3{0, 0, 0}, 0, arch.warp_lanes);
    if (t.instructions.empty()) continue;
    const int chosen = most_telling_instruction(t, arch);
    ASSERT_GE(chosen, 0);
    ASSERT_LT(chosen, static_cast<int>(t.instructions.size()));
    int most = 0, first_shared = -1;
    for (std::size_t i = 0; i < t.instructions.size(); ++i) {
      most = std::max(most, excess_by_hand(t.instructions[i].access, arch));
      if (first_shared < 0 && t.instructions[i].access.space == Space::Shared) first_shared = static_cast<int>(i);
    }
    EXPECT_EQ(excess_by_hand(t.instructions[chosen].access, arch), most);
    if (most == 0) {
      EXPECT_EQ(chosen, std::max(0, first_shared)) << "no excess: the first shared access";
    }
    // The first of the largest: an earlier one costs less, or as much but is global where it is shared.
    for (int i = 0; most > 0 && i < chosen; ++i) {
      const int e = excess_by_hand(t.instructions[i].access, arch);
      EXPECT_TRUE(e < most || (e == most && t.instructions[i].access.space == Space::Global &&
                               t.instructions[chosen].access.space == Space::Shared))
          << "instruction " << i << " has excess " << e;
    }
  }
}

TEST(TellingInstruction, APickedInstructionStaysAcrossWarpsAndKernels) {
  AppState state;
  ASSERT_TRUE(state.select_kernel("transpose_shared"));
  state.set_instruction(0);  // the student clicks the global load
  state.set_warp(1);
  EXPECT_EQ(state.instruction, 0);
  ASSERT_TRUE(state.select_kernel("transpose_padded"));
  EXPECT_EQ(state.instruction, 0) << "a kernel switch keeps the picked place";
}

}  // namespace
}  // namespace ws::gui
