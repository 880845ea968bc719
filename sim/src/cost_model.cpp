#include "ws/cost_model.hpp"

#include <algorithm>

namespace ws {

OccupancyEstimate estimate_occupancy(const ArchPreset& arch, int threads_per_block, int shared_bytes_per_block) {
  OccupancyEstimate o{arch.max_blocks_per_sm, "blocks"};
  if (threads_per_block > 0) {
    const int by_threads = arch.max_threads_per_sm / threads_per_block;
    if (by_threads < o.blocks_per_sm) o = {by_threads, "threads"};
  }
  if (shared_bytes_per_block > 0) {
    const int by_shared = arch.shared_bytes_per_sm / shared_bytes_per_block;
    if (by_shared < o.blocks_per_sm) o = {by_shared, "shared memory"};
  }
  return o;
}

CostEstimate estimate_cost(const ArchPreset& arch, std::uint64_t global_bytes_moved,
                           std::uint64_t shared_wavefronts) {
  CostEstimate c;
  c.memory_seconds = static_cast<double>(global_bytes_moved) / (arch.dram_gbps * 1e9);
  c.shared_seconds = static_cast<double>(shared_wavefronts) /
                     (arch.smem_wavefronts_per_ns_per_sm * 1e9 * std::max(arch.num_sms, 1));
  c.seconds = std::max(c.memory_seconds, c.shared_seconds);
  return c;
}

}  // namespace ws
