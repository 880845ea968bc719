// Shared-memory analysis of one warp instruction: banks, words, lane groups and
// the wavefront serving each lane (docs/hardware-model.md S1-S7). Fixed-size result:
// analysing an instruction allocates nothing.
#pragma once

#include <array>
#include <cstdint>

#include "ws/access.hpp"
#include "ws/arch.hpp"

namespace ws {

inline constexpr int kMaxWordsPerLane = 4;  // 16 bytes over 4-byte banks (S2)

struct SharedLane {
  bool active = false;
  std::uint8_t group = 0;             // S3 group index
  std::uint8_t num_words = 0;         // S2 footprint in bank words
  std::uint8_t sharers = 0;           // active lanes of its group reading its first word (1 = alone)
  std::uint8_t broadcast_leader = 0;  // lowest lane of the group touching its first word
  std::array<std::uint32_t, kMaxWordsPerLane> bank{};
  std::array<std::uint64_t, kMaxWordsPerLane> word{};
  std::array<std::uint16_t, kMaxWordsPerLane> wavefront{};  // instruction-wide wavefront index per word
  std::uint16_t last_wavefront = 0;                         // wavefront that completes the lane
};

// Instruction totals (S5): all that whole-kernel simulation needs.
struct SharedCounts {
  int wavefronts = 0;
  int ideal_wavefronts = 0;
  int bank_conflicts = 0;
  int max_way = 0;  // n-way degree
};

struct SharedResult : SharedCounts {
  int warp_lanes = 32;
  int num_banks = 32;
  int group_lanes = 32;  // after the S3 pairing rule
  bool paired = false;   // S3 pairing doubled the group
  int num_groups = 0;
  std::array<std::uint16_t, kMaxWarpLanes> group_wavefronts{};  // W per group (S4)
  std::array<std::uint16_t, kMaxWarpLanes> group_first_wavefront{};
  int active_lanes = 0;
  std::array<SharedLane, kMaxWarpLanes> lanes{};
};

// Precondition for both: the access passed validate_access() for this preset.
// Totals only; the fast path used for whole kernels.
SharedCounts count_shared(const WarpAccess& access, const ArchPreset& arch);
// Totals plus every lane's banks, words and wavefronts, for the views.
void analyze_shared(const WarpAccess& access, const ArchPreset& arch, SharedResult& out);
SharedResult analyze_shared(const WarpAccess& access, const ArchPreset& arch);

}  // namespace ws
