// Host-side data for a GPU run: the body's global arrays (found by tracing it),
// random non-zero inputs, and the CPU references the families' descriptors use.
// References are written independently of the bodies (plain loops over the
// matrices), so a wrong index in a body cannot hide in its own reference.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
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
std::vector<HostArray> plan_arrays(const KernelDescriptor& k, const KernelParams& p, std::uint64_t seed);

// Nothing when the outputs match the descriptor's CPU reference; else the first mismatch.
std::optional<std::string> check_against_reference(const KernelDescriptor& k, const KernelParams& p,
                                                   const std::vector<HostArray>& arrays);

// out (arrays[1]) must equal in (arrays[0]) moved: out element i is in element source(i),
// bit for bit, elements of `elem_bytes`.
std::optional<std::string> expect_moved(const std::vector<HostArray>& arrays, int elem_bytes,
                                        const std::function<std::size_t(std::size_t)>& source);
// out = in.
std::optional<std::string> expect_copy(const KernelParams& p, const std::vector<HostArray>& arrays);
// out (cols x rows) = in (rows x cols) transposed.
std::optional<std::string> expect_transpose(const KernelParams& p, const std::vector<HostArray>& arrays);
// C = A B in float64 at 4100 points (corners and random), relative to the sum of |products|.
std::optional<std::string> expect_matmul(const KernelParams& p, const std::vector<HostArray>& arrays);

}  // namespace ws::kernels
