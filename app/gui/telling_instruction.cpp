#include "gui/telling_instruction.hpp"

#include <algorithm>

#include "gui/global_memory_panel.hpp"
#include "ws/global_analysis.hpp"
#include "ws/shared_analysis.hpp"
#include "ws/validate.hpp"

namespace ws::gui {

int excess_over_ideal(const WarpAccess& access, const ArchPreset& arch) {
  if (validate_access(access, arch)) return 0;  // the views show why; nothing to rank
  if (access.space == Space::Shared) {
    const SharedCounts c = count_shared(access, arch);
    return std::max(0, c.wavefronts - c.ideal_wavefronts);
  }
  const GlobalResult g = analyze_global(access, arch.warp_lanes);
  // Ideal: the distinct bytes packed into whole sectors (a broadcast counts its word once).
  const std::uint64_t ideal = (distinct_bytes(access, arch.warp_lanes) + kSectorBytes - 1) / kSectorBytes;
  return std::max<std::int64_t>(0, static_cast<std::int64_t>(g.sectors) - static_cast<std::int64_t>(ideal));
}

int most_telling_instruction(const WarpTrace& trace, const ArchPreset& arch) {
  int best = -1, best_excess = 0, first_shared = -1;
  bool best_shared = false;
  for (int i = 0; i < static_cast<int>(trace.instructions.size()); ++i) {
    const WarpAccess& a = trace.instructions[i].access;
    const bool shared = a.space == Space::Shared;
    if (shared && first_shared < 0) first_shared = i;
    const int excess = excess_over_ideal(a, arch);
    if (excess > best_excess || (excess == best_excess && excess > 0 && shared && !best_shared)) {
      best = i;
      best_excess = excess;
      best_shared = shared;
    }
  }
  if (best >= 0) return best;
  return std::max(0, first_shared);
}

}  // namespace ws::gui
