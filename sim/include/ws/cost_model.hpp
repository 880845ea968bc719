// Occupancy and a simple, documented time estimate for a whole kernel on a
// preset's reference GPU. Both are teaching models, not predictions to trust
// to a few percent; docs/performance.md says what they leave out.
#pragma once

#include <cstdint>
#include <string>

#include "ws/arch.hpp"

namespace ws {

struct OccupancyEstimate {
  int blocks_per_sm = 0;
  std::string limiter;  // "shared memory", "threads", "blocks"
};

// Blocks resident per SM from threads, the block limit and shared memory
// (registers are not modelled: the tracer does not know the register count).
OccupancyEstimate estimate_occupancy(const ArchPreset& arch, int threads_per_block, int shared_bytes_per_block);

struct CostEstimate {
  double memory_seconds = 0;  // sectors moved between L1 and memory / the preset's DRAM bandwidth
  double shared_seconds = 0;  // shared wavefronts / (wavefronts per ns per SM x SMs)
  double seconds = 0;         // the larger: the two pipes overlap in a well-occupied kernel
};

// Roofline-style bound: every global sector is charged to DRAM (L1/L2 hits are
// not modelled, so re-reading kernels such as matmul come out pessimistic) and
// every shared wavefront takes one cycle of one SM's shared-memory pipe.
CostEstimate estimate_cost(const ArchPreset& arch, std::uint64_t global_bytes_moved,
                           std::uint64_t shared_wavefronts);

}  // namespace ws
