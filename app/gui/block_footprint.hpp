// Which part of each global matrix one block reads and writes: every warp of
// the block traced with the recording context, addresses mapped back to
// (row, col). The blocks view draws these boxes.
#pragma once

#include <string>
#include <vector>

#include "ws/kernels/catalog.hpp"

namespace ws::gui {

struct ElementBox {
  bool empty = true;
  int row0 = 0, col0 = 0, row1 = 0, col1 = 0;  // inclusive
  long long elements = 0;                      // distinct elements touched (within the box)
  void add(int r, int c);
};

struct ArrayFootprint {
  ArrayInfo array;
  ElementBox read, written;
};

struct BlockFootprint {
  Dim3 block;
  std::vector<ArrayFootprint> arrays;  // global arrays only, in the trace's order
};

BlockFootprint block_footprint(const kernels::KernelDescriptor& k, const kernels::KernelParams& p,
                               const kernels::LaunchConfig& launch, Dim3 block);

}  // namespace ws::gui
