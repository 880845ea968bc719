// What a GPU launch of a catalog kernel needs, in plain host types (no CUDA
// headers): the harness fills it, the family's launcher (gpu_entry.cuh) runs it.
#pragma once

#include "ws/kernels/catalog.hpp"

namespace ws::kernels {

// Device pointers of a kernel's global arrays, in the order its family file
// declares them; passed to the kernel by value.
struct GpuArrays {
  static constexpr int kMax = 4;
  void* p[kMax] = {};
};

struct GpuLaunch {
  KernelParams params;
  Dim3 grid, block;
  int dynamic_shared_bytes = 0;
  void* stream = nullptr;  // cudaStream_t
  GpuArrays arrays;
};

}  // namespace ws::kernels
