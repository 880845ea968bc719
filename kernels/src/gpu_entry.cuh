// The GPU side of a family file (nvcc only): one __global__ entry per compiled
// variant, ws_kernel<V>, which runs V's body with the device's own pointers,
// and the launcher that picks the variant the parameters select.
#pragma once

#include <cuda_runtime.h>

#include "gpu.hpp"

// Global arrays as the body receives them: the next kernel argument pointer.
namespace ws::kernels {
struct DeviceMemory {
  const GpuArrays& arrays;
  int next = 0;
};
template <class T>
__device__ inline const T* input(DeviceMemory& m, const char*, int, int) {
  return static_cast<const T*>(m.arrays.p[m.next++]);
}
template <class T>
__device__ inline T* output(DeviceMemory& m, const char*, int, int) {
  return static_cast<T*>(m.arrays.p[m.next++]);
}
// What the compiler does on its own; only the tracer needs telling (host_trace.hpp).
__device__ inline void compiler_reads_rows_as_vectors(DeviceMemory&, const char*, int) {}
}  // namespace ws::kernels

// Outside any namespace so that its PTX name reads ws_kernel<...>.
template <class V>
__global__ void ws_kernel(ws::kernels::GpuArrays arrays, ws::kernels::KernelParams p) {
  ws::kernels::DeviceMemory m{arrays};
  V::run(m, p);
}

namespace ws::kernels {

template <class Set>
int gpu_launch(const GpuLaunch& l) {
  cudaError_t e = cudaErrorInvalidConfiguration;  // no compiled variant for these parameters
  Set::visit(l.params, [&](auto variant) {
    auto* kernel = &ws_kernel<typename decltype(variant)::type>;
    if (l.dynamic_shared_bytes > 48 * 1024) {
      e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, l.dynamic_shared_bytes);
      if (e != cudaSuccess) return;
    }
    kernel<<<dim3(l.grid.x, l.grid.y, l.grid.z), dim3(l.block.x, l.block.y, l.block.z),
             static_cast<size_t>(l.dynamic_shared_bytes), static_cast<cudaStream_t>(l.stream)>>>(l.arrays, l.params);
    e = cudaGetLastError();
  });
  return static_cast<int>(e);
}

}  // namespace ws::kernels
