// Runs one thread of a catalog kernel's body with the recording context.
#pragma once

#include "ws/kernels/context.hpp"
#include "ws/kernels/kernel_id.hpp"
#include "ws/kernels/recording_context.hpp"

namespace ws::kernels {

void run_host_body(KernelId id, RecordingCtx& ctx, const Shape& s);

}  // namespace ws::kernels
