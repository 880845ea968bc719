// Global-memory analysis of one warp instruction: requests, 32-byte sectors and
// 128-byte lines (docs/hardware-model.md G1-G2). Fixed-size result, no allocation.
#pragma once

#include <array>
#include <cstdint>

#include "ws/access.hpp"

namespace ws {

inline constexpr std::uint64_t kSectorBytes = 32;
inline constexpr std::uint64_t kLineBytes = 128;
// DRAM reads whole 64-byte segments, two sectors (G3, measured with ncu's
// dram__bytes_read on the H100: a strided read touching one sector in two or in
// four of its array reads 64 bytes per element either way). Not part of the
// per-instruction counts: the prediction model charges DRAM with it.
inline constexpr std::uint64_t kDramSegmentBytes = 64;

struct GlobalLane {
  bool active = false;
  std::uint64_t first_sector = 0;  // sector ids floor(x / 32) of the lane's first and last byte
  std::uint64_t last_sector = 0;
};

struct GlobalResult {
  int requests = 0;            // G1
  int sectors = 0;             // G2
  int lines = 0;
  // G4: Nsight Compute's ideal sectors (L2 Theoretical Sectors Global Ideal):
  // the sectors the lanes' bytes would fill packed, ceil(bytes_requested / 32),
  // but never more than the sectors touched.
  int ideal_sectors = 0;
  std::uint64_t bytes_requested = 0;  // active lanes x width
  std::uint64_t bytes_used = 0;       // distinct bytes the active lanes touch (a broadcast: width)
  std::uint64_t bytes_moved = 0;      // 32 x sectors
  // bytes_used / bytes_moved, 0..1: Nsight Compute's sector efficiency. Not
  // bytes_requested: a broadcast asks for more bytes than it moves.
  double efficiency = 0.0;
  int active_lanes = 0;
  // Distinct sector ids, ascending; only the first `sectors` entries are used.
  std::array<std::uint64_t, 2 * kMaxWarpLanes> sector_ids{};
  std::array<GlobalLane, kMaxWarpLanes> lanes{};
};

void analyze_global(const WarpAccess& access, int warp_lanes, GlobalResult& out);
GlobalResult analyze_global(const WarpAccess& access, int warp_lanes = kMaxWarpLanes);

}  // namespace ws
