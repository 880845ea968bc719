// Global-memory analysis (docs/hardware-model.md G1-G2, G4).
#include "ws/global_analysis.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

namespace ws {
namespace {

// The lane's last byte, address + width - 1, saturated: an address near 2^64
// (typed in by a user) must not wrap around to sector 0.
std::uint64_t last_byte(std::uint64_t address, int bytes) {
  const std::uint64_t extra = static_cast<std::uint64_t>(bytes > 0 ? bytes - 1 : 0);
  return address > UINT64_MAX - extra ? UINT64_MAX : address + extra;
}

// Distinct bytes the active lanes touch: the union of their [first, last]
// spans. A broadcast uses `bytes` bytes however many lanes ask for them.
std::uint64_t bytes_used(const WarpAccess& a, int warp_lanes) {
  std::array<std::pair<std::uint64_t, std::uint64_t>, kMaxWarpLanes> spans;
  int n = 0;
  for (int lane = 0; lane < std::min(warp_lanes, kMaxWarpLanes); ++lane)
    if (a.active(lane)) spans[n++] = {a.address[lane], last_byte(a.address[lane], a.bytes)};
  if (!std::is_sorted(spans.begin(), spans.begin() + n)) std::sort(spans.begin(), spans.begin() + n);
  std::uint64_t total = 0;
  for (int i = 0; i < n;) {
    std::uint64_t first = spans[i].first, last = spans[i].second;
    for (++i; i < n && spans[i].first <= last; ++i) last = std::max(last, spans[i].second);
    total += last - first + 1;
  }
  return total;
}

}  // namespace

void analyze_global(const WarpAccess& a, int warp_lanes, GlobalResult& out) {
  out.active_lanes = 0;
  out.bytes_requested = 0;
  int n = 0;
  for (int lane = 0; lane < kMaxWarpLanes; ++lane) {
    GlobalLane& L = out.lanes[lane];
    L = GlobalLane{};
    if (lane >= warp_lanes || !a.active(lane)) continue;
    L.active = true;
    ++out.active_lanes;
    out.bytes_requested += a.bytes;
    // G2: sectors are floor(x / 32) over every byte the lane touches.
    L.first_sector = a.address[lane] / kSectorBytes;
    L.last_sector = last_byte(a.address[lane], a.bytes) / kSectorBytes;
    for (std::uint64_t s = L.first_sector; s <= L.last_sector; ++s) out.sector_ids[n++] = s;
  }
  // Lanes usually walk memory upwards; sort only when they do not.
  if (!std::is_sorted(out.sector_ids.begin(), out.sector_ids.begin() + n))
    std::sort(out.sector_ids.begin(), out.sector_ids.begin() + n);
  n = static_cast<int>(std::unique(out.sector_ids.begin(), out.sector_ids.begin() + n) -
                       out.sector_ids.begin());
  out.sectors = n;
  // 128-byte lines are shown beside sectors; the counter is sectors.
  int m = 0;
  for (int i = 0; i < n; ++i)
    m += (i == 0 || out.sector_ids[i] * kSectorBytes / kLineBytes != out.sector_ids[i - 1] * kSectorBytes / kLineBytes);
  out.lines = m;
  out.requests = out.active_lanes > 0 ? 1 : 0;  // G1
  // G4: the bytes asked for, packed into whole sectors, capped by the sectors
  // touched (a broadcast asks for 128 bytes and touches one sector: ideal 1).
  out.ideal_sectors = static_cast<int>(
      std::min<std::uint64_t>(static_cast<std::uint64_t>(n), (out.bytes_requested + kSectorBytes - 1) / kSectorBytes));
  out.bytes_moved = static_cast<std::uint64_t>(n) * kSectorBytes;
  out.bytes_used = bytes_used(a, warp_lanes);
  out.efficiency = n > 0 ? static_cast<double>(out.bytes_used) / static_cast<double>(out.bytes_moved) : 0.0;
}

GlobalResult analyze_global(const WarpAccess& access, int warp_lanes) {
  GlobalResult r;
  analyze_global(access, warp_lanes, r);
  return r;
}

}  // namespace ws
