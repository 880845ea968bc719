// Internal helpers shared by catalog.cpp, report.cpp and the GPU harness.
#pragma once

#include "ws/kernels/catalog.hpp"
#include "ws/kernels/context.hpp"
#include "ws/kernels/kernel_id.hpp"
#include "ws/recorder.hpp"

namespace ws::kernels {

KernelId kernel_id(const KernelInfo& k);
Shape shape_of(const KernelInfo& k, const KernelParams& p);

// Runs thread `thread` (linear index in the block) of block `block` into the recorder's lane `lane`.
void run_thread(const KernelInfo& k, const KernelParams& p, const LaunchConfig& lc, Dim3 block, int thread,
                AccessRecorder& rec, int lane);

// Traces a warp of `warp_lanes` lanes into `out` (re-using its storage).
void trace_warp_into(const KernelInfo& k, const KernelParams& p, const LaunchConfig& lc, Dim3 block, int warp,
                     int warp_lanes, WarpTrace& out);

}  // namespace ws::kernels
