// The CUDA side's launcher: one __global__ entry per catalog kernel (kernels.cu).
#pragma once

#include <cuda_runtime.h>

#include "ws/kernels/context.hpp"
#include "ws/kernels/kernel_id.hpp"

namespace ws::kernels {

// arrays: device pointers of the body's global arrays in declaration order.
cudaError_t launch_catalog_kernel(KernelId id, const Shape& s, dim3 grid, dim3 block, int shared_bytes,
                                  void* const* arrays, cudaStream_t stream);

}  // namespace ws::kernels
