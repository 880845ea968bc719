// A failed CUDA runtime call as a GpuError (CUDA builds only): the error's text,
// the call as written, where it was made, and whether it means "no GPU here".
#pragma once

#include <cuda_runtime.h>

#include "ws/kernels/bench.hpp"

namespace ws::kernels {

// Also clears the runtime's last-error state: a failed call (a cudaMalloc out of
// memory) leaves its error there, and the next launch's cudaGetLastError() would
// report it as that launch's failure (found by tests/kernels/gpu_failure_test.cpp).
inline GpuError cuda_error(cudaError_t e, const char* expr, const char* file = __builtin_FILE(),
                           int line = __builtin_LINE()) {
  (void)cudaGetLastError();
  GpuError g;
  g.code = static_cast<int>(e);
  g.what = cudaGetErrorString(e);
  g.expr = expr;
  g.file = file;
  g.line = line;
  g.no_gpu = e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver;
  return g;
}

}  // namespace ws::kernels
