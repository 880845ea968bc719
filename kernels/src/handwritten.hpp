// Hand-written twins of catalog kernels, for the benchmark only (not the catalog):
// the same algorithm as a course or NVIDIA's sample writes it in plain CUDA, so
// that `bench` can show what writing a kernel once for the GPU and the tracer
// costs. A twin takes the catalog kernel's global arrays in the same order and
// runs on the same launch geometry, so one CPU reference checks both.
#pragma once

#include <optional>
#include <string_view>

#include "gpu.hpp"

namespace ws::kernels {

struct HandwrittenTwin {
  std::string_view source;          // where the algorithm is written this way, for the bench output
  int (*launch)(const GpuLaunch&);  // cudaError_t of the launch
};

// The twin the descriptor names (KernelDescriptor::twin) at p, or nothing: a
// kernel without one (Twin::None), a shape the twin is not compiled for, and
// NVIDIA's sample transposes assume sizes that are multiples of the tile.
std::optional<HandwrittenTwin> handwritten_twin(const KernelDescriptor& k, const KernelParams& p);

}  // namespace ws::kernels
