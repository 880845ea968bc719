// Host-side data for a GPU run: the body's global arrays (found by tracing it),
// random non-zero inputs, and the CPU reference each kernel's output is checked against.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ws/kernels/catalog.hpp"

namespace ws::kernels {

struct HostArray {
  ArrayInfo info;
  bool input = false;  // read by the kernel (some load site uses it)
  std::vector<unsigned char> bytes;
};

// The kernel's global arrays in declaration order, inputs filled with random
// non-zero values (fresh for every seed), outputs poisoned with 0xff bytes.
std::vector<HostArray> plan_arrays(const KernelInfo& k, const KernelParams& p, std::uint64_t seed);

// Nothing when the outputs match the CPU reference; else the first mismatch.
std::optional<std::string> check_against_reference(const KernelInfo& k, const KernelParams& p,
                                                   const std::vector<HostArray>& arrays);

}  // namespace ws::kernels
