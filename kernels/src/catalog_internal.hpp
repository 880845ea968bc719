// Internal helpers shared by catalog.cpp, report.cpp and the GPU harness.
#pragma once

#include "ws/kernels/catalog.hpp"
#include "ws/recorder.hpp"

namespace ws::kernels {

// Runs thread `thread` (linear index in the block) of block `block` into the recorder's lane `lane`.
void run_thread(const KernelDescriptor& k, const KernelParams& p, const LaunchConfig& lc, Dim3 block, int thread,
                AccessRecorder& rec, int lane);

// Traces a warp of `warp_lanes` lanes into `out` (re-using its storage).
void trace_warp_into(const KernelDescriptor& k, const KernelParams& p, const LaunchConfig& lc, Dim3 block, int warp,
                     int warp_lanes, WarpTrace& out, PathRule paths = PathRule::SplitPaths);

}  // namespace ws::kernels
