#include "gui/telling_instruction.hpp"

#include <algorithm>
#include <optional>

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

namespace {

// The rule of telling_instruction.hpp, over every instruction or those of `only`.
int most_telling(const WarpTrace& trace, const ArchPreset& arch, std::optional<Space> only) {
  // Without excess anywhere: the first shared access, or the first of `only`.
  const Space fallback_space = only.value_or(Space::Shared);
  int best = -1, best_excess = 0, fallback = -1;
  bool best_shared = false;
  for (int i = 0; i < static_cast<int>(trace.instructions.size()); ++i) {
    const WarpAccess& a = trace.instructions[i].access;
    if (only && a.space != *only) continue;
    const bool shared = a.space == Space::Shared;
    if (a.space == fallback_space && fallback < 0) fallback = i;
    const int excess = excess_over_ideal(a, arch);
    if (excess > best_excess || (excess == best_excess && excess > 0 && shared && !best_shared)) {
      best = i;
      best_excess = excess;
      best_shared = shared;
    }
  }
  if (best >= 0) return best;
  if (fallback >= 0) return fallback;
  return only ? -1 : 0;
}

}  // namespace

int most_telling_instruction(const WarpTrace& trace, const ArchPreset& arch) {
  return most_telling(trace, arch, std::nullopt);
}

int most_telling_instruction(const WarpTrace& trace, const ArchPreset& arch, Space only) {
  return most_telling(trace, arch, only);
}

}  // namespace ws::gui
