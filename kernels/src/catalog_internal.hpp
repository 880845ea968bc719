// Internal helpers shared by catalog.cpp, report.cpp and the GPU harness.
#pragma once

#include <optional>
#include <string>

#include "ws/kernels/catalog.hpp"
#include "ws/recorder.hpp"

namespace ws::kernels {

// Runs thread `thread` (linear index in the block) of block `block` into the recorder's lane `lane`.
void run_thread(const KernelDescriptor& k, const KernelParams& p, const LaunchConfig& lc, Dim3 block, int thread,
                AccessRecorder& rec, int lane);

// Traces a warp of `warp_lanes` lanes into `out` (re-using its storage).
void trace_warp_into(const KernelDescriptor& k, const KernelParams& p, const LaunchConfig& lc, Dim3 block, int warp,
                     int warp_lanes, WarpTrace& out, PathRule paths = PathRule::SplitPaths);

// Why the descriptor's block_mapping does not hold at p, or nothing (report.cpp):
// undeclared, or declared Affine while the far corner block's first addresses
// are not the affine continuation of blocks (0, 0), (1, 0) and (0, 1).
std::optional<std::string> block_mapping_problem(const KernelDescriptor& k, const KernelParams& p,
                                                 const LaunchConfig& lc);

}  // namespace ws::kernels
