// Catalog kernels by number, shared by the host tracer and the CUDA launcher
// (catalog.cpp keeps the names, geometry and lessons in the same order).
#pragma once

#include <cstdint>

namespace ws::kernels {

enum class KernelId : std::uint8_t {
  Copy,
  TransposeNaive,
  TransposeShared,
  TransposePadded,
  TransposeRotated,
  TransposeXor,
  TransposeNonsquareInt,
  TransposeFast,
  MatmulNaive,
  MatmulTiled,
  SmemStride,
  SmemBroadcast,
  LdmatrixSwizzle,
  Count
};

}  // namespace ws::kernels
